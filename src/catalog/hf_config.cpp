// config.json → hf::Arch → ModelSpec. The file is read as JSON (tolerating the Infinity and NaN
// Python's json module writes), recognised (a model's config, or an adapter, a tokenizer config, the
// index…), its language model found (at the top, or nested in text_config at any depth), read in its
// family's vocabulary (hf_families.cpp), counted (hf_params.cpp), its checkpoint format found
// (hf_quant.cpp) and checked against the index when one is given.
#include "catalog/hf_config.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>

#include "catalog/hf_arch.hpp"
#include "catalog/hf_families.hpp"
#include "catalog/hf_fields.hpp"
#include "engine/codes.hpp"
#include "engine/custom_model.hpp"
#include "link/link.hpp"

namespace gpusizer {
namespace {

using json = nlohmann::json;
using hf::Arch;
using hf::Ffn;
using hf::Fields;
using hf::Layer;
using hf::Mixer;
using hf::printable;
using hf::starts_with;

// ---- reading the file ---------------------------------------------------------------------------

// Python's json.dump writes float('inf') and float('nan') as the bare words Infinity, -Infinity and
// NaN (Nemotron-H's time_step_limit), which JSON has no spelling for. Outside strings they become
// null, and the first key that held one is kept for the note.
std::string python_literals_to_null(std::string_view text, int* replaced, std::string* first_key) {
    std::string out;
    out.reserve(text.size());
    bool in_string = false, escaped = false;
    std::string last_string;
    std::size_t string_start = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (in_string) {
            out += c;
            if (escaped) escaped = false;
            else if (c == '\\') escaped = true;
            else if (c == '"') { in_string = false; last_string = std::string(text.substr(string_start, i - string_start)); }
            continue;
        }
        if (c == '"') { in_string = true; string_start = i + 1; out += c; continue; }
        for (std::string_view word : {std::string_view("-Infinity"), std::string_view("Infinity"), std::string_view("NaN")}) {
            if (text.substr(i, word.size()) == word) {
                std::size_t back = out.size();
                while (back > 0 && (out[back - 1] == ' ' || out[back - 1] == '\n' || out[back - 1] == '\t' ||
                                    out[back - 1] == '\r'))
                    --back;
                if (back > 0 && (out[back - 1] == ':' || out[back - 1] == ',' || out[back - 1] == '[')) {
                    out += "null";
                    i += word.size() - 1;
                    if ((*replaced)++ == 0) *first_key = last_string.substr(0, 40);
                    goto next;
                }
            }
        }
        out += c;
    next:;
    }
    return out;
}

bool has_model_fields(const json& o) {
    for (const char* k : {"hidden_size", "d_model", "n_embd", "n_embed", "num_hidden_layers", "n_layer", "text_config",
                          "llm_config", "block_configs", "hybrid_override_pattern", "encoder_layers"})
        if (o.contains(k)) return true;
    return false;
}

// A file that is not a model's config.json, said as what it is and what to do.
std::optional<Message> not_a_config(const json& top) {
    auto str = [&](const char* k) {
        auto it = top.find(k);
        return it != top.end() && it->is_string() ? printable(it->get<std::string>()) : std::string();
    };
    if (top.contains("peft_type") ||
        (top.contains("base_model_name_or_path") && (top.contains("lora_alpha") || top.contains("target_modules") || top.contains("r")))) {
        Message m(code::config_is_adapter);
        m.str("peft", str("peft_type").empty() ? std::string("LoRA") : str("peft_type"));
        m.str("base", str("base_model_name_or_path").empty() ? std::string("?") : str("base_model_name_or_path"));
        auto r = top.find("r");
        m.num("rank", r != top.end() && r->is_number() ? r->get<double>() : 0);
        return m;
    }
    if (has_model_fields(top)) return std::nullopt;
    if (top.contains("weight_map")) return Message(code::config_is_index);
    if (top.contains("producer") && top.contains("quantization")) return Message(code::config_is_quant_file);
    if (top.contains("tokenizer_class") || top.contains("added_tokens_decoder") || top.contains("chat_template") ||
        (top.contains("model_max_length") && top.contains("bos_token")))
        return Message(code::config_is_tokenizer);
    if (top.contains("feature_extractor_type") || top.contains("image_processor_type") || top.contains("processor_class"))
        return Message(code::config_is_processor);
    if (top.contains("max_new_tokens") || top.contains("do_sample") || top.contains("temperature") || top.contains("top_p"))
        return Message(code::config_is_generation);
    if (top.contains("_class_name") || top.contains("_diffusers_version")) return Message(code::config_is_diffusers);
    return std::nullopt;
}

// The language model's object: the top, or a nested text_config / llm_config / language_config
// (a VLM, an omni model's thinker_config.text_config…) at any depth: the deepest one that has the
// model's fields.
const json* find_text_config(const json& obj, std::string& path, int depth = 0) {
    if (depth > 6) return nullptr;
    for (const char* k : {"text_config", "llm_config", "language_config", "thinker_config", "text_model_config", "language_model"}) {
        auto it = obj.find(k);
        if (it == obj.end() || !it->is_object()) continue;
        const std::string here = path.empty() ? std::string(k) : path + "." + k;
        std::string deeper = here;
        if (const json* d = find_text_config(*it, deeper, depth + 1)) { path = deeper; return d; }
        if (has_model_fields(*it)) { path = here; return &*it; }
    }
    return nullptr;
}

// ---- the index ----------------------------------------------------------------------------------

// model.safetensors.index.json is read as a stream: metadata.total_size and total_parameters, and
// of the weight_map only what its tensor names say (an lm_head stored beside a tied embedding, a
// vision tower, multi-token-prediction layers); nesting deeper than the catalog's limit stops it.
struct IndexMetadata : nlohmann::json_sax<json> {
    std::optional<double> total_size, total_parameters;
    bool has_metadata = false, has_lm_head = false, has_vision = false, has_mtp = false;
    int layers = 0;  // num_hidden_layers, to spot layers past the last one (MTP)
    std::size_t depth = 0;
    bool in_metadata = false, in_weight_map = false, too_deep = false;
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
    void tensor(const std::string& name) {
        if (name == "lm_head.weight" || name.find(".lm_head.weight") != std::string::npos) has_lm_head = true;
        for (const char* v : {"visual.", "vision_tower", "vision_model", "vision_backbone", "vision_encoder",
                              "image_newline", "mm_projector"})
            if (name.find(v) != std::string::npos) has_vision = true;
        if (name.rfind("mtp.", 0) == 0 || name.find(".mtp.") != std::string::npos ||
            name.find("nextn") != std::string::npos)
            has_mtp = true;
        if (layers > 0) {
            const auto at = name.find("layers.");
            if (at != std::string::npos && (at == 0 || name[at - 1] == '.')) {
                const int n = std::atoi(name.c_str() + at + 7);
                if (n >= layers && name.find("vision") == std::string::npos && name.find("visual") == std::string::npos) has_mtp = true;
            }
        }
    }
    bool null() override { return true; }
    bool boolean(bool) override { return true; }
    bool number_integer(number_integer_t v) override { return number(double(v)); }
    bool number_unsigned(number_unsigned_t v) override { return number(double(v)); }
    bool number_float(number_float_t v, const string_t&) override { return number(v); }
    bool string(string_t&) override { return true; }
    bool binary(binary_t&) override { return true; }
    bool start_object(std::size_t) override {
        if (depth == 1 && current_key == "metadata") in_metadata = has_metadata = true;
        if (depth == 1 && current_key == "weight_map") in_weight_map = true;
        return open();
    }
    bool key(string_t& k) override {
        if (in_weight_map && depth == 2) tensor(k);
        current_key = k.size() <= 40 ? k : std::string();
        return true;
    }
    bool end_object() override {
        if (--depth == 1) in_metadata = in_weight_map = false;
        return true;
    }
    bool start_array(std::size_t) override { return open(); }
    bool end_array() override { --depth; return true; }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }
};

