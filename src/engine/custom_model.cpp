#include "engine/custom_model.hpp"

#include <algorithm>

namespace gpusizer {

bool custom_model_complete(const CustomModel& c) {
    return c.params_b > 0 && c.layers > 0 && c.hidden > 0 && c.heads > 0;
}

bool custom_model_specified(const CustomModel& c) { return c.intermediate > 0 && c.vocab > 0; }

ModelSpec custom_model(const CustomModel& c) {
    ModelSpec m;
    m.id = "custom";
    m.name = c.name.empty() ? "Custom model" : c.name;
    m.custom = true;
    m.params_b = c.params_b;
    m.active_params_b = c.active_b > 0 ? c.active_b : c.params_b;
    m.layers = c.layers;
    m.hidden = c.hidden;
    m.heads = c.heads;
    m.kv_heads = c.kv_heads > 0 ? c.kv_heads : c.heads;
    m.head_dim = c.head_dim > 0 ? c.head_dim : (c.heads > 0 ? c.hidden / c.heads : 0);
    m.attention = m.kv_heads < m.heads ? AttentionKind::gqa : AttentionKind::mha;
    m.intermediate = c.intermediate;  // 0: 4·hidden assumed (ffn_active_width)
    m.vocab = c.vocab;                // 0: unknown, no embedding split and no logits term
    m.tied_embeddings = c.tied;
    m.max_context = c.max_context;
    m.native_format = c.native.value_or(WeightFormat::bf16);
    m.native_quantizes_experts_only = c.experts_only;
    if (c.experts > 0) {
        // An expert as wide as the dense FFN when the link does not say (gpt-oss, Mixtral).
        const int width = c.expert_intermediate > 0 ? c.expert_intermediate : c.intermediate;
        m.moe = MoeSpec{c.experts, std::max(1, c.experts_per_token), c.shared_experts, width, c.dense_layers};
    }
    if (c.kv_lora_rank > 0) {
        m.attention = AttentionKind::mla;
        m.mla = MlaSpec{c.kv_lora_rank, c.rope_dim, c.nope_dim, c.v_dim, c.q_lora_rank};
    }
    if (c.linear_layers > 0) {
        m.attention = AttentionKind::hybrid_linear;
        m.linear = LinearAttentionSpec{c.linear_layers, c.linear_k_heads, c.linear_v_heads,
                                       c.linear_k_dim, c.linear_v_dim, c.linear_conv, c.linear_state == 4 ? 4 : 2};
    }
    m.attention_layers = c.attn_layers;
    m.v_head_dim = c.v_head;
    m.window_kv_heads = c.window_kv;
    m.window_head_dim = c.window_head;
    m.gated_mlp = c.mlp_matrices != 2;
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
    m.sliding_window = c.window;
    m.sliding_layers = c.window > 0 ? c.window_layers : 0;
    m.indexer_head_dim = c.indexer_dim;
    if (c.intermediate <= 0) m.estimated_fields.push_back("intermediate");
    if (c.vocab <= 0) m.estimated_fields.push_back("vocab");
    m.estimated = !m.estimated_fields.empty();
    return m;
}

CustomModel custom_from_spec(const ModelSpec& m) {
    CustomModel c;
    c.params_b = m.params_b;
    c.active_b = m.active_params_b;
    c.layers = m.layers;
    c.hidden = m.hidden;
    c.heads = m.heads;
    c.kv_heads = m.kv_heads;
    c.head_dim = m.head_dim;
    c.intermediate = m.intermediate;
    c.vocab = m.vocab;
    c.max_context = m.max_context;
    c.tied = m.tied_embeddings;
    if (m.moe) {
        c.experts = m.moe->experts;
        c.experts_per_token = m.moe->experts_per_token;
        c.shared_experts = m.moe->shared_experts;
        c.expert_intermediate = m.moe->expert_intermediate;
        c.dense_layers = m.moe->dense_layers;
    }
    if (m.attention == AttentionKind::mla && m.mla) {
        c.kv_lora_rank = m.mla->kv_lora_rank;
        c.q_lora_rank = m.mla->q_lora_rank;
        c.rope_dim = m.mla->qk_rope_head_dim;
        c.nope_dim = m.mla->qk_nope_head_dim;
        c.v_dim = m.mla->v_head_dim;
    }
    if (m.linear && m.linear->layers > 0) {
        c.linear_layers = m.linear->layers;
        c.linear_k_heads = m.linear->num_key_heads;
        c.linear_v_heads = m.linear->num_value_heads;
        c.linear_k_dim = m.linear->key_head_dim;
        c.linear_v_dim = m.linear->value_head_dim;
        c.linear_conv = m.linear->conv_kernel;
        c.linear_state = m.linear->state_bytes == 4 ? 4 : 0;
    }
    c.attn_layers = m.attention_layers;
    c.v_head = m.v_head_dim;
    c.window_kv = m.window_kv_heads;
    c.window_head = m.window_head_dim;
    c.mlp_matrices = m.gated_mlp ? 0 : 2;
    c.native_gb = m.native_gb;
    if (m.embedding) c.embed_dim = m.embedding->dimensions;
    if (m.speech && m.speech->decoder == "transformer") {
        c.enc_params_b = m.speech->encoder_params_b;
        c.enc_layers = m.speech->encoder_layers;
        c.enc_hidden = m.speech->encoder_hidden;
        c.dec_layers = m.speech->decoder_layers;
    }
    if (m.sliding_window > 0 && m.sliding_layers > 0) {
        c.window = m.sliding_window;
        c.window_layers = m.sliding_layers;
    }
    c.indexer_dim = m.indexer_head_dim;
    if (m.native_format != WeightFormat::bf16) c.native = m.native_format;
    c.experts_only = m.native_quantizes_experts_only;
    c.name = m.name;
    return c;
}

}  // namespace gpusizer
