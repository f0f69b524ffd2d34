// "What can I run on my GPU?" — the reverse question (view=models): with a pinned GPU and count,
// every catalog model (and the link's custom model) is sized for the state's load in its native
// weight format, then 8-bit, then 4-bit, and the first that fits is reported with its speed;
// a model that fits in none says why (the reason of its closest option at the last format).
#pragma once

#include <vector>

#include "engine/sizing.hpp"

namespace gpusizer {

// Empty when the state pins no GPU of the catalog (evaluate() then warns models.no_gpu).
std::vector<ModelFit> fit_models(const State& s, const Catalog& catalog);

// The formats tried for a model on a GPU, in order: native; then FP8 (INT8 on GPUs without FP8
// tensor cores) when the native format is wider than 8 bits; then INT4 (AWQ) when it is wider
// than 4.5 bits. A 4-bit checkpoint (MXFP4, NVFP4, INT4) is tried as it is only.
std::vector<WeightFormat> formats_to_try(const ModelSpec& m, const GpuSpec& g);

}  // namespace gpusizer
