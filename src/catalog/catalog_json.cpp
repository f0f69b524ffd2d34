// The catalog's JSON reader: a catalog file (the bundled data/catalog.json, --catalog, a provider's
// "replace" file) → GPUs, models, servers, presets and aliases, with an error for every field that
// is wrong. The entry readers also read a provider's partial overrides (catalog_provider.cpp); the
// figures' envelopes are checked in catalog_checks.cpp.
#include "catalog/catalog_json.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <unordered_set>

#include "catalog/catalog_detail.hpp"
#include "engine/custom_model.hpp"
#include "engine/vocabulary.hpp"
#include "text/hidden_chars.hpp"

namespace gpusizer {
namespace catalog_detail {

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

namespace {

std::string sources_text(const json* s) {
    if (!s) return "";
    if (s->is_string()) return s->get_ref<const std::string&>();
    std::string out;
    if (s->is_object())
        for (auto it = s->begin(); it != s->end(); ++it)
            if (it.value().is_string()) out += (out.empty() ? "" : "; ") + it.key() + ": " + it.value().get_ref<const std::string&>();
    return out;
}

}  // namespace

std::string entry_name(const char* list, const json& e, size_t index) {
    if (e.is_object()) {
        auto it = e.find("id");
        if (it != e.end() && it->is_string()) return std::string(list) + "[" + it->get_ref<const std::string&>() + "]";
    }
    return std::string(list) + "[" + std::to_string(index) + "]";
}

namespace {

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

}  // namespace

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

namespace {

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
            // Geometry that is not one per model (0 or absent: as the model's): layers that attend
            // beside linear or attention-free ones, a value width of its own, the sliding layers' heads.
            m.attention_layers = ra.integer("attention_layers", false, 0, 100000);
            m.v_head_dim = ra.integer("v_head_dim", false, 0, 100000);
            m.window_kv_heads = ra.integer("window_kv_heads", false, 0, 100000);
            m.window_head_dim = ra.integer("window_head_dim", false, 0, 100000);
            if (m.attention_layers > m.layers) ra.error("attention_layers", "more attending layers than layers");
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
                s.state_bytes = rl.integer("state_bytes", false, 2, 4, 2);  // 4: a state kept in FP32
                m.linear = s;
            }
            if (const json* cmp = ra.find("compressed"); cmp && cmp->is_object()) {
                Reader rc(*cmp, "", "", sub);
                CompressedAttentionSpec s;
                s.csa_layers = rc.integer("csa_layers", true, 0, 100000);
                s.hca_layers = rc.integer("hca_layers", true, 0, 100000);
                s.csa_ratio = rc.integer("csa_ratio", false, 1, 1 << 20, 4);
                s.hca_ratio = rc.integer("hca_ratio", false, 1, 1 << 20, 128);
                s.rope_dim = rc.integer("rope_dim", false, 0, 1 << 20, 64);
                s.index_topk = rc.integer("index_topk", false, 0, 1 << 24);
                s.index_heads = rc.integer("index_heads", false, 0, 100000);
                if (s.csa_layers + s.hca_layers > m.layers) rc.error("csa_layers", "more compressed layers than layers");
                if (m.sliding_window <= 0)
                    rc.error("csa_layers", "compressed attention needs the window every layer keeps (sliding_window)");
                m.compressed = s;
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
            s.interleave_step = rm.integer("interleave_step", false, 1, 100000, 1);
            // Interleaved experts: the dense layers between them follow from the step when not written
            // (as a link's custom model does); written, the envelope check holds them to it.
            if (s.interleave_step > 1 && !rm.has("dense_layers") && m.layers > 0)
                s.dense_layers = m.layers - m.layers / s.interleave_step;
            if (s.experts_per_token > s.experts) rm.error("experts_per_token", "more experts per token than experts");
            for (auto& e : sub) r.error("moe." + e.field, e.message);
            m.moe = s;
        } else if (!moe->is_null()) {
            r.error("moe", std::string("expected an object or null, got ") + type_name(*moe));
        }
    }
}

}  // namespace

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
    whole("mtp_layers", m.mtp_layers, 0, 1000);  // config.json num_nextn_predict_layers / mtp_num_hidden_layers
    // The native checkpoint's bytes as downloaded (its index's total_size), when the parts' own formats
    // do not sum to it (DeepSeek V4: FP8 beside the MXFP4 experts).
    if (keep("native_gb")) m.native_gb = r.number("native_gb", false, 0.001, 1e7).value_or(m.native_gb);
    if (keep("tied_embeddings")) m.tied_embeddings = r.boolean("tied_embeddings", m.tied_embeddings);
    // false: an MLP of two matrices, up and down (GELU: Falcon, BLOOM, Phi-2); true: gate, up, down.
    if (keep("gated_mlp")) m.gated_mlp = r.boolean("gated_mlp", m.gated_mlp);
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

