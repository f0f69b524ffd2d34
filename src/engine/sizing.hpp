// gpusizer engine: evaluates every GPU of the catalog at every sensible count for a task,
// a model and a load, and says which configurations work, how fast, how long, how much.
//
// MODELLING ASSUMPTIONS (each is also listed in Result::assumptions with its value)
//  Inference (serving_model.hpp has the detail)
//   * Memory per GPU is laid out as the serving engine of the command does it. vLLM: memory ×
//     (1 - reserve) (--gpu-memory-utilization) holds the weights/(TP·PP), the activation peak it
//     profiles (the larger of a max_num_batched_tokens forward pass and the sampler over
//     max_num_seqs sequences: 8192 / 1024 on GPUs of 70 GiB or more other than the A100,
//     2048 / 256 elsewhere), the CUDA-graph pool, NCCL buffers under TP, non-PyTorch memory; the
//     rest is KV cache in 16-token blocks ("GPU KV cache size"; / ctx = "maximum concurrency").
//     llama.cpp (GGUF): weights, a 512-token compute buffer, runtime, and -c = ctx × slots cells.
//     vLLM's MXFP4 expert kernels pad each expert to their tiles (gpt-oss: hidden 2880 → 3072).
//   * The KV cache must hold `users` sequences each of `ctx` tokens (the worst case a server
//     started with --max-model-len ctx must hold); the low end of the range is users × (in + out).
//   * Under tensor parallelism weights and KV heads are split; the MLA latent, activations and
//     runtime memory are replicated on every rank; with TP > KV heads, KV heads are replicated.
//     llama.cpp splits layers (--split-mode layer): its GPUs run in series.
//   * Speed is continuous batching with chunked prefill. A step carries the next token of every
//     running request and up to the token budget of prompt chunks; it costs max(weights read once
//     (MoE: experts touched by its tokens) / (BW·eff), GEMM FLOPs / (peak·eff(tokens))) + KV bytes
//     of the decoding requests / (BW·eff) + prompt attention FLOPs + a fixed time per layer (an
//     MoE layer twice, more with MXFP4 experts and on ROCm) + TP all-reduces. One cycle prefills
//     and decodes each of the batch's requests once; prompts add to it, so they slow everyone's
//     decode. Tokens/s per user = 1 / time per output token; total =
//     batch × out / cycle. Pipeline stages run one after another (PP adds memory, not speed).
//   * Time to first token = API-server time + the step running on arrival + the wait for prefill
//     capacity (prompts arrive at batch / cycle per second; M/D/1 wait ρ·s/2(1-ρ), at most the
//     batch's other prompts) + the prompt's own prefill steps.
//   * Capacity: replicas × (TP·PP) GPUs; each replica serves the largest batch that meets
//     `tps` and `ttft`; servers hold the catalog's largest server size of GPUs.
//  Fine-tuning and training
//   * Mixed-precision AdamW: BF16 weights (2 B/param), BF16 gradients (2), FP32 master weights
//     and two Adam moments (12): 16 B/param (Rajbhandari et al., ZeRO, 2020). ZeRO-1/2/3 shard
//     optimizer / +gradients / +weights across data-parallel ranks. Fine-tuning may choose
//     (`optim`) pure BF16 AdamW (BF16 moments, no master copy: 4 B instead of 12) or 8-bit AdamW
//     moments (2 B, bitsandbytes / torchao); pre-training and NeMo keep mixed precision.
//   * LoRA: frozen BF16 base, adapters on every attention and MLP projection, 16 B per adapter
//     parameter; QLoRA: NF4 base with double quantization (4.127 bits/weight, Dettmers et al. 2023).
//   * Activations per token: one layer's 17·h + 6·I bytes (Korthikanti et al. 2022 with flash
//     attention, SwiGLU width I) plus, during its backward pass, the gradients of its widest tensors
//     (4·h + 4·I); with full checkpointing each layer's BF16 input (2·h) is kept, else every layer's
//     activations. TP divides them (sequence parallel).
//   * The fine-tuning framework family is the user's (`trainer`):
//       hf (default): plain Hugging Face Trainer + PEFT: the loss step holds the full logits, 16 B per
//         vocabulary entry per token (BF16 logits, their FP32 copy, FP32 log-softmax, FP32 + BF16
//         gradients); checkpoints on the GPU; QLoRA's embeddings and lm_head cast to FP32 by PEFT.
//       fused: Unsloth, Liger kernels, torchtune: fused / chunked cross-entropy (one FP32 chunk the
//         size of the hidden states), checkpoints offloaded to host memory.
//       nemo: NVIDIA NeMo / Megatron-Bridge (Megatron-Core, Transformer Engine): Megatron's loss, checkpoints on
//         the GPU, and its published speed (MFU 0.56, for pre-training too; set on NeMo 24.07's table).
//     Pre-training: Megatron's cross-entropy, 6 B per vocabulary entry per token.
//     Per GPU CUDA context and kernels 1.3 GB (Hugging Face "Model training anatomy": 1,343 MB).
//     Calibrated on Unsloth's published context limits of both families (validation.json).
//   * Training FLOPs = 6·N_active·D + 6·L·s·d_attn·D (causal attention); LoRA/QLoRA 4·N·D (no
//     weight gradients for frozen weights). GPU-hours = FLOPs / (BF16 dense peak · MFU · FP8 speed-up
//     · goodput).
//   * MFU is stated against the BF16 dense peak for a BF16 run. Pre-training: each GPU's steady MFU,
//     1 / (1/0.80 + 0.0036 B per FLOP × peak / bandwidth): GEMMs at 80 % of the peak, the memory-bound
//     rest at the bandwidth (A100 0.56, H100 0.43, B200 0.44; set on llm-foundry's MPT-7B on H100).
//     Fine-tuning: 0.40 full, LoRA 0.30 (hf) / 0.50 (fused), QLoRA 0.25 / 0.40. × sqrt(active / 37 B),
//     at least 0.40, for a mixture of experts (published MoE runs, training.cpp). FP8 training (wq=fp8
//     on a GPU with FP8 tensor cores, full training only) runs 1.3x faster (measured), not 2x.
//   * Goodput: a whole pre-training run spends 0.70 of its GPU-hours at the steady speed (failures,
//     restarts, checkpoints, evaluation, data stalls; model cards' hours against benchmark speed, set
//     between Meta's Llama 2 70B and Llama 3.1 70B runs); `goodput=1` is a benchmark's steady speed.
//     Fine-tuning: 1.
//   * Pre-training layouts as Megatron-LM sizes them: the smallest TP (inside a server, NVLink) ×
//     PP (across servers) group that fits with ZeRO-1 (distributed optimizer); MoE experts split by the
//     smallest EP (a power of two dividing DP, at most 64) that fits, the widest under ZeRO-2/3 (which
//     shards experts anyway); ZeRO-2/3 only when nothing else fits. Each layout states its
//     communication per step (TP all-reduce, PP bubble, DP sync, EP all-to-all); the MFU defaults are
//     measured end to end and already include it. Fine-tuning keeps DDP, then ZeRO / FSDP, then TP, PP.
//  Services (services.hpp): speech-to-text = encoder compute + decoder bandwidth per audio second
//   (speech.cpp); embeddings = encoder compute per token, queries per second and the hours to
//   embed a corpus (embeddings.cpp); the copilot = the serving model above with a prefix cache.
//  Other GPU work: rules over catalog facts (graphics/RT, NVENC engines, FP32, FP64, memory).
//  All three assumption sets (optimistic / typical / pessimistic, see assumptions.hpp) are run;
//  their spread is each headline figure's low-high range.
#pragma once

