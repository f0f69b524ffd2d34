// The checkpoint's weight format, wherever the checkpoint states it: quantization_config (MXFP4 of
// gpt-oss, FP8 with block scales, AWQ / GPTQ by their bits and groups, compressed-tensors FP8 /
// INT8 / INT4 pack / NVFP4, ModelOpt FP8 / NVFP4, bitsandbytes 4/8-bit), MLX's `quantization`
// (group-wise affine, also written as a quantization_config without quant_method), and ModelOpt's
// hf_quant_config.json when it is given beside the config (ModelOpt keeps it there, not in
// config.json).
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

// ModelOpt's quant_algo (config.json's quantization_config or hf_quant_config.json's quantization).
std::optional<WeightFormat> modelopt(const std::string& algo) {
    if (algo.rfind("FP8", 0) == 0) return WeightFormat::fp8;
    if (algo == "NVFP4" || algo == "NVFP4_AWQ") return WeightFormat::nvfp4;
    if (algo == "MXFP4") return WeightFormat::mxfp4;
    if (algo == "W4A16_AWQ" || algo == "W4A8_AWQ" || algo == "INT4_AWQ") return WeightFormat::int4;
    if (algo == "INT8_SQ" || algo == "W8A8_SQ_PER_CHANNEL" || algo == "INT8") return WeightFormat::int8;
    return std::nullopt;
}

// MLX (mlx-lm's `quantization`: bits and group_size): every Linear and Embedding stored at `bits`
// with a 16-bit scale and bias per group.
bool mlx(const json& q, Quantization& r, const std::string& source) {
    const int bits = int_of(q, "bits"), group = int_of(q, "group_size");
    if (bits <= 0 || bits > 16 || group <= 0) return false;
    r.present = true;
    r.method = "mlx";
    r.source = source;
    r.format = bits <= 4 ? WeightFormat::int4 : WeightFormat::int8;
    r.bits_per_weight = bits + 32.0 / group;
    r.embeddings_quantized = true;
    if (bits != 4 && bits != 8) r.known = false;
    return true;
}

}  // namespace

Quantization read_quantization(const json& config, const json* quant_file, WeightFormat unquantized, bool moe) {
    Quantization r;
    r.format = unquantized;
    // ModelOpt's own file beside the config.
    if (quant_file && quant_file->is_object()) {
        auto q = quant_file->find("quantization");
        if (q != quant_file->end() && q->is_object()) {
            r.present = true;
            r.source = "hf_quant_config.json";
            r.method = "modelopt";
            const auto f = modelopt(text_of(*q, "quant_algo"));
            if (!f) { r.known = false; r.method = "modelopt " + text_of(*q, "quant_algo"); return r; }
            r.format = *f;
            r.experts_only = moe && spares_attention(*q, "exclude_modules");
            return r;
        }
    }
    auto it = config.find("quantization_config");
    if (it == config.end() || !it->is_object()) {
        auto m = config.find("quantization");
        if (m != config.end() && m->is_object()) mlx(*m, r, "quantization");
        return r;
    }
    const json& q = *it;
    r.present = true;
    r.source = "quantization_config";
    r.method = text_of(q, "quant_method");
    // mlx-lm writes its `quantization` again as a quantization_config without quant_method.
    if (r.method.empty() && mlx(q, r, "quantization_config")) return r;
    std::optional<WeightFormat> f;
    const std::string& m = r.method;
    if (m == "mxfp4") f = WeightFormat::mxfp4;
    else if (m == "fp8" || m == "fbgemm_fp8") f = WeightFormat::fp8;
    else if (m == "awq" || m == "gptq") {
        const int bits = int_of(q, "bits"), group = int_of(q, "group_size");
        if (bits == 4) f = WeightFormat::int4;
        else if (bits == 8) f = WeightFormat::int8;
        // A 16-bit scale and a bits-wide zero point per group: 4.16 bits at the usual group of 128.
        if (f && group > 0 && group != 128) r.bits_per_weight = bits + (16.0 + bits) / group;
    } else if (m == "compressed-tensors") {
        f = compressed_tensors(q);
    } else if (m == "modelopt") {
        f = modelopt(text_of(q, "quant_algo"));
    } else if (m == "bitsandbytes") {
        // NF4 / FP4: 4 bits and an FP32 absmax per 64 weights (4.5 bits); with double quantization the
        // absmax is 8-bit with an FP32 scale per 256 blocks (4.127 bits). 8-bit: int8 with a row scale.
        if (bool_of(q, "load_in_4bit") || bool_of(q, "_load_in_4bit")) {
            f = WeightFormat::int4;
            r.bits_per_weight = bool_of(q, "bnb_4bit_use_double_quant") ? 4 + 8.0 / 64 + 32.0 / (64 * 256) : 4.5;
        } else if (bool_of(q, "load_in_8bit") || bool_of(q, "_load_in_8bit")) {
            f = WeightFormat::int8;
        }
    }
    if (!f) {
        r.known = false;
        return r;
    }
    r.format = *f;
    r.experts_only = moe && (spares_attention(q, "modules_to_not_convert") || spares_attention(q, "ignore"));
    // DeepSeek V4: routed experts in FP4 (MXFP4: e2m1 with a ue8m0 scale per 32) under an FP8
    // quantization_config; the rest, FP8 in the checkpoint, is sized 16-bit as experts-only checkpoints'.
    if (moe && *f == WeightFormat::fp8 && text_of(config, "expert_dtype") == "fp4") {
        r.format = WeightFormat::mxfp4;
        r.experts_only = true;
        r.method += ", expert_dtype fp4";
    }
    return r;
}

}  // namespace gpusizer::hf
