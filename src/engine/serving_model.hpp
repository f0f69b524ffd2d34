// The serving model behind inference options: how the serving engine the command targets (vLLM,
// or llama.cpp for GGUF weights) lays out one GPU of a replica, and how fast a replica serves a
// steady load of concurrent requests with continuous batching. Internal to the engine.
//
// Memory (per GPU). vLLM gives the KV cache what is left of memory × utilisation after the
// weights, the activation peak it profiles (a forward pass of max_num_batched_tokens tokens, then
// the sampler over max_num_seqs sequences: logits, probabilities and a sort over the vocabulary),
// the CUDA-graph pool, NCCL buffers under TP, and non-PyTorch memory. The cache is allocated in
// blocks of 16 tokens; "GPU KV cache size" is blocks × 16 and "maximum concurrency" that over
// max_model_len. llama.cpp allocates n_ctx cells up front and a compute buffer for one ubatch.
//
// Speed. Each engine step runs the next token of every running sequence plus a chunk of prompt
// tokens up to the step's token budget (chunked prefill). A step costs: the weights read once
// (MoE: the experts its tokens touch) or the GEMM FLOPs of all its tokens, whichever is longer;
// plus attention (KV bytes of every decoding sequence, FLOPs of the prompt chunk); plus a fixed
// time per layer; plus the TP all-reduces. Over one cycle each of `batch` requests is prefilled and
// decoded once: decode steps, some carrying a prompt chunk, so prompts slow everyone's decode. With
// sched=separate (SGLang's default, vLLM before V1) the prompts' steps carry no decoding and come on
// top of the decode steps: decoding waits while they run.
// Time to first token adds a queue: prompts arrive at batch / cycle per second and wait for the
// step budget like an M/D/1 queue (mean wait ρ·s / 2(1 − ρ), at most the batch's other prompts).
#pragma once

#include "engine/model_math.hpp"
#include "engine/tasks.hpp"
#include "engine/workload.hpp"

