// Parameter count of a model from its config.json, tensor by tensor as transformers builds it,
// layer by layer from the plan the family reader made (hf_config.cpp, hf_families.cpp).
// Checked against published counts (tests/unit/test_hf_config.cpp, tests/data/hf_reference.json):
// Qwen3-8B 8,190,735,360; DeepSeek-V2-Lite 15,706,484,224; gpt-oss-20b 20,914,757,184; BLOOM
// 176,247,271,424; mamba-2.8b 2,768,345,600; Whisper large-v3 1,543,490,560; BERT base 109,482,240.
#include "catalog/hf_arch.hpp"

namespace gpusizer::hf {
namespace {

using d = double;

// q, k, v and o projections of one standard (GQA / MHA / sliding) attention layer.
d attention_params(const Arch& a, const Layer& l) {
    const int hd = l.head_dim > 0 ? l.head_dim : a.head_dim;
    const int vd = l.v_head_dim > 0 ? l.v_head_dim : hd;
    const int kv = l.kv_heads > 0 ? l.kv_heads : a.kv_heads;
    const int heads = l.q_heads > 0 ? l.q_heads : a.heads;
    const d q_width = d(heads) * hd, k_width = l.kv_shared ? 0.0 : d(kv) * hd;
    const d v_width = l.k_eq_v || l.kv_shared ? 0.0 : d(kv) * vd;
    const d o_in = d(heads) * vd;
    d p = d(a.hidden) * q_width * (a.output_gate ? 2 : 1)  // q_proj (and its gate)
          + d(a.hidden) * (k_width + v_width)               // k_proj, v_proj
          + o_in * a.hidden;                                // o_proj
    if (a.qkv_bias) p += q_width * (a.output_gate ? 2 : 1) + k_width + v_width;
    if (a.o_bias) p += a.hidden;
    if (a.qk_norm) p += 2.0 * hd;
    if (a.qk_norm_per_layer) p += q_width + d(kv) * hd;
    if (a.sinks || l.sinks) p += heads;
    return p;
}

// Multi-head latent attention: low-rank query (or a full q_proj), the compressed KV and its
// up-projection, the output; plus the sparse-attention indexer when the config has one.
d mla_params(const Arch& a) {
    const MlaSpec& m = *a.mla;
    const d qk_head = d(m.qk_nope_head_dim) + m.qk_rope_head_dim;
    d p = m.q_lora_rank > 0 ? d(a.hidden) * m.q_lora_rank + m.q_lora_rank + d(m.q_lora_rank) * a.heads * qk_head
                            : d(a.hidden) * a.heads * qk_head;
    p += d(a.hidden) * (m.kv_lora_rank + m.qk_rope_head_dim) + m.kv_lora_rank   // kv_a_proj_with_mqa, kv_a_layernorm
         + d(m.kv_lora_rank) * a.heads * (d(m.qk_nope_head_dim) + m.v_head_dim)  // kv_b_proj
         + d(a.heads) * m.v_head_dim * a.hidden;                                  // o_proj
    if (a.index_dim > 0) {
        const d q_in = m.q_lora_rank > 0 ? m.q_lora_rank : a.hidden;
        p += q_in * a.index_heads * a.index_dim          // wq_b
             + d(a.hidden) * a.index_dim                 // wk
             + 2.0 * a.index_dim                         // k_norm (LayerNorm: weight and bias)
             + d(a.hidden) * a.index_heads;              // weights_proj
    }
    return p;
}

// DeepSeek V4's attention (the reference inference/model.py): low-rank q (wq_a, q_norm, wq_b), one
// shared K=V head (wkv, kv_norm), the grouped low-rank output (wo_a, wo_b), one sink per head; a
// compressing layer adds a compressor (ape, wkv, wgate, norm: two overlapped windows at ratio 4), a
// CSA layer the indexer (wq_b, weights_proj and its own compressor of index_dim-wide keys).
d v4_attention_params(const Arch& a, const Layer& l) {
    const d h = a.hidden, hd = a.head_dim, heads = a.heads;
    d p = h * a.q_lora + a.q_lora + d(a.q_lora) * heads * hd + h * hd + hd + heads * hd * a.o_lora +
          d(a.o_groups) * a.o_lora * h + heads;
    auto compressor = [&](int ratio, d width) {
        const d coff = ratio == 4 ? 2.0 : 1.0;
        return d(ratio) * coff * width + 2.0 * h * coff * width + width;
    };
    if (l.compress > 0) p += compressor(l.compress, hd);
    if (l.compress == 4)
        p += d(a.q_lora) * a.index_heads * a.index_dim + h * a.index_heads + compressor(4, a.index_dim);
    return p;
}

// Gated DeltaNet: fused q/k/v/z and beta/alpha projections, the causal conv, per-head decay and
// step, the gated norm and the output projection.
d deltanet_params(const Arch& a) {
    const d key = d(a.linear_k_heads) * a.linear_k_dim, value = d(a.linear_v_heads) * a.linear_v_dim;
    return d(a.hidden) * (2 * key + 2 * value)   // in_proj_qkvz
           + d(a.hidden) * 2 * a.linear_v_heads  // in_proj_ba
           + (2 * key + value) * a.linear_conv   // conv1d (no bias)
           + 2.0 * a.linear_v_heads              // dt_bias, A_log
           + a.linear_v_dim                      // norm
           + value * a.hidden;                   // out_proj
}

// Mamba-2 mixer (transformers' Mamba2Mixer / NemotronHMamba2Mixer): in_proj to z, x, B, C and dt,
// the depthwise conv over x, B and C, dt_bias, A_log and D per head, the gated norm, out_proj.
d mamba2_params(const Arch& a) {
    const d inner = d(a.mamba_heads) * a.mamba_head_dim;
    const d conv_dim = inner + 2.0 * a.mamba_groups * a.ssm_state;
    const d proj = inner + conv_dim + a.mamba_heads;
    d p = d(a.hidden) * proj + conv_dim * a.mamba_conv + 3.0 * a.mamba_heads + inner + inner * a.hidden;
    if (a.mamba_conv_bias) p += conv_dim;
    if (a.mamba_proj_bias) p += proj + a.hidden;
    return p;
}

// Mamba-1 mixer (transformers' MambaMixer): in_proj to x and z, the depthwise conv, x_proj to
// dt, B and C, dt_proj, A_log (inner × state), D, out_proj.
d mamba1_params(const Arch& a) {
    const d inner = a.mamba_inner;
    d p = d(a.hidden) * 2 * inner + inner * a.mamba_conv + inner * (d(a.dt_rank) + 2.0 * a.ssm_state) +
          d(a.dt_rank) * inner + inner + inner * a.ssm_state + inner + inner * a.hidden;
    if (a.mamba_conv_bias) p += inner;
    if (a.mamba_proj_bias) p += 2 * inner + a.hidden;
    return p;
}

// LFM2's gated short convolution: in_proj to B, C and x, a depthwise conv, out_proj.
d short_conv_params(const Arch& a) {
    const d c = a.conv_dim;
    d p = d(a.hidden) * 3 * c + c * a.conv_cache + c * a.hidden;
    if (a.conv_bias) p += 3 * c + c + a.hidden;
    return p;
}

d dense_mlp_params(const Arch& a, d width) {
    d p = (a.gated_mlp ? 3 : 2) * d(a.hidden) * width;  // gate, up, down (SwiGLU / GeGLU) or up, down
    if (a.mlp_bias) p += (a.gated_mlp ? 2 : 1) * width + a.hidden;
    return p;
}

d one_expert_params(const Arch& a) {
    d p = (a.experts_gated ? 3 : 2) * d(a.hidden) * a.expert_intermediate;
    if (a.expert_bias) p += (a.experts_gated ? 2.0 : 1.0) * a.expert_intermediate + a.hidden;
    return p;
}

// Router, shared expert(s) and its gate: what a MoE layer holds besides its routed experts.
d moe_always_on_params(const Arch& a) {
    d p = d(a.hidden) * a.experts;
    if (a.router_bias || a.score_bias) p += a.experts;
    if (a.shared_intermediate > 0) {
        Arch shared = a;
        shared.gated_mlp = a.experts_gated;
        shared.mlp_bias = false;
        p += dense_mlp_params(shared, a.shared_intermediate);
    }
    if (a.shared_gate) p += a.hidden;
    return p;
}

d mixer_params(const Arch& a, const Layer& l) {
    switch (l.mixer) {
        case Mixer::full:
        case Mixer::sliding:
            return a.compressed ? v4_attention_params(a, l) : a.mla ? mla_params(a) : attention_params(a, l);
        case Mixer::deltanet: return deltanet_params(a);
        case Mixer::mamba2: return mamba2_params(a);
        case Mixer::mamba1: return mamba1_params(a);
        case Mixer::short_conv: return short_conv_params(a);
        case Mixer::linear: return d(a.hidden) * a.hidden;
        case Mixer::none: return 0;
    }
    return 0;
}

}  // namespace

ParamCount count_params(const Arch& a) {
    ParamCount c;
    if (a.total_override > 0) {
        c.total = c.active = a.total_override;
        return c;
    }
    const d norm = a.norm_bias ? 2.0 * a.hidden : d(a.hidden);
    const d embedding = d(a.vocab) * a.hidden;
    // embeddings, lm_head, final norm, what the family counted outside the layers
    d total = embedding * (a.lm_head && !a.tied ? 2 : 1) + (a.final_norm ? norm : 0.0) + a.extra_params;
    d inactive = 0;
    c.per_expert = one_expert_params(a);
    for (const Layer& l : a.plan) {
        total += mixer_params(a, l);
        total += d(l.norms >= 0 ? l.norms : a.norms_per_layer) * norm;
        const d width = l.ffn_width > 0 ? l.ffn_width : a.intermediate;
        if (l.ffn == Ffn::dense || l.ffn == Ffn::dense_and_moe) total += dense_mlp_params(a, width);
        if (l.ffn == Ffn::linear) total += d(a.hidden) * a.hidden;
        if (l.ffn == Ffn::moe || l.ffn == Ffn::dense_and_moe) {
            total += moe_always_on_params(a) + a.experts * c.per_expert;
            inactive += (a.experts - a.experts_per_token) * c.per_expert;
        }
    }
    c.total = total;
    c.active = total - inactive;
    return c;
}

}  // namespace gpusizer::hf
