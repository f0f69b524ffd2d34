// Fine-tuning (full, LoRA, QLoRA) and training from scratch: memory plan, compute, time, cost.
#include <algorithm>
#include <cmath>
#include <numeric>

#include "engine/hardware.hpp"
#include "engine/model_math.hpp"
#include "engine/tasks.hpp"
#include "engine/vocabulary.hpp"

namespace gpusizer {
namespace {

constexpr double kQloraBitsPerWeight = 4.127;  // NF4 + double-quantized scales (Dettmers et al. 2023)
constexpr int kMaxTrainingGpus = 65536;
// Between servers: 400 Gb/s InfiniBand / RoCE per GPU, the HGX H100/H800/B200 fabric (8 NICs a node).
constexpr double kNetworkBytesPerS = 50e9;
// Tokens per optimizer step of a large pre-training run (Llama 3 405B's final batch; DeepSeek-V3: 63 M).
constexpr double kGlobalBatchTokens = 16e6;

bool is_full(const State& s) { return s.task == Task::train || s.method == TuneMethod::full; }

// The optimizer choice is fine-tuning's (Hugging Face or fused trainer); pre-training and NeMo keep
// Megatron's mixed-precision AdamW.
bool optimizer_chosen(const State& s) { return s.task == Task::tune && s.trainer != Trainer::nemo; }

// What each optimizer holds per trained parameter beside its BF16 weight and gradient — FP32 master +
// two FP32 moments (12), two BF16 moments (4), two 8-bit moments (2; block-wise scales are < 1 %) —
// and the words that say so.
struct OptimizerState {
    double bytes;
    const char* memory_term;  // the full fine-tune's bytes per parameter
    const char* assumption;
};

OptimizerState optimizer_state(const State& s) {
    switch (optimizer_chosen(s) ? s.optim : Optimizer::adamw) {
        case Optimizer::bf16: return {4, code::term_memory_full_bf16, code::assume_adamw_bf16};
        case Optimizer::adam8: return {2, code::term_memory_full_adam8, code::assume_adamw_8bit};
        case Optimizer::adamw: break;
    }
    return {12, code::term_memory_full, code::assume_adamw};
}

double optimizer_bytes(const State& s) { return optimizer_state(s).bytes; }

bool is_moe(const ModelSpec& m) {
    if (m.moe && m.moe->experts > 0) return true;
    return m.active_params_b > 0 && m.active_params_b < 0.9 * m.params_b;  // a custom model with `active`
}

// Trainable LoRA parameters: rank × (in + out) for every attention and MLP projection.
double lora_params(const ModelSpec& m, double rank) {
    const double h = m.hidden;
    const double q = double(m.heads) * m.head_dim;
    const double kv = double(m.kv_heads) * m.head_dim;
    const double ffn = m.moe ? double(m.moe->shared_experts) * m.moe->expert_intermediate : double(m.intermediate);
    const double per_layer = (h + q) + 2 * (h + kv) + (q + h) + 3 * (h + ffn);
    return std::max(0.0, rank) * per_layer * m.layers;
}

// How a framework family spends memory beyond the model states (see sizing.hpp, "Fine-tuning").
struct Framework {
    double logit_bytes = 6;           // per vocabulary entry per token, at the loss step
    bool chunked_loss = false;        // fused / chunked cross-entropy: no full logits tensor
    bool offload_checkpoints = false; // checkpointed layer inputs go to host memory
    double qlora_embedding_bytes = 2; // per parameter of the (unquantized) embeddings and lm_head
};

Framework framework(const State& s) {
    Framework f;  // pre-training: Megatron's vocab-parallel cross-entropy, FP32 softmax over BF16 logits
    if (s.task != Task::tune || s.trainer == Trainer::nemo) return f;  // NeMo fine-tunes with Megatron-Core
    if (s.trainer == Trainer::fused) {
        f.chunked_loss = true;
        f.offload_checkpoints = true;
        return f;
    }
    // Plain HF: BF16 logits (2) + their FP32 copy for the loss (4) + FP32 log-softmax kept for
    // backward (4) + FP32 and BF16 gradients (4 + 2). PEFT's prepare_model_for_kbit_training casts
    // the non-quantized modules (embeddings, lm_head) of a QLoRA model to FP32.
    f.logit_bytes = 16;
    f.qlora_embedding_bytes = 4;
    return f;
}

// Activation bytes per GPU for one micro-batch (first pipeline stage holds PP micro-batches in flight).
double activation_bytes(const ModelSpec& m, const State& s, int tp) {
    const Framework f = framework(s);
    const double tokens = std::max(1.0, s.batch) * std::max(1.0, s.seq);
    const double h = m.hidden, width = ffn_active_width(m);
    const double layer = tokens * (17.0 * h + 6.0 * width);  // one layer's saved activations
    const double grads = tokens * (4.0 * h + 4.0 * width);   // + gradients of its widest tensors (backward)
    const double inputs = f.offload_checkpoints ? 0.0 : tokens * 2.0 * h * m.layers;  // checkpoints
    const double kept = s.ckpt ? inputs + layer + grads : layer * m.layers + grads;
    // A fused loss keeps one chunk of logits about the size of the hidden states (FP32).
    const double logits = f.chunked_loss ? tokens * 4.0 * h : tokens * m.vocab * f.logit_bytes;
    return (kept + logits) / std::max(1, tp);
}

// A parallel layout: TP × PP model-parallel group, DP replicas, EP ranks for the routed experts.
struct Layout {
    int tp = 1, pp = 1, dp = 1, ep = 1, zero = 0;
};

struct Plan {
    Layout l;
    MemoryBreakdown per_gpu;
};

// Parameters on one GPU: non-expert ones split by TP·PP, routed experts by PP·EP (EP > 1) or by
// TP·PP like the rest; `sharded` also divides by the data-parallel replicas of each (ZeRO).
double params_per_gpu(const ParamSplit& p, const Layout& l, bool sharded) {
    const double dense = (p.total - p.routed_experts) / (double(l.tp) * l.pp);
    const double experts = p.routed_experts / (l.ep > 1 ? double(l.pp) * l.ep : double(l.tp) * l.pp);
    if (!sharded) return dense + experts;
    return dense / l.dp + experts / std::max(1, l.dp / l.ep);
}

// ZeRO-3 / FSDP shards the weights but computes each unit whole: the unit at work and the one
// prefetched next are all-gathered on every GPU (FSDP's per-layer units, the embedding and output
// layer units of their own; DeepSpeed keeps up to 1e9 parameters live), and full training's backward
// holds a unit's unsharded gradients before the reduce-scatter. Bytes on one model-parallel rank of
// a decoder layer and of the larger embedding unit; the peak pairs a layer with the larger unit.
double gathered_unit_bytes(const State& s, const Layout& l, double layer_bytes, double embedding_bytes) {
    if (l.zero < 3 || l.dp <= 1) return 0;
    const double larger = std::max(layer_bytes, embedding_bytes);
    return layer_bytes + larger + (is_full(s) ? larger : 0.0);
}

MemoryBreakdown plan_memory(const Job& job, const Layout& l, const Assumptions& a) {
    const State& s = job.state;
    const ModelSpec& m = job.model;
    const ParamSplit p = split_params(m);
    MemoryBreakdown b;
    // A pipeline stage holds layers / PP of the layers; the embeddings are split over TP (vocab-parallel).
    const double stage_layers = std::max(1.0, double(std::max(1, m.layers)) / l.pp);
    const double embedding_unit = std::max(p.input_embedding, p.lm_head) / l.tp;
    if (is_full(s)) {
        const double embeddings = (p.input_embedding + p.lm_head) / (double(l.tp) * l.pp);
        const double layer = 2.0 * (params_per_gpu(p, l, false) - embeddings) / stage_layers;
        b.weights = Bytes{2.0 * params_per_gpu(p, l, l.zero >= 3) + gathered_unit_bytes(s, l, layer, 2.0 * embedding_unit)};
        b.gradients = Bytes{2.0 * params_per_gpu(p, l, l.zero >= 2)};
        b.optimizer = Bytes{optimizer_bytes(s) * params_per_gpu(p, l, l.zero >= 1)};
    } else {
        const double embeddings = p.input_embedding + p.lm_head;
        double base = 2.0 * p.total;
        if (s.method == TuneMethod::qlora)
            base = (p.total - embeddings) * kQloraBitsPerWeight / 8.0 + framework(s).qlora_embedding_bytes * embeddings;
        const double adapters = lora_params(m, s.rank);
        const double mp = double(l.tp) * l.pp;
        const double embedding_bytes = s.method == TuneMethod::qlora ? framework(s).qlora_embedding_bytes : 2.0;
        const double layer = (base - embedding_bytes * embeddings) / mp / stage_layers;
        b.weights = Bytes{base / mp / (l.zero >= 3 ? l.dp : 1) + 2.0 * adapters +
                          gathered_unit_bytes(s, l, layer, embedding_bytes * embedding_unit)};
        b.gradients = Bytes{2.0 * adapters};
        b.optimizer = Bytes{optimizer_bytes(s) * adapters / (l.zero >= 1 ? l.dp : 1)};
    }
    b.activations = Bytes{activation_bytes(m, s, l.tp) * a.activation_factor};
    b.overhead = Bytes::from_gb(a.train_overhead_gb);
    return b;
}

bool fits(const Job& job, const Layout& l, double usable, Plan* plan) {
    const MemoryBreakdown b = plan_memory(job, l, Assumptions::typical());
    if (b.total().value > usable) return false;
    *plan = {l, b};
    return true;
}

bool layout_ok(const ModelSpec& m, int n, int tp, int pp) {
    if (tp * pp > n || n % (tp * pp) != 0) return false;
    if (tp > 1 && m.heads % tp != 0) return false;
    return pp == 1 || m.layers >= pp;
}

// Fine-tuning frameworks: pure data parallel + ZeRO / FSDP first, then TP inside a server (NVLink
// GPUs only), then PP across servers.
bool choose_tuning_plan(const Job& job, const GpuSpec& g, int n, int max_tp, Plan* plan) {
    const double usable = usable_memory(g, job.state.reserve).value;
    for (int pp = 1; pp <= std::min(n, 64); pp *= 2) {
        for (int tp = 1; tp <= max_tp; tp *= 2) {
            if (!layout_ok(job.model, n, tp, pp)) continue;
            const int dp = n / (tp * pp);
            for (int zero = 0; zero <= 3; ++zero) {
                if (job.state.zero && zero != *job.state.zero) continue;
                if (zero > 0 && dp == 1 && !job.state.zero) continue;  // ZeRO shards nothing at DP 1
                if (fits(job, {tp, pp, dp, 1, zero}, usable, plan)) return true;
            }
        }
    }
    return false;
}

// The widest EP a layout allows: experts over data-parallel ranks that divide DP, up to 64
// (DeepSeek-V3 used EP 64).
int max_expert_parallel(const ModelSpec& m, int dp) {
    if (!m.moe || m.moe->experts <= 1) return 1;
    int ep = 1;
    while (ep * 2 <= std::min({m.moe->experts, dp, 64}) && dp % (ep * 2) == 0) ep *= 2;
    return ep;
}

// With ZeRO-1 the smallest EP with which the layout fits: every doubling adds an all-to-all across
// more ranks, so experts that fit whole stay whole (IBM trained Granite 3.0's small MoE models data
// parallel only). With ZeRO-2/3 the experts' gradients and states are sharded over DP whatever the EP,
// so nearly any EP "fits"; there the widest EP keeps each expert's weights and gradient sync local.
bool fits_with_experts(const Job& job, Layout l, double usable, Plan* plan) {
    const int widest = max_expert_parallel(job.model, l.dp);
    for (l.ep = l.zero >= 2 ? widest : 1; l.ep <= widest; l.ep *= 2)
        if (fits(job, l, usable, plan)) return true;
    return false;
}

// Pre-training as Megatron-LM sizes it: ZeRO-1 (distributed optimizer) with the smallest
// model-parallel group that fits; dense models fill TP inside a server (NVLink) before PP across
// servers, MoE models use PP and split their experts by EP (TP only when PP is not enough).
// ZeRO-2/3 only when no such layout fits.
bool choose_pretraining_plan(const Job& job, const GpuSpec& g, int n, int max_tp, Plan* plan) {
    const double usable = usable_memory(g, job.state.reserve).value;
    const bool moe = job.model.moe && job.model.moe->experts > 1;
    const int max_pp = std::min(64, std::max(1, job.model.layers));
    for (int stage : {1, 2, 3}) {
        for (int mp = 1; mp <= n; mp *= 2) {
            const int tp = moe ? std::max(1, mp / max_pp) : std::min(mp, max_tp);
            const int pp = mp / tp;
            if (tp > max_tp || pp > max_pp || !layout_ok(job.model, n, tp, pp)) continue;
            const int dp = n / mp;
            const int zero = job.state.zero ? *job.state.zero : dp == 1 ? 0 : stage;
            if (!job.state.zero && stage > 1 && dp == 1) continue;
            if (fits_with_experts(job, {tp, pp, dp, 1, zero}, usable, plan)) return true;
        }
        if (job.state.zero) break;
    }
    return false;
}

bool choose_plan(const Job& job, const GpuSpec& g, int n, Plan* plan) {
    const int server = g.max_server_size();
    const int max_tp = nvlink_within(g, server) ? std::min(server, n) : nvlink_within(g, 2) ? std::min(2, n) : 1;
    if (job.state.task == Task::train) return choose_pretraining_plan(job, g, n, max_tp, plan);
    return choose_tuning_plan(job, g, n, max_tp, plan);
}

std::vector<int> candidate_counts(const GpuSpec& g) {
    std::vector<int> counts;
    const int server = g.max_server_size();
    for (int n = 1; n < server; n *= 2) counts.push_back(n);
    for (int n = server; n <= kMaxTrainingGpus; n *= 2) counts.push_back(n);
    return counts;
}

int round_up_to_servers(int n, int server) {
    if (n <= 1) return 1;
    if (n <= server) {
        int p = 1;
        while (p < n) p *= 2;
        return std::min(p, server);
    }
    return int(std::ceil(double(n) / server)) * server;
}

// The count a deadline asks for, in whole servers and in whole model-parallel groups of the
// smallest plan that fits: otherwise that plan's TP × PP need not divide it (12,536 H100 = 8 ×
// 1,567, a prime, left only TP 1 × PP 1 with ZeRO-3 for a 405 B model).
int deadline_count(int wanted, int server, int model_parallel) {
    const int n = round_up_to_servers(wanted, server);
    const int step = std::lcm(n <= server ? 1 : server, std::max(1, model_parallel));
    return int(std::ceil(double(n) / step)) * step;
}

}  // namespace

double training_flops_per_token(const ModelSpec& m, const State& s) {
    const double fwd = forward_flops_per_token(m, std::max(1.0, s.seq) / 2.0);
    const double passes = is_full(s) ? 3.0 : 2.0;  // fwd + bwd (activation grads [+ weight grads])
    return passes * fwd;
}

double training_flops(const ModelSpec& m, const State& s) {
    return training_flops_per_token(m, s) * effective_tokens(s) * std::max(0.0, s.epochs);
}

// MoE runs reach a lower MFU than dense ones: each expert's GEMMs are small and the all-to-all grows
// against compute. BF16-equivalent MFU of published runs against the BF16 dense peak: DeepSeek-V3
// (37 B active) 0.30 (2.664 M H800-hours for 14.8 T tokens in FP8 at 1.3x), DeepSeek-V2 (21 B)
// 0.26 (172.8 K H800-hours per trillion tokens, BF16); Megatron-Bridge on H100: Qwen3-235B-A22B
// 0.18-0.24, gpt-oss-120b (5.1 B) 0.15-0.16, Qwen3-30B-A3B (3.3 B) 0.09-0.12 (FP8 runs / 1.3).
// DeepSeek-V3's whole run reached what a dense model's does on an H800 (0.43 steady × goodput 0.70),
// so the factor is 1 at 37 B active and falls with the square root of the active parameters
// (also on LoRA and full fine-tuning of an MoE model). Below ~6 B active (where the curve meets 0.40;
// gpt-oss-120b's 5.1 B is just under) they stop falling: IBM's Granite 3.0 MoE models (0.4 and 0.9 B
// active, data parallel only, ScatterMoE kernels) ran at 0.10-0.11 of the peak, so the factor keeps a
// floor (kMoeMfuFloor, set on those two runs: 0.12 of an H100's peak with the dense 0.30).
constexpr double kMoeMfuFloor = 0.40;

double moe_mfu_factor(const ModelSpec& m) {
    if (!is_moe(m)) return 1.0;
    const double active = m.active_params_b > 0 ? m.active_params_b : m.params_b;
    return std::clamp(std::sqrt(active / 37.0), kMoeMfuFloor, 1.0);
}

// The dense MFU on this GPU: the user's; pre-training's steady MFU of the GPU (NeMo's published one
// on NVIDIA); fine-tuning's per method and trainer. NeMo's published speed is NVIDIA's: on ROCm the
// layout runs in AMD's Megatron-LM fork at the fused trainers' figure (Megatron-LM's for full
// fine-tuning, the GPU's steady MFU for pre-training).
double dense_mfu_on(const State& s, const GpuSpec& g) {
    if (s.mfu) return effective_mfu(s);
    State own = s;
    if (s.trainer == Trainer::nemo && runs_rocm(g)) own.trainer = Trainer::fused;
    if (own.task == Task::train && own.trainer != Trainer::nemo)
        return steady_training_mfu(peak_flops(g, ComputeKind::bf16), memory_bandwidth_bytes_per_s(g));
    return effective_mfu(own);
}

double training_mfu(const State& s, const ModelSpec& m) {
    return s.mfu ? effective_mfu(s) : effective_mfu(s) * moe_mfu_factor(m);
}

double training_mfu_on(const State& s, const ModelSpec& m, const GpuSpec& g) {
    return s.mfu ? effective_mfu(s) : dense_mfu_on(s, g) * moe_mfu_factor(m);
}

namespace {

// FP8 training: the run's precision is FP8 (wq=fp8, or an FP8-native model) and the GPU has FP8
// tensor cores. LoRA on an FP8 base with a fused trainer counts too: every GEMM of the frozen base
// (forward and activation gradients, all of LoRA's 4·N FLOPs but the adapters') runs in FP8 under
// Transformer Engine (NeMo / Megatron), so the measured full-training factor (fp8_train_speedup,
// set on Megatron-Bridge runs, not on LoRA) applies as it does to full training. Plain Hugging
// Face + PEFT dequantizes an FP8 base to BF16, and QLoRA's NF4 base runs BF16 math: no speed-up.
bool fp8_run(const State& s, WeightFormat wq) {
    if (wq != WeightFormat::fp8) return false;
    return is_full(s) || (s.task == Task::tune && s.method == TuneMethod::lora && s.trainer != Trainer::hf);
}

bool fp8_training(const Job& job, const GpuSpec& g) {
    return fp8_run(job.state, job.wq) && effective_compute(g, ComputeKind::fp8) == ComputeKind::fp8;
}

// The fine-tuning MFUs were set on runs with activation checkpointing on (LLaMA-Factory's default),
// whose backward pass recomputes each layer's forward: 3 passes of LoRA's 2, 4 of full
// training's 3. Without it a token costs the model's passes only. (A given MFU is the user's own run;
// NeMo's and pre-training's MFUs are Megatron's at its own recompute policy: `ckpt` moves their
// memory only.)
double checkpoint_speedup(const State& s) {
    if (s.ckpt || s.mfu || s.task != Task::tune || s.trainer == Trainer::nemo) return 1.0;
    const double passes = is_full(s) ? 3.0 : 2.0;
    return (passes + 1.0) / passes;
}

// FLOP/s one GPU sustains in this job at its steady speed: BF16 dense peak × MFU (× the FP8
// speed-up), with the assumption set's spread. The MFU is what runs reach with CUDA on NVIDIA GPUs; on
// an AMD GPU ROCm's GEMMs reach a smaller share of the datasheet (rocm_gemm_share, assumptions.hpp),
// and so does the run. A run's GPU-hours divide it by the goodput as well (effective_goodput).
double sustained_flops(const Job& job, const GpuSpec& g, const Assumptions& a) {
    const double fp8 = fp8_training(job, g) ? a.fp8_train_speedup : 1.0;
    const double mfu = training_mfu_on(job.state, job.model, g);
    return peak_flops(g, ComputeKind::bf16) * mfu * vendor_gemm_share(g, a) * a.mfu_scale * fp8 *
           checkpoint_speedup(job.state);
}

// A budget of GPU-hours on a named GPU (`gpuh=2.1M&gpuh_gpu=h100-sxm`, as model cards publish
// it) is the FLOPs that GPU sustains in those hours (BF16 peak × its MFU, × FP8 speed-up, × the
// goodput); the token count follows. False when there is no budget, or its GPU is unknown (then a
// warning). Sets the result's MFU to that GPU's.
bool budget_flops(const Job& job, Result& out, double* flops) {
    const State& s = job.state;
    if (!s.gpuh) return false;
    const GpuSpec* ref = job.catalog.find_gpu(s.gpuh_gpu);
    // Someone else's published budget: converted at the MFU, not at this run's checkpointing choice.
    const double rate = ref ? sustained_flops(job, *ref, Assumptions::typical()) / checkpoint_speedup(s) : 0;
    if (!ref || rate <= 0) {
        out.warnings.push_back(Message(code::budget_gpu_unknown).str("gpu", s.gpuh_gpu));
        return false;
    }
    out.mfu = training_mfu_on(s, job.model, *ref);
    *flops = *s.gpuh * kSecondsPerHour * rate * effective_goodput(s);
    out.explanations.push_back({"compute.budget",
        Message(code::formula_flops_budget).num("gpuh", *s.gpuh).str("gpu", ref->name)
            .num("tflops", peak_flops(*ref, ComputeKind::bf16) / 1e12).num("mfu", out.mfu * 100)
            .num("goodput", effective_goodput(s) < 1 ? effective_goodput(s) * 100 : 0)
            .num("fp8", fp8_training(job, *ref) ? Assumptions::typical().fp8_train_speedup : 0).num("flops", *flops)
            .num("tokens_b", *flops / training_flops_per_token(job.model, s) / 1e9),
        {*flops, *flops, *flops}});
    return true;
}


void explain_job(const Job& job, Result& out) {
    const State& s = job.state;
    const char* memory_term = is_full(s) ? optimizer_state(s).memory_term
                              : s.method == TuneMethod::lora ? code::term_memory_lora : code::term_memory_qlora;
    out.explanations.push_back({"compute.flops",
        Message(code::formula_flops).num("factor", is_full(s) ? 6 : 4).num("active_b", compute_params_per_token(job.model) / 1e9)
            .num("tokens_b", out.tokens / 1e9).num("seq", s.seq).num("flops", out.flops),
        {out.flops, out.flops, out.flops}});
    out.explanations.push_back({"memory.training",
        Message(code::formula_training_memory).term("method", memory_term).num("ckpt", s.ckpt ? 1 : 0)
            .num("batch", s.batch).num("seq", s.seq).num("total_gb", out.memory.total().gb()),
        out.memory_total_gb});
    out.explanations.push_back({"parallelism.per_gpu", Message(code::formula_split_training), {}});
}

// ZeRO-3 / FSDP keeps each GPU's shard of the weights and gathers the whole layer for every micro-batch:
// two all-gathers of the weights (forward, and backward with its recompute), and for full training a
// reduce-scatter of the BF16 gradients; a ring moves (dp − 1) / dp of each, over NVLink / PCIe inside a
// server and over the network (kNetworkBytesPerS a GPU) when the group spans servers. FSDP prefetches the
// next layer while one computes, so a micro-batch takes the longer of its compute and its transfers. The
// MFUs were measured where the compute is the longer (several packed sequences a GPU, or one server); one
// unpacked sequence a GPU across servers waits for the weights (s1-32B on 16 H100: 26 min, ~2× its compute).
// The factor ≥ 1 by which that wait lengthens the run, and the bytes a GPU moves a micro-batch.
struct WeightTraffic {
    double factor = 1, gb = 0, gbs = 0, compute_s = 0, move_s = 0;
    bool network = false;
};
WeightTraffic sharded_weight_traffic(const Job& job, const GpuSpec& g, const Layout& l, int count) {
    WeightTraffic w;
    const State& s = job.state;
    // NeMo / Megatron split a model by TP and PP with a distributed optimizer: no weight gathers.
    if (l.zero < 3 || l.dp <= 1 || s.trainer == Trainer::nemo) return w;
    const ParamSplit p = split_params(job.model);
    const double bytes_per_param = s.task == Task::tune && s.method == TuneMethod::qlora ? kQloraBitsPerWeight / 8.0 : 2.0;
    const double shard_source = bytes_per_param * p.total / (double(l.tp) * l.pp);  // one model-parallel rank's weights
    const double collectives = is_full(s) ? 3.0 : 2.0;
    const double bytes = collectives * shard_source * (l.dp - 1.0) / l.dp;
    w.network = count > g.max_server_size();
    w.gbs = (w.network ? kNetworkBytesPerS : interconnect_bytes_per_s(g, std::min(count, g.max_server_size()))) / 1e9;
    const double tokens = std::max(1.0, s.batch) * std::max(1.0, s.seq);
    const double rate = sustained_flops(job, g, Assumptions::typical());
    w.compute_s = training_flops_per_token(job.model, s) * tokens / (double(l.tp) * l.pp) / std::max(1.0, rate);
    w.gb = bytes / 1e9;
    w.move_s = w.gbs > 0 ? w.gb / w.gbs : 0;
    if (w.compute_s > 0 && w.move_s > w.compute_s) w.factor = w.move_s / w.compute_s;
    return w;
}

// A plan whose micro-batches wait for their sharded weights (sharded_weight_traffic) takes that much
// longer; a count set by the deadline is sized again once for the longer run (its layout may change).
void charge_weight_traffic(const Job& job, const GpuSpec& g, int n_mem, double deadline, Plan& plan, Option& o) {
    WeightTraffic w = sharded_weight_traffic(job, g, plan.l, o.count);
    if (w.factor <= 1) return;
    const Range base = o.gpu_hours;
    if (!job.state.n) {
        const int n = std::clamp(std::max(n_mem, deadline_count(gpus_for_deadline(base.mid * w.factor, deadline),
                                                                g.max_server_size(), plan.l.tp * plan.l.pp)),
                                 0, kMaxTrainingGpus);
        Plan wider;
        if (n > o.count && choose_plan(job, g, n, &wider)) {
            plan = wider;
            o.count = n;
            o.servers = servers_for_gpus(n, g.max_server_size());
            w = sharded_weight_traffic(job, g, plan.l, n);
        }
    }
    o.gpu_hours = {base.low * w.factor, base.mid * w.factor, base.high * w.factor};
    o.warnings.push_back(Message(code::train_weight_traffic).num("gb", w.gb).num("gbs", w.gbs).num("net", w.network ? 1 : 0)
                             .num("move_s", w.move_s).num("compute_s", w.compute_s).num("factor", w.factor));
}

// Time and energy of a fitting plan on `n` GPUs, then the deadline or horizon check.
void size_option(const Job& job, const GpuSpec& g, const Plan& plan, int n_mem, const Result& out, Option& o) {
    const State& s = job.state;
    const Assumptions a_lo = Assumptions::optimistic(), a_hi = Assumptions::pessimistic();
    o.tp = plan.l.tp; o.pp = plan.l.pp; o.dp = plan.l.dp; o.ep = plan.l.ep; o.zero = plan.l.zero;
    o.per_gpu = plan.per_gpu;
    o.per_gpu_gb = {plan_memory(job, plan.l, a_lo).total().gb(), plan.per_gpu.total().gb(),
                    plan_memory(job, plan.l, a_hi).total().gb()};
    o.days = {days_for_gpus(o.gpu_hours.low, o.count), days_for_gpus(o.gpu_hours.mid, o.count),
              days_for_gpus(o.gpu_hours.high, o.count)};
    o.energy_mwh = o.gpu_hours.mid * g.tdp_w / 1e6;
    o.fits = true;
    if (o.count > 1 && !nvlink_within(g, std::min(o.count, g.max_server_size()))) {
        if (s.task == Task::train) {
            o.fits = false;
            o.reason = Message(code::reason_no_nvlink_training);
        } else {
            o.warnings.push_back(Message(code::gpu_no_nvlink_training));
        }
    }
    if (o.fits && s.days && o.days.mid > *s.days * 1.0001)
        { o.fits = false; o.reason = Message(code::reason_deadline).num("days", o.days.mid).num("deadline", *s.days); }
    else if (o.fits && out.horizon_days > 0 && o.days.mid > out.horizon_days * 1.0001)
        { o.fits = false; o.reason = Message(code::reason_horizon).num("days", o.days.mid).num("horizon", out.horizon_days); }
    // Why several cards, said plainly: one has too little memory for the job.
    if (o.fits && n_mem > 1 && o.count == n_mem)
        o.warnings.insert(o.warnings.begin(), Message(code::plan_sharded).str("gpu", g.name).num("have", o.capacity_gb)
                                                  .term("method", method_term(s)).str("model", job.model.name)
                                                  .num("need", out.memory.total().gb()).num("count", o.count));
}

}  // namespace

long long global_batch_sequences(const State& s, const Option& o) {
    const double micro = std::max(1.0, std::round(s.batch));
    const double per_step = micro * std::max(1, o.dp);  // sequences of one micro-batch on every DP rank
    const double accumulate = std::max(1.0, std::round(kGlobalBatchTokens / std::max(1.0, s.seq) / per_step));
    return std::llround(per_step * accumulate);
}

TrainingComm training_comm(const Job& job, const Option& o) {
    TrainingComm c;
    const GpuSpec* g = job.catalog.find_gpu(o.gpu_id);
    const ModelSpec& m = job.model;
    const State& s = job.state;
    if (!g || o.count <= 1 || m.layers <= 0) return c;
    const double rate = sustained_flops(job, *g, Assumptions::typical());
    const double tokens = std::max(1.0, s.batch) * std::max(1.0, s.seq);  // one micro-batch
    const double t_compute = training_flops_per_token(m, s) * tokens / (double(o.tp) * o.pp) / std::max(1.0, rate);
    if (!(t_compute > 0)) return c;
    const int server = g->max_server_size();
    const double nvlink = interconnect_bytes_per_s(*g, std::max(2, o.tp));
    const double layers = double(m.layers) / o.pp;
    const double hidden_bytes = tokens * m.hidden * 2.0;  // one micro-batch's hidden states, BF16
    c.global_batch_tokens = kGlobalBatchTokens;
    c.network_gbs = kNetworkBytesPerS / 1e9;
    // TP: 4 all-reduces of the hidden states per layer (2 forward, 2 backward); a ring moves 2(t-1)/t.
    if (o.tp > 1) c.tp_pct = 100 * layers * 4 * 2.0 * (o.tp - 1) / o.tp * hidden_bytes / nvlink / t_compute;
    // PP: the 1F1B bubble, (PP-1) / (micro-batches + PP-1) of each step.
    const double micro = std::max(1.0, kGlobalBatchTokens / (double(o.dp) * tokens));
    if (o.pp > 1) c.pp_pct = 100.0 * (o.pp - 1) / (micro + o.pp - 1);
    // DP (ZeRO-1 / distributed optimizer): once per step, a reduce-scatter of the gradients, in FP32
    // (Megatron-LM reduces BF16 training's gradients in FP32: arguments.py, "bfloat16 requires
    // gradient accumulation and all-reduce to be done in fp32"), and an all-gather of the BF16
    // parameters; a ring moves (dp-1)/dp of each. Over the network when the replicas span servers.
    const Layout l{o.tp, o.pp, o.dp, o.ep, o.zero};
    const double dp_bw = o.count > server ? kNetworkBytesPerS : nvlink;
    if (o.dp > 1)
        c.dp_pct = 100 * (4.0 + 2.0) * (o.dp - 1) / o.dp * params_per_gpu(split_params(m), l, false) / dp_bw /
                   (micro * t_compute);
    // EP: dispatch and combine, forward and backward, of each token's routed copies per MoE layer.
    if (o.ep > 1 && m.moe) {
        const double moe_layers = std::max(0, m.layers - m.moe->dense_layers) / double(o.pp);
        const double bytes = 4 * hidden_bytes * m.moe->experts_per_token * (o.ep - 1.0) / o.ep * moe_layers;
        c.ep_pct = 100 * bytes / (o.ep * o.tp > server ? kNetworkBytesPerS : nvlink) / t_compute;
    }
    return c;
}

void evaluate_training(const Job& job, Result& out) {
    const State& s = job.state;
    const ModelSpec& m = job.model;
    out.mfu = training_mfu(s, m);  // the H100's, until the ranking names the recommended GPU (sizing.cpp)
    const bool budget = budget_flops(job, out, &out.flops);
    if (!budget) out.flops = training_flops(m, s);
    if (s.optim != Optimizer::adamw && !optimizer_chosen(s))
        out.warnings.push_back(Message(code::train_optim_ignored).num("train", s.task == Task::train ? 1 : 0));
    out.tokens = out.flops / std::max(1.0, training_flops_per_token(m, s));
    const Layout single;
    out.memory = plan_memory(job, single, Assumptions::typical());
    out.memory_total_gb = {plan_memory(job, single, Assumptions::optimistic()).total().gb(), out.memory.total().gb(),
                           plan_memory(job, single, Assumptions::pessimistic()).total().gb()};
    // No deadline and no count: the plan finishes within the default horizon, and says so.
    const double deadline = s.days ? *s.days : default_horizon_days(s.task);
    if (!s.days && !s.n) out.horizon_days = deadline;
    explain_job(job, out);
    for (const GpuSpec* gp : job.gpus) {
        const GpuSpec& g = *gp;
        Option o = option_on(g, s, 0);  // sized below
        if (peak_flops(g, ComputeKind::bf16) <= 0) {
            o.reason = Message(code::reason_no_tensor_figure);
            out.options.push_back(o);
            continue;
        }
        o.mfu = training_mfu_on(s, m, g);
        const double goodput = effective_goodput(s);
        auto hours = [&](const Assumptions& a) {
            return out.flops / (sustained_flops(job, g, a) * goodput) / kSecondsPerHour;
        };
        o.gpu_hours = {hours(Assumptions::optimistic()), hours(Assumptions::typical()), hours(Assumptions::pessimistic())};

        // Smallest count that fits in memory; then the deadline or the pinned count.
        int n_mem = 0;
        Plan plan;
        for (int n : candidate_counts(g))
            if (choose_plan(job, g, n, &plan)) { n_mem = n; break; }
        int n = n_mem;
        if (s.n) n = *s.n;
        else if (n_mem > 0)
            n = std::max(n_mem, deadline_count(gpus_for_deadline(o.gpu_hours.mid, deadline), g.max_server_size(), plan.l.tp * plan.l.pp));
        n = std::clamp(n, 0, kMaxTrainingGpus);
        if (n_mem == 0 && !s.n) {
            const MemoryBreakdown b = plan_memory(job, {1, 1, kMaxTrainingGpus, 1, 3}, Assumptions::typical());
            o.reason = Message(code::reason_no_fit_sharded).num("gpus", kMaxTrainingGpus).num("per_gpu", b.total().gb())
                           .num("activations", b.activations.gb());
            out.options.push_back(o);
            continue;
        }
        o.count = n;
        o.servers = servers_for_gpus(n, g.max_server_size());
        if (n <= 0 || !choose_plan(job, g, n, &plan)) {
            const MemoryBreakdown b = plan_memory(job, {1, 1, std::max(1, n), 1, 3}, Assumptions::typical());
            o.reason = Message(code::reason_needs_memory_zero3).num("need", b.total().gb()).num("gpus", n)
                           .num("have", o.capacity_gb);
            o.per_gpu = b;
            o.per_gpu_gb = {b.total().gb(), b.total().gb(), b.total().gb()};
            out.options.push_back(o);
            continue;
        }
        charge_weight_traffic(job, g, n_mem, deadline, plan, o);
        size_option(job, g, plan, n_mem, out, o);
        warn_low_bandwidth(g, o);
        // NeMo needs CUDA; its published speed is NVIDIA's. On ROCm the same layout runs in AMD's fork of Megatron-LM.
        if (job.state.trainer == Trainer::nemo && runs_rocm(g)) o.warnings.push_back(Message(code::train_nemo_cuda));
        add_cost(o, g, job.catalog.currency);
        if (o.price) o.cost_total = o.gpu_hours.mid * o.price->per_gpu_hour;
        o.command = training_layout(job, o, out.tokens);
        out.options.push_back(o);
    }
}

}  // namespace gpusizer

