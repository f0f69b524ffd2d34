#include "catalog/catalog_json.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

namespace gpusizer {
namespace {

using json = nlohmann::json;

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

    std::string string(const char* field, bool required, const std::string& fallback = "") {
        const json* v = find(field);
        if (!v || v->is_null()) {
            if (required) error(field, "required string is missing");
            return fallback;
        }
        if (!v->is_string()) { error(field, std::string("expected a string, got ") + type_name(*v)); return fallback; }
        return v->get_ref<const std::string&>();
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
            char buf[160];
            std::snprintf(buf, sizeof buf, "expected a number in [%g, %g], got %g", min, max, d);
            error(field, buf);
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

// Fills `g` from `r`. With `partial` (a provider override) only fields present are read.
void read_gpu(Reader& r, GpuSpec& g, bool partial) {
    const bool req = !partial;
    auto keep = [&](const char* f) { return !partial || r.has(f); };
    if (keep("id")) g.id = r.string("id", req);
    if (keep("name")) g.name = r.string("name", req);
    if (keep("vendor")) g.vendor = r.string("vendor", false);
    if (keep("architecture")) g.architecture = r.string("architecture", false);
    if (keep("form_factor")) g.form_factor = r.string("form_factor", false);
    if (keep("memory_type")) g.memory_type = r.string("memory_type", false);
    if (keep("memory_gib")) g.memory_gib = r.number("memory_gib", req, 0.5, 100000).value_or(g.memory_gib);
    if (keep("memory_bandwidth_gbs"))
        g.memory_bandwidth_gbs = r.number("memory_bandwidth_gbs", req, 1, 1e6).value_or(g.memory_bandwidth_gbs);
    if (const json* t = r.find("tflops_dense")) {
        if (!t->is_object()) {
            r.error("tflops_dense", std::string("expected an object, got ") + type_name(*t));
        } else {
            std::vector<CatalogError> sub;
            Reader rt(*t, "", r.entry(), sub);
            auto rate = [&](const char* f, std::optional<double>& out) {
                if (!partial || rt.has(f)) out = rt.number(f, false, 0, 1e6);
            };
            rate("fp64", g.tflops.fp64); rate("fp64_tensor", g.tflops.fp64_tensor); rate("fp32", g.tflops.fp32);
            rate("tf32", g.tflops.tf32); rate("bf16", g.tflops.bf16); rate("fp16", g.tflops.fp16);
            rate("fp8", g.tflops.fp8); rate("fp4", g.tflops.fp4); rate("int8", g.tflops.int8);
            for (auto& e : sub) r.error("tflops_dense." + e.field, e.message);
        }
    } else if (req) {
        r.error("tflops_dense", "required object is missing");
    }
    if (keep("datasheet_prints_sparse")) g.datasheet_prints_sparse = r.boolean("datasheet_prints_sparse", g.datasheet_prints_sparse);
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
    if (keep("pcie_gen")) g.pcie_gen = r.integer("pcie_gen", false, 1, 10, g.pcie_gen ? g.pcie_gen : 4);
    if (keep("tdp_w")) g.tdp_w = r.number("tdp_w", false, 1, 100000).value_or(g.tdp_w);
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
    if (keep("graphics")) g.graphics = r.boolean("graphics", g.graphics);
    if (keep("rt_cores")) g.rt_cores = r.boolean("rt_cores", g.rt_cores);
    if (const json* s = r.find("server_sizes")) {
        if (!s->is_array() || s->empty()) r.error("server_sizes", "expected a non-empty array of GPU counts");
        else {
            g.server_sizes.clear();
            for (const auto& e : *s) {
                if (e.is_number_integer() && e.get<long long>() >= 1 && e.get<long long>() <= 1024) g.server_sizes.push_back(int(e.get<long long>()));
                else r.error("server_sizes", "expected whole numbers 1-1024");
            }
        }
    } else if (req) {
        g.server_sizes = {1};
    }
    for (const char* key : {"price_per_gpu_hour", "price_usd_per_gpu_hour"}) {
        const json* p = r.find(key);
        if (!p) continue;
        if (p->is_null()) { g.price.reset(); continue; }
        if (p->is_number()) {
            auto v = r.number(key, true, 0, 1e7);
            if (v) g.price = Price{*v, "provider file", ""};
            continue;
        }
        if (!p->is_object()) { r.error(key, std::string("expected an object, a number or null, got ") + type_name(*p)); continue; }
        std::vector<CatalogError> sub;
        Reader rp(*p, "", "", sub);
        auto v = rp.number("value", true, 0, 1e7);
        Price price{v.value_or(0), rp.string("source", true), rp.string("date", false)};
        for (auto& e : sub) r.error(std::string(key) + "." + e.field, e.message);
        if (v && sub.empty()) g.price = price;
    }
    if (keep("order_url")) g.order_url = r.string("order_url", false, g.order_url);
    if (keep("notes")) g.notes = r.string("notes", false, g.notes);
    if (const json* s = r.find("sources")) g.source = sources_text(s);
    else if (const json* s1 = r.find("source")) g.source = sources_text(s1);
    else if (req) r.error("sources", "every entry must cite its sources");
    if (keep("estimated")) g.estimated = r.boolean("estimated", g.estimated);
    if (!partial && g.server_sizes.empty()) g.server_sizes = {1};
}

void read_model(Reader& r, ModelSpec& m, bool partial) {
    const bool req = !partial;
    auto keep = [&](const char* f) { return !partial || r.has(f); };
    if (keep("id")) m.id = r.string("id", req);
    if (keep("name")) m.name = r.string("name", req);
    if (keep("family")) m.family = r.string("family", false);
    if (keep("modality")) m.modality = r.string("modality", false, "text");
    if (keep("license")) m.license = r.string("license", false);
    if (keep("notes")) m.notes = r.string("notes", false);
    if (const json* s = r.find("source")) m.source = sources_text(s);
    else if (const json* s2 = r.find("sources")) m.source = sources_text(s2);
    else if (req) r.error("source", "every entry must cite its source");
    if (keep("params_b")) m.params_b = r.number("params_b", req, 0.0001, 100000).value_or(m.params_b);
    if (keep("active_params_b")) m.active_params_b = r.number("active_params_b", false, 0.0001, 100000).value_or(m.params_b);
    if (m.active_params_b > m.params_b && m.params_b > 0) r.error("active_params_b", "active parameters exceed total parameters");
    auto whole = [&](const char* f, int& out, int max) { if (keep(f)) out = r.integer(f, false, 0, max, out); };
    whole("layers", m.layers, 100000); whole("hidden", m.hidden, 10000000); whole("intermediate", m.intermediate, 100000000);
    whole("heads", m.heads, 100000); whole("kv_heads", m.kv_heads, 100000); whole("head_dim", m.head_dim, 100000);
    whole("vocab", m.vocab, 100000000); whole("max_context", m.max_context, 1 << 30);
    if (keep("tied_embeddings")) m.tied_embeddings = r.boolean("tied_embeddings", m.tied_embeddings);
    if (keep("native_format")) {
        const std::string f = r.string("native_format", false, "bf16");
        if (auto wf = parse_weight_format(f)) m.native_format = *wf;
        else r.error("native_format", "unknown format '" + f + "'");
    }
    if (keep("native_quantizes_experts_only"))
        m.native_quantizes_experts_only = r.boolean("native_quantizes_experts_only", m.native_quantizes_experts_only);
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
    if (keep("estimated")) m.estimated = r.boolean("estimated", m.estimated);
    if (keep("estimated_fields")) m.estimated_fields = r.strings("estimated_fields");
    if (!partial && m.kv_heads == 0) m.kv_heads = m.heads;
    if (!partial && m.head_dim == 0 && m.heads > 0) m.head_dim = m.hidden / m.heads;
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
}

template <class T, class ReadFn>
void read_list(const json& root, const char* list, const std::string& file, std::vector<CatalogError>& errors,
               std::vector<T>& out, ReadFn read) {
    auto it = root.find(list);
    if (it == root.end()) return;
    if (!it->is_array()) { errors.push_back({file, "", list, std::string("expected an array, got ") + type_name(*it)}); return; }
    size_t index = 0;
    for (const auto& e : *it) {
        const std::string name = entry_name(list, e, index++);
        if (!e.is_object()) { errors.push_back({file, name, "", std::string("expected an object, got ") + type_name(e)}); continue; }
        Reader r(e, file, name, errors);
        T value;
        read(r, value);
        for (const auto& prev : out)
            if (prev.id == value.id) r.error("id", "duplicate id '" + value.id + "'");
        out.push_back(std::move(value));
    }
}

void read_aliases(const json& root, const std::string& file, std::vector<CatalogError>& errors, Catalog& c) {
    auto it = root.find("aliases");
    if (it == root.end()) return;
    if (!it->is_object()) { errors.push_back({file, "", "aliases", "expected an object {old id: new id}"}); return; }
    for (auto a = it->begin(); a != it->end(); ++a) {
        if (!a.value().is_string()) { errors.push_back({file, "aliases", a.key(), "expected a string id"}); continue; }
        c.aliases.emplace_back(a.key(), a.value().get_ref<const std::string&>());
    }
}

std::optional<json> parse(std::string_view text, const std::string& file, std::vector<CatalogError>& errors) {
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

void check_references(Catalog& c, const std::string& file, std::vector<CatalogError>& errors) {
    for (const auto& s : c.servers)
        if (!c.find_gpu(s.gpu_id)) errors.push_back({file, "servers[" + s.id + "]", "gpu", "unknown GPU id '" + s.gpu_id + "'"});
    for (const auto& [from, to] : c.aliases)
        if (!c.find_gpu(to) && !c.find_model(to)) errors.push_back({file, "aliases", from, "points to unknown id '" + to + "'"});
}

}  // namespace

std::string CatalogError::to_string() const {
    std::string s = file;
    if (!entry.empty()) s += ": " + entry;
    if (!field.empty()) s += (entry.empty() ? ": " : ".") + field;
    return s + ": " + message;
}

CatalogLoad load_catalog(std::string_view text, const std::string& file) {
    CatalogLoad out;
    auto root = parse(text, file, out.errors);
    if (!root) return out;
    Catalog& c = out.catalog;
    Reader top(*root, file, "", out.errors);
    c.schema = top.integer("schema", true, 1, 1000, 1);
    if (c.schema != 1) top.error("schema", "this calculator reads schema 1");
    c.version = top.string("catalog_version", true);
    c.currency = top.string("currency", false, "USD");
    read_list(*root, "gpus", file, out.errors, c.gpus, [](Reader& r, GpuSpec& g) { read_gpu(r, g, false); });
    read_list(*root, "models", file, out.errors, c.models, [](Reader& r, ModelSpec& m) { read_model(r, m, false); });
    read_list(*root, "servers", file, out.errors, c.servers, [](Reader& r, ServerSpec& s) {
        s.id = r.string("id", true);
        s.name = r.string("name", true);
        s.gpu_id = r.string("gpu", true);
        s.gpus = r.integer("gpus", true, 1, 1024, 8);
        s.notes = r.string("notes", false);
        if (const json* src = r.find("sources")) s.source = sources_text(src);
        else r.error("sources", "every entry must cite its sources");
    });
    read_list(*root, "presets", file, out.errors, c.presets, read_preset);
    read_aliases(*root, file, out.errors, c);
    if (c.gpus.empty()) top.error("gpus", "a catalog needs at least one GPU");
    check_references(c, file, out.errors);
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
    if (top.has("currency")) c.currency = top.string("currency", false, c.currency);
    if (top.has("catalog_version")) c.version = base.version + "+" + top.string("catalog_version", false);
    auto merge = [&](const char* list, auto& items, auto read) {
        auto it = root->find(list);
        if (it == root->end()) return;
        if (!it->is_array()) { top.error(list, "expected an array"); return; }
        size_t index = 0;
        for (const auto& e : *it) {
            const std::string name = entry_name(list, e, index++);
            if (!e.is_object()) { out.errors.push_back({file, name, "", "expected an object"}); continue; }
            Reader r(e, file, name, out.errors);
            const std::string id = r.string("id", true);
            auto existing = std::find_if(items.begin(), items.end(), [&](const auto& x) { return x.id == id; });
            if (existing != items.end()) read(r, *existing, true);
            else { items.emplace_back(); read(r, items.back(), false); }
        }
    };
    merge("gpus", c.gpus, [](Reader& r, GpuSpec& g, bool partial) { read_gpu(r, g, partial); });
    merge("models", c.models, [](Reader& r, ModelSpec& m, bool partial) { read_model(r, m, partial); });
    if (const json* prices = top.find("prices")) {
        if (!prices->is_object()) top.error("prices", "expected an object {gpu id: price per GPU-hour}");
        else
            for (auto p = prices->begin(); p != prices->end(); ++p) {
                auto g = std::find_if(c.gpus.begin(), c.gpus.end(), [&](const GpuSpec& x) { return x.id == p.key(); });
                if (g == c.gpus.end()) { out.errors.push_back({file, "prices", p.key(), "unknown GPU id"}); continue; }
                if (!p.value().is_number() || !(p.value().get<double>() >= 0) || !std::isfinite(p.value().get<double>())) {
                    out.errors.push_back({file, "prices", p.key(), "expected a price >= 0"});
                    continue;
                }
                g->price = Price{p.value().get<double>(), "provider price list (" + file + ")", c.version};
            }
    }
    if (const json* urls = top.find("order_urls")) {
        if (!urls->is_object()) top.error("order_urls", "expected an object {gpu id: url}");
        else
            for (auto u = urls->begin(); u != urls->end(); ++u) {
                auto g = std::find_if(c.gpus.begin(), c.gpus.end(), [&](const GpuSpec& x) { return x.id == u.key(); });
                const bool https = u.value().is_string() && u.value().get_ref<const std::string&>().rfind("https://", 0) == 0;
                if (g == c.gpus.end()) out.errors.push_back({file, "order_urls", u.key(), "unknown GPU id"});
                else if (!https) out.errors.push_back({file, "order_urls", u.key(), "expected an https:// URL"});
                else g->order_url = u.value().get_ref<const std::string&>();
            }
    }
    for (const std::string& id : top.strings("hide")) {
        const auto g_before = c.gpus.size(), m_before = c.models.size();
        c.gpus.erase(std::remove_if(c.gpus.begin(), c.gpus.end(), [&](const GpuSpec& g) { return g.id == id; }), c.gpus.end());
        c.models.erase(std::remove_if(c.models.begin(), c.models.end(), [&](const ModelSpec& m) { return m.id == id; }), c.models.end());
        if (c.gpus.size() == g_before && c.models.size() == m_before) out.errors.push_back({file, "hide", id, "unknown id"});
    }
    if (c.gpus.empty()) top.error("hide", "hides every GPU");
    read_aliases(*root, file, out.errors, c);
    out.ok = out.errors.empty();
    out.catalog = out.ok ? std::move(c) : base;
    return out;
}

}  // namespace gpusizer
