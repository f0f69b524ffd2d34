#include "engine/custom_model.hpp"

#include <algorithm>

#include "engine/codes.hpp"

namespace gpusizer {

bool custom_model_complete(const CustomModel& c) {
    return c.params_b > 0 && c.layers > 0 && c.hidden > 0 && c.heads > 0;
}

bool custom_model_specified(const CustomModel& c) { return c.intermediate > 0 && c.vocab > 0; }

ModelSpec custom_model(const CustomModel& c) {
    ModelSpec m;
    static_cast<Architecture&>(m) = c;  // the link's architecture as given, then its defaults:
    m.id = "custom";
    m.name = c.name.empty() ? kUnnamedCustomModel : c.name;
    m.custom = true;
    m.params_b = c.params_b;
    m.active_params_b = c.active_b > 0 ? c.active_b : c.params_b;
    m.kv_heads = c.kv_heads > 0 ? c.kv_heads : c.heads;
    m.head_dim = c.head_dim > 0 ? c.head_dim : (c.heads > 0 ? c.hidden / c.heads : 0);
    m.attention = m.kv_heads < m.heads ? AttentionKind::gqa : AttentionKind::mha;
    // intermediate 0: 4·hidden assumed (ffn_active_width); vocab 0: unknown, no embedding split and no logits
    m.native_format = c.native.value_or(WeightFormat::bf16);
    m.native_quantizes_experts_only = c.experts_only;
    // A group the link names only in part: experts need their count, MLA its rank, linear layers theirs.
    if (m.moe && m.moe->experts <= 0) m.moe.reset();
    if (m.moe) {
        m.moe->experts_per_token = std::max(1, m.moe->experts_per_token);
        // An expert as wide as the dense FFN when the link does not say (gpt-oss, Mixtral).
        if (m.moe->expert_intermediate <= 0) m.moe->expert_intermediate = c.intermediate;
        // Interleaved experts: the dense layers between them follow when the link does not count them.
        if (m.moe->interleave_step > 1 && m.moe->dense_layers <= 0 && m.layers > 0)
            m.moe->dense_layers = m.layers - m.layers / m.moe->interleave_step;
    }
    // DeepSeek V4's compressed attention: its compressed layers counted; every layer keeps the window.
    if (m.compressed && m.compressed->csa_layers + m.compressed->hca_layers <= 0) m.compressed.reset();
    if (m.compressed && m.sliding_window > 0 && m.sliding_layers <= 0) m.sliding_layers = m.layers;
    if (m.mla && m.mla->kv_lora_rank <= 0) m.mla.reset();
    if (m.mla) m.attention = AttentionKind::mla;
    if (m.linear && m.linear->layers <= 0) m.linear.reset();
    if (m.linear) m.attention = AttentionKind::hybrid_linear;
    m.native_gb = c.native_gb;
    if (c.embed_dim > 0) {
        m.embedding = EmbeddingSpec{c.embed_dim, true};
        m.modality = "embedding";
    }
    if (c.enc_layers > 0 && c.enc_hidden > 0 && c.dec_layers > 0) {
        // A Whisper-type model: log-mel frames at 50 per second after the conv stem, 30-s windows.
        m.speech = SpeechSpec{"transformer", c.enc_params_b, c.enc_layers, c.enc_hidden, 50, 30, c.dec_layers};
        m.modality = "speech";
    }
    if (c.sliding_window <= 0) m.sliding_layers = 0;
    if (c.intermediate <= 0) m.estimated_fields.push_back("intermediate");
    if (c.vocab <= 0) m.estimated_fields.push_back("vocab");
    m.estimated = !m.estimated_fields.empty();
    return m;
}

CustomModel custom_from_spec(const ModelSpec& m) {
    CustomModel c;
    static_cast<Architecture&>(c) = m;
    if (m.attention != AttentionKind::mla) c.mla.reset();
    if (c.linear && c.linear->layers <= 0) c.linear.reset();
    if (c.linear && c.linear->state_bytes != 4) c.linear->state_bytes = 2;
    if (m.sliding_window <= 0 || m.sliding_layers <= 0) c.sliding_window = c.sliding_layers = 0;
    c.params_b = m.params_b;
    c.active_b = m.active_params_b;
    c.native_gb = m.native_gb;
    if (m.embedding) c.embed_dim = m.embedding->dimensions;
    if (m.speech && m.speech->decoder == "transformer") {
        c.enc_params_b = m.speech->encoder_params_b;
        c.enc_layers = m.speech->encoder_layers;
        c.enc_hidden = m.speech->encoder_hidden;
        c.dec_layers = m.speech->decoder_layers;
    }
    if (m.native_format != WeightFormat::bf16) c.native = m.native_format;
    c.experts_only = m.native_quantizes_experts_only;
    c.name = m.name;
    return c;
}

}  // namespace gpusizer

