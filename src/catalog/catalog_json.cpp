#include "catalog/catalog_json.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "engine/codes.hpp"
#include "engine/custom_model.hpp"
#include "link/link.hpp"
#include "text/hidden_chars.hpp"

namespace gpusizer {
namespace {

using json = nlohmann::json;

// Dense tensor rates: below 0.01 TFLOPS a figure is a typo (or an attempt at an infinite time).
constexpr double kTflopsMin = 0.01, kTflopsMax = 100000;
constexpr double kPriceMax = 1e6;  // per GPU-hour, any currency
constexpr const char* kOrderUrlRule = "expected an https:// URL of at most 2000 bytes without spaces";

// Order links open in the user's browser: https only, no spaces or control characters.
bool valid_order_url(const std::string& url) {
    if (url.size() > limits::kUrlChars || url.rfind("https://", 0) != 0 || url.size() == 8) return false;
    return std::none_of(url.begin(), url.end(), [](unsigned char c) { return c <= 0x20 || c == 0x7f; });
}

// "expected 0.01–100000, got 1e-300": the one wording of a figure outside its range.
std::string range_message(double min, double max, double got) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "expected %g–%g, got %g", min, max, got);
    return buf;
}

// C0 controls and DEL: never part of a name, a note or a URL (they would reach a terminal or a CSV).
bool has_control(std::string_view s) {
    for (unsigned char c : s)
        if (c < 0x20 || c == 0x7f) return true;
    return false;
}

// What is wrong with the characters of a name or a note, or nullptr: control characters, or
// characters that reorder or hide text (text/hidden_chars.hpp) and would make a name read as another.
const char* characters_problem(std::string_view s) {
    if (has_control(s)) return "contains control characters";
    if (text::has_hidden_chars(s)) return "contains invisible or text-direction characters (U+200B, U+202E, ...)";
    return nullptr;
}

// Why an id is refused: the link codec's character set, or a web address in it ("//").
std::string id_rule(std::string_view id) {
    if (id.find("//") != std::string_view::npos) return "a web address (//) is not an id";
    return "expected 1-" + std::to_string(limits::kIdChars) + " letters, digits or - _ . / : +";
}

const char* type_name(const json& v) {
    switch (v.type()) {
        case json::value_t::null: return "null";
        case json::value_t::boolean: return "a boolean";
        case json::value_t::string: return "a string";
        case json::value_t::array: return "an array";
        case json::value_t::object: return "an object";
        case json::value_t::discarded: return "nothing";
        default: return "a number";
    }
}

// Reads fields of one JSON object and records what is wrong, with the entry's name.
class Reader {
  public:
    Reader(const json& obj, std::string file, std::string entry, std::vector<CatalogError>& errors)
        : obj_(obj), file_(std::move(file)), entry_(std::move(entry)), errors_(errors) {}

    void error(const std::string& field, const std::string& message) {
        errors_.push_back({file_, entry_, field, message});
    }

    const json* find(const char* field) const {
        if (!obj_.is_object()) return nullptr;
        auto it = obj_.find(field);
        return it == obj_.end() ? nullptr : &*it;
    }

    bool has(const char* field) const { return find(field) != nullptr; }

    // A string of at most `max` bytes without control characters.
    std::string string(const char* field, bool required, const std::string& fallback = "",
                       std::size_t max = limits::kTextChars) {
        const json* v = find(field);
        if (!v || v->is_null()) {
            if (required) error(field, "required string is missing");
            return fallback;
        }
        if (!v->is_string()) { error(field, std::string("expected a string, got ") + type_name(*v)); return fallback; }
        const std::string& s = v->get_ref<const std::string&>();
        if (s.size() > max) { error(field, "longer than " + std::to_string(max) + " bytes"); return fallback; }
        if (const char* bad = characters_problem(s)) { error(field, bad); return fallback; }
        return s;
    }

    std::string name(const char* field, bool required) { return string(field, required, "", limits::kNameChars); }

    // An id: the link codec's character set, so every catalog entry can be named in a link.
    std::string id(const char* field, bool required) {
        const json* v = find(field);
        if (!v || v->is_null() || !v->is_string()) return string(field, required);  // the usual errors
        const std::string& s = v->get_ref<const std::string&>();
        if (!valid_catalog_id(s)) {
            error(field, id_rule(s));
            return "";
        }
        return s;
    }

    // A number in [min, max]. Missing / null: nullopt (an error when required).
    std::optional<double> number(const char* field, bool required, double min, double max) {
        const json* v = find(field);
        if (!v || v->is_null()) {
            if (required) error(field, "required number is missing");
            return std::nullopt;
        }
        if (!v->is_number()) { error(field, std::string("expected a number, got ") + type_name(*v)); return std::nullopt; }
        const double d = v->get<double>();
        if (!std::isfinite(d) || d < min || d > max) {
            error(field, range_message(min, max, d));
            return std::nullopt;
        }
        return d;
    }

    int integer(const char* field, bool required, int min, int max, int fallback = 0) {
        auto d = number(field, required, min, max);
        if (!d) return fallback;
        if (*d != std::floor(*d)) { error(field, "expected a whole number"); return fallback; }
        return int(*d);
    }

    bool boolean(const char* field, bool fallback) {
        const json* v = find(field);
        if (!v || v->is_null()) return fallback;
        if (!v->is_boolean()) { error(field, std::string("expected true or false, got ") + type_name(*v)); return fallback; }
        return v->get<bool>();
    }

    std::vector<std::string> strings(const char* field) {
        std::vector<std::string> out;
        const json* v = find(field);
        if (!v || v->is_null()) return out;
        if (!v->is_array()) { error(field, std::string("expected an array of strings, got ") + type_name(*v)); return out; }
        for (const auto& e : *v) {
            if (e.is_string()) out.push_back(e.get_ref<const std::string&>());
            else error(field, std::string("expected strings in the array, got ") + type_name(e));
        }
        return out;
    }

    const json& obj() const { return obj_; }
    std::string entry() const { return entry_; }

  private:
    const json& obj_;
    std::string file_, entry_;
    std::vector<CatalogError>& errors_;
};

