// Internal to the config.json importer (hf_config.cpp, hf_params.cpp, hf_quant.cpp): what a
// Hugging Face config.json says about a decoder, layer by layer, before it becomes a ModelSpec.
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "engine/formats.hpp"

namespace gpusizer::hf {

enum class LayerAttention { full, sliding, linear };

struct Arch {
    std::string model_type;
    int hidden = 0, layers = 0, heads = 0, kv_heads = 0, head_dim = 0;
    int intermediate = 0, vocab = 0, max_context = 0;
    bool tied = false;

    // Attention projections: which optional tensors the family has (they count as parameters).
    bool qkv_bias = false, o_bias = false;
    bool qk_norm = false;          // per-head RMSNorm of q and k (Qwen3, Gemma 3)
    bool output_gate = false;      // q_proj also emits a gate (Qwen3-Next attn_output_gate)
    bool sinks = false;            // one learned sink logit per head (gpt-oss)
    int norms_per_layer = 2;       // Gemma 2/3 add two more around the MLP
    bool mlp_bias = false;

    std::vector<LayerAttention> attention;  // one per layer
    std::vector<bool> moe;                  // one per layer: routed experts instead of a dense MLP
    int window = 0;                         // sliding-window tokens

    // Mixture of experts
    int experts = 0, experts_per_token = 0, expert_intermediate = 0;
    int shared_intermediate = 0;  // total width of the always-on shared expert(s)
    int shared_count = 0;         // as a count of routed-expert widths (for activations)
    bool shared_gate = false;     // Qwen's sigmoid gate on the shared expert (hidden → 1)
    bool router_bias = false;     // gpt-oss router bias
    bool score_bias = false;      // DeepSeek-V3 e_score_correction_bias (noaux_tc routing)
    bool expert_bias = false;     // gpt-oss experts carry biases

    // Multi-head latent attention (DeepSeek V2/V3, Kimi K2)
    bool mla = false;
    int kv_lora_rank = 0, q_lora_rank = 0, rope_dim = 0, nope_dim = 0, v_dim = 0;
    int index_heads = 0, index_dim = 0;  // DeepSeek sparse-attention lightning indexer

    // Linear attention (Gated DeltaNet, Qwen3-Next / Qwen3.5)
    int linear_k_heads = 0, linear_v_heads = 0, linear_k_dim = 0, linear_v_dim = 0, linear_conv = 0;

    int count(LayerAttention kind) const {
        int n = 0;
        for (auto a : attention) n += a == kind;
        return n;
    }
    int moe_layers() const {
        int n = 0;
        for (bool m : moe) n += m;
        return n;
    }
};

struct ParamCount {
    double total = 0;
    double active = 0;     // per token: everything but the routed experts a token does not use
    double per_expert = 0; // one routed expert of one layer
};

// Exact count of the parameters the architecture describes: embeddings, attention, MLP or
// experts, norms (hf_params.cpp). Vision towers and multi-token-prediction layers are not in it.
ParamCount count_params(const Arch& a);

// The checkpoint's weight format from quantization_config (hf_quant.cpp).
struct Quantization {
    bool present = false;        // a quantization_config was found
    bool known = true;           // its method is one gpusizer models
    std::string method;          // quant_method as written
    WeightFormat format = WeightFormat::bf16;
    bool experts_only = false;   // attention and the rest left 16-bit (gpt-oss, Kimi K2)
};
Quantization read_quantization(const nlohmann::json& config, WeightFormat unquantized, bool moe);

}  // namespace gpusizer::hf
