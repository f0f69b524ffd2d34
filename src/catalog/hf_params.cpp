// Parameter count of a decoder from its config.json, tensor by tensor as transformers builds it.
// Checked against published counts: Qwen3-8B 8,190,735,360; DeepSeek-V2-Lite 15,706,484,224;
// gpt-oss-20b 20,914,757,184 (tests/unit/test_hf_config.cpp).
#include "catalog/hf_arch.hpp"

namespace gpusizer::hf {
namespace {

using d = double;

// q, k, v and o projections of one standard (GQA / MHA / sliding) attention layer.
d attention_params(const Arch& a) {
    const d q_width = d(a.heads) * a.head_dim, kv_width = d(a.kv_heads) * a.head_dim;
    d p = d(a.hidden) * q_width * (a.output_gate ? 2 : 1)  // q_proj (and its gate)
          + 2 * d(a.hidden) * kv_width                      // k_proj, v_proj
          + q_width * a.hidden;                             // o_proj
    if (a.qkv_bias) p += q_width * (a.output_gate ? 2 : 1) + 2 * kv_width;
    if (a.o_bias) p += a.hidden;
    if (a.qk_norm) p += 2.0 * a.head_dim;
    if (a.sinks) p += a.heads;
    return p;
}

// Multi-head latent attention: low-rank query (or a full q_proj), the compressed KV and its
// up-projection, the output; plus the sparse-attention indexer when the config has one.
d mla_params(const Arch& a) {
    const d qk_head = d(a.nope_dim) + a.rope_dim;
    d p = a.q_lora_rank > 0 ? d(a.hidden) * a.q_lora_rank + a.q_lora_rank + d(a.q_lora_rank) * a.heads * qk_head
                            : d(a.hidden) * a.heads * qk_head;
    p += d(a.hidden) * (a.kv_lora_rank + a.rope_dim) + a.kv_lora_rank   // kv_a_proj_with_mqa, kv_a_layernorm
         + d(a.kv_lora_rank) * a.heads * (d(a.nope_dim) + a.v_dim)      // kv_b_proj
         + d(a.heads) * a.v_dim * a.hidden;                             // o_proj
    if (a.index_dim > 0) {
        const d q_in = a.q_lora_rank > 0 ? a.q_lora_rank : a.hidden;
        p += q_in * a.index_heads * a.index_dim          // wq_b
             + d(a.hidden) * a.index_dim                 // wk
             + 2.0 * a.index_dim                         // k_norm (LayerNorm: weight and bias)
             + d(a.hidden) * a.index_heads;              // weights_proj
    }
    return p;
}

// Gated DeltaNet: fused q/k/v/z and beta/alpha projections, the causal conv, per-head decay and
// step, the gated norm and the output projection.
d linear_attention_params(const Arch& a) {
    const d key = d(a.linear_k_heads) * a.linear_k_dim, value = d(a.linear_v_heads) * a.linear_v_dim;
    return d(a.hidden) * (2 * key + 2 * value)   // in_proj_qkvz
           + d(a.hidden) * 2 * a.linear_v_heads  // in_proj_ba
           + (2 * key + value) * a.linear_conv   // conv1d (no bias)
           + 2.0 * a.linear_v_heads              // dt_bias, A_log
           + a.linear_v_dim                      // norm
           + value * a.hidden;                   // out_proj
}

d dense_mlp_params(const Arch& a, d width) {
    d p = 3 * d(a.hidden) * width;  // gate, up, down (SwiGLU / GeGLU)
    if (a.mlp_bias) p += 2 * width + a.hidden;
    return p;
}

d one_expert_params(const Arch& a) {
    d p = 3 * d(a.hidden) * a.expert_intermediate;
    if (a.expert_bias) p += 2.0 * a.expert_intermediate + a.hidden;
    return p;
}

// Router, shared expert(s) and its gate: what a MoE layer holds besides its routed experts.
d moe_always_on_params(const Arch& a) {
    d p = d(a.hidden) * a.experts;
    if (a.router_bias || a.score_bias) p += a.experts;
    if (a.shared_intermediate > 0) p += dense_mlp_params(a, a.shared_intermediate);
    if (a.shared_gate) p += a.hidden;
    return p;
}

}  // namespace

ParamCount count_params(const Arch& a) {
    ParamCount c;
    const d embedding = d(a.vocab) * a.hidden;
    d total = embedding * (a.tied ? 1 : 2) + a.hidden;  // embeddings, lm_head, final norm
    d inactive = 0;
    c.per_expert = one_expert_params(a);
    for (int i = 0; i < a.layers; ++i) {
        const LayerAttention kind = i < int(a.attention.size()) ? a.attention[size_t(i)] : LayerAttention::full;
        if (kind == LayerAttention::linear) total += linear_attention_params(a);
        else total += a.mla ? mla_params(a) : attention_params(a);
        total += d(a.norms_per_layer) * a.hidden;
        const bool moe = i < int(a.moe.size()) && a.moe[size_t(i)];
        if (moe) {
            total += moe_always_on_params(a) + a.experts * c.per_expert;
            inactive += (a.experts - a.experts_per_token) * c.per_expert;
        } else {
            total += dense_mlp_params(a, a.intermediate);
        }
    }
    c.total = total;
    c.active = total - inactive;
    return c;
}

}  // namespace gpusizer::hf