std::string sources_text(const json* s) {
    if (!s) return "";
    if (s->is_string()) return s->get_ref<const std::string&>();
    std::string out;
    if (s->is_object())
        for (auto it = s->begin(); it != s->end(); ++it)
            if (it.value().is_string()) out += (out.empty() ? "" : "; ") + it.key() + ": " + it.value().get_ref<const std::string&>();
    return out;
}

std::string entry_name(const char* list, const json& e, size_t index) {
    if (e.is_object()) {
        auto it = e.find("id");
        if (it != e.end() && it->is_string()) return std::string(list) + "[" + it->get_ref<const std::string&>() + "]";
    }
    return std::string(list) + "[" + std::to_string(index) + "]";
}

// Every field of an entry by its path ("tflops_dense.fp8") and whether it is null. Objects are walked
// (the parser already capped the nesting); "unknown" itself holds reasons, not figures.
void field_paths(const json& obj, const std::string& prefix, std::map<std::string, bool>& out) {
    for (auto it = obj.begin(); it != obj.end(); ++it) {
        if (prefix.empty() && it.key() == "unknown") continue;
        const std::string path = prefix + it.key();
        out[path] = it.value().is_null();
        if (it.value().is_object()) field_paths(it.value(), path + ".", out);
    }
}

// "unknown": {field path: why that figure is null}. A null figure nobody explains reads as a zero
// or a gap to the reader, so a complete entry explains each; a provider's partial override may
// explain its own nulls. Either way a reason must name a field that is null in the same object.
void read_unknown(Reader& r, GpuSpec& g, bool partial) {
    std::map<std::string, bool> fields;  // path -> null
    field_paths(r.obj(), "", fields);
    std::set<std::string> explained;
    const json* u = r.find("unknown");
    if (u && !u->is_null() && !u->is_object()) {
        r.error("unknown", std::string("expected an object {field path: reason}, got ") + type_name(*u));
    } else if (u && u->size() > limits::kUnknownReasons) {
        const std::string most = std::to_string(limits::kUnknownReasons);
        r.error("unknown", std::to_string(u->size()) + " entries, at most " + most);
        return;
    } else if (u && u->is_object()) {
        for (auto it = u->begin(); it != u->end(); ++it) {
            const std::string field = "unknown." + it.key();
            const auto f = fields.find(it.key());
            if (f == fields.end()) { r.error(field, "names no field of this entry"); continue; }
            if (!f->second) {
                r.error(field, "the field is not null: only a null figure takes a reason");
                continue;
            }
            explained.insert(it.key());
            if (!it.value().is_string()) {
                r.error(field, std::string("expected a string, got ") + type_name(it.value()));
                continue;
            }
            const std::string& why = it.value().get_ref<const std::string&>();
            if (why.size() > limits::kTextChars) r.error(field, "longer than " + std::to_string(limits::kTextChars) + " bytes");
            else if (const char* bad = characters_problem(why)) r.error(field, bad);
            else if (it.key() == "price_per_gpu_hour" || it.key() == "price_usd_per_gpu_hour") g.price_unknown_reason = why;
        }
    }
    if (partial) return;
    for (const auto& [path, null] : fields)
        if (null && !explained.count(path)) r.error(path, "null without a reason in \"unknown\"");
}

// Fills `g` from `r`. With `partial` (a provider override) only fields present are read.
// The dense rates (TFLOPS by number format); a partial entry (provider override) keeps what it omits.
void read_tflops(Reader& r, GpuSpec& g, bool partial) {
    if (const json* t = r.find("tflops_dense")) {
        if (!t->is_object()) {
            r.error("tflops_dense", std::string("expected an object, got ") + type_name(*t));
        } else {
            std::vector<CatalogError> sub;
            Reader rt(*t, "", r.entry(), sub);
            auto rate = [&](const char* f, std::optional<double>& out) {
                if (!partial || rt.has(f)) out = rt.number(f, false, kTflopsMin, kTflopsMax);
            };
            rate("fp64", g.tflops.fp64); rate("fp64_tensor", g.tflops.fp64_tensor); rate("fp32", g.tflops.fp32);
            rate("tf32", g.tflops.tf32); rate("bf16", g.tflops.bf16); rate("fp16", g.tflops.fp16);
            rate("fp8", g.tflops.fp8); rate("fp4", g.tflops.fp4); rate("int8", g.tflops.int8);
            for (auto& e : sub) r.error("tflops_dense." + e.field, e.message);
        }
    } else if (!partial) {
        r.error("tflops_dense", "required object is missing");
    }
}

void read_nvlink(Reader& r, GpuSpec& g) {
    if (const json* nv = r.find("nvlink")) {
        if (nv->is_null()) { g.nvlink_generation = 0; g.nvlink_gbs = 0; }
        else if (!nv->is_object()) r.error("nvlink", std::string("expected an object or null, got ") + type_name(*nv));
        else {
            std::vector<CatalogError> sub;
            Reader rn(*nv, "", "", sub);
            g.nvlink_generation = rn.integer("generation", true, 1, 20);
            g.nvlink_gbs = rn.number("gbs_per_gpu", true, 1, 1e6).value_or(0);
            g.nvlink_pairs_only = rn.boolean("pairs_only", false);
            for (auto& e : sub) r.error("nvlink." + e.field, e.message);
        }
    }
}

void read_video(Reader& r, GpuSpec& g) {
    if (const json* v = r.find("video")) {
        if (v->is_object()) {
            std::vector<CatalogError> sub;
            Reader rv(*v, "", "", sub);
            g.nvenc = rv.integer("nvenc", false, 0, 64);
            g.nvdec = rv.integer("nvdec", false, 0, 64);
            g.av1_encode = rv.boolean("av1_encode", false);
            for (auto& e : sub) r.error("video." + e.field, e.message);
        } else if (!v->is_null()) {
            r.error("video", std::string("expected an object, got ") + type_name(*v));
        }
    }
}

// GPUs per server the GPU is sold in; a full entry without them is a one-GPU box.
void read_server_sizes(Reader& r, GpuSpec& g, bool required) {
    if (const json* s = r.find("server_sizes")) {
        if (!s->is_array() || s->empty()) r.error("server_sizes", "expected a non-empty array of GPU counts");
        else {
            g.server_sizes.clear();
            for (const auto& e : *s) {
                if (e.is_number_integer() && e.get<long long>() >= 1 && e.get<long long>() <= 1024)
                    g.server_sizes.push_back(int(e.get<long long>()));
                else r.error("server_sizes", "expected whole numbers 1-1024");
            }
        }
    } else if (required) {
        g.server_sizes = {1};
    }
}

