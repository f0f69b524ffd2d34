// A model's architecture: the figures its memory and speed arithmetic reads. One struct for every
// source of a model: a catalog entry (ModelSpec, catalog_types.hpp), a config.json import (which
// becomes a ModelSpec) and a link's custom model (CustomModel, state.hpp), which the link carries
// key by key (link.cpp). A figure added here is read by all three.
#pragma once

#include <optional>

namespace gpusizer {

struct MlaSpec {
    int kv_lora_rank = 0, qk_rope_head_dim = 0, qk_nope_head_dim = 0, v_head_dim = 0, q_lora_rank = 0;
};

// Layers with a fixed per-sequence state instead of a KV cache. Gated DeltaNet: a value_head_dim ×
// key_head_dim state per value head and a causal conv over q, k and v. The other recurrent layers
// map onto it exactly: Mamba-2 (key heads = groups, key dim = ssm_state_size, value heads × dim =
// the mamba heads), Mamba-1 (no key heads, value heads = d_inner, value dim 1, key dim = state size)
// and a short convolution (value heads = its channels, value dim 1, key dim 0: a conv state only).
struct LinearAttentionSpec {
    int layers = 0, num_key_heads = 0, num_value_heads = 0, key_head_dim = 0, value_head_dim = 0, conv_kernel = 0;
    int state_bytes = 2;  // bytes per recurrent-state element: the model's 16-bit dtype, 4 when kept in FP32
};

struct MoeSpec {
    int experts = 0, experts_per_token = 0, shared_experts = 0, expert_intermediate = 0, dense_layers = 0;
    // Where the MoE layers are. 1: after the first `dense_layers` layers, every layer (DeepSeek's
    // first_k_dense_replace). N > 1: every N-th layer, layer i (from 0) when (i + 1) % N == 0
    // (Llama 4's interleave_moe_layer_step, Qwen's decoder_sparse_step); `dense_layers` then counts
    // the layers between them, layers − layers / N.
    int interleave_step = 1;
};

// DeepSeek V4's compressed attention. Every layer keeps its last `sliding_window` tokens' K=V
// entries (one head_dim-wide vector, its last rope_dim dimensions in BF16: sliding_layers = layers);
// a CSA layer adds one compressed entry per csa_ratio tokens, with the indexer's key, and each query
// reads index_topk of them (the indexer's index_heads score them all); an HCA layer adds one entry per
// hca_ratio tokens, all read. A compressor keeps each request's partial window in FP32.
struct CompressedAttentionSpec {
    int csa_layers = 0, hca_layers = 0, csa_ratio = 4, hca_ratio = 128, rope_dim = 64;
    int index_topk = 0, index_heads = 0;
};

enum class AttentionKind { mha, gqa, mla, hybrid_linear };

struct Architecture {
    int layers = 0, hidden = 0, intermediate = 0, heads = 0, kv_heads = 0, head_dim = 0;
    int vocab = 0;
    bool tied_embeddings = false;
    int max_context = 0;
    int sliding_window = 0;        // tokens; 0 = none
    int sliding_layers = 0;
    // Attention geometry that is not one per model (imported configs; 0 = as above):
    int attention_layers = 0;      // layers that attend (keep K/V); 0 = layers − linear layers
    int v_head_dim = 0;            // value head width when it differs from head_dim (MiMo-V2)
    int window_kv_heads = 0, window_head_dim = 0;  // the sliding layers' KV heads and head width (Gemma 4)
    bool gated_mlp = true;         // gate, up, down (SwiGLU / GeGLU); false: up and down only (relu², GELU)
    std::optional<MlaSpec> mla;
    std::optional<LinearAttentionSpec> linear;
    int indexer_head_dim = 0;      // DeepSeek sparse attention indexer keys
    std::optional<CompressedAttentionSpec> compressed;  // DeepSeek V4
    int mtp_layers = 0;            // multi-token-prediction layers (num_nextn_predict_layers): a built-in draft
    std::optional<MoeSpec> moe;
};

// The MoE layers among the model's first n layers (the llama.cpp split `--n-cpu-moe n` moves).
inline int moe_layers_among_first(const Architecture& m, int n) {
    if (!m.moe || n <= 0) return 0;
    n = n < m.layers ? n : m.layers;
    const MoeSpec& e = *m.moe;
    if (e.interleave_step > 1) return n / e.interleave_step;
    return n > e.dense_layers ? n - e.dense_layers : 0;
}

}  // namespace gpusizer