#include <string>
#include <vector>

#include "engine/assumptions.hpp"
#include "engine/catalog_types.hpp"
#include "engine/codes.hpp"
#include "engine/message.hpp"
#include "engine/slo.hpp"
#include "engine/state.hpp"
#include "engine/units.hpp"
#include "engine/vocabulary.hpp"

namespace gpusizer {

struct MemoryBreakdown {
    Bytes weights, kv_cache, activations, optimizer, gradients, overhead;
    Bytes total() const { return weights + kv_cache + activations + optimizer + gradients + overhead; }
};

// How a figure was obtained, for the UI's tooltips and the CLI's explain output.
struct Explanation {
    std::string key;      // e.g. "memory.kv_cache"
    Message formula;      // code + the substituted numbers (src/text renders it)
    Range range;
};

// One line of a command: shell text and/or a coded comment (rendered as "  # …" after the shell
// text, or alone as a description line when there is no shell text).
struct CommandLine {
    std::string shell;
    Message note;
};

// Partial offload of a one-GPU option (offload.hpp): what sits in host RAM and what that costs.
struct OffloadInfo {
    bool experts_only = false;   // --n-cpu-moe host_layers; else -ngl (layers - host_layers)
    int host_layers = 0, layers = 0;
    bool output_on_host = false;           // dense: the output layer in host RAM (-ngl <= layers)
    double gpu_weights_gb = 0, host_weights_gb = 0, host_kv_gb = 0;
    double host_need_gb = 0, ram_gb = 0;   // host RAM needed (weights, KV, OS) and installed
    double host_bandwidth_gbs = 0;         // theoretical, of the stated DDR type
    double pcie_gbs = 0;                   // x16 per direction
    double host_share = 0;                 // share of a one-user decode step spent on the host side
    WeightFormat format = WeightFormat::bf16;  // the GGUF format served
    bool moves_weights() const { return host_layers > 0 || output_on_host; }  // else llama.cpp holds it all
};

// Sizing for a request rate (state.rps > 0; slo.hpp): the fleet and its latency percentiles.
struct SloFigures {
    double rps = 0;                  // the asked rate over the fleet (growth included)
    double rps_max = 0;              // the highest rate the active replicas carry within the targets
    double rps_max_per_replica = 0;
    double saturation_rps = 0;       // one replica at its batch limit (MLPerf's Offline, in requests/s)
    int replicas_needed = 0;         // active replicas for the rate; Option::replicas adds the spares
    int spare = 0;
    SloPoint at;                     // one active replica at its share of the asked rate
    std::vector<SloPoint> curve;     // one replica from 5 % to 98 % of saturation
};

// The request's shape at one option (workload.hpp), when a session, speculation, reasoning or adapters
// are set. Per replica unless said otherwise.
struct WorkloadFigures {
    double prompt = 0, context = 0, visible = 0, thinking = 0;  // tokens per request (mean over turns)
    double tokens_per_step = 1;  // speculation: tokens a sequence advances per step
    double spec_speedup = 1;     // time per output token without speculation over with it, at this batch
    double think_s = 0;          // decoding the thinking tokens
    double first_visible_s = 0;  // time to first token + thinking: when the user sees the answer start
    std::optional<double> cost_per_answer;  // the option's cost of one request: thinking and answer tokens
    double adapters_gb = 0;      // per GPU: the adapter slots
    double adapters_host_gb = 0; // all served adapters, host RAM of each server
    double lora_step_pct = 0;    // what the adapters add to a decode step at this batch, %
    // Sessions (turns > 1): idle sessions between turns and where their KV waits.
    KvTier tier = KvTier::gpu;
    double idle_sessions = 0;    // per replica
    double session_gb = 0;       // KV of one session at its mean turn, whole replica
    double host_ram_gb = 0, disk_gb = 0;  // per server, for idle sessions' KV
    double restore_s = 0;        // bringing a session's KV back (or recomputing it) at its next turn
    double ttft_turn_s = 0;      // time to first token of a mean turn, the restore included
};

struct Option {
    std::string gpu_id;
    std::string gpu_name;
    int count = 0;        // GPUs in total
    int servers = 0;
    int tp = 1, pp = 1, dp = 1, replicas = 1;
    int ep = 1;           // training: expert-parallel ranks (MoE experts split across DP ranks)
    int zero = -1;        // training: ZeRO stage used (-1: n/a)
    bool fits = false;
    Message reason;       // why it does not fit (empty code when it fits)
    std::vector<Warning> warnings;
    double capacity_gb = 0;   // usable memory per GPU after the reserve, GB
    double gpu_memory_gb = 0; // whole memory per GPU, GB
    MemoryBreakdown per_gpu;  // typical
    Range per_gpu_gb;
    // inference
    int batch_per_replica = 0;
    double users_served = 0;
    Range decode_tps_per_user, total_tps, ttft_s, tpot_ms;
    // The KV cache the serving engine allocates (vLLM's start-up log): memory per GPU left for it,
    // tokens the replica holds ("GPU KV cache size"), and that over ctx ("maximum concurrency").
    double kv_cache_gb = 0, kv_cache_tokens = 0, max_concurrency = 0;
    // training / tuning
    Range gpu_hours, days;
    double energy_mwh = 0;
    double mfu = 0;           // training / tuning: the MFU on this GPU (BF16 dense peak; MoE factor in)
    // services (services.hpp): speech-to-text and embeddings
    Range audio_x_realtime;     // seconds of recorded audio one GPU transcribes per second
    double streams_served = 0;  // live audio streams the option carries beside the recorded audio
    Range qps_capacity;         // search queries per second the option's GPUs embed
    Range index_hours;          // hours to embed the whole corpus on the option's GPUs
    // other work: the figure the GPU is ranked by, and its unit
    double score = 0;
    Message score_label;  // e.g. score.fp64_tflops
    // Practical: a layout a buyer would rent. Impractical fits rank after practical ones and say
    // why in `warnings` (see practicality.cpp).
    bool practical = true;
    // cost (nullopt: no price in the display currency); `price` is the one used, with its source
    std::optional<Price> price;
    std::optional<double> cost_per_hour, cost_per_month, cost_per_mtok, cost_total;
    std::optional<SloFigures> slo;       // inference with rps > 0
    std::optional<OffloadInfo> offload;  // inference with offload=1: part of the model in host RAM
    std::optional<WorkloadFigures> workload;  // inference whose requests are more than one prompt and answer
    std::vector<CommandLine> command;  // serving command or training layout that reproduces this estimate
    std::vector<Explanation> explanations;  // how this option's own figures were obtained (typical set)
};

// One model on the pinned GPU (view=models, "what can I run on my GPU?"): the first weight format
// that fits the load, or why none does (engine/model_fit.hpp).
struct ModelFit {
    std::string id, name;        // catalog id, or "custom" for the link's own model
    double params_b = 0;
    bool fits = false;
    WeightFormat wq = WeightFormat::bf16;  // the format that fits, else the last one tried
    bool native = true;          // wq is the checkpoint's own format
    int count = 1;               // GPUs (the pinned n, default 1)
    Range per_gpu_gb, decode_tps_per_user;
    Message reason;              // empty when it fits
};

// Where the answer departs from the article's advice for the task (its memory band, the GPUs it
// names, NVIDIA only) or from what the user turned on (offload on one card), said as a sentence,
// with a switch that applies the assumption closing the gap (advice.cpp).
enum class AdviceTopic { guide, offload };
struct Advice {
    AdviceTopic topic = AdviceTopic::guide;
    Message why;                 // guide.memory, guide.gpus, guide.vendor, offload.relax, reason.offload_*
    Message action;              // the switch's label; empty: there is nothing to switch to
    std::optional<State> apply;  // the state the switch sets (its link: encode_link(*apply))
};

struct Result {
    State state;                 // effective state (after defaults)
    ModelSpec model;             // the model used (catalog entry or custom)
    std::string architecture_id; // the catalog entry sized: model.id, or the entry a variant is sized as
    WeightFormat weight_format = WeightFormat::bf16;  // effective: state.wq or the model's native format
    bool model_found = true;
    std::vector<Warning> warnings;
    MemoryBreakdown memory;      // one replica of the job before splitting, typical
    Range memory_total_gb;
    double flops = 0;            // training / tuning total FLOPs
    double mfu = 0;              // training / tuning: MFU of a BF16 run vs the BF16 dense peak, as used
    double tokens = 0;           // training / tuning tokens × epochs: given, or implied by a GPU-hour budget
    double horizon_days = 0;     // the default horizon the plan was sized for (0: a deadline or a count was given)
    Range gpu_hours;             // on the recommended GPU
    std::vector<Option> options; // ranked: fitting first
    int recommended = -1;        // index into options, -1 if nothing fits
    std::vector<Explanation> explanations;
    std::vector<Message> assumptions;  // itemised, with their values
    double vector_index_gb = 0;  // embeddings: the corpus's vectors (float32), held beside the GPUs
    std::string currency = "USD";
    std::vector<ModelFit> models;      // view=models only: every catalog model (and the custom one) on the pinned GPU
    std::vector<Advice> advice;        // departures from the article / the offload question, with their switches
};

// The article's row for the state's task and use (the catalog's presets); nullptr when it has none.
const TaskPreset* guide_preset(const Catalog& c, const State& s);

// Evaluate a state against a catalog. Never throws; unknown ids give warnings and an empty result.
Result evaluate(const State& state, const Catalog& catalog);

// The first figure of a result that is not a finite number (or a negative count), named as
// "options[3].ttft_s"; empty when every figure is fine. The fuzzers and the tests hold the engine to it.
std::string non_finite_figure(const Result& r);

// Memory of one inference replica (before splitting) if every planned user held `ctx` tokens:
// the curve behind the UI's "memory vs context" chart, same terms as Result::memory.
Bytes inference_memory_at_context(const ModelSpec& m, const State& s, WeightFormat wq, double ctx);

// The article's conversion: GPU-hours ↔ GPUs × days ↔ servers.
int gpus_for_deadline(double gpu_hours, double days);
double days_for_gpus(double gpu_hours, int gpus);
int servers_for_gpus(int gpus, int server_size);

}  // namespace gpusizer
