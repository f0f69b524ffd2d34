// Serving model: engine memory layout and continuous-batching speed (see serving_model.hpp).
#include "engine/serving_model.hpp"

#include <algorithm>
#include <cmath>

#include "engine/hardware.hpp"

namespace gpusizer {
namespace {

constexpr double kNetworkHopSeconds = 20e-6;  // pipeline stage hop across servers (InfiniBand)
constexpr double kSamplerBytesPerLogit = 20;   // FP32 logits + probabilities + sorted values, int64 indices
constexpr double kLlamaCppUbatch = 512;        // llama.cpp n_ubatch: tokens per compute-buffer pass
// GEMM efficiency grows with the size of each matrix product: a product of f FLOPs per GPU gets
// f / (f + f_half) of the way from the decode to the prefill efficiency. Four products per layer
// (QKV, output, gate/up, down). f_half is that of 256 tokens through Qwen3-8B's layers on one GPU
// (the token ramp the serving constants were set with).
// ROCm (vLLM's ROCm build, hipBLASLt) runs the small products of decode much further from its peak:
// its ramp starts at 0.2 of the decode efficiency and is halfway at twice f_half. Both set on AMD's
// own latency table (ROCm/vllm docs/dev-docker, 8 x MI300X, Llama 3.1 70B and 405B FP8 at TP 8, batch
// 128: 22.7 and 57.1 ms a step against 8.4 and 23.7 at batch 1, i.e. 6-16 % of the FP8 peak in the
// products of 128 tokens), and consistent with Azure's square FP8 GEMMs (2048^3 at 37 % of the best
// against 78 % on H100). Tensor-parallel shards, narrower by TP, lose the most.
// A routed expert's product is sized as what it is: the expert's own matrix (hidden × its
// intermediate width, sharded by TP) over the tokens routed to it, k / E of the step's tokens. A
// small MoE's experts (Qwen3-30B-A3B: 2048 × 768, 8 of 128) stay small products even in a step of
// thousands of tokens, where a dense model's products are at full speed.
constexpr double kGemmsPerLayer = 4;
constexpr double kGemmHalfFlops = 2.0 * 256 * 52.6e6;  // (8.2 B - 0.62 B input embedding) / 36 layers / 4
constexpr double kRocmGemmHalfFactor = 2;
constexpr double kRocmGemmFloorShare = 0.2;
// llama.cpp runs a matrix product whose weights sit in host memory on the GPU when the batch has
// at least this many tokens (it copies the weights over PCIe), else on the CPU (ggml-cuda's
// offload_op, min_batch_size 32).
constexpr double kLlamaCppGpuBatch = 32;
constexpr double kAdapterBytesPerParam = 2;  // LoRA weights in BF16
// The shrink and expand kernels of a layer's adapted projections (Punica SGMV / vLLM's Triton LoRA
// kernels): a fixed time per layer and step besides their bytes and FLOPs. Calibration: Punica (Chen et
// al., arXiv 2310.18547) adds ~2 ms per token to a 32-layer 7B model's step: 62 us per layer.
constexpr double kLoraKernelsUsPerLayer = 62;
// A draft pass's own fixed cost besides its bytes and FLOPs (the proposer's launch, sampling and
// bookkeeping). Calibration: vLLM issue #20780 (EAGLE-3, Llama-3.1-8B, H100, batch 1) measured a time
// per output token of 4.32 ms at 2 draft tokens and 4.05 at 4, against 7.07 without: with its
// acceptance lengths (2.36, 3.08) each draft pass cost 1.3-1.5 ms, of which the head's bytes ~0.4.
constexpr double kDraftPassSeconds = 0.9e-3;

double ceil_to(double v, double step) { return step > 1 ? std::ceil(v / step) * step : v; }

// The dense matrix products of a forward pass: a dense layer's four (QKV, output, gate/up, down); an
// MoE layer keeps attention's two, and two more where it has shared experts.
double dense_products(const ModelSpec& m) {
    const int layers = std::max(1, m.layers);
    if (!m.moe) return layers * kGemmsPerLayer;
    const int moe_layers = std::clamp(m.layers - m.moe->dense_layers, 0, layers);
    const double per_moe_layer = m.moe->shared_experts > 0 ? kGemmsPerLayer : kGemmsPerLayer / 2;
    return (layers - moe_layers) * kGemmsPerLayer + moe_layers * per_moe_layer;
}

// The routed experts' part of a token's matrix products: their weights per token (k of E experts in
// every MoE layer), one expert product's weights (gate/up and down: two products) and k / E.
struct RoutedShare {
    double params_per_token = 0, params_per_product = 0, token_share = 1;
};
RoutedShare routed_share(const ModelSpec& m) {
    if (!m.moe || m.moe->experts <= 0 || m.moe->experts_per_token <= 0) return {};
    RoutedShare r;
    r.token_share = std::min(1.0, double(m.moe->experts_per_token) / m.moe->experts);
    r.params_per_token = std::min(split_params(m).routed_experts * r.token_share, compute_params_per_token(m));
    r.params_per_product = expert_params(m) / 2.0;
    return r;
}

// Tokens in flight in the forward pass vLLM profiles, times the bytes each one holds at the peak
// of a layer: residual and normed hidden states, QKV, attention output, gate/up and activation.
double forward_peak_bytes(const ModelSpec& m, double tokens, int tp) {
    const double qkv = (m.heads + 2.0 * std::max(1, m.kv_heads)) * m.head_dim / tp;
    return tokens * 2.0 * (4.0 * m.hidden + qkv + 3.0 * ffn_active_width(m) / tp);
}

}  // namespace

bool vllm_large_gpu(const GpuSpec& g) { return g.memory_gib >= 70 && g.id.find("a100") == std::string::npos; }

ServingEngine llamacpp_engine(double batch) {
    ServingEngine e;
    e.llamacpp = true;
    e.step_tokens = 2048;  // llama-server -b (n_batch)
    e.max_seqs = std::max(1.0, batch);
    e.block_tokens = 1;
    return e;
}

ServingEngine serving_engine(bool large_gpu, WeightFormat wq, double batch) {
    if (weight_format_info(wq).is_gguf) return llamacpp_engine(batch);
    ServingEngine e;
    e.step_tokens = large_gpu ? 8192 : 2048;
    e.max_seqs = std::max(large_gpu ? 1024.0 : 256.0, std::ceil(batch));
    return e;
}

Bytes serving_activations(const ModelSpec& m, const ServingEngine& e, int tp) {
    const double vocab = std::max(0, m.vocab);
    if (e.llamacpp)  // one ubatch of FP32 intermediates and its logits
        return Bytes{kLlamaCppUbatch * 4.0 * (vocab + 4.0 * m.hidden + 3.0 * ffn_active_width(m))};
    const double forward = forward_peak_bytes(m, e.step_tokens, tp);
    const double sampler = e.max_seqs * vocab * kSamplerBytesPerLogit;
    return Bytes{std::max(forward, sampler)};
}

double fixed_step_seconds(const ModelSpec& m, WeightFormat wq, const ServingEngine& e, bool rocm, int pp, const Assumptions& a) {
    // Kernel launch gaps and tails per layer of a stage; MoE layers run twice the kernels, MXFP4 ones
    // more, and ROCm's MoE kernels more again.
    const int moe_layers = m.moe ? std::max(0, m.layers - m.moe->dense_layers) : 0;
    const double mxfp4_layers = wq == WeightFormat::mxfp4 && !e.llamacpp ? moe_layers * kMxfp4MoeLayerFactor : 0;
    const double rocm_layers = rocm && !e.llamacpp ? moe_layers * kRocmMoeLayerFactor : 0;
    return (m.layers + moe_layers + mxfp4_layers + rocm_layers) / double(std::max(1, pp)) * a.layer_overhead_us * 1e-6;
}

ExpertPadding expert_padding(const ModelSpec& m, WeightFormat wq, const GpuSpec& g, const ServingEngine& e, int tp) {
    if (!m.moe || wq != WeightFormat::mxfp4 || e.llamacpp || m.hidden <= 0 || m.moe->expert_intermediate <= 0) return {};
    const bool rocm = runs_rocm(g), blackwell = g.architecture.rfind("Blackwell", 0) == 0;
    const bool sm100 = blackwell && g.segment == "datacenter";  // B200, B300: FlashInfer's kernels
    const bool before_hopper = !rocm && !blackwell && g.architecture != "Hopper";
    const double hidden_tile = rocm ? 128 : 256;
    const double width_tile = rocm ? 128 : sm100 ? 256 : before_hopper ? 128 : 64;
    ExpertPadding p;
    p.hidden = m.hidden;
    p.width = double(m.moe->expert_intermediate) / std::max(1, tp);
    p.padded_hidden = std::ceil(p.hidden / hidden_tile) * hidden_tile;
    p.padded_width = std::ceil(p.width / width_tile) * width_tile;
    return p;
}

WeightBytes served_weight_bytes(const ModelSpec& m, WeightFormat wq, const GpuSpec& g, const ServingEngine& e, int tp) {
    WeightBytes w = weight_bytes(m, wq);
    w.routed_experts = w.routed_experts * expert_padding(m, wq, g, e, tp).ratio();
    return w;
}

ServingMemory serving_memory(const Job& job, const GpuSpec& g, const ServingEngine& e, int tp, int pp,
                             const Assumptions& a) {
    ServingMemory mem;
    mem.usable = usable_memory(g, job.state.reserve).value;
    mem.weights = served_weight_bytes(job.model, job.wq, g, e, tp).total() / (double(tp) * pp);
    mem.activations = serving_activations(job.model, e, tp) * a.serve_activation_factor;
    mem.runtime = Bytes::from_gb(a.runtime_overhead_gb);
    const Workload w = make_workload(job.state, job.model);
    mem.adapters = Bytes{w.lora.slots * w.lora.params_per_adapter * kAdapterBytesPerParam / (double(tp) * pp)};
    if (!e.llamacpp) {
        mem.cuda_graphs = Bytes::from_gb(a.cuda_graph_gb);
        if (tp * pp > 1) mem.comm_buffers = Bytes::from_gb(a.nccl_gb);
    }
    return mem;
}

double Replica::in() const { return std::max(1.0, w.prompt); }
double Replica::out() const { return std::max(1.0, w.answer()); }
double Replica::context() const { return std::max(1.0, w.context); }

double Replica::max_concurrency() const {
    const double avail = mem.kv_available();
    if (avail <= 0) return 0;
    return kv_ctx.value > 0 ? avail / kv_ctx.value : 1e9;
}

double Replica::kv_tokens() const {
    const double avail = mem.kv_available();
    if (avail <= 0) return 0;
    const double per_token = kv.full_bytes_per_token * kv_share;
    const bool uniform = kv.window_bytes_per_token == 0 && kv.state_bytes_per_sequence == 0;
    // Uniform layers: whole blocks of the pool. Windowed or stateful layers: vLLM reports
    // max concurrency × max_model_len.
    if (uniform && per_token > 0)
        return std::floor(avail / (per_token * engine.block_tokens)) * engine.block_tokens;
    return max_concurrency() * std::max(1.0, job->state.ctx);
}

double Replica::batch_limit_by_memory() const { return std::floor(std::min(max_concurrency(), 1e9)); }

double Replica::gemm_efficiency(double tokens, double params_per_call, double share_kept) const {
    const double f = 2.0 * tokens * params_per_call;
    const bool rocm = runs_rocm(*gpu);
    const double half = kGemmHalfFlops * (rocm ? kRocmGemmHalfFactor : 1.0);
    const double floor = a.decode_compute_eff * (rocm ? kRocmGemmFloorShare : 1.0);
    const double share = f / (f + half);
    return share_kept * (floor + (a.prefill_compute_eff - floor) * share);
}

double Replica::gemm_seconds(double tokens) const {
    double t = tokens * linear_flops / (dense_peak * gemm_efficiency(tokens, gemm_params_per_call, dense_gemm_share));
    if (expert_flops > 0) {
        const double routed = tokens * expert_token_share;
        t += tokens * expert_flops / (peak * gemm_efficiency(routed, expert_params_per_call, gemm_share));
    }
    return t;
}

double Replica::step_seconds(double decoding, double prompt_tokens) const {
    // Speculation verifies draft + 1 positions per decoding sequence in one pass.
    const double verify = decoding * (w.spec.draft + 1.0);
    const double tokens = verify + prompt_tokens;
    const ModelSpec& m = job->model;
    const double experts = m.moe ? expert_read * expert_touch_fraction(*m.moe, tokens) : expert_read;
    const double weights = (dense_read + experts) / bandwidth;
    const double gemm = gemm_seconds(tokens);
    const double decode_attn = std::max(decoding * kv_read / bandwidth,
                                        verify * decode_attn_flops / (attn_peak * a.decode_compute_eff));
    const double prefill_attn = prompt_tokens * prefill_attn_flops / (attn_peak * a.prefill_compute_eff);
    const double allreduce = allreduce_latency + tokens * allreduce_per_token;
    const double stage = std::max(weights, gemm) + decode_attn + prefill_attn + fixed_step + allreduce;
    return pp * stage + (pp - 1) * kNetworkHopSeconds + host_seconds(decoding, tokens) + extra_seconds(decoding, tokens);
}

// Drafting (one draft pass per draft token, in sequence) and the LoRA adapters' products.
double Replica::extra_seconds(double decoding, double tokens) const {
    double t = 0;
    if (w.spec.draft > 0 && decoding > 0) {
        const ModelSpec& m = job->model;
        const double experts = m.moe ? draft_expert_read * expert_touch_fraction(*m.moe, decoding) : draft_expert_read;
        const double gemm =
            decoding * draft_flops / (dense_peak * gemm_efficiency(decoding, gemm_params_per_call, dense_gemm_share));
        t += w.spec.draft * (std::max((draft_read + experts) / bandwidth, gemm) + draft_fixed);
    }
    if (w.lora.served > 0) {
        const double adapters = w.lora.distinct_in_batch(std::max(1.0, decoding));
        t += adapters * lora_read / bandwidth + tokens * lora_flops / (attn_peak * a.decode_compute_eff) + lora_fixed;
    }
    return t;
}

// The part of a step spent on the weights in host RAM (0 without offload). GPU and CPU work one
// after the other: llama.cpp runs a token's graph split by split.
double Replica::host_seconds(double decoding, double tokens) const {
    if (host_dense_read + host_expert_read <= 0) return 0;
    const ModelSpec& m = job->model;
    auto touched = [&](double t) { return m.moe ? host_expert_read * expert_touch_fraction(*m.moe, t) : host_expert_read; };
    if (tokens >= kLlamaCppGpuBatch) {  // each ubatch uploads the host weights it uses and runs on the GPU
        const double ubatches = std::ceil(tokens / kLlamaCppUbatch);
        // The KV of CPU layers stays in host RAM: their attention still reads it there.
        return ubatches * (host_dense_read + touched(tokens / ubatches)) / pcie_bandwidth +
               decoding * host_kv_read / host_bandwidth + host_switch_seconds;
    }
    const double experts = touched(tokens);
    return (host_dense_read + experts + decoding * host_kv_read) / host_bandwidth + host_switch_seconds;
}

Cycle Replica::cycle(double batch) const {
    const double b = std::max(1.0, batch), in_tokens = in(), out_tokens = out();
    // Decode steps per answer: speculation advances each sequence by per_step tokens a step.
    const double out_steps = std::max(1.0, out_tokens / w.spec.per_step);
    // Prompt tokens a step can take besides the running sequences' decode tokens.
    const double budget = prompt_budget(b);
    const double chunks = std::ceil(in_tokens / budget);  // steps one prompt takes
    const double prompt = b * in_tokens;
    // Prompts arrive one by one, a chunk per step; more chunks than decode steps share steps.
    double mixed = b * chunks;
    if (mixed > out_steps) mixed = std::max(out_steps, std::ceil(prompt / budget));
    // Riding in the decode steps, prompts share them; in steps of their own they add to them.
    const bool alone = engine.separate_prefill;
    const double steps = alone ? out_steps + mixed : std::max(out_steps, mixed);
    const double decoding = alone ? b : b * out_steps / steps;  // fewer than b when prompts hold the GPU
    Cycle c;
    c.decode_step = step_seconds(decoding, 0);
    c.prefill_step = prompt_step(decoding, prompt / mixed);
    c.seconds = (steps - mixed) * c.decode_step + mixed * c.prefill_step;
    const double own_prefill = chunks * c.prefill_step;
    c.tpot = std::max(c.decode_step / w.spec.per_step, (c.seconds - own_prefill) / out_tokens);
    // M/D/1 wait for the step budget: service s = the prompt's share of full steps.
    const double full_step = prompt_step(decoding, budget);
    const double service = in_tokens / budget * full_step;
    const double arrivals = b / c.seconds;
    c.utilization = std::min(0.999, arrivals * service);
    const double wait = c.utilization * service / (2.0 * (1.0 - c.utilization));
    c.queue = std::min(wait, (b - 1) * service);
    c.mean_step = c.seconds / steps;
    c.prefill_share = c.seconds > 0 ? mixed * c.prefill_step / c.seconds : 0.0;
    // The rest of the step running on arrival: a step is caught in proportion to its length and the
    // rest is uniform over it, so half the length-weighted step (residual_quantile's mean, slo.cpp).
    const double caught = c.prefill_share * c.prefill_step + (1.0 - c.prefill_share) * c.decode_step;
    c.residual = b > 1 ? 0.5 * caught : 0.0;
    c.ttft = a.request_overhead_ms * 1e-3 + c.residual + c.queue + own_prefill;
    return c;
}

double Replica::prompt_budget(double decoding) const {
    if (engine.separate_prefill) return engine.step_tokens;
    return std::max(engine.step_tokens - decoding, 0.1 * engine.step_tokens);
}

double Replica::prompt_step(double decoding, double tokens) const {
    return step_seconds(engine.separate_prefill ? 0.0 : decoding, tokens);
}

bool Replica::meets_targets(double batch) const {
    const Cycle c = cycle(batch);
    return 1.0 / c.tpot >= job->state.tps && c.ttft <= job->state.ttft;
}

double Replica::best_batch(double cap) const {
    if (cap < 1 || !meets_targets(1)) return 0;
    double lo = 1, hi = std::floor(cap);
    if (meets_targets(hi)) return hi;
    while (hi - lo > 1) {
        const double mid = std::floor((lo + hi) / 2);
        (meets_targets(mid) ? lo : hi) = mid;
    }
    return lo;
}

namespace {

// What a draft pass and the LoRA adapters cost a step of this replica (workload.hpp). A draft pass
// reads one layer (an MTP layer or an EAGLE-3 head, the size of one of the model's layers) and the
// output head, and has a fixed cost of its own (kDraftPassSeconds). An adapter's products cost FLOPs of
// 2 · rank · (in + out) per token per projection, and their shrink and expand kernels a fixed time.
void add_draft_and_adapters(Replica& r, const WeightBytes& wb) {
    const ModelSpec& m = r.job->model;
    const double split = double(r.tp) * r.pp, layers = std::max(1, m.layers);
    if (r.w.spec.draft > 0) {
        const double head = (m.tied_embeddings ? wb.input_embedding : wb.lm_head).value;
        r.draft_read = (wb.other.value / layers + head) / r.tp;  // attention, dense MLP, output head
        r.draft_expert_read = wb.routed_experts.value / layers / r.tp;  // an MoE layer's experts: those touched
        r.draft_flops = 2.0 * (compute_params_per_token(m) / layers + double(m.vocab) * m.hidden) / r.tp;
        r.draft_fixed = kDraftPassSeconds;
    }
    if (r.w.lora.served > 0) {
        r.lora_read = r.w.lora.params_per_adapter * kAdapterBytesPerParam / split;
        r.lora_flops = 2.0 * r.w.lora.params_per_adapter / split;
        r.lora_fixed = m.layers / double(r.pp) * kLoraKernelsUsPerLayer * 1e-6;
    }
}

}  // namespace

Replica make_replica(const Job& job, const GpuSpec& g, int tp, int pp, const Assumptions& a, double batch) {
    const State& s = job.state;
    const ModelSpec& m = job.model;
    Replica r;
    r.job = &job;
    r.gpu = &g;
    r.a = a;
    r.engine = serving_engine(g, job.wq, batch);
    r.engine.separate_prefill = !r.engine.llamacpp && s.sched == Scheduler::separate;  // llama-server mixes
    // llama.cpp spreads layers over its GPUs (--split-mode layer): stages in series, no all-reduce.
    r.tp = r.engine.llamacpp ? 1 : tp;
    r.pp = r.engine.llamacpp ? tp * pp : pp;
    r.kv = kv_layout(m, s.kvq);
    r.mem = serving_memory(job, g, r.engine, tp, pp, a);
    const double split = double(tp) * pp;
    r.kv_share = kv_fraction_per_tp_rank(r.kv, r.tp) / r.pp;
    r.w = make_workload(s, m);
    // llama-server drafts only with a separate draft model (--model-draft), which the command does not
    // name: its options are sized without speculation.
    if (r.engine.llamacpp) r.w.spec = Speculation{};
    // A shared prefix's blocks are held once; each sequence holds the rest of its context.
    // (llama.cpp's slots each keep their own prompt cache: nothing is shared there.)
    const double shared = r.engine.llamacpp ? 0.0 : std::min(r.w.shared_prefix, std::max(0.0, s.ctx - 1));
    r.mem.prefix_kv = kv_bytes_per_sequence(r.kv, shared) * r.kv_share;
    r.kv_ctx = kv_bytes_per_sequence(r.kv, ceil_to(s.ctx - shared, r.engine.block_tokens)) * r.kv_share;
    r.kv_avg = kv_bytes_per_sequence(r.kv, std::min(s.ctx, r.context() + r.out()) - shared) * r.kv_share;
    const ComputeKind kind = effective_compute(g, weight_format_info(job.wq).compute);
    // ROCm's kernels reach a smaller share of an AMD GPU's datasheet (assumptions.hpp).
    const double vendor_gemm = runs_rocm(g) ? a.rocm_gemm_share : 1.0;
    r.peak = peak_flops(g, kind);
    r.attn_peak = peak_flops(g, ComputeKind::bf16) * vendor_gemm;
    const bool lowp = kind == ComputeKind::fp8 || kind == ComputeKind::int8;
    const double lowp_share = kind == ComputeKind::fp4 ? a.fp4_compute_factor : lowp ? a.lowp_compute_factor : 1.0;
    r.gemm_share = lowp_share * vendor_gemm;
    const bool bf16_dense = m.moe && m.native_quantizes_experts_only && job.wq == m.native_format;
    r.dense_peak = bf16_dense ? peak_flops(g, ComputeKind::bf16) : r.peak;
    r.dense_gemm_share = bf16_dense ? vendor_gemm : r.gemm_share;
    r.bandwidth = memory_bandwidth_bytes_per_s(g) * a.decode_bandwidth_eff * (runs_rocm(g) ? a.rocm_bandwidth_share : 1.0);
    const WeightBytes wb = served_weight_bytes(m, job.wq, g, r.engine, r.tp);
    r.dense_read = (wb.other + wb.lm_head + (m.tied_embeddings ? wb.input_embedding : Bytes{0})).value / split;
    r.expert_read = wb.routed_experts.value / split;
    const double ctx = r.context(), in = r.in(), out = r.out();
    // A decode step reads each sequence's cache; a recurrent layer also writes its whole state back
    // (Mamba's selective state update, Gated DeltaNet), where attention appends one token's K/V.
    r.kv_read = (kv_read_bytes_per_sequence(r.kv, ctx + out / 2.0).value + r.kv.state_bytes_per_sequence) * r.kv_share;
    const double linear = 2.0 * compute_params_per_token(m);
    const RoutedShare routed = routed_share(m);
    r.linear_flops = (linear - 2.0 * routed.params_per_token) / split;
    r.expert_flops = 2.0 * routed.params_per_token / split;
    r.gemm_params_per_call = (compute_params_per_token(m) - routed.params_per_token) /
                             dense_products(m) / r.tp;
    r.expert_params_per_call = routed.params_per_product / r.tp;
    r.expert_token_share = routed.token_share;
    r.decode_attn_flops = (forward_flops_per_token(m, ctx + out / 2.0) - linear) / split;
    // A prompt's new tokens attend to the cached part before them and to half of themselves.
    r.prefill_attn_flops = (forward_flops_per_token(m, ctx - in / 2.0) - linear) / split;
    const double stage_layers = double(m.layers) / r.pp;
    r.fixed_step = fixed_step_seconds(m, job.wq, r.engine, runs_rocm(g), r.pp, a);
    add_draft_and_adapters(r, wb);
    if (r.tp > 1) {  // two all-reduces of the BF16 hidden states per layer (hardware.hpp)
        const double latency = allreduce_seconds(g, r.tp, 0, a);
        r.allreduce_latency = 2.0 * stage_layers * latency;
        r.allreduce_per_token = 2.0 * stage_layers * (allreduce_seconds(g, r.tp, m.hidden * 2.0, a) - latency);
    }
    return r;
}

}  // namespace gpusizer
