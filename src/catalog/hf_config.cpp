// config.json → hf::Arch → ModelSpec. Field names follow transformers' configuration classes,
// with the aliases other families use; a VLM's language model is read from its text_config.
#include "catalog/hf_config.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>

#include "catalog/hf_arch.hpp"
#include "engine/codes.hpp"
#include "engine/custom_model.hpp"
#include "link/link.hpp"

namespace gpusizer {
namespace {

using json = nlohmann::json;
using hf::Arch;
using hf::LayerAttention;

constexpr int kMaxWidth = 100000000, kMaxCount = 100000;

// Reads the text model's fields: from text_config when the config has one (a VLM), else from the
// top; each field under its first spelling found. Errors name the file, the object and the field.
class Fields {
  public:
    Fields(const json& top, const json* text, std::string file, std::vector<CatalogError>& errors)
        : top_(top), text_(text), file_(std::move(file)), errors_(errors) {}

    // The first of `names` that is present and not null, and where it was found.
    const json* find(std::initializer_list<const char*> names, std::string* entry = nullptr, std::string* name = nullptr) const {
        for (const json* obj : {text_, &top_}) {
            if (!obj) continue;
            for (const char* n : names) {
                auto it = obj->find(n);
                if (it == obj->end() || it->is_null()) continue;
                if (entry) *entry = obj == text_ ? "text_config" : "";
                if (name) *name = n;
                return &*it;
            }
        }
        return nullptr;
    }

    void error(const std::string& entry, const std::string& field, const std::string& message) {
        errors_.push_back({file_, entry, field, message});
    }

    // A whole number in [min, max]; `fallback` when absent (an error when required).
    int whole(std::initializer_list<const char*> names, int min, int max, bool required, int fallback = 0) {
        std::string entry, name;
        const json* v = find(names, &entry, &name);
        if (!v) {
            if (required) error(entry, *names.begin(), "required whole number is missing");
            return fallback;
        }
        if (!v->is_number()) {
            error(entry, name, std::string("expected a whole number, got ") + kind(*v));
            return fallback;
        }
        const double d = v->get<double>();
        if (!std::isfinite(d) || d != std::floor(d) || d < min || d > max) {
            error(entry, name, "expected a whole number " + std::to_string(min) + "–" + std::to_string(max) + ", got " +
                                   v->dump(-1, ' ', false, json::error_handler_t::replace).substr(0, 40));
            return fallback;
        }
        return int(d);
    }

    bool flag(std::initializer_list<const char*> names, bool fallback) {
        std::string entry, name;
        const json* v = find(names, &entry, &name);
        if (!v) return fallback;
        if (!v->is_boolean()) { error(entry, name, std::string("expected true or false, got ") + kind(*v)); return fallback; }
        return v->get<bool>();
    }

    std::string text(std::initializer_list<const char*> names) {
        const json* v = find(names);
        return v && v->is_string() ? v->get<std::string>() : std::string();
    }

    static const char* kind(const json& v) {
        if (v.is_string()) return "a string";
        if (v.is_boolean()) return "a boolean";
        if (v.is_array()) return "an array";
        if (v.is_object()) return "an object";
        return "a number";
    }