double bytes_per_parameter(WeightFormat f) { return f == WeightFormat::fp32 ? 4 : 2; }

struct IndexResult {
    double params = 0;        // the count to use (the architecture's when the index does not help)
    double checkpoint_gb = 0; // a quantized checkpoint's own size
};

// The exact count from the index when it gives one that agrees with the config; says which count
// was used, and why an index was not.
// The index read as a stream (IndexMetadata); false, with the error, when it cannot be.
bool parse_index(std::string_view text, const std::string& file, int layers, IndexMetadata& meta, ConfigImport& out) {
    if (!within_json_limits(text, file, out.errors, limits::kIndexFileBytes)) return false;
    meta.layers = layers;
    const bool parsed = json::sax_parse(text.begin(), text.end(), &meta);
    if (parsed && !meta.too_deep) return true;
    out.errors.push_back({file, "", "", meta.too_deep ? "nested deeper than " + std::to_string(limits::kJsonDepth) + " levels"
                                                      : "not valid JSON"});
    return false;
}

IndexResult read_index(std::string_view text, const std::string& file, const Arch& a, const hf::ParamCount& arch,
                       const hf::Quantization& q, WeightFormat dtype, ConfigImport& out) {
    IndexResult r{arch.total, 0};
    IndexMetadata meta;
    if (!parse_index(text, file, a.layers, meta, out)) return r;
    const double arch_b = arch.total / 1e9;
    const double tied_embedding = a.tied ? double(a.vocab) * a.hidden : 0.0;
    const bool size_ok = meta.total_size && *meta.total_size >= 1 && *meta.total_size <= 1e15;
    const bool count_ok = meta.total_parameters && *meta.total_parameters >= 1 && *meta.total_parameters <= 1e15;
    auto ignored = [&](const char* why_code, double stated) {
        out.notes.push_back(Message(code::config_index_ignored).term("why", why_code).num("stated", stated / 1e9).num("arch_b", arch_b));
    };
    if (!size_ok && !count_ok) {
        ignored(meta.has_metadata ? (meta.total_size ? code::term_index_zero : code::term_index_no_size) : code::term_index_no_metadata,
                meta.total_size.value_or(0));
        return r;
    }
    // Extras the index's count may hold that the architecture does not: say them.
    const bool extras = meta.has_vision || meta.has_mtp || a.tower_uncounted;
    auto plausible = [&](double params) {
        const double ratio = params / arch.total;
        return ratio >= 0.97 && ratio <= (extras ? 1.6 : 1.05);
    };
    if (q.present) {  // packed 4- or 8-bit tensors: the bytes are the checkpoint's size, no parameter count
        if (size_ok) {
            r.checkpoint_gb = *meta.total_size / 1e9;
            out.notes.push_back(Message(code::config_index_quantized).num("gb", r.checkpoint_gb));
        }
        if (count_ok && plausible(*meta.total_parameters)) {
            r.params = *meta.total_parameters;
            out.notes.push_back(Message(code::config_params_index_count).num("params_b", r.params / 1e9).num("arch_b", arch_b)
                                    .num("vision", meta.has_vision ? 1 : 0).num("mtp", meta.has_mtp ? 1 : 0));
        }
        return r;
    }
    const double bpp = bytes_per_parameter(dtype);
    std::optional<double> from_size;
    if (size_ok) from_size = *meta.total_size / bpp;
    // A stored lm_head beside a tied embedding (the model ties them when it loads): counted once.
    double duplicate = 0;
    if (tied_embedding > 0 && meta.has_lm_head) duplicate = tied_embedding;
    if (count_ok) {
        double count = *meta.total_parameters;
        // transformers' total_parameters counts a tied embedding twice when the checkpoint's bytes hold it once.
        if (from_size && tied_embedding > 0 && std::fabs(count - *from_size - tied_embedding) < 1e-4 * count) {
            out.notes.push_back(Message(code::config_index_tied_twice).num("stated", count / 1e9).num("params_b", *from_size / 1e9));
            count = *from_size;
        } else if (duplicate > 0) {
            out.notes.push_back(Message(code::config_index_tied_twice)
                                    .num("stated", count / 1e9)
                                    .num("params_b", (count - duplicate) / 1e9));
            count -= duplicate;
        }
        if (plausible(count)) {
            r.params = count;
            out.notes.push_back(Message(code::config_params_index_count).num("params_b", count / 1e9).num("arch_b", arch_b)
                                    .num("vision", meta.has_vision ? 1 : 0).num("mtp", meta.has_mtp ? 1 : 0));
            return r;
        }
        if (!from_size) { ignored(code::term_index_contradicts, count); return r; }
    }
    double params = *from_size;
    if (duplicate > 0 && !count_ok) {
        out.notes.push_back(Message(code::config_index_tied_twice).num("stated", params / 1e9).num("params_b", (params - duplicate) / 1e9));
        params -= duplicate;
    }
    if (!plausible(params)) {
        ignored(code::term_index_contradicts, params);
        return r;
    }
    r.params = params;
    out.notes.push_back(Message(code::config_params_index).num("bytes", *meta.total_size).num("bpp", bpp)
                            .str("dtype", std::string(weight_format_info(dtype).label)).num("params_b", params / 1e9)
                            .num("arch_b", arch_b).num("vision", meta.has_vision ? 1 : 0).num("mtp", meta.has_mtp ? 1 : 0));
    return r;
}

