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
void evaluate_training(const Job& job, Result& out);
void evaluate_other_work(const Job& job, Result& out);

// Total training / tuning FLOPs for the state's tokens × epochs.
double training_flops(const ModelSpec& m, const State& s);
// FLOPs of one training token (forward + backward, attention at half the sequence on average).
double training_flops_per_token(const ModelSpec& m, const State& s);

// Serving command (vLLM, or llama.cpp for GGUF) that reproduces an inference option.
std::vector<CommandLine> serving_command(const Job& job, const Option& o);
// Parallel layout (TP × PP × DP, ZeRO) and launcher line for a training option.
std::vector<CommandLine> training_layout(const Job& job, const Option& o);

// Fixed-point number for command lines (locale-independent; messages carry raw numbers instead).
std::string fmt(double v, int decimals);

// The GPU's price when it is in the display currency; nullptr for no price or another currency.
const Price* price_in(const GpuSpec& g, const std::string& currency);
// Cost per hour and per month (rented around the clock) of an option at its GPU's price.
void add_cost(Option& o, const GpuSpec& g, const std::string& currency);
// Flags layouts a buyer would not rent (see practicality.cpp); runs after every option is built.
void mark_impractical(const Catalog& catalog, const State& s, std::vector<Option>& options);
// The guide's "at least 500 GB/s for ML" rule as an option warning.
void warn_low_bandwidth(const GpuSpec& g, Option& o);

// Users to provision for: the load plus the growth reserve, at least one.
double planned_users(const State& s);
// Inference activations per GPU: one prefill chunk's hidden states (replicated) and MLP width
// (split by TP), plus FP32 logits for the sequences sampled in one step.
Bytes inference_activations(const ModelSpec& m, const State& s, int tp);

}  // namespace gpusizer