namespace gpusizer {
namespace {

// "{key} = {value} outside {min}–{max}", naming the link key and the catalog field.
Message out_of_range(const char* key, const char* field, double v, double min, double max) {
    return Message(code::model_check_range).str("key", key).str("field", field).num("value", v).num("min", min)
        .num("max", max);
}

void check_range(std::vector<Message>& out, const char* key, const char* field, double v, double min, double max) {
    if (!(v >= min && v <= max)) out.push_back(out_of_range(key, field, v, min, max));
}

}  // namespace

std::vector<Message> model_envelope_problems(const ModelSpec& m) {
    std::vector<Message> out;
    check_range(out, "params", "params_b", m.params_b, kMinModelParamsB, 100000);
    if (out.empty())  // (the active count's range is the total's)
        check_range(out, "active", "active_params_b", m.active_params_b, kMinModelParamsB, m.params_b);
    check_range(out, "layers", "layers", m.layers, 0, 100000);
    check_range(out, "hidden", "hidden", m.hidden, 0, 10000000);
    check_range(out, "max_ctx", "max_context", m.max_context, 0, 1 << 30);
    // Attention heads as the engine divides them: kv_heads splits heads evenly, head_dim >= 1.
    if (m.heads > 0) {
        check_range(out, "kv_heads", "kv_heads", m.kv_heads, 1, m.heads);
        if (m.kv_heads > 0 && m.heads % m.kv_heads != 0)
            out.push_back(Message(code::model_check_kv_heads).num("heads", m.heads).num("kv_heads", m.kv_heads));
        check_range(out, "head_dim", "head_dim", m.head_dim, 1, 100000);
    } else if (m.kv_heads > 0 || m.head_dim > 0) {
        out.push_back(Message(code::model_check_heads));
    }
    if (m.moe) {
        check_range(out, "topk", "moe.experts_per_token", m.moe->experts_per_token, 1, m.moe->experts);
        check_range(out, "dense_layers", "moe.dense_layers", m.moe->dense_layers, 0, std::max(m.layers, 0));
        const int step = m.moe->interleave_step;
        check_range(out, "moe_step", "moe.interleave_step", step, 1, std::max(m.layers, 1));
        if (step > 1 && step <= m.layers && m.moe->dense_layers != m.layers - m.layers / step)
            out.push_back(Message(code::model_check_moe_step).num("layers", m.layers).num("step", step)
                              .num("dense", m.moe->dense_layers).num("expected", m.layers - m.layers / step));
    }
    return out;
}

double architecture_params(const ModelSpec& m) {
    const double h = m.hidden, layers = std::max(0, m.layers);
    double attention = 0;
    if (m.mla) {
        const MlaSpec& a = *m.mla;
        const double qk = double(a.qk_nope_head_dim) + a.qk_rope_head_dim;
        const double q = a.q_lora_rank > 0 ? h * a.q_lora_rank + double(a.q_lora_rank) * m.heads * qk
                                           : h * m.heads * qk;
        const double kv = h * (a.kv_lora_rank + a.qk_rope_head_dim) +
                          double(a.kv_lora_rank) * m.heads * (double(a.qk_nope_head_dim) + a.v_head_dim);
        attention = q + kv + double(m.heads) * a.v_head_dim * h;
    } else {
        attention = 2.0 * h * m.heads * m.head_dim + 2.0 * h * m.kv_heads * m.head_dim;  // q, o; k, v
    }
    const double dense_ffn = m.intermediate > 0 ? 3.0 * h * m.intermediate : 8.0 * h * h;  // gated, or 2 × 4·hidden
    double ffn = layers * dense_ffn;
    if (m.moe && m.moe->experts > 0) {
        const MoeSpec& e = *m.moe;
        const double moe_layers = std::max(0.0, layers - std::max(0, e.dense_layers));
        const double experts = (double(e.experts) + e.shared_experts) * 3.0 * h * e.expert_intermediate + h * e.experts;
        ffn = (layers - moe_layers) * dense_ffn + moe_layers * experts;
    }
    const double embeddings = double(m.vocab) * h * (m.tied_embeddings ? 1 : 2);
    return layers * attention + ffn + embeddings;
}

namespace {

// The catalog model a custom model's name names: its id (or an alias), or its id's part after the
// owner ("Llama-3.1-405B-Instruct").
const ModelSpec* catalog_namesake(const std::string& name, const Catalog& catalog) {
    if (name.empty()) return nullptr;
    if (const ModelSpec* m = catalog.find_model(name)) return m;
    if (const ModelVariant* v = catalog.find_variant(name)) return catalog.find_model(v->model);
    return nullptr;  // (both follow an id without its owner: Catalog::full_model_id)
}

}  // namespace

CustomModelCheck check_custom_model(const CustomModel& c, const Catalog& catalog) {
    CustomModelCheck out;
    out.model = custom_model(c);
    ModelSpec& m = out.model;
    out.warnings = model_envelope_problems(m);
    if (!out.warnings.empty()) {
        out.usable = false;
        out.warnings.push_back(Message(code::model_custom_implausible));
        return out;
    }
    const double arch_b = architecture_params(m) / 1e9;
    if (arch_b > 0 && (m.params_b > 3 * arch_b || m.params_b < arch_b / 3))
        out.warnings.push_back(
            Message(code::model_custom_params_arch).num("params_b", m.params_b).num("arch_b", arch_b));
    // A name is a claim: "meta-llama/Llama-3.1-405B-Instruct" over 1 B parameters is not that model.
    if (const ModelSpec* namesake = catalog_namesake(c.name, catalog)) {
        const double ratio = m.params_b / std::max(namesake->params_b, kMinModelParamsB);
        if (ratio < 0.75 || ratio > 1.0 / 0.75) {
            out.warnings.push_back(Message(code::model_custom_name_taken).str("name", c.name)
                                       .str("model", namesake->name).num("catalog_b", namesake->params_b)
                                       .num("params_b", m.params_b));
            m.name = kUnnamedCustomModel;
        }
    }
    return out;
}

}  // namespace gpusizer
