#include "engine/formats.hpp"

namespace gpusizer {
namespace {

constexpr WeightFormatInfo kWeightFormats[kWeightFormatCount] = {
    {WeightFormat::fp32, "fp32", "FP32", 32.0, false, false, ComputeKind::fp32, "4 bytes per weight"},
    {WeightFormat::bf16, "bf16", "BF16", 16.0, false, false, ComputeKind::bf16, "2 bytes per weight"},
    {WeightFormat::fp16, "fp16", "FP16", 16.0, false, false, ComputeKind::bf16, "2 bytes per weight"},
    {WeightFormat::fp8, "fp8", "FP8", 8.0, false, true, ComputeKind::fp8, "1 byte + block scales (<0.01 bit)"},
    {WeightFormat::int8, "int8", "INT8 (W8A8)", 8.0, false, true, ComputeKind::int8, "1 byte + per-channel scales"},
    {WeightFormat::mxfp4, "mxfp4", "MXFP4", 4.25, false, true, ComputeKind::fp4, "4 bits + 8-bit scale per 32"},
    {WeightFormat::nvfp4, "nvfp4", "NVFP4", 4.5, false, true, ComputeKind::fp4, "4 bits + FP8 scale per 16"},
    {WeightFormat::int4, "int4", "INT4 AWQ/GPTQ", 4.16, false, true, ComputeKind::bf16, "4 bits + FP16 scale & zero per 128"},
    {WeightFormat::q8_0, "q8_0", "GGUF Q8_0", 8.50, true, false, ComputeKind::bf16, "GGUF file average"},
    {WeightFormat::q6_k, "q6_k", "GGUF Q6_K", 6.57, true, false, ComputeKind::bf16, "GGUF file average"},
    {WeightFormat::q5_k_m, "q5_k_m", "GGUF Q5_K_M", 5.70, true, false, ComputeKind::bf16, "GGUF file average"},
    {WeightFormat::q4_k_m, "q4_k_m", "GGUF Q4_K_M", 4.90, true, false, ComputeKind::bf16, "GGUF file average"},
};

struct KvInfo {
    KvFormat format;
    std::string_view key;
    double bytes;
};
constexpr KvInfo kKvFormats[kKvFormatCount] = {
    {KvFormat::bf16, "bf16", 2.0},
    {KvFormat::fp16, "fp16", 2.0},
    {KvFormat::fp8, "fp8", 1.0},
    {KvFormat::int8, "int8", 1.0},
};

}  // namespace

const WeightFormatInfo& weight_format_info(WeightFormat f) {
    for (const auto& info : kWeightFormats)
        if (info.format == f) return info;
    return kWeightFormats[1];
}

std::optional<WeightFormat> parse_weight_format(std::string_view key) {
    for (const auto& info : kWeightFormats)
        if (info.key == key) return info.format;
    return std::nullopt;
}

WeightFormat weight_format_at(int index) {
    if (index < 0 || index >= kWeightFormatCount) return WeightFormat::bf16;
    return kWeightFormats[index].format;
}

double kv_bytes_per_element(KvFormat f) {
    for (const auto& info : kKvFormats)
        if (info.format == f) return info.bytes;
    return 2.0;
}

std::string_view kv_format_key(KvFormat f) {
    for (const auto& info : kKvFormats)
        if (info.format == f) return info.key;
    return "bf16";
}

std::optional<KvFormat> parse_kv_format(std::string_view key) {
    for (const auto& info : kKvFormats)
        if (info.key == key) return info.format;
    return std::nullopt;
}

KvFormat kv_format_at(int index) {
    if (index < 0 || index >= kKvFormatCount) return KvFormat::bf16;
    return kKvFormats[index].format;
}

}  // namespace gpusizer
