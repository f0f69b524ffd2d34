// "Check it yourself": the command line that runs a recommended configuration.
#include <algorithm>
#include <cmath>
#include <sstream>

#include "engine/hardware.hpp"
#include "engine/tasks.hpp"

namespace gpusizer {
namespace {

std::string lower(std::string s) {
    for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

std::string gguf_quant_tag(WeightFormat f) {
    switch (f) {
        case WeightFormat::q8_0: return "Q8_0";
        case WeightFormat::q6_k: return "Q6_K";
        case WeightFormat::q5_k_m: return "Q5_K_M";
        default: return "Q4_K_M";
    }
}

}  // namespace

std::string serving_command(const Job& job, const Option& o) {
    const State& s = job.state;
    const WeightFormatInfo& wf = weight_format_info(job.wq);
    const std::string model = job.model.custom ? "<your-model>" : job.model.id;
    std::ostringstream c;
    const int seqs = std::max(1, o.batch_per_replica);
    if (wf.is_gguf) {
        // llama.cpp shares -c tokens among -np parallel slots.
        c << "llama-server -hf <gguf-repo-of " << model << ">:" << gguf_quant_tag(job.wq) << " -ngl 999"
          << " -c " << static_cast<long long>(s.ctx * seqs) << " -np " << seqs;
        if (s.kvq == KvFormat::int8 || s.kvq == KvFormat::fp8) c << " -fa on -ctk q8_0 -ctv q8_0";
        if (o.tp * o.pp > 1) c << " --split-mode layer";
    } else {
        c << "vllm serve " << model;
        if (o.tp > 1) c << " --tensor-parallel-size " << o.tp;
        if (o.pp > 1) c << " --pipeline-parallel-size " << o.pp;
        c << " --max-model-len " << static_cast<long long>(s.ctx) << " --max-num-seqs " << seqs;
        if (s.kvq == KvFormat::fp8 || s.kvq == KvFormat::int8) c << " --kv-cache-dtype fp8";
        c << " --gpu-memory-utilization " << fmt(memory_utilization(s.reserve), 2);
        if (job.wq != job.model.native_format) {
            switch (job.wq) {
                case WeightFormat::fp8: c << " --quantization fp8"; break;
                case WeightFormat::int4: c << "  # use an AWQ/GPTQ INT4 checkpoint of the model"; break;
                case WeightFormat::int8: c << "  # use a W8A8 INT8 checkpoint of the model"; break;
                case WeightFormat::nvfp4: c << "  # use an NVFP4 checkpoint of the model"; break;
                case WeightFormat::mxfp4: c << "  # use an MXFP4 checkpoint of the model"; break;
                case WeightFormat::fp16: c << " --dtype float16"; break;
                case WeightFormat::bf16: c << " --dtype bfloat16"; break;
                case WeightFormat::fp32: c << " --dtype float32"; break;
                default: break;
            }
        }
    }
    if (o.replicas > 1) c << "   # × " << o.replicas << " replicas behind a load balancer";
    return c.str();
}

std::string training_layout(const Job& job, const Option& o) {
    const State& s = job.state;
    std::ostringstream c;
    const GpuSpec* gpu = job.catalog.find_gpu(o.gpu_id);
    const int per_server = std::min(o.count, gpu ? gpu->max_server_size() : 8);
    const int nodes = std::max(1, o.servers);
    c << "TP=" << o.tp << " × PP=" << o.pp << " × DP=" << o.dp << ", ZeRO-" << std::max(0, o.zero)
      << (s.ckpt ? ", activation checkpointing" : "") << ", micro-batch " << static_cast<long long>(s.batch) << " × "
      << static_cast<long long>(s.seq) << " tokens";
    const char* method = s.task == Task::train ? "pretrain"
                         : s.method == TuneMethod::full ? "full fine-tune"
                         : s.method == TuneMethod::lora ? "LoRA" : "QLoRA";
    c << "; " << method;
    if (s.task == Task::tune && s.method != TuneMethod::full) c << " rank " << static_cast<long long>(s.rank);
    c << "\ntorchrun --nnodes " << nodes << " --nproc-per-node " << std::max(1, std::min(per_server, o.count))
      << " train.py   # " << lower(method) << " with "
      << (o.zero >= 3 ? "FSDP full sharding" : o.zero > 0 ? "DeepSpeed ZeRO-" + std::to_string(o.zero) : "DDP");
    return c.str();
}

}  // namespace gpusizer