// ---- the model ----------------------------------------------------------------------------------

WeightFormat checkpoint_dtype(Fields& f) {
    const std::string dtype = f.string({"torch_dtype", "dtype"});
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
        // "org/model" as the hub spells it: one slash, inside; a local path ("out/", "./ckpt") is no name.
        const auto slash = n.find('/');
        if (n.size() <= 100 && valid_link_id(n) && slash != std::string::npos && slash > 0 && slash + 1 < n.size() &&
            n.find('/', slash + 1) == std::string::npos && n[0] != '.')
            return n;
    }
    char size[32];
    if (params >= 1e9) std::snprintf(size, sizeof size, "-%.3gB", params / 1e9);
    else std::snprintf(size, sizeof size, "-%.3gM", params / 1e6);
    const bool usable = !model_type.empty() && model_type.size() <= 60 && valid_link_id(model_type);
    return (usable ? model_type : std::string("model")) + size;
}

// The recurrent layers as the engine's fixed-state layers (catalog_types.hpp: LinearAttentionSpec).
// Experts in every N-th layer exactly (layer i when (i + 1) % N == 0): N; any other plan is sized
// as leading dense layers (1): the counts are exact, only the split of --n-cpu-moe and Megatron's
// layer pattern follow the order.
int interleave_step(const Arch& a) {
    const int moe = a.moe_layers();
    if (moe <= 0 || moe == a.layers) return 1;
    const int step = a.layers / moe;
    if (step < 2) return 1;
    for (int i = 0; i < a.layers; ++i) {
        const Ffn f = a.plan[size_t(i)].ffn;
        if ((f == Ffn::moe || f == Ffn::dense_and_moe) != ((i + 1) % step == 0)) return 1;
    }
    return step;
}

