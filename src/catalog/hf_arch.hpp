// Internal to the config.json importer (hf_config.cpp, hf_families.cpp, hf_params.cpp, hf_quant.cpp):
// what a Hugging Face config.json says about a model, layer by layer, before it becomes a ModelSpec.
// Every family is read in its own vocabulary (its transformers configuration class and modelling
// code) into one layer plan: what mixes the tokens in each layer (attention, sliding-window
// attention, a recurrent layer, nothing) and what follows it (a dense MLP, experts, both, nothing).
#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

#include "engine/architecture.hpp"
#include "engine/formats.hpp"
#include "engine/message.hpp"

namespace gpusizer::hf {

// What mixes the tokens in a layer.
enum class Mixer {
    full,        // attention over the whole context (K and V cached)
    sliding,     // attention over a window (or a chunk: Llama 4) of the last `window` tokens
    deltanet,    // Gated DeltaNet (Qwen3-Next, Qwen3.5): a fixed state
    mamba2,      // Mamba-2 (Nemotron-H): a fixed state
    mamba1,      // Mamba (state-spaces/mamba): a fixed state
    short_conv,  // LFM2's gated short convolution: a conv state only
    linear,      // replaced by one hidden × hidden projection (Nemotron NAS)
    none,        // no mixer (Nemotron-H MLP blocks, NAS no-op attention)
};
// What follows the mixer.
enum class Ffn { dense, moe, dense_and_moe, linear, none };

struct Layer {
    Mixer mixer = Mixer::full;
    Ffn ffn = Ffn::dense;
    int kv_heads = 0;         // attention layers: KV heads
    int head_dim = 0;         // q and k head width
    int v_head_dim = 0;       // v head width
    bool k_eq_v = false;      // no v_proj: values from the keys (Gemma 4 global layers)
    bool kv_shared = false;   // reuses an earlier layer's K and V: no k/v projections, nothing cached (Gemma 3n/4)
    bool sinks = false;       // one learned sink logit per head (gpt-oss; MiMo-V2's sliding layers)
    int q_heads = 0;          // query heads when the layer has its own count
    int ffn_width = 0;        // dense MLP width
    int norms = -1;           // hidden-wide norms in the layer; -1: the family's norms_per_layer
    int compress = 0;         // DeepSeek V4: the layer's compress ratio (0 window only, 4 CSA, 128 HCA)
    bool attends() const { return mixer == Mixer::full || mixer == Mixer::sliding; }
    bool recurrent() const {
        return mixer == Mixer::deltanet || mixer == Mixer::mamba2 || mixer == Mixer::mamba1 || mixer == Mixer::short_conv;
    }
};

struct Arch {
    std::string model_type;   // as written
    std::string family;       // the family it was read as ("llama", "nemotron_h", …), for notes
    int hidden = 0, layers = 0, heads = 0, kv_heads = 0, head_dim = 0;
    int intermediate = 0, vocab = 0, max_context = 0;
    bool tied = false;
    bool lm_head = true;      // false: no vocabulary projection (encoders, reward models)

    // Tensors the family's attention and MLP have (they are parameters too).
    bool qkv_bias = false, o_bias = false;
    bool qk_norm = false;          // per-head RMSNorm of q and k (Qwen3, Gemma 3)
    bool qk_norm_per_layer = false;  // one RMSNorm over all q heads and one over all k heads (MiniMax-M2)
    bool final_norm = true;        // a norm after the last layer (encoders normalise the embeddings instead)
    bool output_gate = false;      // q_proj also emits a gate (Qwen3-Next attn_output_gate)
    bool sinks = false;            // one learned sink logit per head (gpt-oss, MiMo-V2 sliding layers)
    int norms_per_layer = 2;       // Gemma 2/3 add two more around the MLP
    bool norm_bias = false;        // LayerNorm with a bias (2 parameters a width) instead of RMSNorm
    bool mlp_bias = false;
    bool gated_mlp = true;         // gate, up, down; false: up and down (relu², GELU MLPs)

    std::vector<Layer> plan;  // one per layer
    int window = 0;           // sliding-window (or chunk) tokens