// A price object (value, currency, source, date), a bare number (a provider file's currency) or null.
void read_prices(Reader& r, GpuSpec& g) {
    for (const char* key : {"price_per_gpu_hour", "price_usd_per_gpu_hour"}) {
        const json* p = r.find(key);
        if (!p) continue;
        if (p->is_null()) { g.price.reset(); continue; }
        // A bare number (provider files): in the file's currency, filled in by settle_currencies().
        if (p->is_number()) {
            auto v = r.number(key, true, 0, kPriceMax);
            if (v) g.price = Price{*v, "", "provider file", "", std::nullopt};
            continue;
        }
        if (!p->is_object()) { r.error(key, std::string("expected an object, a number or null, got ") + type_name(*p)); continue; }
        std::vector<CatalogError> sub;
        Reader rp(*p, "", "", sub);
        auto v = rp.number("value", true, 0, kPriceMax);
        const std::string currency = rp.string("currency", false, "", 3);
        if (!currency.empty() && !valid_currency(currency)) rp.error("currency", "expected a three-letter code A-Z such as USD");
        Price price{v.value_or(0), currency, rp.string("source", true), rp.string("date", false), std::nullopt};
        for (auto& e : sub) r.error(std::string(key) + "." + e.field, e.message);
        if (v && sub.empty()) g.price = price;
    }
}

void read_gpu(Reader& r, GpuSpec& g, bool partial) {
    const bool req = !partial;
    auto keep = [&](const char* f) { return !partial || r.has(f); };
    if (keep("id")) g.id = r.id("id", req);
    if (keep("name")) g.name = r.name("name", req);
    if (keep("vendor")) g.vendor = r.string("vendor", false);
    if (keep("architecture")) g.architecture = r.string("architecture", false);
    if (keep("form_factor")) g.form_factor = r.string("form_factor", false);
    if (keep("segment")) {
        g.segment = r.string("segment", false, g.segment, 20);
        if (!g.segment.empty() && g.segment != "consumer" && g.segment != "workstation" && g.segment != "datacenter")
            r.error("segment", "expected consumer, workstation or datacenter, got '" + g.segment + "'");
    }
    if (keep("memory_type")) g.memory_type = r.string("memory_type", false);
    if (keep("memory_gib")) g.memory_gib = r.number("memory_gib", req, 0.5, 100000).value_or(g.memory_gib);
    if (keep("memory_bandwidth_gbs"))
        g.memory_bandwidth_gbs = r.number("memory_bandwidth_gbs", req, 1, 1e6).value_or(g.memory_bandwidth_gbs);
    read_tflops(r, g, partial);
    if (keep("datasheet_prints_sparse")) g.datasheet_prints_sparse = r.boolean("datasheet_prints_sparse", g.datasheet_prints_sparse);
    read_nvlink(r, g);
    if (keep("pcie_gen")) g.pcie_gen = r.integer("pcie_gen", false, 1, 10, g.pcie_gen ? g.pcie_gen : 4);
    if (keep("tdp_w")) g.tdp_w = r.number("tdp_w", false, 1, 100000).value_or(g.tdp_w);
    if (keep("cuda_memory_gib")) g.cuda_memory_gib = r.number("cuda_memory_gib", false, 0.5, 100000);
    read_video(r, g);
    if (keep("graphics")) g.graphics = r.boolean("graphics", g.graphics);
    if (keep("rt_cores")) g.rt_cores = r.boolean("rt_cores", g.rt_cores);
    read_server_sizes(r, g, !partial);
    read_prices(r, g);
    if (keep("order_url")) g.order_url = r.string("order_url", false, g.order_url, limits::kUrlChars);
    if (keep("notes")) g.notes = r.string("notes", false, g.notes);
    if (const json* s = r.find("sources")) g.source = sources_text(s);
    else if (const json* s1 = r.find("source")) g.source = sources_text(s1);
    else if (req) r.error("sources", "every entry must cite its sources");
    if (keep("estimated")) g.estimated = r.boolean("estimated", g.estimated);
    read_unknown(r, g, partial);
    if (g.price) g.price_unknown_reason.clear();  // an override that sets a price answers the question
    if (!partial && g.server_sizes.empty()) g.server_sizes = {1};
}

// "speech" and "embedding": what a speech-to-text or an embedding model adds to its architecture.
void read_service_specs(Reader& r, ModelSpec& m) {
    if (const json* sp = r.find("speech"); sp && !sp->is_null()) {
        if (!sp->is_object()) { r.error("speech", std::string("expected an object or null, got ") + type_name(*sp)); return; }
        std::vector<CatalogError> sub;
        Reader rs(*sp, "", "", sub);
        SpeechSpec s;
        s.decoder = rs.string("decoder", true, "transformer", 20);
        if (s.decoder != "transformer" && s.decoder != "tdt" && s.decoder != "rnnt" && s.decoder != "ctc")
            rs.error("decoder", "expected transformer, tdt, rnnt or ctc, got '" + s.decoder + "'");
        s.encoder_params_b = rs.number("encoder_params_b", true, 0.0001, 100000).value_or(0);
        s.encoder_layers = rs.integer("encoder_layers", true, 1, 100000);
        s.encoder_hidden = rs.integer("encoder_hidden", true, 1, 1000000);
        s.frames_per_second = rs.number("frames_per_second", true, 1, 1000).value_or(0);
        s.window_seconds = rs.number("window_seconds", false, 0, 3600).value_or(0);
        s.decoder_layers = rs.integer("decoder_layers", false, 0, 100000);
        if (m.params_b > 0 && s.encoder_params_b > m.params_b) rs.error("encoder_params_b", "more than params_b");
        for (auto& e : sub) r.error("speech." + e.field, e.message);
        m.speech = s;
    }
    if (const json* em = r.find("embedding"); em && !em->is_null()) {
        if (!em->is_object()) { r.error("embedding", std::string("expected an object or null, got ") + type_name(*em)); return; }
        std::vector<CatalogError> sub;
        Reader re(*em, "", "", sub);
        EmbeddingSpec e;
        e.dimensions = re.integer("dimensions", true, 1, 1000000);
        e.bidirectional = re.boolean("bidirectional", true);
        for (auto& x : sub) r.error("embedding." + x.field, x.message);
        m.embedding = e;
    }
}