std::optional<LinearAttentionSpec> recurrent_spec(const Arch& a) {
    std::map<Mixer, int> kinds;
    for (const auto& l : a.plan)
        if (l.recurrent()) ++kinds[l.mixer];
    if (kinds.empty()) return std::nullopt;
    Mixer kind = kinds.begin()->first;
    int best = 0;
    for (const auto& [k, n] : kinds) if (n > best) { best = n; kind = k; }
    const int n = a.recurrent_layers();
    switch (kind) {
        case Mixer::deltanet:
            return LinearAttentionSpec{
                n, a.linear_k_heads, a.linear_v_heads, a.linear_k_dim, a.linear_v_dim, a.linear_conv, a.state_bytes};
        case Mixer::mamba2:
            return LinearAttentionSpec{
                n, a.mamba_groups, a.mamba_heads, a.ssm_state, a.mamba_head_dim, a.mamba_conv, a.state_bytes};
        case Mixer::mamba1: return LinearAttentionSpec{n, 0, a.mamba_inner, a.ssm_state, 1, a.mamba_conv, a.state_bytes};
        case Mixer::short_conv: return LinearAttentionSpec{n, 0, a.conv_dim, 0, 1, a.conv_cache, 2};
        default: return std::nullopt;
    }
}

// MLA (and its DSA indexer), DeepSeek V4's compressed attention, recurrent layers: what the model's
// attention is beside its KV heads.
void set_attention_kind(const Arch& a, ModelSpec& m) {
    if (a.mla) {
        m.attention = AttentionKind::mla;
        m.mla = a.mla;
        m.indexer_head_dim = a.index_dim;
    }
    if (a.compressed) {  // DeepSeek V4: the window every layer keeps beside its compressed entries
        m.compressed = a.compressed;
        m.indexer_head_dim = a.index_dim;
    }
    if (auto lin = recurrent_spec(a)) {
        m.attention = AttentionKind::hybrid_linear;
        m.linear = *lin;
    }
}