    // Mixture of experts
    int experts = 0, experts_per_token = 0, expert_intermediate = 0;
    int shared_intermediate = 0;  // total width of the always-on shared expert(s)
    int shared_count = 0;         // as a count of routed-expert widths (for activations)
    bool shared_gate = false;     // Qwen's sigmoid gate on the shared expert (hidden → 1)
    bool router_bias = false;     // gpt-oss router bias
    bool score_bias = false;      // DeepSeek-V3 e_score_correction_bias (noaux_tc routing)
    bool expert_bias = false;     // gpt-oss experts carry biases
    bool experts_gated = true;    // false: up and down only (Nemotron-H relu² experts)

    // Multi-head latent attention (DeepSeek V2/V3, Kimi K2, GLM-5)
    std::optional<MlaSpec> mla;  // the engine's own struct (engine/architecture.hpp)
    int index_heads = 0, index_dim = 0;  // DeepSeek sparse-attention lightning indexer
    // DeepSeek V4: compressed attention over a shared 512-wide K=V head, a grouped low-rank output
    // projection, hyper-connections (hc_mult residual streams).
    std::optional<CompressedAttentionSpec> compressed;
    int q_lora = 0, o_lora = 0, o_groups = 0, hc_mult = 0;

    // Gated DeltaNet (Qwen3-Next / Qwen3.5)
    int linear_k_heads = 0, linear_v_heads = 0, linear_k_dim = 0, linear_v_dim = 0, linear_conv = 0;
    // Mamba-2 (Nemotron-H) and Mamba-1
    int mamba_heads = 0, mamba_head_dim = 0, mamba_groups = 0, ssm_state = 0, mamba_conv = 0;
    int mamba_inner = 0, dt_rank = 0;
    bool mamba_conv_bias = true, mamba_proj_bias = false;
    int state_bytes = 2;      // 4: the recurrent state kept in FP32
    // LFM2 short convolution
    int conv_dim = 0, conv_cache = 0;
    bool conv_bias = false;

    // Counted by the family outside the layers: position tables, embedding norms, a pooler, a score
    // head, a whole encoder (Whisper), a vision tower.
    double extra_params = 0;
    double vision_params = 0;        // the vision tower when the config describes it (in extra_params too)
    double total_override = 0;       // the family counted the whole model itself (Whisper)
    bool tower_uncounted = false;    // a vision or audio tower the config does not let us count

    // Embedding models (encoders) and Whisper-type speech models.
    int embed_dim = 0;
    double encoder_params = 0;
    int encoder_layers = 0, encoder_hidden = 0, decoder_layers = 0;

    int count(Mixer kind) const {
        int n = 0;
        for (const auto& l : plan) n += l.mixer == kind;
        return n;
    }
    int attention_layers() const {
        int n = 0;
        for (const auto& l : plan) n += l.attends();
        return n;
    }
    int recurrent_layers() const {
        int n = 0;
        for (const auto& l : plan) n += l.recurrent();
        return n;
    }
    int moe_layers() const {
        int n = 0;
        for (const auto& l : plan) n += l.ffn == Ffn::moe || l.ffn == Ffn::dense_and_moe;
        return n;
    }
};

struct ParamCount {
    double total = 0;
    double active = 0;     // per token: everything but the routed experts a token does not use
    double per_expert = 0; // one routed expert of one layer
};

// Exact count of the parameters the architecture describes: embeddings, the layers as planned,
// norms and what the family counted outside them (hf_params.cpp). Multi-token-prediction layers
// are not in it (servers load them only for speculative decoding).
ParamCount count_params(const Arch& a);

// The checkpoint's weight format from quantization_config, MLX's `quantization`, or ModelOpt's
// hf_quant_config.json given beside it (hf_quant.cpp).
struct Quantization {
    bool present = false;        // a quantization was stated
    bool known = true;           // its method is one gpusizer models
    std::string method;          // quant_method as written ("mlx", "modelopt" when unnamed)
    std::string source;          // where it was stated: quantization_config, quantization, hf_quant_config.json
    WeightFormat format = WeightFormat::bf16;
    bool experts_only = false;   // attention and the rest left 16-bit (gpt-oss, Kimi K2)
    // Bits a quantized weight takes in the checkpoint, scales included, when the scheme fixes them
    // and the engine's format does not (MLX group-wise affine, bitsandbytes NF4); 0 = the format's.
    double bits_per_weight = 0;
    bool embeddings_quantized = false;  // MLX quantizes the embedding and lm_head too
};
Quantization read_quantization(const nlohmann::json& config, const nlohmann::json* quant_file, WeightFormat unquantized,
                               bool moe);

}  // namespace gpusizer::hf
