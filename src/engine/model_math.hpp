// Architecture arithmetic: how many bytes a model's weights and KV cache take, and how
// many FLOPs a token costs. Pure functions of the catalog's architecture numbers.
#pragma once

#include "engine/catalog_types.hpp"
#include "engine/units.hpp"

namespace gpusizer {

// Parameter counts (not billions: plain counts) split the way formats and parallelism treat them.
struct ParamSplit {
    double total = 0;
    double input_embedding = 0;  // vocab × hidden (looked up, not multiplied)
    double lm_head = 0;          // vocab × hidden when untied; 0 when tied to the input embedding
    double routed_experts = 0;   // MoE routed expert FFNs (memory from all, compute from the active ones)
    double other = 0;            // attention, dense / shared FFNs, norms, vision tower
};
ParamSplit split_params(const ModelSpec& m);

// Bytes of each part of the weights in a given format.
struct WeightBytes {
    Bytes input_embedding, lm_head, routed_experts, other;
    Bytes total() const { return input_embedding + lm_head + routed_experts + other; }
};
WeightBytes weight_bytes(const ModelSpec& m, WeightFormat f);

// Fraction of routed experts touched by at least one of `batch` tokens in a decode step:
// 1 - (1 - k/E)^batch (uniform routing).
double expert_touch_fraction(const MoeSpec& moe, double batch);

// Bytes read from memory per decode step for `batch` sequences' weights (not KV):
// lm_head and all non-expert weights, plus the touched routed experts.
Bytes decode_weight_read_bytes(const ModelSpec& m, WeightFormat f, double batch);

// KV cache geometry of one sequence.
struct KvLayout {
    double full_bytes_per_token = 0;    // layers attending over the whole context
    double window_bytes_per_token = 0;  // sliding-window layers (capped at `window` tokens)
    double window = 0;
    double state_bytes_per_sequence = 0;  // linear-attention layers: fixed state, independent of length
    bool latent_replicated_under_tp = false;  // MLA latent is shared by all heads: every TP rank keeps it
    int split_heads = 1;                // KV heads available to split across tensor-parallel ranks
    // Sparse attention (DeepSeek V4's CSA layers): entries stored per token that a query reads only
    // for its sparse_read_tokens selected tokens (index_topk entries × the compression ratio).
    double sparse_bytes_per_token = 0, sparse_read_tokens = 0;
};
KvLayout kv_layout(const ModelSpec& m, KvFormat f);

// KV bytes of one sequence holding `tokens` tokens.
Bytes kv_bytes_per_sequence(const KvLayout& kv, double tokens);
// The part of them one decode step reads (sparse attention reads its selected entries only).
Bytes kv_read_bytes_per_sequence(const KvLayout& kv, double tokens);
// The cache per token of a `ctx`-token sequence, linear-attention state left out (it is per
// sequence): window layers count only up to their window.
double kv_bytes_per_token_at(const KvLayout& kv, double ctx);

// Fraction of one sequence's KV cache held by each of `tp` tensor-parallel ranks.
double kv_fraction_per_tp_rank(const KvLayout& kv, int tp);

// Parameters of one routed expert (gate, up and down, or up and down without a gate); 0 without MoE.
double expert_params(const ModelSpec& m);
// Parameters that take part in matrix multiplies for one token (active; input embedding excluded).
double compute_params_per_token(const ModelSpec& m);
// Width of attention (heads × head_dim) and number of layers that attend over full context.
double attention_width(const ModelSpec& m);
// Layers that attend (keep K and V): attention_layers when the model says, else layers − linear layers.
int attending_layers(const ModelSpec& m);
int full_attention_layers(const ModelSpec& m);

// Forward FLOPs of one token that attends over `context` earlier tokens.
double forward_flops_per_token(const ModelSpec& m, double context);

// Forward FLOPs to prefill a prompt of `prompt` tokens (causal: mean context prompt/2).
double prefill_flops(const ModelSpec& m, double prompt);

// Width of the MLP activations per token (dense intermediate, or the active experts' width).
double ffn_active_width(const ModelSpec& m);

}  // namespace gpusizer