ModelSpec to_model(const Arch& a, const hf::ParamCount& p, const hf::Quantization& q, WeightFormat served, bool vlm) {
    ModelSpec m;
    m.id = "custom";
    m.custom = true;
    m.family = a.family;
    m.modality = vlm ? "vision-language" : "text";
    m.params_b = p.total / 1e9;
    m.active_params_b = p.active / 1e9;
    m.layers = a.layers;
    m.hidden = a.hidden;
    m.heads = a.heads;
    m.kv_heads = a.kv_heads;
    m.head_dim = a.mla ? a.mla->qk_nope_head_dim + a.mla->qk_rope_head_dim : a.head_dim;
    m.intermediate = a.intermediate > 0 ? a.intermediate : a.expert_intermediate;
    m.vocab = a.vocab;
    m.tied_embeddings = a.tied || !a.lm_head;
    m.max_context = a.max_context;
    m.native_format = q.present && q.known ? q.format : served;
    m.native_quantizes_experts_only = q.present && q.known && q.experts_only;
    m.gated_mlp = a.experts > 0 ? a.experts_gated : a.gated_mlp;
    // Attention geometry: the full-attention layers' (else the sliding ones'); the sliding layers'
    // own when it differs; layers that reuse earlier K/V keep none.
    const Layer* full = nullptr;
    const Layer* window = nullptr;
    int attending = 0, sliding = 0;
    double kv_elements = 0;  // Σ over the full layers of KV heads
    for (const auto& l : a.plan) {
        if (!l.attends() || l.kv_shared) continue;
        ++attending;
        if (l.mixer == Mixer::sliding) { ++sliding; if (!window) window = &l; }
        else { if (!full) full = &l; kv_elements += l.kv_heads > 0 ? l.kv_heads : a.kv_heads; }
    }
    const Layer* main = full ? full : window;
    if (main && !a.mla) {
        m.kv_heads = main->kv_heads > 0 ? main->kv_heads : a.kv_heads;
        m.head_dim = main->head_dim > 0 ? main->head_dim : a.head_dim;
        const int v = main->v_head_dim > 0 ? main->v_head_dim : m.head_dim;
        if (v != m.head_dim) m.v_head_dim = v;
        if (window && full) {
            const int wkv = window->kv_heads > 0 ? window->kv_heads : a.kv_heads;
            const int wk = window->head_dim > 0 ? window->head_dim : a.head_dim;
            const int wv = window->v_head_dim > 0 ? window->v_head_dim : wk;
            if (wkv != m.kv_heads) m.window_kv_heads = wkv;
            if (wk != m.head_dim || wv != v) m.window_head_dim = wk;
        }
    }
    // Full layers whose KV heads differ (Nemotron NAS): as many layers of the model's KV heads as
    // hold the same cache.
    int full_layers = attending - sliding;
    if (full && m.kv_heads > 0 && std::fabs(kv_elements - double(full_layers) * m.kv_heads) > 0.5)
        full_layers = int(std::lround(kv_elements / m.kv_heads));
    const int kv_layers = full_layers + sliding;
    if (kv_layers != a.layers - a.recurrent_layers()) m.attention_layers = std::max(0, kv_layers);
    m.attention = m.kv_heads < m.heads ? AttentionKind::gqa : AttentionKind::mha;
    set_attention_kind(a, m);
    if (sliding > 0) {
        m.sliding_window = a.window;
        m.sliding_layers = sliding;
    }
    if (a.experts > 0)
        m.moe = MoeSpec{a.experts, a.experts_per_token, a.shared_count, a.expert_intermediate, a.layers - a.moe_layers(),
                        interleave_step(a)};
    if (a.embed_dim > 0) {
        m.embedding = EmbeddingSpec{a.embed_dim, true};
        m.modality = "embedding";
    }
    if (a.encoder_layers > 0) {
        m.speech = SpeechSpec{"transformer", a.encoder_params / 1e9, a.encoder_layers, a.encoder_hidden, 50, 30, a.decoder_layers};
        m.modality = "speech";
    }
    return m;
}