// "attention": its kind, sliding windows, the MLA and linear-attention specs.
void read_attention(Reader& r, ModelSpec& m) {
    if (const json* a = r.find("attention")) {
        if (!a->is_object()) r.error("attention", std::string("expected an object, got ") + type_name(*a));
        else {
            std::vector<CatalogError> sub;
            Reader ra(*a, "", "", sub);
            const std::string kind = ra.string("kind", true, "gqa");
            if (kind == "mha") m.attention = AttentionKind::mha;
            else if (kind == "gqa") m.attention = AttentionKind::gqa;
            else if (kind == "mla") m.attention = AttentionKind::mla;
            else if (kind == "hybrid-linear") m.attention = AttentionKind::hybrid_linear;
            else ra.error("kind", "expected mha, gqa, mla or hybrid-linear, got '" + kind + "'");
            m.sliding_window = ra.integer("sliding_window", false, 0, 1 << 30);
            m.sliding_layers = ra.integer("sliding_layers", false, 0, 100000);
            m.indexer_head_dim = ra.integer("indexer_head_dim", false, 0, 100000);
            if (const json* mla = ra.find("mla"); mla && mla->is_object()) {
                Reader rm(*mla, "", "", sub);
                MlaSpec s;
                s.kv_lora_rank = rm.integer("kv_lora_rank", true, 1, 1 << 20);
                s.qk_rope_head_dim = rm.integer("qk_rope_head_dim", true, 0, 1 << 20);
                s.qk_nope_head_dim = rm.integer("qk_nope_head_dim", false, 0, 1 << 20);
                s.v_head_dim = rm.integer("v_head_dim", false, 0, 1 << 20);
                s.q_lora_rank = rm.integer("q_lora_rank", false, 0, 1 << 20);
                m.mla = s;
            } else if (m.attention == AttentionKind::mla && !r.boolean("estimated", false)) {
                ra.error("mla", "attention kind 'mla' needs the mla object (or mark the entry estimated)");
            }
            if (const json* lin = ra.find("linear"); lin && lin->is_object()) {
                Reader rl(*lin, "", "", sub);
                LinearAttentionSpec s;
                s.layers = rl.integer("layers", true, 0, 100000);
                s.num_key_heads = rl.integer("num_key_heads", true, 0, 100000);
                s.num_value_heads = rl.integer("num_value_heads", true, 0, 100000);
                s.key_head_dim = rl.integer("key_head_dim", true, 0, 100000);
                s.value_head_dim = rl.integer("value_head_dim", true, 0, 100000);
                s.conv_kernel = rl.integer("conv_kernel", false, 0, 1000);
                m.linear = s;
            }
            for (auto& e : sub) r.error("attention." + e.field, e.message);
        }
    }
}

// "moe": routed and shared experts.
void read_moe_spec(Reader& r, ModelSpec& m) {
    if (const json* moe = r.find("moe")) {
        if (moe->is_object()) {
            std::vector<CatalogError> sub;
            Reader rm(*moe, "", "", sub);
            MoeSpec s;
            s.experts = rm.integer("experts", true, 1, 1 << 20);
            s.experts_per_token = rm.integer("experts_per_token", true, 1, 1 << 20);
            s.shared_experts = rm.integer("shared_experts", false, 0, 1 << 20);
            s.expert_intermediate = rm.integer("expert_intermediate", true, 1, 1 << 24);
            s.dense_layers = rm.integer("dense_layers", false, 0, 100000);
            if (s.experts_per_token > s.experts) rm.error("experts_per_token", "more experts per token than experts");
            for (auto& e : sub) r.error("moe." + e.field, e.message);
            m.moe = s;
        } else if (!moe->is_null()) {
            r.error("moe", std::string("expected an object or null, got ") + type_name(*moe));
        }
    }
}

void read_model(Reader& r, ModelSpec& m, bool partial) {
    const bool req = !partial;
    auto keep = [&](const char* f) { return !partial || r.has(f); };
    if (keep("id")) m.id = r.id("id", req);
    if (keep("name")) m.name = r.name("name", req);
    if (keep("family")) m.family = r.string("family", false);
    if (keep("modality")) m.modality = r.string("modality", false, "text");
    if (keep("license")) m.license = r.string("license", false);
    if (keep("gguf_repo")) m.gguf_repo = r.id("gguf_repo", false);  // the id character set: safe in a command
    if (keep("notes")) m.notes = r.string("notes", false);
    if (keep("notes_ru")) m.notes_ru = r.string("notes_ru", false);
    else if (r.has("notes")) m.notes_ru.clear();  // an override's new notes: the old translation no longer says them
    if (const json* s = r.find("source")) m.source = sources_text(s);
    else if (const json* s2 = r.find("sources")) m.source = sources_text(s2);
    else if (req) r.error("source", "every entry must cite its source");
    if (keep("params_b")) m.params_b = r.number("params_b", req, kMinModelParamsB, 100000).value_or(m.params_b);
    if (keep("active_params_b"))
        m.active_params_b = r.number("active_params_b", false, kMinModelParamsB, 100000).value_or(m.params_b);
    if (m.active_params_b > m.params_b && m.params_b > 0) r.error("active_params_b", "active parameters exceed total parameters");
    // A given architecture number is at least 1 (0 would divide); null means unknown.
    auto whole = [&](const char* f, int& out, int min, int max) { if (keep(f)) out = r.integer(f, false, min, max, out); };
    whole("layers", m.layers, 1, 100000); whole("hidden", m.hidden, 1, 10000000);
    whole("intermediate", m.intermediate, 0, 100000000);
    whole("heads", m.heads, 1, 100000); whole("kv_heads", m.kv_heads, 1, 100000); whole("head_dim", m.head_dim, 1, 100000);
    whole("vocab", m.vocab, 0, 100000000); whole("max_context", m.max_context, 0, 1 << 30);
    if (keep("tied_embeddings")) m.tied_embeddings = r.boolean("tied_embeddings", m.tied_embeddings);
    if (keep("native_format")) {
        const std::string f = r.string("native_format", false, "bf16");
        if (auto wf = parse_weight_format(f)) m.native_format = *wf;
        else r.error("native_format", "unknown format '" + f + "'");
    }
    if (keep("native_quantizes_experts_only"))
        m.native_quantizes_experts_only = r.boolean("native_quantizes_experts_only", m.native_quantizes_experts_only);
    read_attention(r, m);
    read_moe_spec(r, m);
    read_service_specs(r, m);
    if (keep("estimated")) m.estimated = r.boolean("estimated", m.estimated);
    if (keep("estimated_fields")) m.estimated_fields = r.strings("estimated_fields");
    if (!partial && !m.estimated && (m.layers == 0 || m.hidden == 0))
        r.error("layers", "architecture numbers missing: mark the entry \"estimated\": true and list them");
}