namespace gpusizer {

// The serving engine of an option, with the scheduler defaults it runs with.
struct ServingEngine {
    bool llamacpp = false;
    double step_tokens = 8192;  // tokens per step: vLLM max_num_batched_tokens, llama.cpp n_batch
    double max_seqs = 1024;     // sequences vLLM profiles the sampler for (max_num_seqs)
    double block_tokens = 16;   // KV allocation granularity
    bool separate_prefill = false;  // prompts run in steps of their own while decoding waits (sched=separate)
};
// vLLM's defaults depend on the GPU: 8192 tokens and 1024 sequences on GPUs of 70 GiB or more
// (A100 excepted), 2048 and 256 otherwise; a batch above max_num_seqs raises it (the command says so).
bool vllm_large_gpu(const GpuSpec& g);
ServingEngine serving_engine(bool large_gpu, WeightFormat wq, double batch);
// llama-server with `batch` parallel slots (GGUF weights, and every partial offload).
ServingEngine llamacpp_engine(double batch);
inline ServingEngine serving_engine(const GpuSpec& g, WeightFormat wq, double batch) {
    return serving_engine(vllm_large_gpu(g), wq, batch);
}

// vLLM's MXFP4 MoE kernels keep every routed expert padded to their tiles (mxfp4.py, create_weights):
// the hidden width to a multiple of 256, the expert's width per TP shard to 64 (Triton: Hopper and
// later), 128 (Marlin: GPUs before Hopper), 256 (FlashInfer: B200, B300), and both to 128 on ROCm.
// gpt-oss-120b (hidden 2880) loads 64.38 GiB on one H100 with Triton (vLLM issue 33155) and 65.97 GiB
// with Marlin (issue 23278) against its 60.8 GiB checkpoint. Nothing pads in llama.cpp or in other formats.
struct ExpertPadding {
    double hidden = 0, padded_hidden = 0, width = 0, padded_width = 0;
    bool pads() const { return padded_hidden > hidden || padded_width > width; }
    double ratio() const { return pads() ? padded_hidden * padded_width / (hidden * width) : 1.0; }
};
ExpertPadding expert_padding(const ModelSpec& m, WeightFormat wq, const GpuSpec& g, const ServingEngine& e, int tp);
// The weights as the serving engine holds them on `g` (the routed experts padded as above).
WeightBytes served_weight_bytes(const ModelSpec& m, WeightFormat wq, const GpuSpec& g, const ServingEngine& e, int tp);

// An MoE layer whose experts are MXFP4 runs its routing, gathers, two upcasting expert GEMMs and the
// scatter as separate kernels (vLLM's Triton matmul_ogs and Marlin paths, SGLang's): its launch gaps
// cost this many dense layers' more. Calibration: gpustack's gpt-oss-120b run (vLLM 0.11, one H100,
// 4 users) at 8.31 ms a token against 6.7 without (1.6 ms over 36 layers: 45 us, 1.8 x 25 us).
constexpr double kMxfp4MoeLayerFactor = 1.8;
// ROCm's MoE kernels (vLLM's and SGLang's AITER / Triton fused-MoE, launched through HIP graphs) cost
// this many dense layers' more per MoE layer than CUDA's; dense layers measure as on CUDA (AMD's Llama
// 3.1 tables at batch 1). Calibration: InferenceX's DeepSeek-R1 on 8 x MI300X (SGLang, 4 users) at
// 14.86 ms a token against 9.9 without (5 ms over 58 MoE layers: 85 us, 3.4 x 25 us).
constexpr double kRocmMoeLayerFactor = 3.4;
// The time of an engine step that streams no bytes: per layer of a stage, launch gaps and tails.
double fixed_step_seconds(const ModelSpec& m, WeightFormat wq, const ServingEngine& e, bool rocm, int pp, const Assumptions& a);

// One GPU of a replica as the engine lays it out.
struct ServingMemory {
    double usable = 0;  // bytes: memory × utilisation (the reserve kept free)
    Bytes weights, activations, cuda_graphs, comm_buffers, runtime;
    Bytes adapters;   // LoRA slots (--max-loras × rank, BF16) on this GPU
    Bytes prefix_kv;  // the KV of the prefix every request shares, held once
    Bytes overhead() const { return cuda_graphs + comm_buffers + runtime; }
    Bytes fixed() const { return weights + adapters + activations + overhead() + prefix_kv; }
    double kv_available() const { return usable - fixed().value; }
};
ServingMemory serving_memory(const Job& job, const GpuSpec& g, const ServingEngine& e, int tp, int pp,
                             const Assumptions& a);
// Activation peak the engine reserves per GPU (before the assumption set's factor).
Bytes serving_activations(const ModelSpec& m, const ServingEngine& e, int tp);

// One request cycle of `batch` concurrent requests.
struct Cycle {
    double seconds = 0;    // every request prefilled and decoded once (work-conserving)
    double tpot = 0;       // mean time between a request's output tokens
    double ttft = 0;       // time to first token at this load, queueing included
    double queue = 0;      // of which waiting for the prefill capacity
    double residual = 0;   // of which the mean rest of the step running on arrival
    double mean_step = 0;  // the cycle's mean step
    double prefill_share = 0;  // share of the cycle's time in steps that carry a prompt chunk
    double decode_step = 0, prefill_step = 0;  // a decode-only step and a step carrying a prompt chunk
    double utilization = 0;  // ρ: share of the step budget the prompts use
};

// Everything about one replica (TP × PP GPUs of one kind) under one assumption set.
struct Replica {
    const Job* job = nullptr;
    const GpuSpec* gpu = nullptr;
    int tp = 1, pp = 1;
    Assumptions a;
    Workload w;  // the request's shape: prompt, context, answer, speculation, adapters
    ServingEngine engine;
    KvLayout kv;
    ServingMemory mem;
    double kv_share = 1;         // share of a sequence's KV held by each GPU
    Bytes kv_ctx, kv_avg;        // KV per sequence per GPU: at ctx (whole blocks), at in + out
    double peak = 0, attn_peak = 0, bandwidth = 0;  // GEMM peak of the weights' arithmetic; BF16 peak
    double gemm_share = 1;  // share of the GEMM efficiency low-precision arithmetic keeps
    // The dense products' peak and share: the same, but BF16 for a checkpoint that quantizes only
    // its routed experts (gpt-oss MXFP4, Kimi K2 INT4 keep attention and shared layers in BF16).
    double dense_peak = 0, dense_gemm_share = 1;
    double gemm_params_per_call = 0;  // weights of one of a layer's dense matrix products on one GPU
    // MoE: one routed expert's matrix product on one GPU, and the share of a step's tokens each
    // expert sees (k of E experts per token, uniform routing).
    double expert_params_per_call = 0, expert_token_share = 1;
    // Per GPU, per step: weight bytes always read / of all routed experts; KV bytes per decoding
    // sequence; FLOPs per token of the dense linear layers, of the routed experts, of attention in
    // decode and in prefill.
    double dense_read = 0, expert_read = 0, kv_read = 0;
    double linear_flops = 0, expert_flops = 0, decode_attn_flops = 0, prefill_attn_flops = 0;
    // Per step of one pipeline stage: the fixed time of its layers; its all-reduces' latency and
    // seconds per token of payload (0 without TP).
    double fixed_step = 0, allreduce_latency = 0, allreduce_per_token = 0;
    // Partial offload (offload.hpp): weight bytes held in host RAM (always read / of all routed
    // experts), KV bytes per decoding sequence there, the bandwidths that read them (host RAM for
    // decode, PCIe for prompt batches the GPU takes) and the GPU-CPU hand-overs per step.
    double host_dense_read = 0, host_expert_read = 0, host_kv_read = 0;
    double host_bandwidth = 0, pcie_bandwidth = 0, host_switch_seconds = 0;
    // Speculation (workload.hpp): per draft token, the bytes, fixed time and FLOPs per sequence of the
    // draft layer and output head. LoRA: bytes of one adapter on this GPU, FLOPs per token of the
    // adapters' products, fixed time per step of their kernels.
    double draft_read = 0, draft_expert_read = 0, draft_fixed = 0, draft_flops = 0;
    double lora_read = 0, lora_flops = 0, lora_fixed = 0;