// The checkpoint's own weight bytes when its scheme fixes them and the engine's format does not
// (MLX group-wise, bitsandbytes NF4, AWQ / GPTQ at other groups than 128): the linear layers at the
// scheme's bits, the rest 16-bit — the embeddings and lm_head (bitsandbytes and AWQ / GPTQ leave them;
// MLX quantizes them too) and a vision tower (bitsandbytes checkpoints skip it).
double scheme_bytes(const Arch& a, const hf::ParamCount& p, const hf::Quantization& q) {
    if (!(q.present && q.known && q.bits_per_weight > 0)) return 0;
    const double embedding = double(a.vocab) * a.hidden * (a.lm_head && !a.tied ? 2 : 1);
    const double kept = (q.embeddings_quantized ? 0.0 : embedding) + a.vision_params;
    const double quantized = std::max(0.0, p.total - kept);
    return quantized * q.bits_per_weight / 8 + kept * 2;
}

// The refusal is a coded note the CLI and the page render in their language (the JSON module carries
// no text tables); the error line says it briefly.
void refuse(ConfigImport& out, const std::string& file, Message m) {
    const Param* family = m.find("family");
    out.errors.push_back(
        {file, "", "",
         m.code == code::config_family_unsupported
             ? "model family '" + (family ? family->text : std::string()) + "' not supported yet (" + m.code + ")"
             : "not a model's config.json (" + m.code + ")"});
    out.refusals.push_back(std::move(m));
}

}  // namespace