  private:
    const json& top_;
    const json* text_;
    std::string file_;
    std::vector<CatalogError>& errors_;
};

bool starts_with(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

// A name from the file quoted in a note: at most 40 printable ASCII characters (the file is hostile
// until read; notes reach terminals and exports).
std::string printable(const std::string& s) {
    std::string out;
    for (char c : s.substr(0, 40)) out += c >= 0x20 && c < 0x7f ? c : '?';
    return out;
}

// Which optional tensors a family's attention and MLP have (they are parameters too).
void read_family(Fields& f, Arch& a) {
    const std::string& t = a.model_type;
    const bool qwen2 = starts_with(t, "qwen2");  // Qwen2 / 2.5 / -MoE / -VL: q, k, v biases always
    const bool attention_bias = f.flag({"attention_bias"}, false);
    a.qkv_bias = attention_bias || qwen2;
    a.o_bias = attention_bias && !qwen2;
    a.qk_norm = starts_with(t, "qwen3") || starts_with(t, "gemma3");
    a.output_gate = f.flag({"attn_output_gate"}, false);
    a.sinks = t == "gpt_oss";
    a.router_bias = a.expert_bias = t == "gpt_oss";
    a.norms_per_layer = starts_with(t, "gemma2") || starts_with(t, "gemma3") ? 4 : 2;
    a.mlp_bias = f.flag({"mlp_bias"}, false);
}

// Routed experts, shared experts and which layers have them.
void read_moe(Fields& f, Arch& a) {
    a.experts = f.whole({"num_local_experts", "n_routed_experts", "num_experts", "moe_num_experts"}, 1, 1 << 20, false);
    a.moe.assign(size_t(a.layers), false);
    if (a.experts <= 0) return;
    a.experts_per_token = f.whole({"num_experts_per_tok", "experts_per_token", "moe_topk", "num_experts_per_token"}, 1,
                                  a.experts, true, 1);
    a.expert_intermediate = f.whole({"moe_intermediate_size", "expert_intermediate_size"}, 1, kMaxWidth, false, a.intermediate);
    if (a.expert_intermediate <= 0) f.error("", "moe_intermediate_size", "required (or intermediate_size) for the experts' width");
    if (const int n = f.whole({"n_shared_experts"}, 0, 1 << 20, false); n > 0) {
        // DeepSeek: one MLP n experts wide, held to the widths' range (n × width overflowed an int).
        const double width = double(n) * a.expert_intermediate;
        if (width > kMaxWidth)
            f.error("", "n_shared_experts", "with moe_intermediate_size " + std::to_string(a.expert_intermediate) +
                                                ", the shared experts are " + std::to_string(std::llround(width)) +
                                                " wide, at most " + std::to_string(kMaxWidth));
        a.shared_intermediate = int(std::min<double>(width, kMaxWidth));
        a.shared_count = n;
    } else if (const int w = f.whole({"shared_expert_intermediate_size"}, 0, kMaxWidth, false); w > 0) {
        a.shared_intermediate = w;  // Qwen: one gated shared expert of its own width
        a.shared_count = std::clamp(int(std::lround(double(w) / std::max(1, a.expert_intermediate))), 1, 1 << 20);
        a.shared_gate = true;
    }
    a.score_bias = f.text({"topk_method"}) == "noaux_tc";
    const int first_dense = f.whole({"first_k_dense_replace"}, 0, a.layers, false);
    const int freq = f.whole({"moe_layer_freq"}, 1, a.layers, false, 1);
    const int step = f.whole({"decoder_sparse_step"}, 1, a.layers, false, 1);
    std::vector<bool> dense_only(size_t(a.layers), false);
    if (const json* list = f.find({"mlp_only_layers"}); list && list->is_array())
        for (const auto& i : *list)
            if (i.is_number_integer() && i.get<long long>() >= 0 && i.get<long long>() < a.layers) dense_only[size_t(i.get<int>())] = true;
    for (int i = 0; i < a.layers; ++i)
        a.moe[size_t(i)] = i >= first_dense && i % freq == 0 && (i + 1) % step == 0 && !dense_only[size_t(i)];
    if (const json* types = f.find({"mlp_layer_types"}); types && types->is_array() && int(types->size()) == a.layers)
        for (int i = 0; i < a.layers; ++i) a.moe[size_t(i)] = (*types)[size_t(i)] == "sparse";
    if (a.moe_layers() == 0) f.error("", "first_k_dense_replace", "the experts are declared but no layer has them");
}

void read_mla(Fields& f, Arch& a) {
    a.kv_lora_rank = f.whole({"kv_lora_rank"}, 1, 1 << 20, false);
    if (a.kv_lora_rank <= 0) return;
    a.mla = true;
    a.q_lora_rank = f.whole({"q_lora_rank"}, 1, 1 << 20, false);  // null: a full q_proj (V2-Lite)
    a.rope_dim = f.whole({"qk_rope_head_dim"}, 1, 1 << 20, true);
    a.nope_dim = f.whole({"qk_nope_head_dim"}, 1, 1 << 20, true);
    a.v_dim = f.whole({"v_head_dim"}, 1, 1 << 20, false, a.nope_dim);
    a.index_dim = f.whole({"index_head_dim"}, 1, kMaxCount, false);
    if (a.index_dim > 0) a.index_heads = f.whole({"index_n_heads"}, 1, kMaxCount, true);
}

// Full, sliding-window or linear attention, layer by layer: layer_types when the config lists it,
// else the family's rule (Qwen3-Next every full_attention_interval-th layer full; Gemma 3 a
// pattern; Gemma 2 alternating; Mistral v0.1 every layer windowed).
void read_attention_kinds(Fields& f, Arch& a, std::map<std::string, int>& unknown_kinds) {
    a.attention.assign(size_t(a.layers), LayerAttention::full);
    std::string entry, name;
    const json* types = f.find({"layer_types"}, &entry, &name);
    const bool use_window = f.flag({"use_sliding_window"}, true);
    const int window = f.whole({"sliding_window"}, 1, 1 << 30, false);
    if (types) {
        if (!types->is_array() || int(types->size()) != a.layers) {
            f.error(entry, name, "expected one entry per layer (" + std::to_string(a.layers) + "), got " +
                                     (types->is_array() ? std::to_string(types->size()) : Fields::kind(*types)));
            return;
        }
        for (int i = 0; i < a.layers; ++i) {
            const json& t = (*types)[size_t(i)];
            const std::string kind = t.is_string() ? t.get<std::string>() : "";
            if (kind == "sliding_attention") a.attention[size_t(i)] = LayerAttention::sliding;
            else if (kind == "linear_attention") a.attention[size_t(i)] = LayerAttention::linear;
            else if (kind != "full_attention" && kind != "attention") ++unknown_kinds[printable(kind)];
        }
    } else if (const int every = f.whole({"full_attention_interval"}, 1, a.layers, false); every > 0) {
        for (int i = 0; i < a.layers; ++i)
            if ((i + 1) % every != 0) a.attention[size_t(i)] = LayerAttention::linear;
    } else if (window > 0 && use_window) {
        const int pattern = f.whole({"sliding_window_pattern"}, 1, a.layers, false);
        const int max_window_layers = f.whole({"max_window_layers"}, 0, kMaxCount, false, -1);
        for (int i = 0; i < a.layers; ++i) {
            bool sliding = true;
            if (pattern > 0) sliding = (i + 1) % pattern != 0;
            else if (starts_with(a.model_type, "gemma2")) sliding = i % 2 == 0;
            else if (starts_with(a.model_type, "qwen") && max_window_layers >= 0) sliding = i >= max_window_layers;
            if (sliding) a.attention[size_t(i)] = LayerAttention::sliding;
        }
    }
    if (a.count(LayerAttention::sliding) > 0) {
        a.window = window;
        if (window <= 0) f.error(entry, "sliding_window", "required for the sliding_attention layers");
    }
    if (a.count(LayerAttention::linear) > 0) {
        a.linear_k_heads = f.whole({"linear_num_key_heads"}, 1, kMaxCount, true);
        a.linear_v_heads = f.whole({"linear_num_value_heads"}, 1, kMaxCount, true);
        a.linear_k_dim = f.whole({"linear_key_head_dim"}, 1, kMaxCount, true);
        a.linear_v_dim = f.whole({"linear_value_head_dim"}, 1, kMaxCount, true);
        a.linear_conv = f.whole({"linear_conv_kernel_dim"}, 1, 1000, false, 4);
    }
}

void read_arch(Fields& f, Arch& a, std::map<std::string, int>& unknown_kinds) {
    a.model_type = f.text({"model_type"});
    a.hidden = f.whole({"hidden_size", "n_embd", "d_model"}, 1, 10000000, true);
    a.layers = f.whole({"num_hidden_layers", "n_layer", "num_layers"}, 1, kMaxCount, true);
    a.heads = f.whole({"num_attention_heads", "n_head"}, 1, kMaxCount, true);
    a.kv_heads = f.whole({"num_key_value_heads", "multi_query_group_num", "n_head_kv"}, 1, kMaxCount, false, a.heads);
    a.vocab = f.whole({"vocab_size"}, 1, kMaxWidth, true);
    a.intermediate = f.whole({"intermediate_size", "n_inner", "ffn_dim", "ffn_hidden_size"}, 1, kMaxWidth, false);
    a.max_context = f.whole({"max_position_embeddings", "n_positions", "seq_length", "max_sequence_length"}, 1, 1 << 30, false);
    a.head_dim = f.whole({"head_dim"}, 1, kMaxCount, false);
    if (a.head_dim <= 0 && a.heads > 0) {
        if (a.hidden % a.heads != 0) f.error("", "head_dim", "required: hidden_size is not a multiple of num_attention_heads");
        a.head_dim = std::max(1, a.hidden / a.heads);
    }
    // transformers' default is tied; most decoders write it out, Gemma relies on the default.
    a.tied = f.flag({"tie_word_embeddings"}, starts_with(a.model_type, "gemma"));
    if (a.layers <= 0 || a.heads <= 0) return;
    read_family(f, a);
    read_mla(f, a);
    read_moe(f, a);
    read_attention_kinds(f, a, unknown_kinds);
    const bool dense_layer = std::count(a.moe.begin(), a.moe.end(), false) > 0;
    if (dense_layer && a.intermediate <= 0) f.error("", "intermediate_size", "required for the dense MLP layers");
}

WeightFormat unquantized_format(Fields& f) {
    const std::string dtype = f.text({"torch_dtype", "dtype"});
    if (dtype == "float16") return WeightFormat::fp16;
    if (dtype == "float32") return WeightFormat::fp32;
    return WeightFormat::bf16;
}

// The model's display name: the checkpoint's own id when the config names one (_name_or_path
// "org/model"), else its model_type and size ("qwen3-8.19B"): a hub config.json has no name.
std::string model_name(const json& top, const std::string& model_type, double params) {
    auto it = top.find("_name_or_path");
    if (it != top.end() && it->is_string()) {
        const std::string& n = it->get_ref<const std::string&>();
        if (n.size() <= 100 && valid_link_id(n) && n.find("//") == std::string::npos && n[0] != '/' && n[0] != '.') return n;
    }
    char size[32];
    std::snprintf(size, sizeof size, "-%.3gB", params / 1e9);
    const bool usable = !model_type.empty() && model_type.size() <= 60 && valid_link_id(model_type);
    return (usable ? model_type : std::string("model")) + size;
}

ModelSpec to_model(const Arch& a, const hf::ParamCount& p, const hf::Quantization& q, const std::string& name, bool vlm) {
    ModelSpec m;
    m.id = "custom";
    m.custom = true;
    m.name = name;
    m.family = a.model_type;
    m.modality = vlm ? "vision-language" : "text";
    m.params_b = p.total / 1e9;
    m.active_params_b = p.active / 1e9;
    m.layers = a.layers;
    m.hidden = a.hidden;
    m.heads = a.heads;
    m.kv_heads = a.kv_heads;
    m.head_dim = a.mla ? a.nope_dim + a.rope_dim : a.head_dim;
    m.intermediate = a.intermediate > 0 ? a.intermediate : a.expert_intermediate;
    m.vocab = a.vocab;
    m.tied_embeddings = a.tied;
    m.max_context = a.max_context;
    m.native_format = q.format;
    m.native_quantizes_experts_only = q.experts_only;
    m.attention = a.kv_heads < a.heads ? AttentionKind::gqa : AttentionKind::mha;
    if (a.mla) {
        m.attention = AttentionKind::mla;
        m.mla = MlaSpec{a.kv_lora_rank, a.rope_dim, a.nope_dim, a.v_dim, a.q_lora_rank};
        m.indexer_head_dim = a.index_dim;
    }
    if (const int linear = a.count(LayerAttention::linear); linear > 0) {
        m.attention = AttentionKind::hybrid_linear;
        m.linear = LinearAttentionSpec{linear, a.linear_k_heads, a.linear_v_heads, a.linear_k_dim, a.linear_v_dim, a.linear_conv};
    }
    if (const int sliding = a.count(LayerAttention::sliding); sliding > 0) {
        m.sliding_window = a.window;
        m.sliding_layers = sliding;
    }
    if (a.experts > 0)
        m.moe = MoeSpec{a.experts, a.experts_per_token, a.shared_count, a.expert_intermediate, a.layers - a.moe_layers()};
    return m;
}

// model.safetensors.index.json is read as a stream: only metadata.total_size and
// metadata.total_parameters are kept, and nesting deeper than the catalog's limit stops it.
struct IndexMetadata : nlohmann::json_sax<json> {
    std::optional<double> total_size, total_parameters;
    std::size_t depth = 0;
    bool in_metadata = false, too_deep = false;
    std::string current_key;

    bool number(double v) {
        if (in_metadata && depth == 2 && current_key == "total_size") total_size = v;
        if (in_metadata && depth == 2 && current_key == "total_parameters") total_parameters = v;
        return true;
    }
    bool open() {
        if (++depth > limits::kJsonDepth) { too_deep = true; return false; }
        return true;
    }
    bool null() override { return true; }
    bool boolean(bool) override { return true; }
    bool number_integer(number_integer_t v) override { return number(double(v)); }
    bool number_unsigned(number_unsigned_t v) override { return number(double(v)); }
    bool number_float(number_float_t v, const string_t&) override { return number(v); }
    bool string(string_t&) override { return true; }
    bool binary(binary_t&) override { return true; }
    bool start_object(std::size_t) override {
        if (depth == 1 && current_key == "metadata") in_metadata = true;
        return open();
    }
    bool key(string_t& k) override { current_key = k.size() <= 40 ? k : std::string(); return true; }
    bool end_object() override {
        if (--depth == 1) in_metadata = false;
        return true;
    }
    bool start_array(std::size_t) override { return open(); }
    bool end_array() override { --depth; return true; }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }
};

double bytes_per_parameter(WeightFormat f) { return f == WeightFormat::fp32 ? 4 : 2; }

// The exact count from the index when it gives one; says which count was used, and why not.
double params_from_index(std::string_view text, const std::string& file, const hf::ParamCount& arch,
                         const hf::Quantization& q, WeightFormat dtype, ConfigImport& out) {
    if (!within_json_limits(text, file, out.errors, limits::kIndexFileBytes)) return arch.total;
    IndexMetadata meta;
    const bool parsed = json::sax_parse(text.begin(), text.end(), &meta);
    if (!parsed || meta.too_deep) {
        out.errors.push_back({file, "", "", meta.too_deep ? "nested deeper than " + std::to_string(limits::kJsonDepth) + " levels"
                                                          : "not valid JSON"});
        return arch.total;
    }
    const double arch_b = arch.total / 1e9;
    if (meta.total_parameters && *meta.total_parameters >= 1 && !q.present) {
        out.notes.push_back(Message(code::config_params_index_count).num("params_b", *meta.total_parameters / 1e9).num("arch_b", arch_b));
        return *meta.total_parameters;
    }
    if (!meta.total_size || !(*meta.total_size >= 1 && *meta.total_size <= 1e15)) {
        out.errors.push_back({file, "metadata", "total_size", "expected the checkpoint's size in bytes (1–1e15)"});
        return arch.total;
    }
    if (q.present) {  // packed 4- or 8-bit tensors: the bytes are no parameter count
        out.notes.push_back(Message(code::config_index_quantized).num("gb", *meta.total_size / 1e9));
        return arch.total;
    }
    const double bpp = bytes_per_parameter(dtype), params = *meta.total_size / bpp;
    out.notes.push_back(Message(code::config_params_index).num("bytes", *meta.total_size).num("bpp", bpp)
                            .str("dtype", std::string(weight_format_info(dtype).label)).num("params_b", params / 1e9)
                            .num("arch_b", arch_b));
    return params;
}

}  // namespace

ConfigImport import_hf_config(std::string_view config_json, std::string_view index_json, const std::string& config_file,
                              const std::string& index_file) {
    ConfigImport out;
    if (!within_json_limits(config_json, config_file, out.errors)) return out;
    const json top = json::parse(config_json.begin(), config_json.end(), nullptr, /*allow_exceptions=*/false);
    if (top.is_discarded() || !top.is_object()) {
        out.errors.push_back({config_file, "", "", top.is_discarded() ? "not valid JSON" : "expected a JSON object at the top"});
        return out;
    }
    auto tc = top.find("text_config");
    const json* text = tc != top.end() && tc->is_object() ? &*tc : nullptr;
    Fields f(top, text, config_file, out.errors);
    Arch a;
    std::map<std::string, int> unknown_kinds;
    read_arch(f, a, unknown_kinds);
    const WeightFormat dtype = unquantized_format(f);
    const hf::Quantization q = hf::read_quantization(top, dtype, a.experts > 0);
    if (!out.errors.empty()) return out;

    const hf::ParamCount count = hf::count_params(a);
    const std::string name = model_name(top, a.model_type, count.total);
    out.model = to_model(a, count, q, name, text != nullptr);
    out.notes.push_back(Message(code::config_params_arch).num("params_b", count.total / 1e9).num("active_b", count.active / 1e9));
    if (!index_json.empty()) {
        const double params = params_from_index(index_json, index_file, count, q, dtype, out);
        out.model.params_b = params / 1e9;
        out.model.active_params_b = std::min(out.model.active_params_b, out.model.params_b);
    }
    if (text) {
        std::string arch = top.value("model_type", std::string());
        out.notes.push_back(Message(code::config_text_config).str("arch", printable(arch))
                                .num("index", index_json.empty() ? 0 : 1));
    }
    int kinds_said = 0;  // a few kinds are enough to say what happened
    for (const auto& [kind, n] : unknown_kinds)
        if (kinds_said++ < 3) out.notes.push_back(Message(code::config_layer_kind_unknown).str("kind", kind).num("count", n));
    if (q.present && q.known)
        out.notes.push_back(Message(code::config_quantization).str("format", std::string(weight_format_info(q.format).label))
                                .str("method", printable(q.method)).num("experts", q.experts_only ? 1 : 0));
    else if (q.present)
        out.notes.push_back(Message(code::config_quant_unknown).str("method", printable(q.method))
                                .str("format", std::string(weight_format_info(q.format).label)));
    check_model_envelope(out.model, config_file, "", out.errors);
    out.ok = out.errors.empty();
    return out;
}

State state_with_import(const State& s, const ModelSpec& m) {
    State next = s;
    next.model = "custom";
    next.custom = custom_from_spec(m);
    if (next.custom.active_b >= next.custom.params_b) next.custom.active_b = 0;  // dense: the link need not say it
    // Through the link: the numbers every later page and the CLI will size.
    return decode_link(encode_link(next)).state;
}

}  // namespace gpusizer
