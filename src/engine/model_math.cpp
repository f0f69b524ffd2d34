#include "engine/model_math.hpp"

#include <algorithm>
#include <cmath>

namespace gpusizer {

double expert_params(const ModelSpec& m) {
    if (!m.moe) return 0;
    return (m.gated_mlp ? 3.0 : 2.0) * m.hidden * m.moe->expert_intermediate;
}

ParamSplit split_params(const ModelSpec& m) {
    ParamSplit p;
    p.total = std::max(0.0, m.params_b) * 1e9;
    const double emb = double(m.vocab) * double(m.hidden);
    p.input_embedding = std::min(emb, p.total);
    p.lm_head = m.tied_embeddings ? 0.0 : std::min(emb, p.total - p.input_embedding);
    if (m.moe && m.moe->experts > 0) {
        const double moe_layers = std::max(0, m.layers - m.moe->dense_layers);
        const double experts = moe_layers * m.moe->experts * expert_params(m);
        p.routed_experts = std::clamp(experts, 0.0, p.total - p.input_embedding - p.lm_head);
    }
    p.other = std::max(0.0, p.total - p.input_embedding - p.lm_head - p.routed_experts);
    return p;
}

WeightBytes weight_bytes(const ModelSpec& m, WeightFormat f) {
    const ParamSplit p = split_params(m);
    const WeightFormatInfo& info = weight_format_info(f);
    const double q = info.bits_per_weight / 8.0;  // bytes per quantized weight
    const double wide = 2.0;                      // parts quantizers keep in BF16
    WeightBytes w;
    if (info.is_gguf || info.bits_per_weight >= 16.0) {
        w = {Bytes{p.input_embedding * q}, Bytes{p.lm_head * q}, Bytes{p.routed_experts * q}, Bytes{p.other * q}};
    } else {
        w.input_embedding = Bytes{p.input_embedding * wide};
        w.lm_head = Bytes{p.lm_head * wide};
        w.routed_experts = Bytes{p.routed_experts * q};
        // Checkpoints that ship quantized experts only (gpt-oss MXFP4, Kimi K2 INT4) keep attention
        // and shared layers in BF16; a generic quantizer (AWQ, FP8, NVFP4) quantizes all linear layers.
        const bool experts_only = m.native_quantizes_experts_only && f == m.native_format;
        w.other = Bytes{p.other * (experts_only ? wide : q)};
    }
    // A checkpoint whose own size is known (an imported quantized checkpoint: MLX, bitsandbytes, its
    // index's total_size) weighs that in its native format; the parts keep their shares.
    if (m.native_gb > 0 && f == m.native_format && w.total().value > 0) {
        const double scale = m.native_gb * 1e9 / w.total().value;
        w = {w.input_embedding * scale, w.lm_head * scale, w.routed_experts * scale, w.other * scale};
    }
    return w;
}

double expert_touch_fraction(const MoeSpec& moe, double batch) {
    if (moe.experts <= 0 || moe.experts_per_token <= 0) return 1.0;
    const double k_over_e = std::min(1.0, double(moe.experts_per_token) / moe.experts);
    const double b = std::max(1.0, batch);
    return 1.0 - std::pow(1.0 - k_over_e, b);
}

Bytes decode_weight_read_bytes(const ModelSpec& m, WeightFormat f, double batch) {
    const WeightBytes w = weight_bytes(m, f);
    // The input embedding is a lookup of `batch` rows, not a full read; the tied case reads it as lm_head.
    Bytes read = w.other + w.lm_head + (m.tied_embeddings ? w.input_embedding : Bytes{0});
    if (m.moe) read += w.routed_experts * expert_touch_fraction(*m.moe, batch);
    else read += w.routed_experts;
    return read;
}

namespace {

// DeepSeek V4 (architecture.hpp): one entry is the head_dim-wide K=V vector, in BF16 with a 16-bit
// cache, else its non-rope part at the format's width with a scale byte per 64 and one pad byte, and
// its rope part in BF16 (SGLang's and vLLM's 584-byte FP8 entry). The indexer keys: BF16 with a
// 16-bit cache, else FP4 with a scale byte per 32 (vLLM's default). The compressor's FP32 state of a
// request: a CSA layer overlaps two windows (2·ratio rows of K and score, 2·head_dim wide, and the
// indexer's), an HCA layer keeps one (ratio rows, head_dim wide); vLLM's and SGLang's state caches.
KvLayout compressed_kv_layout(const ModelSpec& m, double b) {
    const CompressedAttentionSpec& c = *m.compressed;
    KvLayout kv;
    const double nope = std::max(0, m.head_dim - c.rope_dim), idx_dim = std::max(0, m.indexer_head_dim);
    const double entry = b >= 2 ? m.head_dim * b : nope * b + c.rope_dim * 2.0 + std::ceil(nope / 64.0) + 1.0;
    const double idx = b >= 2 ? idx_dim * b : idx_dim / 2.0 + idx_dim / 32.0;
    const double csa = c.csa_ratio > 0 ? c.csa_layers / double(c.csa_ratio) : 0.0;
    const double hca = c.hca_ratio > 0 ? c.hca_layers / double(c.hca_ratio) : 0.0;
    kv.full_bytes_per_token = csa * (entry + idx) + hca * entry;
    kv.window_bytes_per_token = entry * attending_layers(m);
    kv.window = m.sliding_window;
    kv.sparse_bytes_per_token = csa * entry;
    kv.sparse_read_tokens = c.index_topk > 0 ? double(c.index_topk) * std::max(1, c.csa_ratio) : 0.0;
    const double csa_state = 2.0 * c.csa_ratio * 2.0 * (2.0 * m.head_dim + 2.0 * idx_dim) * 4.0;
    const double hca_state = double(c.hca_ratio) * 2.0 * m.head_dim * 4.0;
    kv.state_bytes_per_sequence = c.csa_layers * csa_state + c.hca_layers * hca_state;
    kv.latent_replicated_under_tp = true;  // one shared K=V head: every TP rank keeps it
    kv.split_heads = 1;
    return kv;
}

}  // namespace

KvLayout kv_layout(const ModelSpec& m, KvFormat f) {
    KvLayout kv;
    const double b = kv_bytes_per_element(f);
    if (m.compressed) return compressed_kv_layout(m, b);
    if (m.attention == AttentionKind::mla && m.mla) {
        // MLA caches one compressed latent (kv_lora_rank) plus the decoupled RoPE key per layer.
        double per_layer = (m.mla->kv_lora_rank + m.mla->qk_rope_head_dim) * b;
        // DeepSeek sparse attention adds the lightning indexer's FP8 key + one FP32 scale per token.
        if (m.indexer_head_dim > 0) per_layer += m.indexer_head_dim * 1.0 + 4.0;
        kv.full_bytes_per_token = per_layer * attending_layers(m);
        kv.latent_replicated_under_tp = true;
        kv.split_heads = 1;
        return kv;
    }
    const int linear_layers = m.linear ? m.linear->layers : 0;
    const int attn_layers = attending_layers(m);
    const int window_layers = m.sliding_window > 0 ? std::clamp(m.sliding_layers, 0, attn_layers) : 0;
    // K and V: head_dim wide each, or K head_dim and V v_head_dim; sliding layers may have their own.
    const int v_dim = m.v_head_dim > 0 ? m.v_head_dim : m.head_dim;
    const double per_layer = double(m.kv_heads) * (m.head_dim + v_dim) * b;
    const int w_kv = m.window_kv_heads > 0 ? m.window_kv_heads : m.kv_heads;
    const int w_k = m.window_head_dim > 0 ? m.window_head_dim : m.head_dim;
    const int w_v = m.window_head_dim > 0 ? m.window_head_dim : v_dim;
    const double per_window_layer = double(w_kv) * (w_k + w_v) * b;
    kv.full_bytes_per_token = per_layer * (attn_layers - window_layers);
    kv.window_bytes_per_token = per_window_layer * window_layers;
    kv.window = m.sliding_window;
    kv.split_heads = std::max(1, m.kv_heads);
    if (m.linear && linear_layers > 0) {
        const auto& l = *m.linear;
        // Recurrent state kept in the model's 16-bit dtype (vLLM's default) unless the model keeps it in
        // FP32 (Nemotron-H's mamba_ssm_cache_dtype); FP8 KV does not apply to it. The conv state is 16-bit.
        const double state = double(l.num_value_heads) * l.key_head_dim * l.value_head_dim * (l.state_bytes == 4 ? 4.0 : 2.0);
        const double conv = (2.0 * l.num_key_heads * l.key_head_dim + double(l.num_value_heads) * l.value_head_dim) *
                            std::max(0, l.conv_kernel - 1) * 2.0;
        kv.state_bytes_per_sequence = (state + conv) * linear_layers;
    }
    return kv;
}

Bytes kv_bytes_per_sequence(const KvLayout& kv, double tokens) {
    const double t = std::max(0.0, tokens);
    const double windowed = kv.window > 0 ? std::min(t, kv.window) : t;
    return Bytes{kv.full_bytes_per_token * t + kv.window_bytes_per_token * windowed + kv.state_bytes_per_sequence};
}

Bytes kv_read_bytes_per_sequence(const KvLayout& kv, double tokens) {
    const double unread = kv.sparse_read_tokens > 0 ? std::max(0.0, tokens - kv.sparse_read_tokens) : 0.0;
    return Bytes{kv_bytes_per_sequence(kv, tokens).value - kv.sparse_bytes_per_token * unread};
}

double kv_bytes_per_token_at(const KvLayout& kv, double ctx) {
    const double t = std::max(1.0, ctx);
    return (kv_bytes_per_sequence(kv, t).value - kv.state_bytes_per_sequence) / t;
}

double kv_fraction_per_tp_rank(const KvLayout& kv, int tp) {
    if (tp <= 1 || kv.latent_replicated_under_tp) return 1.0;
    // With more ranks than KV heads, vLLM replicates heads so each rank keeps one.
    return std::max(1.0 / kv.split_heads, 1.0 / tp);
}

double compute_params_per_token(const ModelSpec& m) {
    const ParamSplit p = split_params(m);
    const double active = std::clamp(m.active_params_b > 0 ? m.active_params_b * 1e9 : p.total, 0.0, p.total);
    return std::max(0.0, active - (m.tied_embeddings ? 0.0 : p.input_embedding));
}

double attention_width(const ModelSpec& m) {
    if (m.attention == AttentionKind::mla && m.mla)
        return double(m.heads) * (m.mla->qk_nope_head_dim + m.mla->qk_rope_head_dim);
    return double(m.heads) * m.head_dim;
}

int attending_layers(const ModelSpec& m) {
    if (m.attention_layers > 0) return std::min(m.attention_layers, std::max(0, m.layers));
    const int linear_layers = m.linear ? m.linear->layers : 0;
    return std::max(0, m.layers - linear_layers);
}

int full_attention_layers(const ModelSpec& m) {
    const int attn = attending_layers(m);
    const int windowed = m.sliding_window > 0 ? std::clamp(m.sliding_layers, 0, attn) : 0;
    return attn - windowed;
}

double forward_flops_per_token(const ModelSpec& m, double context) {
    const double c = std::max(0.0, context);
    const double d = attention_width(m);
    // QK^T and AV: 2 matmuls × 2 FLOPs × context × width per attending layer.
    double attn = 4.0 * d * c * full_attention_layers(m);
    if (m.sliding_window > 0) {
        const int windowed = std::clamp(m.sliding_layers, 0, attending_layers(m));
        attn += 4.0 * d * std::min(c, double(m.sliding_window)) * windowed;
    }
    if (m.compressed) {  // DeepSeek V4: the compressed entries a query reads, and the indexer scoring all of CSA's
        const CompressedAttentionSpec& k = *m.compressed;
        const double csa = k.csa_ratio > 0 ? c / k.csa_ratio : 0.0, hca = k.hca_ratio > 0 ? c / k.hca_ratio : 0.0;
        const double read = k.index_topk > 0 ? std::min(csa, double(k.index_topk)) : csa;
        attn += 4.0 * d * (read * k.csa_layers + hca * k.hca_layers);
        attn += 2.0 * k.index_heads * std::max(0, m.indexer_head_dim) * csa * k.csa_layers;
    }
    return 2.0 * compute_params_per_token(m) + attn;
}

double prefill_flops(const ModelSpec& m, double prompt) {
    const double p = std::max(0.0, prompt);
    return p * forward_flops_per_token(m, p / 2.0);
}

double ffn_active_width(const ModelSpec& m) {
    if (m.moe && m.moe->experts > 0)
        return double(m.moe->experts_per_token + m.moe->shared_experts) * m.moe->expert_intermediate;
    return m.intermediate > 0 ? m.intermediate : 4.0 * m.hidden;
}

}  // namespace gpusizer