namespace {

// A family gpusizer does not size yet: named, with its kind and the nearest family that is sized.
void refuse_family(ConfigImport& out, const std::string& config_file, const json& top, const Arch& a,
                   const hf::FamilyRead& fam) {
    std::string arch_name;
    if (auto it = top.find("architectures"); it != top.end() && it->is_array() && !it->empty() && (*it)[0].is_string())
        arch_name = (*it)[0].get<std::string>();
    const std::string family = !a.model_type.empty() ? a.model_type : !arch_name.empty() ? arch_name : std::string("?");
    refuse(out, config_file,
           Message(code::config_family_unsupported)
               .str("family", printable(family))
               .term("kind", fam.kind.empty()                               ? code::term_family_unknown
                             : fam.kind == "encoder-decoder text model"     ? code::term_kind_seq2seq
                             : fam.kind == "recurrent language model"       ? code::term_kind_recurrent
                             : fam.kind == "hybrid attention + Mamba model" ? code::term_kind_hybrid
                             : fam.kind.find("speech") != std::string::npos ? code::term_kind_speech
                                                                            : code::term_kind_vision)
               .str("nearest", fam.nearest));
}

// The notes that say how the file was read: where the language model sits, towers, unknown layer
// kinds, the layer plan, dtype and quantization, encoders, speech, multi-token prediction.
void say_what_was_read(ConfigImport& out, Fields& f, const json& top, const std::string* text_path, const Arch& a,
                       const std::map<std::string, int>& unknown_kinds, WeightFormat dtype, WeightFormat served,
                       const hf::Quantization& q, bool with_index) {
    if (text_path) {
        const std::string arch = hf::string_member(top, "model_type");
        out.notes.push_back(Message(code::config_text_config).str("arch", printable(arch)).str("path", printable(*text_path)));
    }
    if (a.vision_params > 0)
        out.notes.push_back(Message(code::config_tower_counted).num("params_b", a.vision_params / 1e9));
    else if (a.tower_uncounted)
        out.notes.push_back(Message(code::config_tower_uncounted).num("index", with_index ? 1 : 0));
    int kinds_said = 0;  // a few kinds are enough to say what happened
    for (const auto& [kind, n] : unknown_kinds)
        if (kinds_said++ < 3) out.notes.push_back(Message(code::config_layer_kind_unknown).str("kind", kind).num("count", n));
    // The layer plan of a model whose layers are not all alike.
    const int recurrent = a.recurrent_layers(), attending = a.attention_layers();
    if (recurrent > 0 || attending != a.layers || (a.experts > 0 && a.moe_layers() != a.layers))
        out.notes.push_back(Message(code::config_layer_plan).num("layers", a.layers).num("attention", attending)
                                .num("sliding", a.count(Mixer::sliding)).num("recurrent", recurrent).num("moe", a.moe_layers()));
    if (dtype == WeightFormat::fp32 && !(q.present && q.known))
        out.notes.push_back(Message(code::config_fp32_served).str("format", std::string(weight_format_info(served).label)));
    if (q.present && q.known)
        out.notes.push_back(Message(code::config_quantization).str("format", std::string(weight_format_info(q.format).label))
                                .str("method", printable(q.method)).num("experts", q.experts_only ? 1 : 0).str("source", q.source));
    else if (q.present)
        out.notes.push_back(Message(code::config_quant_unknown).str("method", printable(q.method))
                                .str("format", std::string(weight_format_info(q.format).label)));
    if (a.embed_dim > 0) out.notes.push_back(Message(code::config_encoder).str("family", printable(a.family)).num("dims", a.embed_dim));
    if (a.encoder_layers > 0)
        out.notes.push_back(Message(code::config_speech).str("family", printable(a.family)).num("encoder_b", a.encoder_params / 1e9));
    if (const int mtp = f.whole({"num_nextn_predict_layers", "mtp_num_hidden_layers", "num_mtp_modules"}, 0, 1000, false); mtp > 0) {
        out.notes.push_back(Message(code::config_mtp).num("count", mtp));
        out.model.mtp_layers = mtp;  // a built-in draft for speculative decoding (engine/workload.hpp)
    }
}

}  // namespace