    double in() const;       // tokens prefilled per request (the uncached prompt)
    double out() const;      // tokens decoded per request (thinking and visible answer)
    double context() const;  // prompt tokens each request attends to
    double kv_tokens() const;       // vLLM's "GPU KV cache size"
    double max_concurrency() const; // KV capacity / one sequence at ctx
    double batch_limit_by_memory() const;

    double step_seconds(double decoding, double prompt_tokens) const;
    // Prompt tokens a step takes beside `decoding` sequences (the whole budget when prompts run
    // alone), and the time of a step carrying `tokens` of them (beside the decoding, or alone).
    double prompt_budget(double decoding) const;
    double prompt_step(double decoding, double tokens) const;
    Cycle cycle(double batch) const;
    double tps_per_user(double batch) const { return 1.0 / cycle(batch).tpot; }
    bool meets_targets(double batch) const;
    double best_batch(double cap) const;  // largest batch in [1, cap] meeting tps and ttft; 0 if none

    // Of a step, the time spent on the weights in host RAM (0 without offload).
    double host_seconds(double decoding, double tokens) const;
    // Of a step, the time of speculation's drafts and of LoRA adapters (0 without them).
    double extra_seconds(double decoding, double tokens) const;

  private:
    double gemm_efficiency(double tokens, double params_per_call, double share) const;
    double gemm_seconds(double tokens) const;  // the step's linear layers, dense and routed
};

Replica make_replica(const Job& job, const GpuSpec& g, int tp, int pp, const Assumptions& a, double batch);

// One layout under the three assumption sets: lo = optimistic, mid = typical, hi = pessimistic.
struct Replicas {
    Replica lo, mid, hi;
};
// An option's speed, memory and KV figures and their explanations from its replicas at `batch`
// concurrent requests each (inference.cpp).
void fill_from_replicas(Option& o, const Replicas& r, double batch);
// The option's figures of the request's shape (workload_figures.cpp), when it is more than one prompt
// and one answer; and the assumptions that shape states.
void fill_workload(Option& o, const Replica& r, double batch);
void workload_assumptions(const State& s, const Workload& w, std::vector<Message>& said);

}  // namespace gpusizer
