// quantization_config → the checkpoint's weight format. The methods a serving stack reads from
// config.json: MXFP4 (gpt-oss), FP8 with block scales (DeepSeek-V3, Qwen FP8), AWQ / GPTQ by
// their bits, compressed-tensors (FP8, INT8, INT4 pack, NVFP4), ModelOpt FP8 / NVFP4, bitsandbytes.
#include <optional>
#include <string>

#include "catalog/hf_arch.hpp"

namespace gpusizer::hf {
namespace {

using json = nlohmann::json;

std::string text_of(const json& o, const char* key) {
    auto it = o.find(key);
    return it != o.end() && it->is_string() ? it->get<std::string>() : std::string();
}

int int_of(const json& o, const char* key) {
    auto it = o.find(key);
    return it != o.end() && it->is_number_integer() ? it->get<int>() : 0;
}

bool bool_of(const json& o, const char* key) {
    auto it = o.find(key);
    return it != o.end() && it->is_boolean() && it->get<bool>();
}

// A checkpoint that leaves attention unquantized in a MoE model quantizes its routed experts only
// (gpt-oss: modules_to_not_convert; Kimi K2: compressed-tensors "ignore"). The engine then keeps
// attention and shared layers 16-bit.
bool spares_attention(const json& q, const char* list) {
    auto it = q.find(list);
    if (it == q.end() || !it->is_array()) return false;
    for (const auto& e : *it)
        if (e.is_string() && e.get_ref<const std::string&>().find("attn") != std::string::npos) return true;
    return false;
}

// compressed-tensors: the format name, else the first config group's weight bits and type.
std::optional<WeightFormat> compressed_tensors(const json& q) {
    const std::string format = text_of(q, "format");
    if (format == "nvfp4-pack-quantized") return WeightFormat::nvfp4;
    if (format == "float-quantized") return WeightFormat::fp8;
    if (format == "int-quantized") return WeightFormat::int8;
    auto groups = q.find("config_groups");
    if (groups == q.end() || !groups->is_object()) return format == "pack-quantized" ? std::optional(WeightFormat::int4) : std::nullopt;
    for (const auto& g : *groups) {
        if (!g.is_object()) continue;
        auto w = g.find("weights");
        if (w == g.end() || !w->is_object()) continue;
        const int bits = int_of(*w, "num_bits");
        const bool is_float = text_of(*w, "type") == "float";
        if (bits == 8) return is_float ? WeightFormat::fp8 : WeightFormat::int8;
        if (bits == 4) return is_float ? WeightFormat::nvfp4 : WeightFormat::int4;
    }
    return std::nullopt;
}

}  // namespace

Quantization read_quantization(const json& config, WeightFormat unquantized, bool moe) {
    Quantization r;
    r.format = unquantized;
    auto it = config.find("quantization_config");
    if (it == config.end() || !it->is_object()) return r;
    const json& q = *it;
    r.present = true;
    r.method = text_of(q, "quant_method");
    std::optional<WeightFormat> f;
    const std::string& m = r.method;
    if (m == "mxfp4") f = WeightFormat::mxfp4;
    else if (m == "fp8" || m == "fbgemm_fp8") f = WeightFormat::fp8;
    else if (m == "awq" || m == "gptq") {
        const int bits = int_of(q, "bits");
        if (bits == 4) f = WeightFormat::int4;
        else if (bits == 8) f = WeightFormat::int8;
    } else if (m == "compressed-tensors") {
        f = compressed_tensors(q);
    } else if (m == "modelopt") {
        const std::string algo = text_of(q, "quant_algo");
        if (algo == "FP8") f = WeightFormat::fp8;
        else if (algo == "NVFP4") f = WeightFormat::nvfp4;
    } else if (m == "bitsandbytes") {
        // NF4 with double quantization is 4.127 bits/weight, within 1 % of INT4 AWQ's 4.16.
        if (bool_of(q, "load_in_4bit")) f = WeightFormat::int4;
        else if (bool_of(q, "load_in_8bit")) f = WeightFormat::int8;
    }
    if (!f) {
        r.known = false;
        return r;
    }
    r.format = *f;
    r.experts_only = moe && (spares_attention(q, "modules_to_not_convert") || spares_attention(q, "ignore"));
    return r;
}

}  // namespace gpusizer::hf
