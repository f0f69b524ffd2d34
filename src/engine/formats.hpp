// Number formats for weights and the KV cache, with what each costs in memory.
#pragma once

#include <optional>
#include <string_view>

namespace gpusizer {

enum class WeightFormat {
    fp32, bf16, fp16, fp8, int8, mxfp4, nvfp4, int4, q8_0, q6_k, q5_k_m, q4_k_m
};
enum class KvFormat { bf16, fp16, fp8, int8 };

// Which arithmetic the tensor cores run for a weight format.
enum class ComputeKind { fp32, bf16, fp8, int8, fp4 };

struct WeightFormatInfo {
    WeightFormat format;
    std::string_view key;          // link / CLI spelling
    std::string_view label;        // what the UI shows
    double bits_per_weight;        // effective, including quantization scales
    bool is_gguf;                  // llama.cpp file format: applies to every tensor
    bool keeps_embeddings_16bit;   // quantizers keep embeddings / lm_head in BF16
    ComputeKind compute;           // tensor-core path used for prefill
    std::string_view scale_note;   // how bits_per_weight was derived
};

// Table of all weight formats. Sources of the effective bit widths:
//  * MXFP4: OCP Microscaling spec v1.0 — 32 FP4 elements share one 8-bit scale: 4 + 8/32 = 4.25.
//  * NVFP4: NVIDIA (blog "Introducing NVFP4", 2025) — 16 FP4 elements share one FP8 scale: 4 + 8/16 = 4.5.
//  * INT4 (AWQ/GPTQ, group 128): FP16 scale + 4-bit zero per 128 weights: 4 + 20/128 ≈ 4.16.
//  * FP8 / INT8 with per-channel or 128×128 block scales: overhead < 0.01 bit.
//  * GGUF: average bits per weight of whole files, from bartowski/Meta-Llama-3.1-8B-Instruct-GGUF
//    file sizes (8.03 B params): Q8_0 8.54 GB → 8.50, Q6_K 6.60 GB → 6.57, Q5_K_M 5.73 GB → 5.70,
//    Q4_K_M 4.92 GB → 4.90 bits/weight (the K-quant "_M" mixes keep some tensors at Q6_K).
const WeightFormatInfo& weight_format_info(WeightFormat f);
std::optional<WeightFormat> parse_weight_format(std::string_view key);
constexpr int kWeightFormatCount = 12;
WeightFormat weight_format_at(int index);

double kv_bytes_per_element(KvFormat f);
std::string_view kv_format_key(KvFormat f);
std::optional<KvFormat> parse_kv_format(std::string_view key);
constexpr int kKvFormatCount = 4;
KvFormat kv_format_at(int index);

}  // namespace gpusizer