ConfigImport import_hf_config(std::string_view config_json, std::string_view index_json, const std::string& config_file,
                              const std::string& index_file, std::string_view quant_json, const std::string& quant_file) {
    ConfigImport out;
    if (!within_json_limits(config_json, config_file, out.errors)) return out;
    int nonfinite = 0;
    std::string nonfinite_key;
    const std::string text = python_literals_to_null(config_json, &nonfinite, &nonfinite_key);
    const json top = json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
    if (top.is_discarded() || !top.is_object()) {
        out.errors.push_back({config_file, "", "", top.is_discarded() ? "not valid JSON" : "expected a JSON object at the top"});
        return out;
    }
    if (nonfinite > 0) out.notes.push_back(Message(code::config_nonfinite).num("count", nonfinite).str("field", nonfinite_key));
    if (auto what = not_a_config(top)) {
        refuse(out, config_file, *what);
        return out;
    }
    json quant;
    if (!quant_json.empty()) {
        if (!within_json_limits(quant_json, quant_file, out.errors)) return out;
        quant = json::parse(quant_json.begin(), quant_json.end(), nullptr, false);
        if (quant.is_discarded() || !quant.is_object() || !quant.contains("quantization")) {
            out.errors.push_back({quant_file, "", "quantization",
                                  quant.is_discarded()
                                      ? "not valid JSON"
                                      : "expected ModelOpt's hf_quant_config.json (a \"quantization\" object)"});
            return out;
        }
    }
    std::string text_path;
    const json* text_obj = find_text_config(top, text_path);
    Fields f(top, text_obj, text_path, config_file, out.errors, out.notes);
    Arch a;
    std::map<std::string, int> unknown_kinds;
    const hf::FamilyRead fam = hf::read_family(f, a, unknown_kinds);
    if (fam.unsupported) {
        refuse_family(out, config_file, top, a, fam);
        return out;
    }
    const WeightFormat dtype = checkpoint_dtype(f);
    // Servers load an FP32 checkpoint in 16-bit unless told otherwise (vLLM --dtype auto: FP16;
    // text-embeddings-inference: FP16): it is sized as that, and said.
    const WeightFormat served = dtype == WeightFormat::fp32 ? WeightFormat::fp16 : dtype;
    const hf::Quantization q = hf::read_quantization(top, quant.is_object() ? &quant : nullptr, served, a.experts > 0);
    if (!out.errors.empty()) return out;

    const hf::ParamCount count = hf::count_params(a);
    out.model = to_model(a, count, q, served, text_obj != nullptr);
    out.notes.push_back(Message(code::config_params_arch).num("params_b", count.total / 1e9).num("active_b", count.active / 1e9));
    double params = count.total, checkpoint_gb = 0;
    if (!index_json.empty()) {
        const IndexResult ir = read_index(index_json, index_file, a, count, q, dtype, out);
        params = ir.params;
        checkpoint_gb = ir.checkpoint_gb;
    }
    out.model.params_b = params / 1e9;
    out.model.active_params_b = std::min(count.active, params) / 1e9;
    // The checkpoint's own bytes: its index's size when quantized, else its scheme's when the engine's
    // format does not model it.
    if (checkpoint_gb <= 0) checkpoint_gb = scheme_bytes(a, count, q) / 1e9;
    if (checkpoint_gb > 0 && q.present && q.known) {
        out.model.native_gb = checkpoint_gb;
        if (q.bits_per_weight > 0 && index_json.empty())
            out.notes.push_back(Message(code::config_quant_bytes).num("gb", checkpoint_gb).num("bits", q.bits_per_weight)
                                    .str("method", printable(q.method)));
    }
    out.model.name = model_name(top, a.model_type, params);
    say_what_was_read(out, f, top, text_obj ? &text_path : nullptr, a, unknown_kinds, dtype, served, q,
                      !index_json.empty());
    check_model_envelope(out.model, config_file, "", out.errors);
    out.ok = out.errors.empty();
    return out;
}

State state_with_import(const State& s, const ModelSpec& m) {
    State next = s;
    next.model = "custom";
    next.custom = custom_from_spec(m);
    if (next.custom.active_b >= next.custom.params_b) next.custom.active_b = 0;  // dense: the link need not say it
    // An embedding or a speech model is sized by its service (services.hpp): the preset follows it.
    if (m.embedding && next.use != Use::embed) { next.task = Task::infer; next.use = Use::embed; }
    if (m.speech && next.use != Use::asr) { next.task = Task::infer; next.use = Use::asr; }
    if (!m.embedding && !m.speech && (next.use == Use::embed || next.use == Use::asr)) next.use = Use::chat;
    // Through the link: the numbers every later page and the CLI will size.
    return decode_link(encode_link(next)).state;
}

}  // namespace gpusizer