namespace {

void read_preset(Reader& r, TaskPreset& p) {
    p.id = r.string("id", true);
    if (auto task = from_key<Task>(r.string("task", true))) p.task = *task;
    else r.error("task", "expected infer, tune, train or other");
    // The use is a link's key (engine/vocabulary.cpp); none: the preset of its task whatever the use.
    if (const std::string use = r.string("use", false); !use.empty()) {
        p.use = from_key<Use>(use);
        if (!p.use) r.error("use", "expected one of " + keys_listed<Use>());
    }
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

}  // namespace

// A list or map longer than its limit is refused before any entry is read.
bool within_count(const json& v, const char* list, const std::string& file, std::vector<CatalogError>& errors) {
    const std::size_t max = limits::max_entries(list);
    if (v.size() <= max) return true;
    errors.push_back({file, "", list, std::to_string(v.size()) + " entries, at most " + std::to_string(max)});
    return false;
}

namespace {

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

}  // namespace

void read_aliases(const json& root, const std::string& file, std::vector<CatalogError>& errors, Catalog& c) {
    auto it = root.find("aliases");
    if (it == root.end()) return;
    if (!it->is_object()) { errors.push_back({file, "", "aliases", "expected an object {old id: new id}"}); return; }
    if (!within_count(*it, "aliases", file, errors)) return;
    const auto gpus = index_by_id(c.gpus), models = index_by_id(c.models);
    for (auto a = it->begin(); a != it->end(); ++a) {
        const json& v = a.value();
        const std::string& id = a.key();
        // A later file's entry (a provider's) replaces an earlier one of the same id.
        c.aliases.erase(std::remove_if(c.aliases.begin(), c.aliases.end(), [&](const auto& e) { return e.first == id; }),
                        c.aliases.end());
        c.variants.erase(std::remove_if(c.variants.begin(), c.variants.end(), [&](const auto& e) { return e.id == id; }),
                         c.variants.end());
        if (v.is_string()) {
            const std::string& to = v.get_ref<const std::string&>();
            if (!gpus.count(to) && !models.count(to))
                errors.push_back({file, "aliases", id, "points to unknown id '" + to + "'"});
            else
                c.aliases.emplace_back(id, to);
            continue;
        }
        // Another checkpoint of a catalog model's architecture: {"same_architecture_as": id, "sources": …}.
        const auto model = v.is_object() ? v.find("same_architecture_as") : v.end();
        if (!v.is_object() || model == v.end() || !model->is_string()) {
            errors.push_back({file, "aliases", id, "expected a string id or {\"same_architecture_as\": id, \"sources\": …}"});
            continue;
        }
        const auto src = v.find("sources");
        if (src == v.end() || !(src->is_string() || src->is_object())) {
            errors.push_back({file, "aliases", id, "every entry must cite its sources (text or an object of texts)"});
            continue;
        }
        // Its own context, when its config.json's max_position_embeddings differs from the model's.
        int max_context = 0;
        if (const auto ctx = v.find("max_context"); ctx != v.end()) {
            if (!ctx->is_number_integer() || ctx->get<long long>() < 1 || ctx->get<long long>() > (1LL << 30)) {
                errors.push_back({file, "aliases", id, "max_context must be a whole number of tokens from 1 to 2^30"});
                continue;
            }
            max_context = int(ctx->get<long long>());
        }
        if (!models.count(model->get<std::string>())) {
            errors.push_back({file, "aliases", id, "points to unknown model '" + model->get<std::string>() + "'"});
            continue;
        }
        c.variants.push_back({id, model->get<std::string>(), sources_text(&*src), max_context});
    }
}

namespace {

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

// An id or key quoted in an error may be anything the file held: at most 120 bytes of it, cut
// at a UTF-8 character boundary.
void clip(std::string& s) {
    constexpr std::size_t kMax = 120;
    if (s.size() <= kMax) return;
    std::size_t cut = kMax;
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
    s = s.substr(0, cut) + "…";
}

void check_references(Catalog& c, const std::string& file, std::vector<CatalogError>& errors) {
    const auto gpus = index_by_id(c.gpus);
    for (const auto& s : c.servers)
        if (!gpus.count(s.gpu_id)) errors.push_back({file, "servers[" + s.id + "]", "gpu", "unknown GPU id '" + s.gpu_id + "'"});
}

}  // namespace

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

void settle_currencies(std::vector<GpuSpec>& gpus, const std::string& currency) {
    for (auto& g : gpus)
        if (g.price && g.price->currency.empty()) g.price->currency = currency;
}

}  // namespace catalog_detail

using namespace catalog_detail;

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

}  // namespace gpusizer
