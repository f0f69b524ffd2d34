// Per-task evaluators behind evaluate(). Each fills options and the job-level figures.
#pragma once

#include <string>
#include <vector>

#include "engine/sizing.hpp"

namespace gpusizer {

struct Job {
    const State& state;
    const Catalog& catalog;
    const ModelSpec& model;
    WeightFormat wq;
    std::vector<const GpuSpec*> gpus;  // candidates (one if pinned)
};

void evaluate_inference(const Job& job, Result& out);
// At a request rate, once the options are ranked: the latency-rate curves of the options a page draws
// (the recommendation's and each GPU's first fitting one); the others have none.
void add_latency_curves(const Job& job, Result& out);
void evaluate_training(const Job& job, Result& out);
void evaluate_other_work(const Job& job, Result& out);
// Service presets of the inference task (services.hpp); false: a plain LLM use, size it as such.
bool evaluate_service(const Job& job, Result& out);
void evaluate_speech(const Job& job, Result& out);      // speech.cpp
void evaluate_embeddings(const Job& job, Result& out);  // embeddings.cpp
void evaluate_copilot(const Job& job, Result& out);     // copilot.cpp
// Compute efficiency of an encoder forward pass: the prefill efficiency, less for narrow layers.
double encoder_compute_eff(const Assumptions& a, int hidden);
// The encoder efficiency of `math` on `g`: the 16-bit one, or for FP32 math the same glue beside
// GEMMs at kEncoderGemmEff of the FP32 peak (speech.cpp).
double encoder_eff_on(const Assumptions& a, int hidden, const GpuSpec& g, ComputeKind math);
// Share of the peak an encoder's GEMMs reach on their own, in either arithmetic.
constexpr double kEncoderGemmEff = 0.80;
// Pre-training's memory-bound work, bytes moved per model FLOP (sizing.cpp steady_training_mfu).
constexpr double kGlueBytesPerFlop = 0.0036;
// The arithmetic an encoder service runs: 16-bit tensor math (TEI and NeMo cast an FP32 checkpoint to
// it, faster-whisper dequantizes to it), FP32 math when the user asks for FP32 weights (wq=fp32, as
// sentence-transformers and candle run by default).
ComputeKind encoder_arithmetic(const State& s);

// Total training / tuning FLOPs for the state's tokens × epochs.
double training_flops(const ModelSpec& m, const State& s);
// FLOPs of one training token (forward + backward, attention at half the sequence on average).
double training_flops_per_token(const ModelSpec& m, const State& s);
// MFU of the job in BF16 against the BF16 dense peak: the user's `mfu`, or the default scaled for
// MoE models (moe_mfu_factor, 1 for dense ones). FP8 training adds its speed-up on top (training.cpp).
double training_mfu(const State& s, const ModelSpec& m);
// The same on one GPU: pre-training's default is that GPU's steady MFU (steady_training_mfu).
double training_mfu_on(const State& s, const ModelSpec& m, const GpuSpec& g);
double moe_mfu_factor(const ModelSpec& m);

// Communication of a training layout per step, as shares of compute time (TP, DP, EP) or of the
// step (PP bubble); 0 where the layout has no such dimension. Information: the MFU defaults are
// measured end to end and already include them.
struct TrainingComm {
    double tp_pct = 0, pp_pct = 0, dp_pct = 0, ep_pct = 0;
    double global_batch_tokens = 0, network_gbs = 0;
};
TrainingComm training_comm(const Job& job, const Option& o);
// The itemised assumptions of a training / tuning result (MFU, framework, layout, overheads).
void training_assumptions(const Result& r, const Catalog& catalog, std::vector<Message>& said);

// Serving command (vLLM, or llama.cpp for GGUF) that reproduces an inference option.
std::vector<CommandLine> serving_command(const Job& job, const Option& o);
// Parallel layout (TP × PP × DP, ZeRO) and the command that runs a training option (Megatron-LM for
// pre-training, LLaMA-Factory for fine-tuning; training_commands.cpp), `tokens` in total.
std::vector<CommandLine> training_layout(const Job& job, const Option& o, double tokens);
// Sequences per optimizer step of a pre-training layout: the ~16 M-token global batch in whole
// micro-batches × DP (Megatron-LM's --global-batch-size).
long long global_batch_sequences(const State& s, const Option& o);

// Fixed-point number for command lines (locale-independent; messages carry raw numbers instead).
std::string fmt(double v, int decimals);

// The GPU's price when it is in the display currency; nullptr for no price or another currency.
const Price* price_in(const GpuSpec& g, const std::string& currency);
// Cost per hour and per month (rented around the clock) of an option at its GPU's price.
void add_cost(Option& o, const GpuSpec& g, const std::string& currency);
// Flags layouts a buyer would not rent (see practicality.cpp); runs after every option is built.
void mark_impractical(const Catalog& catalog, const State& s, std::vector<Option>& options);
// The software stack of every option on a GPU that does not run CUDA (AMD: ROCm), as a warning.
void note_software_stack(const Catalog& catalog, const State& s, std::vector<Option>& options);
// Where the ranked answer departs from the article's advice or the offload question (advice.cpp).
void advise(const Catalog& catalog, Result& r);
// The guide's "at least 500 GB/s for ML" rule as an option warning.
void warn_low_bandwidth(const GpuSpec& g, Option& o);

// A new option on GPU `g`: its id and name, memory and usable memory (the state's reserve), `count`
// GPUs in the catalog's servers (0 while the count is still to be sized). Every evaluator starts here.
Option option_on(const GpuSpec& g, const State& s, int count);

// Services scale by whole GPUs, one replica each: the count the load needs, unless `n` pins it
// (sets count, servers and replicas). True when a pinned count falls short of the load.
bool scale_to_load(Option& o, const GpuSpec& g, int needed, int pinned);

// Users to provision for: the load plus the growth reserve, at least one; at a rate, the requests in
// flight it implies when each meets its targets.
double planned_users(const State& s);

}  // namespace gpusizer
