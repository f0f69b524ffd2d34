// config.json → hf::Arch, family by family, each in its own vocabulary: the field names and defaults
// of its transformers configuration class (or the remote code it ships), and the layer plan its
// modelling code builds. Sources are named at each family.
#include "catalog/hf_families.hpp"

#include <algorithm>
#include <cmath>
#include <map>

namespace gpusizer::hf {
namespace {

using json = nlohmann::json;

bool any_of(const std::string& t, std::initializer_list<const char*> names) {
    for (const char* n : names)
        if (t == n) return true;
    return false;
}

// ---- defaults a family's configuration class fills when the file leaves a field out -----------

// head_dim when the config has none: Qwen3Config, Qwen3VLTextConfig default 128; the Gemma configs
// 256; Qwen3-Next / Qwen3.5 256; everything else hidden_size / num_attention_heads (LlamaConfig,
// MistralConfig, Qwen3MoeConfig: getattr(config, "head_dim", hidden // heads)).
int default_head_dim(const std::string& t) {
    if (t == "qwen3" || t == "qwen3_vl_text" || t == "qwen3_vl") return 128;
    if (starts_with(t, "gemma")) return 256;
    if (starts_with(t, "qwen3_next") || starts_with(t, "qwen3_5")) return 256;
    return 0;
}

// tie_word_embeddings when the config has none: PretrainedConfig's default is True; these
// configuration classes default it to False.
bool default_tied(const std::string& t) {
    static const char* untied[] = {"llama", "mistral", "mixtral", "qwen2", "qwen2_moe", "qwen3", "qwen3_moe", "qwen3_next",
                                   "phi3", "phimoe", "deepseek_v2", "deepseek_v3", "deepseek_v32", "kimi_k2", "glm4_moe",
                                   "glm_moe_dsa", "gpt_oss", "granite", "minimax_m2", "olmo2", "olmoe", "mimo", "mimo_v2_flash",
                                   "nemotron_h", "gpt_neox", "llama4_text", "exaone4", "qwen", "molmo", "falcon_h1",
                                   "qwen2_vl", "qwen2_5_vl", "qwen3_vl", "qwen3_vl_moe", "ernie4_5", "ernie4_5_moe",
                                   "hunyuan_v1_dense", "hunyuan_v1_moe", "seed_oss", "apertus", "arcee", "internlm2",
                                   "internlm3", "dots1", "bailing_moe", "stablelm", "nemotron"};
    for (const char* u : untied)
        if (t == u || t == std::string(u) + "_text") return false;
    if (starts_with(t, "qwen3_5") || starts_with(t, "qwen3_vl") || starts_with(t, "qwen2_5_vl")) return false;
    return true;
}

// Whether the family's configuration class is one gpusizer knows the tie_word_embeddings default of.
bool default_tied_known(const std::string& t) {
    static const char* tied[] = {"gemma", "gemma2", "gemma3", "gemma3_text", "gemma4", "gemma4_text", "smollm3", "falcon", "bloom",
                                 "mamba", "lfm2", "whisper", "starcoder2", "gpt2", "opt", "cohere", "phi"};
    for (const char* k : tied) if (t == k) return true;
    return !default_tied(t);
}

// Qwen families window layers only with use_sliding_window (their configs default it to False).
bool window_needs_flag(const std::string& t) { return starts_with(t, "qwen") || t == "mimo" || t == "smollm3"; }

// ---- maximum context --------------------------------------------------------------------------

// max_position_embeddings, raised by YaRN's rope_scaling to factor × original_max_position_embeddings
// (Qwen's model cards tell users to add it for 131,072 tokens; transformers' and vLLM's YaRN then
// run that far). Llama 3's "llama3" type and LongRoPE keep max_position_embeddings (already the
// extended length).
int read_max_context(Fields& f) {
    int ctx = f.whole({"max_position_embeddings", "n_positions", "seq_length", "max_sequence_length", "max_seq_len",
                       "model_max_length", "n_ctx"}, 1, 1 << 30, false);
    for (const char* key : {"rope_scaling", "rope_parameters"}) {
        const json* r = f.object({key});
        if (!r) continue;
        std::string type;
        for (const char* k : {"rope_type", "type"})
            if (auto it = r->find(k); it != r->end() && it->is_string()) type = it->get<std::string>();
        if (type != "yarn") continue;
        auto factor = r->find("factor");
        auto original = r->find("original_max_position_embeddings");
        if (factor == r->end() || !factor->is_number() || original == r->end() || !original->is_number()) continue;
        const double extended = factor->get<double>() * original->get<double>();
        if (!(extended > ctx) || extended > double(1 << 30)) continue;
        f.note(Message(code::config_rope_context).str("type", type).num("factor", factor->get<double>())
                   .num("original", original->get<double>()).num("ctx", extended).num("stated", ctx));
        ctx = int(extended);
    }
    return ctx;
}

// ---- the common decoder fields ------------------------------------------------------------------

void read_head_dim(Fields& f, Arch& a) {
    a.head_dim = f.whole({"head_dim", "kv_channels", "attention_head_dim", "head_size"}, 1, kMaxCount, false);
    if (a.head_dim > 0 || a.heads <= 0) return;
    if (const int d = default_head_dim(a.model_type); d > 0) {
        a.head_dim = d;
        f.assumed("head_dim", d, a.model_type, code::term_rule_default);
        return;
    }
    if (a.hidden % a.heads != 0) f.error("", "head_dim", "required: hidden_size is not a multiple of num_attention_heads");
    a.head_dim = std::max(1, a.hidden / a.heads);
    f.assumed("head_dim", a.head_dim, a.model_type, code::term_rule_hidden_heads);
}

void read_tied(Fields& f, Arch& a) {
    const json* v = f.find({"tie_word_embeddings", "tie_embedding", "weight_tying"});
    if (v && v->is_boolean()) { a.tied = v->get<bool>(); return; }
    a.tied = default_tied(a.model_type);
    f.assumed_flag("tie_word_embeddings", a.tied, a.model_type,
              default_tied_known(a.model_type) ? code::term_rule_default : code::term_rule_pretrained);
}

// Which optional tensors a family's attention and MLP have (they are parameters too).
void read_tensors(Fields& f, Arch& a) {
    const std::string& t = a.model_type;
    const bool qwen2 = starts_with(t, "qwen2") || t == "mimo";  // Qwen2 / 2.5 / -VL, MiMo: q, k, v biases always
    const bool attention_bias = f.flag({"attention_bias"}, false);
    a.qkv_bias = attention_bias || qwen2 || f.flag({"qkv_bias"}, false);
    a.o_bias = attention_bias && !qwen2;
    a.qk_norm = starts_with(t, "qwen3") || starts_with(t, "gemma3") || starts_with(t, "gemma4") || starts_with(t, "olmo2") ||
                t == "exaone4" || t == "lfm2";
    // MiniMax-M2's qk_norm_type "per_layer": one RMSNorm over all q heads and one over all k heads.
    if (f.flag({"use_qk_norm"}, false) && f.string({"qk_norm_type"}) == "per_layer") a.qk_norm_per_layer = true;
    else if (f.flag({"use_qk_norm"}, false) && !starts_with(t, "llama4")) a.qk_norm = true;
    a.output_gate = f.flag({"attn_output_gate"}, false);
    a.sinks = t == "gpt_oss";
    a.router_bias = a.expert_bias = t == "gpt_oss";
    a.norms_per_layer = starts_with(t, "gemma2") || starts_with(t, "gemma3") || starts_with(t, "gemma4") ? 4 : 2;
    a.mlp_bias = f.flag({"mlp_bias"}, false);
}

// Routed experts, shared experts and which layers have them.
void read_moe(Fields& f, Arch& a) {
    a.experts = f.whole({"num_local_experts", "n_routed_experts", "num_experts", "moe_num_experts"}, 1, 1 << 20, false);
    if (a.experts <= 0) return;
    a.experts_per_token = f.whole({"num_experts_per_tok", "experts_per_token", "moe_topk", "top_k_experts",
                                   "num_experts_per_token", "moe_k"}, 1, a.experts, true, 1);
    a.expert_intermediate = f.whole({"moe_intermediate_size", "expert_intermediate_size"}, 1, kMaxWidth, false, a.intermediate);
    if (a.expert_intermediate <= 0) f.error("", "moe_intermediate_size", "required (or intermediate_size) for the experts' width");
    if (const int w = f.whole({"moe_shared_expert_intermediate_size"}, 0, kMaxWidth, false); w > 0) {
        a.shared_intermediate = w;  // Nemotron-H: one shared MLP of its own width
        a.shared_count = std::clamp(int(std::lround(double(w) / std::max(1, a.expert_intermediate))), 1, 1 << 20);
    } else if (const int n = f.whole({"n_shared_experts", "num_shared_experts"}, 0, 1 << 20, false); n > 0) {
        // DeepSeek: one MLP n experts wide, held to the widths' range (n × width would overflow an int).
        const double width = double(n) * a.expert_intermediate;
        if (width > kMaxWidth)
            f.error("", "n_shared_experts", "with moe_intermediate_size " + std::to_string(a.expert_intermediate) +
                                                ", the shared experts are " + std::to_string(std::llround(width)) +
                                                " wide, at most " + std::to_string(kMaxWidth));
        a.shared_intermediate = int(std::min<double>(width, kMaxWidth));
        a.shared_count = n;
    } else if (const int w2 = f.whole({"shared_expert_intermediate_size", "shared_intermediate_size"}, 0, kMaxWidth, false); w2 > 0) {
        a.shared_intermediate = w2;  // Qwen: one gated shared expert of its own width
        a.shared_count = std::clamp(int(std::lround(double(w2) / std::max(1, a.expert_intermediate))), 1, 1 << 20);
        a.shared_gate = starts_with(a.model_type, "qwen");
    }
    a.score_bias = f.string({"topk_method"}) == "noaux_tc" || f.flag({"use_routing_bias"}, false);
    // Which layers have experts: DeepSeek first_k_dense_replace and moe_layer_freq (a number, or
    // MiMo-V2's list of 0/1 per layer), Qwen decoder_sparse_step and mlp_only_layers, Llama 4
    // interleave_moe_layer_step (or its moe_layers list), or the layer types.
    const int first_dense = f.whole({"first_k_dense_replace"}, 0, a.layers, false);
    std::string entry, name;
    const json* freq_v = f.find({"moe_layer_freq"}, &entry, &name);
    int freq = 1;
    std::vector<int> freq_list;
    if (freq_v && freq_v->is_array()) {
        if (int(freq_v->size()) != a.layers) {
            f.error(entry, name, "expected one entry per layer (" + std::to_string(a.layers) + "), got " + std::to_string(freq_v->size()));
            return;
        }
        for (const auto& x : *freq_v) freq_list.push_back(x.is_number() && x.get<double>() != 0 ? 1 : 0);
    } else if (freq_v) {
        freq = f.whole_value(*freq_v, entry, name, 1, a.layers, 1);
    }
    const int step = f.whole({"decoder_sparse_step", "interleave_moe_layer_step"}, 1, a.layers, false, 1);
    std::vector<bool> dense_only(size_t(a.layers), false), listed(size_t(a.layers), false);
    if (const json* list = f.find({"mlp_only_layers"}); list && list->is_array())
        for (const auto& i : *list)
            if (i.is_number_integer() && i.get<long long>() >= 0 && i.get<long long>() < a.layers) dense_only[size_t(i.get<int>())] = true;
    const json* moe_list = f.find({"moe_layers"});
    bool use_list = false;
    if (moe_list && moe_list->is_array()) {
        for (const auto& i : *moe_list)
            if (i.is_number_integer() && i.get<long long>() >= 0 && i.get<long long>() < a.layers)
                listed[size_t(i.get<int>())] = use_list = true;
    }
    for (int i = 0; i < a.layers; ++i) {
        bool moe = freq_list.empty() ? i >= first_dense && i % freq == 0 && (i + 1) % step == 0 : freq_list[size_t(i)] == 1;
        if (use_list) moe = listed[size_t(i)];
        if (dense_only[size_t(i)]) moe = false;
        a.plan[size_t(i)].ffn = moe ? Ffn::moe : Ffn::dense;
    }
    if (const json* types = f.find({"mlp_layer_types"}); types && types->is_array() && int(types->size()) == a.layers)
        for (int i = 0; i < a.layers; ++i) a.plan[size_t(i)].ffn = (*types)[size_t(i)] == "sparse" ? Ffn::moe : Ffn::dense;
    if (a.moe_layers() == 0) f.error("", "first_k_dense_replace", "the experts are declared but no layer has them");
}

void read_mla(Fields& f, Arch& a) {
    MlaSpec mla;
    mla.kv_lora_rank = f.whole({"kv_lora_rank"}, 1, 1 << 20, false);
    if (mla.kv_lora_rank <= 0) return;
    mla.q_lora_rank = f.whole({"q_lora_rank"}, 1, 1 << 20, false);  // null: a full q_proj (V2-Lite)
    mla.qk_rope_head_dim = f.whole({"qk_rope_head_dim"}, 1, 1 << 20, true);
    mla.qk_nope_head_dim = f.whole({"qk_nope_head_dim"}, 1, 1 << 20, true);
    mla.v_head_dim = f.whole({"v_head_dim"}, 1, 1 << 20, false, mla.qk_nope_head_dim);
    a.mla = mla;
    a.index_dim = f.whole({"index_head_dim"}, 1, kMaxCount, false);
    if (a.index_dim > 0) a.index_heads = f.whole({"index_n_heads"}, 1, kMaxCount, true);
}

void read_deltanet(Fields& f, Arch& a) {
    a.linear_k_heads = f.whole({"linear_num_key_heads"}, 1, kMaxCount, true);
    a.linear_v_heads = f.whole({"linear_num_value_heads"}, 1, kMaxCount, true);
    a.linear_k_dim = f.whole({"linear_key_head_dim"}, 1, kMaxCount, true);
    a.linear_v_dim = f.whole({"linear_value_head_dim"}, 1, kMaxCount, true);
    a.linear_conv = f.whole({"linear_conv_kernel_dim"}, 1, 1000, false, 4);
}

// Mamba-2 fields (NemotronHConfig, Mamba2Config): heads × head_dim, groups, state, conv kernel.
void read_mamba2(Fields& f, Arch& a) {
    a.mamba_heads = f.whole({"mamba_num_heads", "mamba_n_heads"}, 1, kMaxCount, true);
    a.mamba_head_dim = f.whole({"mamba_head_dim", "mamba_d_head"}, 1, kMaxCount, true);
    a.mamba_groups = f.whole({"n_groups", "mamba_n_groups"}, 1, kMaxCount, false, 8);
    a.ssm_state = f.whole({"ssm_state_size", "mamba_d_state", "state_size"}, 1, kMaxCount, false, 128);
    a.mamba_conv = f.whole({"conv_kernel", "mamba_d_conv"}, 1, 1000, false, 4);
    a.mamba_conv_bias = f.flag({"use_conv_bias", "mamba_conv_bias"}, true);
    a.mamba_proj_bias = f.flag({"mamba_proj_bias", "use_bias"}, false);
}

// Attention kinds layer by layer: layer_types when the config lists it, else the family's rule
// (Qwen3-Next every full_attention_interval-th layer full; Gemma 3 a pattern; Gemma 2 alternating;
// Mistral v0.1 and Phi-3 every layer windowed when sliding_window is set).
void read_attention_kinds(Fields& f, Arch& a, std::map<std::string, int>& unknown_kinds) {
    std::string entry, name;
    const json* types = f.find({"layer_types"}, &entry, &name);
    const bool use_window = f.flag({"use_sliding_window"}, !window_needs_flag(a.model_type));
    const int window = f.whole({"sliding_window", "attention_chunk_size"}, 1, 1 << 30, false);
    if (types) {
        if (!types->is_array() || int(types->size()) != a.layers) {
            f.error(entry, name, "expected one entry per layer (" + std::to_string(a.layers) + "), got " +
                                     (types->is_array() ? std::to_string(types->size()) : Fields::kind(*types)));
            return;
        }
        for (int i = 0; i < a.layers; ++i) {
            const json& t = (*types)[size_t(i)];
            const std::string kind = t.is_string() ? t.get<std::string>() : "";
            Layer& l = a.plan[size_t(i)];
            if (kind == "sliding_attention" || kind == "chunked_attention" || kind == "local_attention") l.mixer = Mixer::sliding;
            else if (kind == "linear_attention") l.mixer = Mixer::deltanet;
            else if (kind == "conv") l.mixer = Mixer::short_conv;
            else if (kind != "full_attention" && kind != "attention" && kind != "global_attention") ++unknown_kinds[printable(kind)];
        }
    } else if (const int every = f.whole({"full_attention_interval"}, 1, a.layers, false); every > 0) {
        for (int i = 0; i < a.layers; ++i)
            if ((i + 1) % every != 0) a.plan[size_t(i)].mixer = Mixer::deltanet;
    } else if (window > 0 && use_window) {
        const int pattern = f.whole({"sliding_window_pattern"}, 1, a.layers, false);
        const int max_window_layers = f.whole({"max_window_layers"}, 0, kMaxCount, false, -1);
        for (int i = 0; i < a.layers; ++i) {
            bool sliding = true;
            if (pattern > 0) sliding = (i + 1) % pattern != 0;
            else if (starts_with(a.model_type, "gemma2")) sliding = i % 2 == 0;
            else if (starts_with(a.model_type, "qwen") && max_window_layers >= 0) sliding = i >= max_window_layers;
            if (sliding) a.plan[size_t(i)].mixer = Mixer::sliding;
        }
    }
    if (a.count(Mixer::sliding) > 0) {
        a.window = window;
        if (window <= 0) f.error(entry, "sliding_window", "required for the sliding_attention layers");
    }
}

// The fields every decoder has, under the family's spelling.
bool read_common(Fields& f, Arch& a) {
    a.hidden = f.whole({"hidden_size", "n_embd", "d_model", "n_embed", "dim", "model_dim"}, 1, 10000000, true);
    a.layers = f.whole({"num_hidden_layers", "n_layer", "num_layers", "n_layers"}, 1, kMaxCount, true);
    a.heads = f.whole({"num_attention_heads", "n_head", "n_heads", "num_heads"}, 1, kMaxCount, true);
    a.kv_heads = f.whole({"num_key_value_heads", "num_kv_heads", "n_head_kv", "multi_query_group_num", "n_kv_heads"}, 1,
                         kMaxCount, false, a.heads);
    a.vocab = f.whole({"vocab_size", "padded_vocab_size", "n_vocab"}, 1, kMaxWidth, true);
    a.intermediate = f.whole({"intermediate_size", "n_inner", "ffn_dim", "ffn_hidden_size", "ffn_intermediate_size"}, 1,
                             kMaxWidth, false);
    a.max_context = read_max_context(f);
    if (a.layers <= 0 || a.heads <= 0 || a.hidden <= 0) return false;
    read_head_dim(f, a);
    read_tied(f, a);
    a.plan.assign(size_t(a.layers), Layer{});
    return true;
}

// The standard decoder: Llama and the families that share its fields (Mistral, Mixtral, Qwen 2/3,
// Qwen3-Next, Qwen3.5, Gemma 1-3, DeepSeek V2/V3/V3.2, Kimi K2, GLM-5, gpt-oss, MiniMax-M2, EXAONE 4,
// SmolLM3, Granite, Phi-3, MiMo, …).
void read_decoder(Fields& f, Arch& a, std::map<std::string, int>& unknown_kinds) {
    if (!read_common(f, a)) return;
    read_tensors(f, a);
    read_mla(f, a);
    read_attention_kinds(f, a, unknown_kinds);
    read_moe(f, a);
    if (a.count(Mixer::deltanet) > 0) {
        read_deltanet(f, a);
        // Qwen3.5 states the recurrent state's dtype (mamba_ssm_dtype; transformers keeps it so, and
        // vLLM's Qwen3.5 config passes it on as mamba_ssm_cache_dtype); without it, the model's 16-bit.
        const std::string ssm = f.string({"mamba_ssm_dtype", "mamba_ssm_cache_dtype"});
        if (ssm == "float32") {
            a.state_bytes = 4;
            f.note(Message(code::config_state_fp32)
                       .num("stated", 1)
                       .str("field", f.has({"mamba_ssm_dtype"}) ? "mamba_ssm_dtype" : "mamba_ssm_cache_dtype"));
        }
    }
    const bool dense_layer = std::any_of(a.plan.begin(), a.plan.end(), [](const Layer& l) { return l.ffn == Ffn::dense; });
    if (dense_layer && a.intermediate <= 0) f.error("", "intermediate_size", "required for the dense MLP layers");
}

// ---- families with their own vocabulary -------------------------------------------------------

// Nemotron-H (NemotronHConfig, modeling_nemotron_h.py): one mixer per block as
// hybrid_override_pattern spells it (M Mamba-2, * attention, - MLP, E experts) or layers_block_type
// lists it; relu² MLPs and experts (up and down only); the SSM state cached in
// mamba_ssm_cache_dtype (vLLM: float32 by default for the family).
void read_nemotron_h(Fields& f, Arch& a, std::map<std::string, int>& unknown_kinds) {
    a.hidden = f.whole({"hidden_size"}, 1, 10000000, true);
    a.heads = f.whole({"num_attention_heads"}, 1, kMaxCount, true);
    a.kv_heads = f.whole({"num_key_value_heads"}, 1, kMaxCount, false, a.heads);
    a.vocab = f.whole({"vocab_size"}, 1, kMaxWidth, true);
    a.intermediate = f.whole({"intermediate_size"}, 1, kMaxWidth, false);
    a.max_context = read_max_context(f);
    std::vector<Layer> plan;
    std::string entry, name;
    if (const json* p = f.find({"hybrid_override_pattern"}, &entry, &name); p && p->is_string()) {
        for (char c : p->get<std::string>()) {
            Layer l;
            l.ffn = Ffn::none;
            l.norms = 1;
            if (c == 'M') l.mixer = Mixer::mamba2;
            else if (c == '*') l.mixer = Mixer::full;
            else if (c == '-') { l.mixer = Mixer::none; l.ffn = Ffn::dense; }
            else if (c == 'E') { l.mixer = Mixer::none; l.ffn = Ffn::moe; }
            else { ++unknown_kinds[printable(std::string(1, c))]; l.mixer = Mixer::none; }
            plan.push_back(l);
        }
    } else if (const json* t = f.find({"layers_block_type", "layer_types"}, &entry, &name); t && t->is_array()) {
        for (const auto& x : *t) {
            const std::string k = x.is_string() ? x.get<std::string>() : "";
            Layer l;
            l.ffn = Ffn::none;
            l.norms = 1;
            if (k == "mamba" || k == "linear_attention") l.mixer = Mixer::mamba2;
            else if (k == "attention" || k == "full_attention") l.mixer = Mixer::full;
            else if (k == "mlp") { l.mixer = Mixer::none; l.ffn = Ffn::dense; }
            else if (k == "moe") { l.mixer = Mixer::none; l.ffn = Ffn::moe; }
            else { ++unknown_kinds[printable(k)]; l.mixer = Mixer::none; }
            plan.push_back(l);
        }
    } else {
        f.error("", "hybrid_override_pattern", "required: the Nemotron-H layer plan (or layers_block_type)");
        return;
    }
    if (plan.empty() || plan.size() > size_t(kMaxCount)) { f.error(entry, name, "expected 1–100000 layers"); return; }
    a.layers = int(plan.size());
    const int stated = f.whole({"num_hidden_layers"}, 1, kMaxCount, false);
    if (stated > 0 && stated != a.layers)
        f.note(Message(code::config_layers_mismatch).num("stated", stated).num("planned", a.layers).str("field", name));
    a.plan = std::move(plan);
    a.head_dim = f.whole({"head_dim", "attention_head_dim"}, 1, kMaxCount, false);
    if (a.head_dim <= 0) { a.head_dim = 128; f.assumed("head_dim", 128, "nemotron_h", code::term_rule_default); }
    a.tied = f.flag({"tie_word_embeddings"}, false);
    a.qkv_bias = a.o_bias = f.flag({"attention_bias"}, false);
    a.mlp_bias = f.flag({"mlp_bias"}, false);
    a.gated_mlp = a.experts_gated = false;
    if (a.count(Mixer::mamba2) > 0) read_mamba2(f, a);
    // vLLM keeps Nemotron-H's SSM state in mamba_ssm_cache_dtype, float32 when the config says none.
    const std::string ssm_dtype = f.string({"mamba_ssm_cache_dtype"});
    a.state_bytes = ssm_dtype.empty() || ssm_dtype == "float32" ? 4 : 2;
    if (a.count(Mixer::mamba2) > 0 && a.state_bytes == 4)
        f.note(Message(code::config_state_fp32).num("stated", ssm_dtype.empty() ? 0 : 1).str("field", "mamba_ssm_cache_dtype"));
    if (a.moe_layers() > 0) {
        a.experts = f.whole({"n_routed_experts", "num_local_experts"}, 1, 1 << 20, true);
        a.experts_per_token = f.whole({"num_experts_per_tok"}, 1, std::max(1, a.experts), true, 1);
        a.expert_intermediate = f.whole({"moe_intermediate_size"}, 1, kMaxWidth, true);
        const int shared = f.whole({"moe_shared_expert_intermediate_size"}, 0, kMaxWidth, false);
        if (shared > 0 && f.whole({"n_shared_experts"}, 0, 1 << 20, false, 1) > 0) {
            a.shared_intermediate = shared;
            a.shared_count = std::clamp(int(std::lround(double(shared) / std::max(1, a.expert_intermediate))), 1, 1 << 20);
        }
        a.score_bias = true;  // DeepseekV3TopkRouter: e_score_correction_bias
    }
    if (std::any_of(a.plan.begin(), a.plan.end(), [](const Layer& l) { return l.ffn == Ffn::dense; }) && a.intermediate <= 0)
        f.error("", "intermediate_size", "required for the MLP blocks");
}

// Nemotron NAS (DeciLM: Llama-3.1-Nemotron-Nano/Super/Ultra): block_configs gives each layer its own
// attention (KV heads = heads / n_heads_in_group, or no_op, or one linear) and FFN (width from
// ffn_mult: round_up(int(2·ffn_mult·hidden/3), 256), or no_op, or one linear); a no_op drops its norm.
void read_nemotron_nas(Fields& f, Arch& a) {
    if (!read_common(f, a)) return;
    a.qkv_bias = a.o_bias = f.flag({"attention_bias"}, false);
    a.mlp_bias = f.flag({"mlp_bias"}, false);
    std::string entry, name;
    const json* blocks = f.find({"block_configs"}, &entry, &name);
    if (!blocks || !blocks->is_array() || int(blocks->size()) != a.layers) {
        f.error(entry, "block_configs", "expected one block per layer (" + std::to_string(a.layers) + ")");
        return;
    }
    for (int i = 0; i < a.layers; ++i) {
        const json& b = (*blocks)[size_t(i)];
        Layer& l = a.plan[size_t(i)];
        l.norms = 0;
        const json* att = b.is_object() && b.contains("attention") && b["attention"].is_object() ? &b["attention"] : nullptr;
        const json* ffn = b.is_object() && b.contains("ffn") && b["ffn"].is_object() ? &b["ffn"] : nullptr;
        auto truthy = [](const json* o, const char* k) { return o && o->contains(k) && (*o)[k].is_boolean() && (*o)[k].get<bool>(); };
        if (truthy(att, "no_op")) l.mixer = Mixer::none;
        else if (truthy(att, "replace_with_linear")) { l.mixer = Mixer::linear; l.norms += 1; }
        else {
            int group = 1;
            if (att && att->contains("n_heads_in_group") && (*att)["n_heads_in_group"].is_number_integer())
                group = std::max(1, (*att)["n_heads_in_group"].get<int>());
            if (a.heads % group != 0) {
                f.error(entry + "[" + std::to_string(i) + "].attention", "n_heads_in_group",
                        "must divide num_attention_heads");
                return;
            }
            l.kv_heads = a.heads / group;
            l.norms += 1;
        }
        if (truthy(ffn, "no_op")) l.ffn = Ffn::none;
        else if (truthy(ffn, "replace_with_linear")) { l.ffn = Ffn::linear; l.norms += 1; }
        else {
            double mult = 0;
            if (ffn && ffn->contains("ffn_mult") && (*ffn)["ffn_mult"].is_number()) mult = (*ffn)["ffn_mult"].get<double>();
            int width = ffn && ffn->contains("intermediate_size") && (*ffn)["intermediate_size"].is_number_integer()
                            ? (*ffn)["intermediate_size"].get<int>() : 0;
            if (width <= 0 && mult > 0 && mult < 1000) {
                const double w = std::floor(2 * mult * a.hidden / 3);
                if (w > kMaxWidth) {
                    f.error(entry + "[" + std::to_string(i) + "].ffn", "ffn_mult",
                            "gives an MLP wider than " + std::to_string(kMaxWidth));
                    return;
                }
                width = int(w);
                if (width % 256 != 0) width += 256 - width % 256;
            }
            if (width <= 0) {
                f.error(entry + "[" + std::to_string(i) + "].ffn", "ffn_mult", "required for the layer's MLP width");
                return;
            }
            l.ffn_width = width;
            l.norms += 1;
        }
    }
    // The most common attention geometry stands for the model's.
    std::map<int, int> kv_count, width_count;
    for (const auto& l : a.plan) {
        if (l.attends()) ++kv_count[l.kv_heads];
        if (l.ffn == Ffn::dense) ++width_count[l.ffn_width];
    }
    int best = 0;
    for (const auto& [kv, n] : kv_count) if (n > best) { best = n; a.kv_heads = kv; }
    best = 0;
    for (const auto& [w, n] : width_count) if (n > best) { best = n; a.intermediate = w; }
}

// Falcon (FalconConfig, modeling_falcon.py): fused query_key_value — with new_decoder_architecture
// (num_kv_heads K and V heads; Falcon-40B/180B), else multi-query (one K/V head; Falcon-7B) or MHA;
// MLP 4·hidden (ffn_hidden_size) with GELU, no gate; LayerNorms with bias: ln_attn and ln_mlp
// (num_ln_in_parallel_attn, new architecture), one shared input_layernorm with parallel_attn,
// else two; ALiBi instead of rotary when alibi is set; lm_head tied (PretrainedConfig default).
void read_falcon(Fields& f, Arch& a) {
    if (!read_common(f, a)) return;
    const bool new_arch = f.flag({"new_decoder_architecture"}, false);
    const bool multi_query = f.flag({"multi_query"}, true);
    const bool parallel = f.flag({"parallel_attn"}, true);
    const int stated_kv = f.whole({"num_kv_heads", "n_head_kv"}, 1, kMaxCount, false);
    a.kv_heads = new_arch ? (stated_kv > 0 ? stated_kv : a.heads) : multi_query ? 1 : a.heads;
    a.head_dim = a.hidden / a.heads;
    const bool bias = f.flag({"bias"}, false);
    a.qkv_bias = a.o_bias = a.mlp_bias = bias;
    a.gated_mlp = false;
    a.norm_bias = true;
    if (a.intermediate <= 0) {
        a.intermediate = 4 * a.hidden;
        if (!f.has({"ffn_hidden_size"})) f.assumed("ffn_hidden_size", a.intermediate, "falcon", code::term_rule_four_hidden);
    }
    const int lns = f.whole({"num_ln_in_parallel_attn"}, 1, 2, false, new_arch ? 2 : parallel ? 1 : 2);
    a.norms_per_layer = new_arch ? lns : parallel ? 1 : 2;
    if (f.flag({"alibi"}, false)) f.note(Message(code::config_alibi).str("family", "Falcon"));
}

// BLOOM (BloomConfig, modeling_bloom.py): n_embed / n_layer / n_head, fused query_key_value with
// bias, MLP 4·hidden (GELU, biases), LayerNorms with bias, an extra LayerNorm on the word
// embeddings, ALiBi (no position table), lm_head tied.
void read_bloom(Fields& f, Arch& a) {
    if (!read_common(f, a)) return;
    a.kv_heads = a.heads;
    a.head_dim = a.hidden / a.heads;
    a.qkv_bias = a.o_bias = a.mlp_bias = true;
    a.gated_mlp = false;
    a.norm_bias = true;
    a.intermediate = 4 * a.hidden;
    f.assumed("intermediate_size", a.intermediate, "bloom", code::term_rule_four_hidden);
    a.extra_params += 2.0 * a.hidden;  // word_embeddings_layernorm
    f.note(Message(code::config_alibi).str("family", "BLOOM"));
}

// GPT-NeoX (GPTNeoXConfig; Pythia, the OpenAssistant reward models): fused query_key_value and
// dense with biases, MLP dense_h_to_4h / dense_4h_to_h (GELU, biases), two LayerNorms with bias
// per layer, final_layer_norm, embed_out untied. A reward model (GPTNeoXRewardModel) ends in a
// one-output out_proj instead of embed_out.
void read_gpt_neox(Fields& f, Arch& a, const std::string& arch_name) {
    if (!read_common(f, a)) return;
    a.kv_heads = a.heads;
    a.head_dim = a.hidden / a.heads;
    a.qkv_bias = a.o_bias = f.flag({"attention_bias"}, true);
    a.mlp_bias = true;
    a.gated_mlp = false;
    a.norm_bias = true;
    if (a.intermediate <= 0) a.intermediate = 4 * a.hidden;
    if (arch_name.find("Reward") != std::string::npos || arch_name.find("SequenceClassification") != std::string::npos) {
        const int labels = std::max(1, f.whole({"num_labels"}, 1, kMaxCount, false, 1));
        a.lm_head = false;
        a.extra_params += double(a.hidden) * labels + labels;
        f.note(Message(code::config_score_head).str("arch", printable(arch_name)).num("outputs", labels));
    }
}

// Qwen (first generation, remote QWenLMHeadModel): c_attn fused q/k/v with bias, c_proj without;
// MLP w1 / w2 each intermediate_size / 2 wide (SwiGLU) into c_proj; RMSNorms ln_1, ln_2, ln_f.
void read_qwen1(Fields& f, Arch& a) {
    if (!read_common(f, a)) return;
    a.kv_heads = a.heads;
    a.qkv_bias = true;
    a.o_bias = false;
    if (a.intermediate > 0) {
        f.note(Message(code::config_fused_width).str("field", "intermediate_size").num("stated", a.intermediate)
                   .num("width", a.intermediate / 2).str("family", "Qwen (first generation)"));
        a.intermediate /= 2;
    }
}

// Molmo (remote MolmoForCausalLM, config_molmo.py): fused att_proj with qkv_bias, attn_out; ff_proj
// emits gate and up together (intermediate_size is their sum), ff_out takes half of it; extra
// vocabulary rows (additional_vocab_size, default 128) in new_embedding; ff_out untied unless
// weight_tying.
void read_molmo(Fields& f, Arch& a) {
    if (!read_common(f, a)) return;
    a.qkv_bias = f.flag({"qkv_bias"}, false);
    const int extra_vocab = f.whole({"additional_vocab_size"}, 0, kMaxWidth, false, 128);
    a.extra_params += double(extra_vocab) * a.hidden;
    a.vocab = f.whole({"embedding_size"}, 1, kMaxWidth, false, a.vocab);
    if (a.intermediate > 0) {
        f.note(Message(code::config_fused_width).str("field", "intermediate_size").num("stated", a.intermediate)
                   .num("width", a.intermediate / 2).str("family", "Molmo"));
        a.intermediate /= 2;
    }
}

// A pure recurrent model (Mamba, Mamba-2): every layer the mixer and one norm, no MLP; said.
void plan_recurrent(Fields& f, Arch& a, Mixer mixer, const char* family) {
    Layer l;
    l.mixer = mixer;
    l.ffn = Ffn::none;
    l.norms = 1;
    a.plan.assign(size_t(a.layers), l);
    f.note(Message(code::config_recurrent).str("family", family).num("layers", a.layers));
}

// Mamba (MambaConfig, modeling_mamba.py): every layer a Mamba mixer (in_proj to 2·d_inner, conv,
// x_proj, dt_proj, A_log, D, out_proj) behind one RMSNorm; d_inner = intermediate_size (expand ×
// hidden); time_step_rank "auto" = ceil(hidden / 16); embeddings tied. No attention: no KV cache,
// a fixed state per sequence (d_inner × state_size, plus the conv's last kernel − 1 inputs).
void read_mamba(Fields& f, Arch& a) {
    a.hidden = f.whole({"hidden_size", "d_model"}, 1, 10000000, true);
    a.layers = f.whole({"num_hidden_layers", "n_layer"}, 1, kMaxCount, true);
    a.vocab = f.whole({"vocab_size"}, 1, kMaxWidth, true);
    a.max_context = 0;
    if (a.hidden <= 0 || a.layers <= 0) return;
    const int expand = f.whole({"expand"}, 1, 100, false, 2);
    a.mamba_inner = f.whole({"intermediate_size", "d_inner"}, 1, kMaxWidth, false, expand * a.hidden);
    if (a.mamba_inner > kMaxWidth) { f.error("", "expand", "expand × hidden_size wider than " + std::to_string(kMaxWidth)); return; }
    a.ssm_state = f.whole({"state_size", "d_state"}, 1, kMaxCount, false, 16);
    a.mamba_conv = f.whole({"conv_kernel", "d_conv"}, 1, 1000, false, 4);
    const json* rank = f.find({"time_step_rank", "dt_rank"});
    a.dt_rank = rank && rank->is_number_integer() ? rank->get<int>() : (a.hidden + 15) / 16;
    a.mamba_conv_bias = f.flag({"use_conv_bias"}, true);
    a.mamba_proj_bias = f.flag({"use_bias"}, false);
    a.tied = f.flag({"tie_word_embeddings"}, true);
    a.heads = a.kv_heads = 1;  // no attention: a placeholder the engine never uses (no layer attends)
    a.head_dim = 1;
    a.intermediate = a.mamba_inner;
    plan_recurrent(f, a, Mixer::mamba1, "Mamba");
}

// LFM2 (Lfm2Config, modeling_lfm2.py): attention at full_attn_idxs (or layer_types "full_attention"),
// a gated short convolution (conv_L_cache taps over conv_dim channels) elsewhere; every layer a
// SwiGLU MLP block_ff_dim wide, cut to int(2·ff/3) × block_ffn_dim_multiplier and rounded up to
// block_multiple_of with block_auto_adjust_ff_dim; q/k layernorms; tied embeddings.
void read_lfm2(Fields& f, Arch& a, std::map<std::string, int>& unknown_kinds) {
    if (!read_common(f, a)) return;
    a.qk_norm = true;
    std::string entry, name;
    if (const json* idx = f.find({"full_attn_idxs"}, &entry, &name); idx && idx->is_array()) {
        for (auto& l : a.plan) l.mixer = Mixer::short_conv;
        for (const auto& i : *idx)
            if (i.is_number_integer() && i.get<long long>() >= 0 && i.get<long long>() < a.layers)
                a.plan[size_t(i.get<int>())].mixer = Mixer::full;
    } else {
        read_attention_kinds(f, a, unknown_kinds);
    }
    a.conv_dim = f.whole({"conv_dim"}, 1, kMaxWidth, false, a.hidden);
    a.conv_cache = f.whole({"conv_L_cache"}, 1, 1000, false, 3);
    a.conv_bias = f.flag({"conv_bias"}, false);
    int ff = f.whole({"block_ff_dim", "intermediate_size"}, 1, kMaxWidth, true);
    if (f.flag({"block_auto_adjust_ff_dim"}, true)) {
        ff = int(2.0 * ff / 3);
        const double mult = std::clamp(f.number({"block_ffn_dim_multiplier"}, 1.0), 0.0, 1000.0);
        const double scaled = std::floor(mult * ff);
        if (scaled < 1 || scaled > kMaxWidth) {
            f.error("", "block_ffn_dim_multiplier", "gives an MLP width outside 1–" + std::to_string(kMaxWidth));
            return;
        }
        ff = int(scaled);
        const int multiple = std::max(1, f.whole({"block_multiple_of"}, 1, kMaxWidth, false, 256));
        ff = multiple * ((ff + multiple - 1) / multiple);
    }
    a.intermediate = ff;
}

// Llama 4 text (Llama4TextConfig, modeling_llama4.py): experts in every interleave_moe_layer_step-th
// layer (moe_layers) with one shared expert of intermediate_size; the other layers a dense MLP of
// intermediate_size_mlp; RoPE layers attend within attention_chunk_size chunks (sized as a window),
// every no_rope_layer_interval-th (NoPE) layer over the whole context; qk L2 norm has no weights.
void read_llama4(Fields& f, Arch& a, std::map<std::string, int>& unknown_kinds) {
    const size_t before = f.error_count();
    read_decoder(f, a, unknown_kinds);
    if (f.error_count() != before || a.plan.empty()) return;
    const int dense = f.whole({"intermediate_size_mlp"}, 1, kMaxWidth, false);
    a.qk_norm = false;
    if (a.experts > 0) {
        a.expert_intermediate = f.whole({"intermediate_size"}, 1, kMaxWidth, true);
        a.shared_intermediate = a.expert_intermediate;  // Llama4TextMoe.shared_expert
        a.shared_count = 1;
    }
    if (dense > 0) a.intermediate = dense;
    const int chunk = f.whole({"attention_chunk_size"}, 1, 1 << 30, false);
    if (chunk > 0) {
        const json* nope = f.find({"no_rope_layers"});
        const int interval = f.whole({"no_rope_layer_interval"}, 1, kMaxCount, false, 4);
        for (int i = 0; i < a.layers; ++i) {
            bool rope = (i + 1) % interval != 0;
            if (nope && nope->is_array() && int(nope->size()) == a.layers) rope = (*nope)[size_t(i)] != 0;
            a.plan[size_t(i)].mixer = rope ? Mixer::sliding : Mixer::full;
        }
        a.window = chunk;
        f.note(Message(code::config_chunked).num("chunk", chunk).num("layers", a.count(Mixer::sliding)));
    }
}


// Mamba-2 (Mamba2Config): every layer a Mamba-2 mixer behind one RMSNorm.
void read_mamba2_model(Fields& f, Arch& a) {
    a.hidden = f.whole({"hidden_size"}, 1, 10000000, true);
    a.layers = f.whole({"num_hidden_layers"}, 1, kMaxCount, true);
    a.vocab = f.whole({"vocab_size"}, 1, kMaxWidth, true);
    if (a.hidden <= 0 || a.layers <= 0) return;
    a.mamba_heads = f.whole({"num_heads"}, 1, kMaxCount, true);
    a.mamba_head_dim = f.whole({"head_dim"}, 1, kMaxCount, false, 64);
    a.mamba_groups = f.whole({"n_groups"}, 1, kMaxCount, false, 1);
    a.ssm_state = f.whole({"state_size"}, 1, kMaxCount, false, 128);
    a.mamba_conv = f.whole({"conv_kernel"}, 1, 1000, false, 4);
    a.mamba_conv_bias = f.flag({"use_conv_bias"}, true);
    a.mamba_proj_bias = f.flag({"use_bias"}, false);
    a.tied = f.flag({"tie_word_embeddings"}, false);
    a.heads = a.kv_heads = a.head_dim = 1;  // no attention
    if (double(a.mamba_heads) * a.mamba_head_dim > kMaxWidth) {
        f.error("", "num_heads", "num_heads × head_dim wider than " + std::to_string(kMaxWidth));
        return;
    }
    a.intermediate = a.mamba_heads * a.mamba_head_dim;
    plan_recurrent(f, a, Mixer::mamba2, "Mamba-2");
}

// Gemma 4 text (Gemma4TextConfig, modeling_gemma4.py): layer_types; the sliding layers
// num_key_value_heads × head_dim, the full ones global_head_dim wide with num_global_key_value_heads
// and, with attention_k_eq_v, no v_proj (values from the keys; both still cached); with
// enable_moe_block every layer runs a dense GeGLU MLP and top_k_experts of num_experts experts side by
// side (three more norms, a router with its scales); the last num_kv_shared_layers reuse earlier K/V.
void read_gemma4(Fields& f, Arch& a, std::map<std::string, int>& unknown_kinds) {
    const size_t before = f.error_count();
    read_decoder(f, a, unknown_kinds);
    if (f.error_count() != before || a.plan.empty()) return;
    const int global_dim = f.whole({"global_head_dim"}, 1, kMaxCount, false, a.head_dim);
    const int global_kv = f.whole({"num_global_key_value_heads"}, 1, kMaxCount, false, a.kv_heads);
    const bool k_eq_v = f.flag({"attention_k_eq_v"}, false);
    const int shared_kv = f.whole({"num_kv_shared_layers"}, 0, a.layers, false);
    const bool double_wide = f.flag({"use_double_wide_mlp"}, false);
    for (int i = 0; i < a.layers; ++i) {
        Layer& l = a.plan[size_t(i)];
        if (l.mixer == Mixer::full) {
            l.head_dim = global_dim;
            l.kv_heads = k_eq_v ? global_kv : a.kv_heads;
            l.k_eq_v = k_eq_v;
        } else {
            l.kv_heads = a.kv_heads;
            l.head_dim = a.head_dim;
        }
        l.kv_shared = i >= a.layers - shared_kv && shared_kv > 0;
        if (l.kv_shared && double_wide) l.ffn_width = 2 * a.intermediate;
    }
    if (f.flag({"enable_moe_block"}, false) && a.experts > 0) {
        for (auto& l : a.plan) {
            l.ffn = Ffn::dense_and_moe;
            l.norms = 7;
        }
        a.extra_params += double(a.layers) * (a.hidden + a.experts);  // router scale, per-expert scale
    }
    a.extra_params += a.layers;  // layer_scalar
    // Per-layer input embeddings (Gemma 3n / 4 E-models): a second, narrow embedding per layer.
    if (const int ple = f.whole({"hidden_size_per_layer_input"}, 0, kMaxWidth, false); ple > 0) {
        const int ple_vocab = f.whole({"vocab_size_per_layer_input"}, 1, kMaxWidth, false, a.vocab);
        a.extra_params += double(ple_vocab) * a.layers * ple + double(a.hidden) * a.layers * ple + ple +
                          double(a.layers) * (2.0 * a.hidden * ple + a.hidden);
    }
}

// MiMo-V2-Flash (remote MiMoV2FlashForCausalLM; vLLM / SGLang mimo_v2_flash): hybrid_layer_pattern
// 0 = full attention (num_key_value_heads, head_dim for q/k, v_head_dim for v), 1 = sliding window
// (swa_* counterparts, an attention sink per head with add_swa_attention_sink_bias); moe_layer_freq
// lists per layer whether it has experts.
void read_mimo_v2(Fields& f, Arch& a, std::map<std::string, int>& unknown_kinds) {
    const size_t before = f.error_count();
    read_decoder(f, a, unknown_kinds);
    if (f.error_count() != before || a.plan.empty()) return;
    std::string entry, name;
    const json* pattern = f.find({"hybrid_layer_pattern"}, &entry, &name);
    if (pattern && pattern->is_array() && int(pattern->size()) == a.layers) {
        for (int i = 0; i < a.layers; ++i)
            a.plan[size_t(i)].mixer = (*pattern)[size_t(i)] == 1 ? Mixer::sliding : Mixer::full;
    } else if (pattern) {
        f.error(entry, name, "expected one entry per layer (" + std::to_string(a.layers) + ")");
        return;
    }
    const int v_dim = f.whole({"v_head_dim"}, 1, kMaxCount, false, a.head_dim);
    const int swa_heads = f.whole({"swa_num_attention_heads"}, 1, kMaxCount, false, a.heads);
    const int swa_kv = f.whole({"swa_num_key_value_heads"}, 1, kMaxCount, false, a.kv_heads);
    const int swa_dim = f.whole({"swa_head_dim"}, 1, kMaxCount, false, a.head_dim);
    const int swa_v = f.whole({"swa_v_head_dim"}, 1, kMaxCount, false, v_dim);
    const bool swa_sink = f.flag({"add_swa_attention_sink_bias"}, false), full_sink = f.flag({"add_full_attention_sink_bias"}, false);
    for (auto& l : a.plan) {
        if (l.mixer == Mixer::sliding) {
            l.q_heads = swa_heads; l.kv_heads = swa_kv; l.head_dim = swa_dim; l.v_head_dim = swa_v; l.sinks = swa_sink;
        } else {
            l.kv_heads = a.kv_heads; l.head_dim = a.head_dim; l.v_head_dim = v_dim; l.sinks = full_sink;
        }
    }
    if (a.count(Mixer::sliding) > 0 && a.window <= 0) a.window = f.whole({"sliding_window_size", "sliding_window"}, 1, 1 << 30, true);
}

// Whisper (WhisperConfig, modeling_whisper.py): a conv stem (two convs over num_mel_bins), a
// max_source_positions position table and encoder_layers of self-attention + GELU MLP (k_proj has
// no bias, LayerNorms with bias); the decoder's learned position table, decoder_layers of self- and
// cross-attention + MLP; proj_out tied to the token embedding.
void read_whisper(Fields& f, Arch& a) {
    a.hidden = f.whole({"d_model"}, 1, 10000000, true);
    const int enc_layers = f.whole({"encoder_layers"}, 1, kMaxCount, true);
    const int dec_layers = f.whole({"decoder_layers"}, 1, kMaxCount, true);
    const int enc_heads = f.whole({"encoder_attention_heads"}, 1, kMaxCount, true);
    a.heads = f.whole({"decoder_attention_heads"}, 1, kMaxCount, true);
    const int enc_ffn = f.whole({"encoder_ffn_dim"}, 1, kMaxWidth, true);
    a.intermediate = f.whole({"decoder_ffn_dim"}, 1, kMaxWidth, true);
    a.vocab = f.whole({"vocab_size"}, 1, kMaxWidth, true);
    const int mels = f.whole({"num_mel_bins"}, 1, 100000, false, 80);
    const int source = f.whole({"max_source_positions"}, 1, 1 << 20, false, 1500);
    a.max_context = f.whole({"max_target_positions"}, 1, 1 << 20, false, 448);
    if (a.hidden <= 0 || a.heads <= 0 || enc_layers <= 0 || dec_layers <= 0 || enc_heads <= 0) return;
    const double d = a.hidden;
    const double attention = 4 * d * d + 3 * d;  // q, k, v, o; k_proj without bias
    const double ln = 2 * d;
    auto mlp = [&](double w) { return d * w + w + w * d + d; };
    const double encoder = double(mels) * d * 3 + d + d * d * 3 + d + double(source) * d +
                           enc_layers * (attention + ln + mlp(enc_ffn) + ln) + ln;
    const double decoder = double(a.vocab) * d + double(a.max_context) * d +
                           dec_layers * (attention + ln + attention + ln + mlp(a.intermediate) + ln) + ln;
    a.total_override = encoder + decoder;
    a.layers = dec_layers;
    a.kv_heads = a.heads;
    a.head_dim = a.hidden / a.heads;
    a.tied = true;
    a.gated_mlp = false;
    a.plan.assign(size_t(dec_layers), Layer{});
    a.encoder_params = encoder;
    a.encoder_layers = enc_layers;
    a.encoder_hidden = a.hidden;
    a.decoder_layers = dec_layers;
}

// Encoder-only embedding models. BERT / RoBERTa / XLM-R / CamemBERT / ELECTRA / MPNet (bge, e5,
// gte-large…): word, position (max_position_embeddings) and token-type tables with a LayerNorm;
// layers of q, k, v, o (biases) + GELU MLP (biases) with two LayerNorms; a pooler (*Model
// checkpoints) or an MLM head. NomicBERT (nomic-embed): rotary, fused Wqkv, SwiGLU fc11/fc12/fc2.
// GTE v1.5 ("new"): rotary, qkv_proj and o_proj with biases, up_gate_proj + down_proj.
// ModernBERT: rotary, Wqkv, GLU Wi (2 × intermediate) and Wo, LayerNorms without bias.
void read_encoder(Fields& f, Arch& a, const std::string& arch_name) {
    const std::string& t = a.model_type;
    const bool nomic = t == "nomic_bert", gte = t == "new", modern = t == "modernbert", distil = t == "distilbert";
    a.hidden = f.whole({"hidden_size", "n_embd", "dim"}, 1, 10000000, true);
    a.layers = f.whole({"num_hidden_layers", "n_layer", "n_layers"}, 1, kMaxCount, true);
    a.heads = f.whole({"num_attention_heads", "n_head", "n_heads"}, 1, kMaxCount, true);
    a.vocab = f.whole({"vocab_size"}, 1, kMaxWidth, true);
    a.intermediate = f.whole({"intermediate_size", "n_inner", "hidden_dim"}, 1, kMaxWidth, false);
    if (a.hidden <= 0 || a.layers <= 0 || a.heads <= 0) return;
    if (a.intermediate <= 0) a.intermediate = 4 * a.hidden;
    a.kv_heads = a.heads;
    a.head_dim = a.hidden / a.heads;
    const int positions = f.whole({"max_position_embeddings", "n_positions"}, 1, 1 << 24, false, 512);
    const bool rotary = nomic || gte || modern || f.string({"position_embedding_type"}) == "rope" ||
                        f.string({"position_embedding_type"}) == "rotary";
    const int types = distil || modern ? 0 : f.whole({"type_vocab_size"}, 0, kMaxWidth, false, 2);
    const double h = a.hidden, I = a.intermediate;
    const double ln = modern && !f.flag({"norm_bias"}, false) ? h : 2 * h;
    double per_layer = 0;
    if (nomic) {
        const bool qkv_bias = f.flag({"qkv_proj_bias"}, true);
        const bool fc1_bias = f.flag({"mlp_fc1_bias"}, true), fc2_bias = f.flag({"mlp_fc2_bias"}, true);
        const bool glu = f.string({"activation_function"}) == "swiglu" || f.string({"activation_function"}) == "geglu";
        per_layer = 3 * h * h + (qkv_bias ? 3 * h : 0) + h * h + (qkv_bias ? h : 0) + 2 * ln +
                    (glu ? 2 : 1) * (h * I + (fc1_bias ? I : 0)) + I * h + (fc2_bias ? h : 0);
        a.gated_mlp = glu;
    } else if (gte) {
        per_layer = 3 * h * h + 3 * h + h * h + h + 2 * h * I + I * h + h + 2 * ln;
        a.gated_mlp = true;
    } else if (modern) {
        const bool bias = f.flag({"attention_bias"}, false), mbias = f.flag({"mlp_bias"}, false);
        per_layer = 3 * h * h + (bias ? 3 * h : 0) + h * h + (bias ? h : 0) + 2 * h * I + (mbias ? 2 * I : 0) + I * h +
                    (mbias ? h : 0) + 2 * ln;
        a.gated_mlp = true;
    } else {
        per_layer = 4 * h * h + 4 * h + 2 * ln + h * I + I + I * h + h;
        a.gated_mlp = false;
    }
    double extra = rotary ? 0.0 : double(positions) * h;
    extra += double(types) * h + ln;  // token types, embedding LayerNorm
    if (modern) extra += ln - h;      // layer 0 has no attention norm; the final norm
    const bool mlm = arch_name.find("MaskedLM") != std::string::npos;
    const bool model_only = arch_name.empty() || (arch_name.size() > 5 && arch_name.compare(arch_name.size() - 5, 5, "Model") == 0);
    if (mlm) extra += h * h + h + ln + a.vocab;                       // transform, LayerNorm, decoder bias (weights tied)
    else if (model_only && !nomic && !gte && !modern && !distil) extra += h * h + h;  // pooler
    a.total_override = double(a.vocab) * h + extra + a.layers * per_layer;
    a.tied = true;
    a.lm_head = false;
    a.final_norm = false;
    a.max_context = positions;
    // RoBERTa-style position tables start after padding_idx: two rows are not positions.
    if (!rotary && (t == "roberta" || t == "xlm-roberta" || t == "camembert" || t == "xlm-roberta-xl"))
        a.max_context = std::max(1, positions - 2);
    a.plan.assign(size_t(a.layers), Layer{});
    a.embed_dim = a.hidden;
}

// ---- vision towers a config describes ----------------------------------------------------------

// Qwen2-VL / Qwen2.5-VL / Qwen3-VL / Qwen3.5 vision towers (modeling_qwen*_vl.py): a Conv3d patch
// embedding (temporal_patch_size × patch_size² × in_channels), a learned position table (Qwen3-VL,
// Qwen3.5), depth blocks of qkv + proj (biases) and an MLP (Qwen2.5-VL gated), two norms each, and
// the patch merger (spatial_merge_size² patches into one, two linears) — Qwen3-VL adds one merger
// per deepstack_visual_indexes entry. Returns 0 when the config does not describe one.
double qwen_vision_params(const std::string& family, const json& v, int text_hidden) {
    auto get = [&](const char* k, double fallback) {
        auto it = v.find(k);
        return it != v.end() && it->is_number() && std::isfinite(it->get<double>()) ? it->get<double>() : fallback;
    };
    const double depth = get("depth", 0);
    const double hidden = get("hidden_size", get("embed_dim", 0));
    if (depth <= 0 || hidden <= 0 || depth > 10000 || hidden > 100000) return 0;
    const bool qwen2 = family == "qwen2_vl";
    const double embed = qwen2 ? get("embed_dim", hidden) : hidden;
    const double out = get("out_hidden_size", qwen2 ? get("hidden_size", text_hidden) : text_hidden);
    const double inter = qwen2 ? embed * get("mlp_ratio", 4) : get("intermediate_size", 4 * embed);
    const double patch = get("patch_size", 14), temporal = get("temporal_patch_size", 2), channels = get("in_channels", 3);
    const double merge = get("spatial_merge_size", 2);
    const bool qwen25 = family == "qwen2_5_vl";
    const bool qwen3 = !qwen2 && !qwen25;
    double p = channels * temporal * patch * patch * embed + (qwen3 ? embed : 0);  // Conv3d (Qwen3: with bias)
    if (qwen3) p += get("num_position_embeddings", 0) * embed;
    const double norms = qwen25 ? 2 * embed : 4 * embed;  // RMSNorm (2.5) or LayerNorm with bias
    const double mlp = qwen25 ? 3 * embed * inter + 2 * inter + embed : 2 * embed * inter + inter + embed;
    p += depth * (norms + 3 * embed * embed + 3 * embed + embed * embed + embed + mlp);
    const double merged = embed * merge * merge;
    auto merger = [&](double norm_width) {
        return (qwen25 ? norm_width : 2 * norm_width) + merged * merged + merged + merged * out + out;
    };
    p += merger(embed);
    if (qwen3)
        if (auto it = v.find("deepstack_visual_indexes"); it != v.end() && it->is_array()) p += double(it->size()) * merger(merged);
    return p;
}

// ---- families that are not sized, and the nearest one that is ------------------------------------

struct Unsupported {
    const char* prefix;
    const char* kind;     // what it is, for the message
    const char* nearest;  // the nearest family gpusizer sizes
};
const Unsupported kUnsupported[] = {
    {"t5", "encoder-decoder text model", "whisper"},  {"mt5", "encoder-decoder text model", "whisper"},
    {"umt5", "encoder-decoder text model", "whisper"}, {"bart", "encoder-decoder text model", "whisper"},
    {"mbart", "encoder-decoder text model", "whisper"}, {"pegasus", "encoder-decoder text model", "whisper"},
    {"marian", "encoder-decoder text model", "whisper"}, {"m2m_100", "encoder-decoder text model", "whisper"},
    {"nllb", "encoder-decoder text model", "whisper"}, {"rwkv", "recurrent language model", "mamba"},
    {"jamba", "hybrid attention + Mamba model", "nemotron_h"}, {"zamba", "hybrid attention + Mamba model", "nemotron_h"},
    {"falcon_h1", "hybrid attention + Mamba model", "nemotron_h"}, {"bamba", "hybrid attention + Mamba model", "nemotron_h"},
    {"granitemoehybrid", "hybrid attention + Mamba model", "nemotron_h"}, {"plamo2", "hybrid attention + Mamba model", "nemotron_h"},
    {"wav2vec2", "speech encoder (CTC)", "whisper"}, {"hubert", "speech encoder (CTC)", "whisper"},
    {"wavlm", "speech encoder (CTC)", "whisper"}, {"seamless_m4t", "speech translation model", "whisper"},
    {"speecht5", "speech model", "whisper"}, {"clip", "image-text encoder", "bert"}, {"siglip", "image-text encoder", "bert"},
    {"vit", "vision encoder", "bert"}, {"dinov2", "vision encoder", "bert"}, {"sam", "segmentation model", "bert"},
};

}  // namespace

// A VLM's vision tower, counted when its config describes one gpusizer can count; otherwise only
// whether the checkpoint has a tower (or an audio encoder) the count leaves out.
void read_towers(Fields& f, Arch& a) {
    const json* vision = nullptr;
    if (auto it = f.top().find("vision_config"); it != f.top().end() && it->is_object()) vision = &*it;
    const std::string wrapper = string_member(f.top(), "model_type");
    for (const char* fam : {"qwen2_5_vl", "qwen2_vl", "qwen3_vl", "qwen3_5"})
        if (vision && starts_with(wrapper, fam)) {
            const std::string family = starts_with(wrapper, "qwen2_5_vl") ? "qwen2_5_vl"
                                       : starts_with(wrapper, "qwen2_vl") ? "qwen2_vl"
                                                                          : "qwen3";
            a.vision_params = qwen_vision_params(family, *vision, a.hidden);
            a.extra_params += a.vision_params;
            break;
        }
    const bool has_tower = vision || f.top().contains("vision_tower") || f.top().contains("mm_vision_tower") ||
                           (f.top().contains("audio_config") && f.top()["audio_config"].is_object()) ||
                           f.top().contains("vision_backbone") || f.top().contains("siglip_config") ||
                           f.top().contains("vit_config") || starts_with(a.model_type, "molmo");
    a.tower_uncounted = has_tower && a.vision_params <= 0;
}

// DeepSeek V4 (DeepseekV4ForCausalLM; its reference inference/model.py): every layer attends over a
// sliding window and, by compress_ratios, over compressed entries (4: CSA with the lightning indexer,
// 128: HCA, 0: the window only); all layers have experts (the first num_hash_layers routed by a token
// hash table, not counted as parameters), one shared expert; hyper-connections mix hc_mult residual
// streams around each sublayer and before the head.
void read_deepseek_v4(Fields& f, Arch& a) {
    a.hidden = f.whole({"hidden_size"}, 1, kMaxCount, true);
    a.layers = f.whole({"num_hidden_layers"}, 1, kMaxCount, true);
    a.heads = f.whole({"num_attention_heads"}, 1, kMaxCount, true);
    a.kv_heads = f.whole({"num_key_value_heads"}, 1, kMaxCount, false, 1);
    a.head_dim = f.whole({"head_dim"}, 1, kMaxCount, true);
    a.vocab = f.whole({"vocab_size"}, 1, 1 << 26, true);
    a.max_context = f.whole({"max_position_embeddings"}, 1, 1 << 30, false);
    a.tied = f.flag({"tie_word_embeddings"}, false);
    a.window = f.whole({"sliding_window"}, 1, 1 << 30, true);
    a.q_lora = f.whole({"q_lora_rank"}, 1, 1 << 20, true);
    a.o_lora = f.whole({"o_lora_rank"}, 1, 1 << 20, true);
    a.o_groups = f.whole({"o_groups"}, 1, kMaxCount, true);
    a.hc_mult = f.whole({"hc_mult"}, 1, 64, false, 1);
    a.index_dim = f.whole({"index_head_dim"}, 1, kMaxCount, true);
    a.index_heads = f.whole({"index_n_heads"}, 1, kMaxCount, true);
    a.experts = f.whole({"n_routed_experts"}, 1, kMaxCount, true);
    a.experts_per_token = f.whole({"num_experts_per_tok"}, 1, a.experts, true);
    a.expert_intermediate = f.whole({"moe_intermediate_size"}, 1, kMaxCount, true);
    a.shared_count = f.whole({"n_shared_experts"}, 0, kMaxCount, false, 1);
    a.shared_intermediate = a.shared_count * a.expert_intermediate;
    a.intermediate = a.expert_intermediate;
    a.score_bias = true;
    a.plan.assign(size_t(std::max(0, a.layers)), Layer{Mixer::sliding, Ffn::moe});
    CompressedAttentionSpec c;
    c.rope_dim = f.whole({"qk_rope_head_dim"}, 0, a.head_dim, false, 64);
    c.index_topk = f.whole({"index_topk"}, 1, 1 << 24, false);
    c.index_heads = a.index_heads;
    std::string entry, name;
    const json* ratios = f.find({"compress_ratios"}, &entry, &name);
    if (!ratios || !ratios->is_array() || int(ratios->size()) < a.layers) {
        f.error(entry, "compress_ratios", "expected one compress ratio per layer");
    } else {
        for (int i = 0; i < a.layers; ++i) {  // entries past the layers are the MTP layers'
            const json& r = (*ratios)[size_t(i)];
            const int ratio = r.is_number_integer() ? r.get<int>() : -1;
            if (ratio != 0 && ratio != 4 && ratio != 128) {
                f.error(entry, name, "layer " + std::to_string(i) + ": expected 0, 4 or 128");
                continue;
            }
            a.plan[size_t(i)].compress = ratio;
            c.csa_layers += ratio == 4;
            c.hca_layers += ratio == 128;
        }
    }
    a.compressed = c;
    // Hyper-connections: per sublayer a (2 + n)·n × n·hidden mixing matrix, its base and 3 scales;
    // before the head an n × n·hidden matrix, its base and a scale (all FP32 in the checkpoint).
    const double n = a.hc_mult, mix = (2.0 + n) * n;
    if (a.hc_mult > 1)
        a.extra_params += a.layers * 2.0 * (mix * n * a.hidden + mix + 3.0) + n * n * a.hidden + n + 1.0;
}

FamilyRead read_family(Fields& f, Arch& a, std::map<std::string, int>& unknown_kinds) {
    FamilyRead r;
    std::string t = f.string({"model_type"});
    a.model_type = t;
    std::string arch_name;
    for (const json* obj : {f.text(), &f.top()}) {
        if (!obj) continue;
        auto it = obj->find("architectures");
        if (it != obj->end() && it->is_array() && !it->empty() && (*it)[0].is_string()) { arch_name = (*it)[0].get<std::string>(); break; }
    }
    a.family = t;
    for (const auto& u : kUnsupported) {
        if (t == u.prefix || starts_with(t, (std::string(u.prefix) + "_").c_str()) ||
            starts_with(t, (std::string(u.prefix) + "-").c_str()) ||
            (std::string(u.prefix) == "rwkv" && starts_with(t, "rwkv"))) {
            r.unsupported = true;
            r.kind = u.kind;
            r.nearest = u.nearest;
            return r;
        }
    }
    if (t == "nemotron_h") read_nemotron_h(f, a, unknown_kinds);
    else if (t == "nemotron-nas" || t == "nemotron_nas" || t == "deci" || t == "decilm") {
        a.family = "nemotron-nas";
        read_nemotron_nas(f, a);
    } else if (t == "falcon" || t == "RefinedWeb" || t == "RefinedWebModel") {
        a.family = "falcon";
        read_falcon(f, a);
    } else if (t == "bloom")
        read_bloom(f, a);
    else if (starts_with(t, "gpt_neox")) { a.family = "gpt_neox"; read_gpt_neox(f, a, arch_name); }
    else if (t == "qwen") read_qwen1(f, a);
    else if (t == "molmo") read_molmo(f, a);
    else if (t == "mamba") read_mamba(f, a);
    else if (t == "mamba2") read_mamba2_model(f, a);
    else if (t == "lfm2") read_lfm2(f, a, unknown_kinds);
    else if (starts_with(t, "llama4")) { a.family = "llama4"; read_llama4(f, a, unknown_kinds); }
    else if (starts_with(t, "gemma4")) { a.family = "gemma4"; read_gemma4(f, a, unknown_kinds); }
    else if (t == "mimo_v2_flash") read_mimo_v2(f, a, unknown_kinds);
    else if (t == "deepseek_v4") read_deepseek_v4(f, a);
    else if (t == "whisper") read_whisper(f, a);
    else if (any_of(t, {"bert", "roberta", "xlm-roberta", "xlm-roberta-xl", "camembert", "electra", "ernie", "mpnet", "distilbert",
                        "nomic_bert", "new", "modernbert"})) read_encoder(f, a, arch_name);
    else {
        // A family without its own reader: the standard decoder fields, when it has them.
        const bool standard = f.has({"hidden_size", "n_embd", "d_model"}) && f.has({"num_hidden_layers", "n_layer", "num_layers"}) &&
                              f.has({"num_attention_heads", "n_head"}) && f.has({"vocab_size", "padded_vocab_size"});
        if (!standard && !t.empty()) {
            r.unsupported = true;
            r.kind = "";
            r.nearest = "llama";
            return r;
        }
        read_decoder(f, a, unknown_kinds);
        static const char* known[] = {"llama", "mistral", "mixtral", "qwen2", "qwen2_moe", "qwen3", "qwen3_moe", "qwen3_next",
                                      "qwen3_5", "qwen3_5_moe", "qwen3_5_text", "qwen3_5_moe_text", "qwen3_vl", "qwen3_vl_moe",
                                      "qwen3_vl_text", "qwen3_vl_moe_text", "qwen2_vl", "qwen2_5_vl", "qwen2_5_vl_text",
                                      "qwen2_vl_text", "gemma", "gemma2", "gemma3", "gemma3_text", "deepseek_v2", "deepseek_v3",
                                      "deepseek_v32", "kimi_k2", "glm_moe_dsa", "glm4_moe", "glm4", "gpt_oss", "minimax_m2",
                                      "exaone4", "smollm3", "granite", "granitemoe", "phi3", "phi", "mimo", "olmo2", "olmoe",
                                      "starcoder2", "cohere", "cohere2", "internlm2", "ernie4_5", "ernie4_5_moe", "seed_oss",
                                      "hunyuan_v1_dense", "hunyuan_v1_moe", "apertus", "arcee", "stablelm", "dots1",
                                      "bailing_moe", "mistral3", "ministral", "gpt2", "gptj", "opt", "nemotron"};
        bool listed = false;
        for (const char* k : known) listed = listed || t == k;
        if (!listed) f.note(Message(code::config_family_generic).str("family", printable(t.empty() ? std::string("?") : t)));
    }
    read_towers(f, a);
    return r;
}

}  // namespace gpusizer::hf