void read_preset(Reader& r, TaskPreset& p) {
    p.id = r.string("id", true);
    p.task = r.string("task", true);
    if (p.task != "infer" && p.task != "tune" && p.task != "train" && p.task != "other")
        r.error("task", "expected infer, tune, train or other");
    p.use = r.string("use", false);
    p.title_en = r.string("title_en", true);
    p.title_ru = r.string("title_ru", true);
    p.models = r.strings("models");
    p.gpus = r.strings("gpus");
    p.params_min_b = r.number("params_min_b", false, 0, 1e6).value_or(0);
    p.params_max_b = r.number("params_max_b", false, 0, 1e6).value_or(0);
    p.vram_min_gb = r.number("vram_min_gb", false, 0, 1e7).value_or(0);
    p.vram_max_gb = r.number("vram_max_gb", false, 0, 1e7).value_or(0);
    p.source = r.string("source", false);
    p.source_ru = r.string("source_ru", false);
}

std::size_t max_entries(std::string_view list) {
    if (list == "gpus") return limits::kGpus;
    if (list == "models") return limits::kModels;
    return limits::kOtherEntries;
}

// A list or map longer than its limit is refused before any entry is read.
bool within_count(const json& v, const char* list, const std::string& file, std::vector<CatalogError>& errors) {
    const std::size_t max = max_entries(list);
    if (v.size() <= max) return true;
    errors.push_back({file, "", list, std::to_string(v.size()) + " entries, at most " + std::to_string(max)});
    return false;
}

void derive_architecture(ModelSpec& m) {
    if (m.kv_heads == 0) m.kv_heads = m.heads;
    if (m.head_dim == 0 && m.heads > 0) m.head_dim = m.hidden / m.heads;
}

void check_envelope(GpuSpec& g, const std::string& file, const std::string& entry, std::vector<CatalogError>& errors) {
    check_gpu_envelope(g, file, entry, errors);
}
void check_envelope(ModelSpec& m, const std::string& file, const std::string& entry, std::vector<CatalogError>& errors) {
    derive_architecture(m);
    check_model_envelope(m, file, entry, errors);
}
template <class T> void check_envelope(T&, const std::string&, const std::string&, std::vector<CatalogError>&) {}

template <class T, class ReadFn>
void read_list(const json& root, const char* list, const std::string& file, std::vector<CatalogError>& errors,
               std::vector<T>& out, ReadFn read) {
    auto it = root.find(list);
    if (it == root.end()) return;
    if (!it->is_array()) { errors.push_back({file, "", list, std::string("expected an array, got ") + type_name(*it)}); return; }
    if (!within_count(*it, list, file, errors)) return;
    std::unordered_set<std::string> seen;
    size_t index = 0;
    for (const auto& e : *it) {
        const std::string name = entry_name(list, e, index++);
        if (!e.is_object()) { errors.push_back({file, name, "", std::string("expected an object, got ") + type_name(e)}); continue; }
        Reader r(e, file, name, errors);
        T value;
        const std::size_t before = errors.size();
        read(r, value);
        if (!seen.insert(value.id).second) r.error("id", "duplicate id '" + value.id + "'");
        if (errors.size() == before) check_envelope(value, file, name, errors);  // once per problem
        out.push_back(std::move(value));
    }
}

void read_aliases(const json& root, const std::string& file, std::vector<CatalogError>& errors, Catalog& c) {
    auto it = root.find("aliases");
    if (it == root.end()) return;
    if (!it->is_object()) { errors.push_back({file, "", "aliases", "expected an object {old id: new id}"}); return; }
    if (!within_count(*it, "aliases", file, errors)) return;
    for (auto a = it->begin(); a != it->end(); ++a) {
        if (!a.value().is_string()) { errors.push_back({file, "aliases", a.key(), "expected a string id"}); continue; }
        c.aliases.emplace_back(a.key(), a.value().get_ref<const std::string&>());
    }
}

