// "Check it yourself": the serving command that runs a recommended inference configuration
// (training and fine-tuning: training_commands.cpp).
#include <algorithm>
#include <cmath>
#include <string>

#include "engine/hardware.hpp"
#include "engine/serving_model.hpp"
#include "engine/tasks.hpp"

namespace gpusizer {
namespace {

std::string gguf_quant_tag(WeightFormat f) {
    switch (f) {
        case WeightFormat::mxfp4: return "MXFP4";
        case WeightFormat::bf16: return "BF16";
        case WeightFormat::fp16: return "F16";
        case WeightFormat::fp32: return "F32";
        case WeightFormat::q8_0: return "Q8_0";
        case WeightFormat::q6_k: return "Q6_K";
        case WeightFormat::q5_k_m: return "Q5_K_M";
        default: return "Q4_K_M";
    }
}

// The -hf argument: the catalog's GGUF repository when the format is the model's native one (its
// files are that format), else `<gguf-repo-of MODEL>:TAG` for the user to fill in with their repository.
std::string gguf_source(const Job& job, WeightFormat f) {
    if (!job.model.gguf_repo.empty() && f == job.model.native_format) return job.model.gguf_repo;
    const std::string model = job.model.custom ? "<your-model>" : job.model.id;
    return "<gguf-repo-of " + model + ">:" + gguf_quant_tag(f);
}

// Integers as a command line writes them (std::string, not a stream: no iostreams in the wasm).
std::string n(long long v) { return std::to_string(v); }

// vLLM accepts these LoRA ranks (--max-lora-rank); an adapter's rank rounds up to the next one.
int vllm_lora_rank(int rank) {
    for (int r : {8, 16, 32, 64, 128, 256, 320, 512})
        if (rank <= r) return r;
    return rank;
}

// The request's shape on vLLM's command line (engine/workload.hpp): speculation, adapters, a KV tier.
void add_workload_flags(const Job& job, const Option& o, std::vector<CommandLine>& lines) {
    const State& s = job.state;
    std::string c;                  // flags for the command line
    std::vector<CommandLine> notes;  // their comment lines, after it
    if (s.spec > 0) {
        const std::string k = n(s.spec);
        if (job.model.mtp_layers > 0) {
            c += " --speculative-config '{\"method\":\"mtp\",\"num_speculative_tokens\":" + k + "}'";
        } else {
            c += " --speculative-config '{\"method\":\"eagle3\",\"model\":\"<eagle3-head>\","
                 "\"num_speculative_tokens\":" + k + "}'";
            notes.push_back({"", Message(code::cmd_spec_eagle)});
        }
    }
    if (s.loras > 0) {
        const Workload w = make_workload(s, job.model);
        c += " --enable-lora --max-loras " + n(w.lora.slots) + " --max-lora-rank " + n(vllm_lora_rank(w.lora.rank)) +
             " --max-cpu-loras " + n(w.lora.served);
        notes.push_back({"", Message(code::cmd_lora_modules).num("served", w.lora.served).num("slots", w.lora.slots)});
    }
    if (o.workload && (o.workload->tier == KvTier::host || o.workload->tier == KvTier::nvme)) {
        const WorkloadFigures& f = *o.workload;
        // --kv-offloading-size is per GPU: the server's host RAM for idle KV over its GPUs.
        const GpuSpec* g = job.catalog.find_gpu(o.gpu_id);
        const int per_server = std::max(1, std::min(o.count, g ? g->max_server_size() : o.count));
        const double per_gpu = f.host_ram_gb / per_server;
        c += " --kv-offloading-backend native --kv-offloading-size " + n(static_cast<long long>(std::ceil(per_gpu)));
        notes.push_back({"", Message(code::cmd_kv_offload).term("tier", text_of(f.tier)).num("host_gb", f.host_ram_gb)
                                 .num("disk_gb", f.disk_gb)});
    }
    lines[0].shell += c;
    lines.insert(lines.end(), notes.begin(), notes.end());
}

// The flags a server names the shared settings with: its start, the layout and the context.
struct ServerFlags {
    const char* start;
    const char* tp;
    const char* pp;
    const char* context;
};

std::string server_head(const ServerFlags& f, const Option& o, const std::string& model, double ctx) {
    std::string c = std::string(f.start) + model;
    if (o.tp > 1) c += std::string(" ") + f.tp + " " + n(o.tp);
    if (o.pp > 1) c += std::string(" ") + f.pp + " " + n(o.pp);
    return c + " " + f.context + " " + n(static_cast<long long>(ctx));
}

// The weights as sized, in the flags vLLM and SGLang share: a cast they do themselves, or a comment
// naming the checkpoint to use (no flag turns a BF16 checkpoint into these formats).
std::string weight_format_flags(const Job& job, Message& note) {
    if (job.wq == job.model.native_format) return "";
    auto checkpoint = [&](const char* kind) { note = Message(code::cmd_checkpoint).str("format", kind); return ""; };
    switch (job.wq) {
        case WeightFormat::fp8: return " --quantization fp8";
        case WeightFormat::int4: return checkpoint("AWQ/GPTQ INT4");
        case WeightFormat::int8: return checkpoint("W8A8 INT8");
        case WeightFormat::nvfp4: return checkpoint("NVFP4");
        case WeightFormat::mxfp4: return checkpoint("MXFP4");
        case WeightFormat::fp16: return " --dtype float16";
        case WeightFormat::bf16: return " --dtype bfloat16";
        case WeightFormat::fp32: return " --dtype float32";
        default: return "";
    }
}

// SGLang's server for sched=separate, its scheduler's default (prompts in steps of their own): the
// layout, context, memory share, the step's prompt budget and the KV and weight formats sized here.
std::string sglang_command(const Job& job, const Option& o, const std::string& model, int seqs, Message& note) {
    const State& s = job.state;
    std::string c = server_head({"python -m sglang.launch_server --model-path ", "--tp-size", "--pp-size",
                                 "--context-length"}, o, model, s.ctx);
    const GpuSpec* gpu = job.catalog.find_gpu(o.gpu_id);
    const ServingEngine e = gpu ? serving_engine(*gpu, job.wq, seqs) : ServingEngine{};
    c += " --chunked-prefill-size " + n(static_cast<long long>(e.step_tokens));
    c += " --max-running-requests " + n(seqs);
    if (s.kvq == KvFormat::fp8 || s.kvq == KvFormat::int8) c += " --kv-cache-dtype fp8_e4m3";
    c += " --mem-fraction-static " + fmt(memory_utilization(s.reserve), 2);
    return c + weight_format_flags(job, note);
}

// vLLM's server (sched=mixed, the default): the layout, context, memory share and formats sized here;
// max_num_seqs only when the batch is above what its memory profile assumes.
std::string vllm_command(const Job& job, const Option& o, const std::string& model, int seqs, Message& note) {
    const State& s = job.state;
    std::string c = server_head({"vllm serve ", "--tensor-parallel-size", "--pipeline-parallel-size",
                                 "--max-model-len"}, o, model, s.ctx);
    // vLLM's default max_num_seqs is what the memory model profiles; raise it only when needed.
    const GpuSpec* gpu = job.catalog.find_gpu(o.gpu_id);
    const double default_seqs = gpu ? serving_engine(*gpu, job.wq, 1).max_seqs : 256;
    if (seqs > default_seqs) c += " --max-num-seqs " + n(seqs);
    if (s.kvq == KvFormat::fp8 || s.kvq == KvFormat::int8) c += " --kv-cache-dtype fp8";
    // A Mamba state sized in FP32 (config.json's mamba_ssm_cache_dtype): vLLM up to 0.12 keeps it in
    // BF16 unless told, newer ones follow the config; the flag makes the memory the one sized here.
    if (job.model.linear && job.model.linear->state_bytes == 4) c += " --mamba-ssm-cache-dtype float32";
    // DeepSeek V4 (vLLM's V4 recipe): 256-token blocks for its compressed layers; an FP8 cache is
    // sized with FP4 indexer keys, as vLLM keeps them with this flag.
    if (job.model.compressed) {
        c += " --block-size 256";
        if (s.kvq == KvFormat::fp8 || s.kvq == KvFormat::int8) c += " --attention_config.use_fp4_indexer_cache=True";
    }
    c += " --gpu-memory-utilization " + fmt(memory_utilization(s.reserve), 2);
    return c + weight_format_flags(job, note);
}

}  // namespace

std::vector<CommandLine> serving_command(const Job& job, const Option& o) {
    const State& s = job.state;
    const WeightFormatInfo& wf = weight_format_info(job.wq);
    const std::string model = job.model.custom ? "<your-model>" : job.model.id;
    std::string c;
    Message note;
    const int seqs = std::max(1, o.batch_per_replica);
    if (o.offload) {
        // Partial offload (offload.hpp): llama.cpp with the experts or layers in host RAM.
        const OffloadInfo& off = *o.offload;
        c = "llama-server -hf " + gguf_source(job, off.format);
        if (off.experts_only || !off.output_on_host) {
            c += " -ngl 999";
            if (off.host_layers > 0) c += " --n-cpu-moe " + n(off.host_layers);
        } else {
            c += " -ngl " + n(off.layers - off.host_layers);
        }
        c += " -c " + n(static_cast<long long>(s.ctx * seqs)) + " -np " + n(seqs);
        if (s.kvq == KvFormat::int8 || s.kvq == KvFormat::fp8) c += " -fa on -ctk q8_0 -ctv q8_0";
        if (off.moves_weights())
            note = Message(code::cmd_offload).num("experts", off.experts_only ? 1 : 0).num("host", off.host_layers)
                       .num("output", off.output_on_host ? 1 : 0)
                       .num("layers", off.layers).num("host_gb", off.host_weights_gb);
    } else if (wf.is_gguf) {
        // llama.cpp shares -c tokens among -np parallel slots.
        c = "llama-server -hf " + gguf_source(job, job.wq) + " -ngl 999" +
            " -c " + n(static_cast<long long>(s.ctx * seqs)) + " -np " + n(seqs);
        if (s.kvq == KvFormat::int8 || s.kvq == KvFormat::fp8) c += " -fa on -ctk q8_0 -ctv q8_0";
        if (o.tp * o.pp > 1) c += " --split-mode layer";
    } else if (s.sched == Scheduler::separate) {
        c = sglang_command(job, o, model, seqs, note);
    } else {
        c = vllm_command(job, o, model, seqs, note);
    }
    std::vector<CommandLine> lines{{c, note}};
    if (!o.offload && !wf.is_gguf && s.sched != Scheduler::separate) add_workload_flags(job, o, lines);
    // SGLang names speculation, adapters and KV tiers its own way: said, not guessed.
    const bool extras = s.spec > 0 || s.loras > 0 || (o.workload && o.workload->tier != KvTier::gpu);
    if (!o.offload && !wf.is_gguf && s.sched == Scheduler::separate && extras)
        lines.push_back({"", Message(code::cmd_sglang_extras)});
    if (o.replicas > 1) {
        // With a checkpoint note already on the line, the replica count gets its own comment line.
        Message replicas = Message(code::cmd_replicas).num("replicas", o.replicas);
        if (lines[0].note.empty()) lines[0].note = replicas;
        else lines.push_back({"", replicas});
    }
    return lines;
}

}  // namespace gpusizer