namespace gpusizer {

namespace {

// The GPU whose steady pre-training MFU the result states: the budget's, else the recommended one's;
// none when the MFU is the user's, NeMo's or fine-tuning's.
const GpuSpec* steady_gpu(const Result& r, const Catalog& catalog) {
    const State& s = r.state;
    if (s.task != Task::train || s.mfu) return nullptr;
    std::string id;
    if (s.gpuh) id = s.gpuh_gpu;
    else if (r.recommended >= 0) id = r.options[size_t(r.recommended)].gpu_id;
    const GpuSpec* g = id.empty() ? nullptr : catalog.find_gpu(id);
    if (!g || (s.trainer == Trainer::nemo && !runs_rocm(*g))) return nullptr;
    return g;
}

// NeMo's MFU and where it comes from (sizing.cpp kNemoMfu); QLoRA keeps the fused figure.
Message nemo_assumption(const State& s) {
    const bool qlora = s.task == Task::tune && s.method == TuneMethod::qlora;
    return Message(code::assume_trainer_nemo).num("qlora", qlora ? 1 : 0).num("tune", s.task == Task::tune ? 1 : 0);
}

}  // namespace

void training_assumptions(const Result& r, const Catalog& catalog, std::vector<Message>& said) {
    const State& s = r.state;
    const Assumptions a = Assumptions::typical();
    const Assumptions lo = Assumptions::optimistic(), hi = Assumptions::pessimistic();
    const bool fp8 = fp8_run(s, r.weight_format);
    const bool lora_fp8 = fp8 && !is_full(s);
    const double moe = s.mfu ? 1.0 : moe_mfu_factor(r.model);
    Message mfu = Message(code::assume_mfu).num("mfu", r.mfu * 100).num("spread", (lo.mfu_scale - 1) * 100)
                      .num("moe", moe < 1 ? moe : 0).num("dense", r.mfu / moe * 100);
    // Pre-training's default: the steady MFU of the GPU the MFU was said for, and how it follows.
    const GpuSpec* g = steady_gpu(r, catalog);
    if (g) mfu.num("steady", 1).str("gpu", g->name).num("gemm", kEncoderGemmEff * 100).num("bpf", kGlueBytesPerFlop)
              .num("tflops", peak_flops(*g, ComputeKind::bf16) / 1e12).num("tbs", g->memory_bandwidth_gbs / 1e3);
    said.push_back(mfu.num("fp8", fp8 ? a.fp8_train_speedup : 0)
                       .num("fp8_low", hi.fp8_train_speedup).num("fp8_high", lo.fp8_train_speedup)
                       .num("lora_fp8", lora_fp8 ? 1 : 0));
    said.push_back(Message(optimizer_state(s).assumption));
    if (s.task == Task::tune) {
        const double tokens = std::max(1.0, s.batch) * std::max(1.0, s.seq);
        const double host_gb = tokens * 2.0 * r.model.hidden * r.model.layers / 1e9;  // offloaded checkpoints
        if (checkpoint_speedup(s) > 1) said.push_back(Message(code::assume_no_ckpt).num("speedup", checkpoint_speedup(s)));
        if (s.trainer == Trainer::fused) said.push_back(Message(code::assume_trainer_fused).num("host_gb", s.ckpt ? host_gb : 0));
        else if (s.trainer == Trainer::nemo) said.push_back(nemo_assumption(s));
        else said.push_back(Message(code::assume_trainer_hf).num("qlora", s.method == TuneMethod::qlora ? 1 : 0));
    } else {
        if (s.trainer == Trainer::nemo) said.push_back(nemo_assumption(s));
        said.push_back(Message(code::assume_pretrain_layout).num("batch_m", kGlobalBatchTokens / 1e6)
                           .num("net", kNetworkBytesPerS / 1e9));
    }
    said.push_back(Message(code::assume_train_overhead).num("gb", a.train_overhead_gb)
                       .num("low", lo.train_overhead_gb).num("high", hi.train_overhead_gb));
    if (effective_goodput(s) < 1) said.push_back(Message(code::assume_goodput).num("goodput", effective_goodput(s) * 100));
    else said.push_back(Message(code::assume_perfect_scaling));
}

}  // namespace gpusizer