// Deepest nesting of brackets outside strings: a cheap scan before the parser sees the text.
std::size_t json_depth(std::string_view text) {
    std::size_t depth = 0, deepest = 0;
    bool in_string = false, escaped = false;
    for (char c : text) {
        if (in_string) {
            if (escaped) escaped = false;
            else if (c == '\\') escaped = true;
            else if (c == '"') in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            deepest = std::max(deepest, ++depth);
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    return deepest;
}

}  // namespace

bool within_json_limits(std::string_view text, const std::string& file, std::vector<CatalogError>& errors,
                        std::size_t max_bytes) {
    if (text.size() > max_bytes) {
        errors.push_back({file, "", "", "larger than " + std::to_string(max_bytes) + " bytes"});
        return false;
    }
    if (json_depth(text) > limits::kJsonDepth) {
        errors.push_back({file, "", "", "nested deeper than " + std::to_string(limits::kJsonDepth) + " levels"});
        return false;
    }
    return true;
}

namespace {

std::optional<json> parse(std::string_view text, const std::string& file, std::vector<CatalogError>& errors) {
    if (!within_json_limits(text, file, errors, limits::kProviderFileBytes)) return std::nullopt;
    json root = json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
    if (root.is_discarded()) {
        errors.push_back({file, "", "", "not valid JSON"});
        return std::nullopt;
    }
    if (!root.is_object()) {
        errors.push_back({file, "", "", std::string("expected a JSON object at the top, got ") + type_name(root)});
        return std::nullopt;
    }
    return root;
}


// An id or key quoted in an error may be anything the file held: at most 120 bytes of it, cut
// at a UTF-8 character boundary.
void clip(std::string& s) {
    constexpr std::size_t kMax = 120;
    if (s.size() <= kMax) return;
    std::size_t cut = kMax;
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
    s = s.substr(0, cut) + "…";
}

// Keeps the first limits::kErrorsShown errors, then says how many more there were.
void cap_errors(std::vector<CatalogError>& errors, const std::string& file) {
    for (auto& e : errors) { clip(e.entry); clip(e.field); }
    if (errors.size() <= limits::kErrorsShown) return;
    const std::size_t more = errors.size() - limits::kErrorsShown;
    errors.resize(limits::kErrorsShown);
    errors.push_back({file, "", "", "and " + std::to_string(more) + " more problems"});
}

void read_currency(Reader& top, std::string& currency) {
    const std::string c = top.string("currency", false, currency);
    if (valid_currency(c)) currency = c;
    else top.error("currency", "expected a three-letter code A-Z such as USD, got '" + c + "'");
}

// Position of every entry by id: merging N overrides into M entries in O(N + M).
template <class T> std::unordered_map<std::string, std::size_t> index_by_id(const std::vector<T>& items) {
    std::unordered_map<std::string, std::size_t> index;
    for (std::size_t i = 0; i < items.size(); ++i) index.emplace(items[i].id, i);
    return index;
}

// "gpus" / "models" of a provider file: override by id (partial), or add (complete).
template <class T, class ReadFn>
void merge_list(const json& root, const char* list, std::vector<T>& items, const std::string& file,
                std::vector<CatalogError>& errors, ReadFn read) {
    auto it = root.find(list);
    if (it == root.end()) return;
    if (!it->is_array()) { errors.push_back({file, "", list, "expected an array"}); return; }
    if (!within_count(*it, list, file, errors)) return;
    auto index = index_by_id(items);
    std::size_t n = 0;
    for (const auto& e : *it) {
        const std::string name = entry_name(list, e, n++);
        if (!e.is_object()) { errors.push_back({file, name, "", "expected an object"}); continue; }
        Reader r(e, file, name, errors);
        const std::string id = r.id("id", true);
        if (id.empty()) continue;
        auto [pos, added] = index.emplace(id, items.size());
        if (added) items.emplace_back();
        T& item = items[pos->second];
        const std::size_t before = errors.size();
        read(r, item, !added);
        // The merged entry, as the engine will see it (an override can break a derived rule).
        if (errors.size() == before) check_envelope(item, file, name, errors);
    }
}

void apply_prices(const json& top, Catalog& c, const std::string& file, std::vector<CatalogError>& errors) {
    auto prices = top.find("prices");
    if (prices == top.end()) return;
    if (!prices->is_object()) { errors.push_back({file, "", "prices", "expected an object {gpu id: price per GPU-hour}"}); return; }
    if (!within_count(*prices, "prices", file, errors)) return;
    const auto index = index_by_id(c.gpus);
    for (auto p = prices->begin(); p != prices->end(); ++p) {
        auto g = index.find(p.key());
        if (g == index.end()) { errors.push_back({file, "prices", p.key(), "unknown GPU id"}); continue; }
        const double v = p.value().is_number() ? p.value().get<double>() : -1;
        if (!(v >= 0 && v <= kPriceMax)) { errors.push_back({file, "prices", p.key(), "expected a price 0–1e+06"}); continue; }
        c.gpus[g->second].price = Price{v, c.currency, "provider price list (" + file + ")", c.version, std::nullopt};
        c.gpus[g->second].price_unknown_reason.clear();
    }
}

// Every price gets a currency: one given without names the file's own.
void settle_currencies(std::vector<GpuSpec>& gpus, const std::string& currency) {
    for (auto& g : gpus)
        if (g.price && g.price->currency.empty()) g.price->currency = currency;
}

// "rates": {"USD": 92.5} = 92.5 units of the file's currency per US dollar. Prices in a named
// currency are converted and marked as converted; a price in a currency without a rate stays
// as it is, and the engine shows that GPU without a price in the file's currency.
void apply_rates(const json& top, Catalog& c, const std::string& file, std::vector<CatalogError>& errors) {
    auto rates = top.find("rates");
    if (rates == top.end()) return;
    if (!rates->is_object()) {
        errors.push_back({file, "", "rates", "expected an object {currency: units of " + c.currency + " per unit}"});
        return;
    }
    if (!within_count(*rates, "rates", file, errors)) return;
    std::unordered_map<std::string, double> rate;
    for (auto x = rates->begin(); x != rates->end(); ++x) {
        const double v = x.value().is_number() ? x.value().get<double>() : -1;
        if (!valid_currency(x.key())) errors.push_back({file, "rates", x.key(), "expected a three-letter currency code A-Z"});
        else if (x.key() == c.currency) errors.push_back({file, "rates", x.key(), "is the file's own currency"});
        else if (!(v >= 1e-6 && v <= 1e6)) errors.push_back({file, "rates", x.key(), "expected a rate 1e-06–1e+06"});
        else rate[x.key()] = v;
    }
    // A converted price is held to the envelope of a price (0–1e6 per GPU-hour): a rate that would push
    // one past it is refused with the first such GPU named, and nothing is converted at it.
    for (const auto& g : c.gpus) {
        auto r = !g.price || g.price->currency == c.currency ? rate.end() : rate.find(g.price->currency);
        if (r == rate.end() || g.price->per_gpu_hour * r->second <= kPriceMax) continue;
        char buf[320];
        std::snprintf(buf, sizeof buf, "converts %s's %g %s to %g %s per GPU-hour, above the %g limit", g.id.c_str(),
                      g.price->per_gpu_hour, r->first.c_str(), g.price->per_gpu_hour * r->second, c.currency.c_str(),
                      kPriceMax);
        errors.push_back({file, "rates", r->first, buf});
        rate.erase(r);
    }
    for (auto& g : c.gpus) {
        if (!g.price || g.price->currency == c.currency) continue;
        auto r = rate.find(g.price->currency);
        if (r == rate.end()) continue;
        Price& p = *g.price;
        p.converted = PriceConversion{p.per_gpu_hour, p.currency, r->second};
        p.per_gpu_hour *= r->second;
        p.currency = c.currency;
    }
}

// "only_priced": true keeps just the GPUs the page can price in its currency.
void apply_only_priced(Reader& top, Catalog& c) {
    if (!top.boolean("only_priced", false)) return;
    auto unpriced = [&c](const GpuSpec& g) { return !g.price || g.price->currency != c.currency; };
    c.gpus.erase(std::remove_if(c.gpus.begin(), c.gpus.end(), unpriced), c.gpus.end());
    if (c.gpus.empty()) top.error("only_priced", "no GPU has a price in " + c.currency);
}

void apply_order_urls(const json& top, Catalog& c, const std::string& file, std::vector<CatalogError>& errors) {
    auto urls = top.find("order_urls");
    if (urls == top.end()) return;
    if (!urls->is_object()) { errors.push_back({file, "", "order_urls", "expected an object {gpu id: url}"}); return; }
    if (!within_count(*urls, "order_urls", file, errors)) return;
    const auto index = index_by_id(c.gpus);
    for (auto u = urls->begin(); u != urls->end(); ++u) {
        auto g = index.find(u.key());
        const std::string url = u.value().is_string() ? u.value().get<std::string>() : "";
        if (g == index.end()) errors.push_back({file, "order_urls", u.key(), "unknown GPU id"});
        else if (!valid_order_url(url)) errors.push_back({file, "order_urls", u.key(), kOrderUrlRule});
        else c.gpus[g->second].order_url = url;
    }
}

void apply_hide(Reader& top, Catalog& c, const std::string& file, std::vector<CatalogError>& errors) {
    if (const json* h = top.find("hide"); h && h->is_array() && !within_count(*h, "hide", file, errors)) return;
    const std::vector<std::string> ids = top.strings("hide");
    const std::unordered_set<std::string> hidden(ids.begin(), ids.end());
    std::unordered_set<std::string> found;
    auto hide = [&](const auto& x) {
        if (!hidden.count(x.id)) return false;
        found.insert(x.id);
        return true;
    };
    c.gpus.erase(std::remove_if(c.gpus.begin(), c.gpus.end(), hide), c.gpus.end());
    c.models.erase(std::remove_if(c.models.begin(), c.models.end(), hide), c.models.end());
    for (const std::string& id : ids)
        if (!found.count(id)) errors.push_back({file, "hide", id, "unknown id"});
}

void check_references(Catalog& c, const std::string& file, std::vector<CatalogError>& errors) {
    const auto gpus = index_by_id(c.gpus), models = index_by_id(c.models);
    for (const auto& s : c.servers)
        if (!gpus.count(s.gpu_id)) errors.push_back({file, "servers[" + s.id + "]", "gpu", "unknown GPU id '" + s.gpu_id + "'"});
    for (const auto& [from, to] : c.aliases)
        if (!gpus.count(to) && !models.count(to)) errors.push_back({file, "aliases", from, "points to unknown id '" + to + "'"});
}

}  // namespace

bool valid_catalog_id(std::string_view id) { return id.size() <= limits::kIdChars && valid_link_id(id); }

bool valid_currency(std::string_view code) {
    return code.size() == 3 && std::all_of(code.begin(), code.end(), [](char ch) { return ch >= 'A' && ch <= 'Z'; });
}

namespace {

// Appends "field: expected min–max, got v" when v lies outside [min, max].
struct Envelope {
    const std::string& file;
    const std::string& entry;
    std::vector<CatalogError>& errors;

    void fail(const std::string& field, const std::string& message) { errors.push_back({file, entry, field, message}); }
    void range(const std::string& field, double v, double min, double max) {
        if (!(v >= min && v <= max)) fail(field, range_message(min, max, v));
    }
    void optional(const std::string& field, const std::optional<double>& v, double min, double max) {
        if (v) range(field, *v, min, max);
    }
    void id(const std::string& v) {
        if (!valid_catalog_id(v)) fail("id", id_rule(v));
    }
    void text(const char* field, const std::string& v, std::size_t max) {
        if (v.size() > max) fail(field, "longer than " + std::to_string(max) + " bytes");
        else if (const char* bad = characters_problem(v)) fail(field, bad);
    }
};

}  // namespace

void check_gpu_envelope(const GpuSpec& g, const std::string& file, const std::string& entry,
                        std::vector<CatalogError>& errors) {
    Envelope e{file, entry, errors};
    e.id(g.id);
    e.text("name", g.name, limits::kNameChars);
    for (const auto* t : {&g.vendor, &g.architecture, &g.form_factor, &g.memory_type, &g.notes, &g.source,
                          &g.price_unknown_reason})
        e.text("text", *t, limits::kTextChars);
    if (!g.segment.empty() && g.segment != "consumer" && g.segment != "workstation" && g.segment != "datacenter")
        e.fail("segment", "expected consumer, workstation or datacenter");
    e.range("memory_gib", g.memory_gib, 0.5, 100000);
    e.range("memory_bandwidth_gbs", g.memory_bandwidth_gbs, 1, 1e6);
    const std::pair<const char*, const std::optional<double>*> rates[] = {
        {"fp64", &g.tflops.fp64}, {"fp64_tensor", &g.tflops.fp64_tensor}, {"fp32", &g.tflops.fp32},
        {"tf32", &g.tflops.tf32}, {"bf16", &g.tflops.bf16}, {"fp16", &g.tflops.fp16},
        {"fp8", &g.tflops.fp8}, {"fp4", &g.tflops.fp4}, {"int8", &g.tflops.int8}};
    for (const auto& [name, rate] : rates) e.optional(std::string("tflops_dense.") + name, *rate, kTflopsMin, kTflopsMax);
    e.range("nvlink.generation", g.nvlink_generation, 0, 20);
    if (g.nvlink_generation > 0) e.range("nvlink.gbs_per_gpu", g.nvlink_gbs, 1, 1e6);
    e.range("pcie_gen", g.pcie_gen, 1, 10);
    e.range("tdp_w", g.tdp_w, 0, 100000);
    e.optional("cuda_memory_gib", g.cuda_memory_gib, 0.5, g.memory_gib);
    e.range("video.nvenc", g.nvenc, 0, 64);
    e.range("video.nvdec", g.nvdec, 0, 64);
    if (g.server_sizes.empty()) e.fail("server_sizes", "expected a non-empty array of GPU counts");
    for (int n : g.server_sizes) e.range("server_sizes", n, 1, 1024);
    if (g.price) e.range("price_per_gpu_hour", g.price->per_gpu_hour, 0, kPriceMax);
    // Empty while a provider override is merged; settle_currencies() then names the file's.
    if (g.price && !g.price->currency.empty() && !valid_currency(g.price->currency))
        e.fail("price_per_gpu_hour.currency", "expected a three-letter code A-Z");
    if (g.price) e.text("price_per_gpu_hour.source", g.price->source, limits::kTextChars);
    if (!g.order_url.empty() && !valid_order_url(g.order_url)) e.fail("order_url", kOrderUrlRule);
}

void check_model_envelope(const ModelSpec& m, const std::string& file, const std::string& entry,
                          std::vector<CatalogError>& errors) {
    Envelope e{file, entry, errors};
    e.id(m.id);
    e.text("name", m.name, limits::kNameChars);
    for (const auto* t : {&m.family, &m.modality, &m.license, &m.notes, &m.source}) e.text("text", *t, limits::kTextChars);
    // The figures' rules are the engine's (custom_model.hpp: a link's model obeys the same), worded here.
    for (const Message& p : model_envelope_problems(m)) {
        auto num = [&p](const char* name) { const Param* x = p.find(name); return x ? x->number : 0.0; };
        if (p.code == code::model_check_kv_heads)
            e.fail("kv_heads", "heads (" + std::to_string(int(num("heads"))) + ") must be a multiple of kv_heads (" +
                                   std::to_string(int(num("kv_heads"))) + ")");
        else if (p.code == code::model_check_heads)
            e.fail("heads", "kv_heads or head_dim given without heads");
        else if (p.find("field")->text == "params_b" && num("value") > 0 && num("value") < kMinModelParamsB)
            e.fail("params_b", range_message(num("min"), num("max"), num("value")) +
                                   " billion: models under 1 M parameters are not sized");
        else
            e.range(p.find("field")->text, num("value"), num("min"), num("max"));
    }
}

std::string CatalogError::to_string() const {
    std::string s = file;
    if (!entry.empty()) s += ": " + entry;
    if (!field.empty()) s += (entry.empty() ? ": " : ".") + field;
    // An id quoted from a refused file loses what would reorder or hide the line it is quoted in.
    return text::drop_hidden_chars(s + ": " + message);
}

CatalogLoad load_catalog(std::string_view text, const std::string& file) {
    CatalogLoad out;
    auto root = parse(text, file, out.errors);
    if (!root) return out;
    Catalog& c = out.catalog;
    Reader top(*root, file, "", out.errors);
    c.schema = top.integer("schema", true, 1, 1000, 1);
    if (c.schema != 1) top.error("schema", "this calculator reads schema 1");
    c.version = top.string("catalog_version", true, "", limits::kNameChars);
    read_currency(top, c.currency);
    read_list(*root, "gpus", file, out.errors, c.gpus, [](Reader& r, GpuSpec& g) { read_gpu(r, g, false); });
    read_list(*root, "models", file, out.errors, c.models, [](Reader& r, ModelSpec& m) { read_model(r, m, false); });
    read_list(*root, "servers", file, out.errors, c.servers, [](Reader& r, ServerSpec& s) {
        s.id = r.id("id", true);
        s.name = r.name("name", true);
        s.gpu_id = r.string("gpu", true, "", limits::kIdChars);
        s.gpus = r.integer("gpus", true, 1, 1024, 8);
        s.notes = r.string("notes", false);
        if (const json* src = r.find("sources")) s.source = sources_text(src);
        else r.error("sources", "every entry must cite its sources");
    });
    read_list(*root, "presets", file, out.errors, c.presets, read_preset);
    read_aliases(*root, file, out.errors, c);
    settle_currencies(c.gpus, c.currency);
    if (c.gpus.empty()) top.error("gpus", "a catalog needs at least one GPU");
    check_references(c, file, out.errors);
    cap_errors(out.errors, file);
    out.ok = out.errors.empty();
    if (!out.ok) out.catalog = Catalog{};
    return out;
}

CatalogLoad apply_provider_catalog(const Catalog& base, std::string_view text, const std::string& file) {
    CatalogLoad out;
    auto root = parse(text, file, out.errors);
    if (!root) { out.catalog = base; return out; }
    Reader top(*root, file, "", out.errors);
    const std::string mode = top.string("mode", false, "extend");
    if (mode == "replace") {
        out = load_catalog(text, file);
        if (!out.ok) out.catalog = base;
        return out;
    }
    if (mode != "extend") top.error("mode", "expected 'extend' or 'replace', got '" + mode + "'");
    Catalog c = base;
    if (top.has("schema") && top.integer("schema", false, 1, 1000, 1) != 1) top.error("schema", "this calculator reads schema 1");
    if (top.has("currency")) read_currency(top, c.currency);
    if (top.has("catalog_version")) c.version = base.version + "+" + top.string("catalog_version", false, "", limits::kNameChars);
    merge_list(*root, "gpus", c.gpus, file, out.errors, [](Reader& r, GpuSpec& g, bool partial) { read_gpu(r, g, partial); });
    merge_list(*root, "models", c.models, file, out.errors, [](Reader& r, ModelSpec& m, bool partial) { read_model(r, m, partial); });
    apply_prices(*root, c, file, out.errors);
    settle_currencies(c.gpus, c.currency);
    apply_rates(*root, c, file, out.errors);
    apply_order_urls(*root, c, file, out.errors);
    apply_hide(top, c, file, out.errors);
    apply_only_priced(top, c);
    if (c.gpus.empty()) top.error("hide", "hides every GPU");
    read_aliases(*root, file, out.errors, c);
    cap_errors(out.errors, file);
    out.ok = out.errors.empty();
    out.catalog = out.ok ? std::move(c) : base;
    return out;
}

}  // namespace gpusizer
