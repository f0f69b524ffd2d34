// Architecture arithmetic against hand calculations from config.json numbers.
#include "helpers.hpp"

using namespace gpusizer;
using test::model;

static double kv_per_token(const char* id, KvFormat f = KvFormat::bf16) {
    const KvLayout kv = kv_layout(model(id), f);
    return kv.full_bytes_per_token + kv.window_bytes_per_token;
}

TEST_CASE("GQA KV cache per token = 2 · kv_heads · head_dim · layers · bytes") {
    // Llama 3.1 8B: 8 KV heads × 128 × 32 layers × 2 (K,V) × 2 B = 131 072 B.
    CHECK(kv_per_token("meta-llama/Llama-3.1-8B-Instruct") == 131072.0);
    // 70B: 80 layers → 327 680 B; 405B: 126 layers → 516 096 B (arXiv 2505.09343 lists 327.68 / 516.096 KB).
    CHECK(kv_per_token("meta-llama/Llama-3.1-70B-Instruct") == 327680.0);
    CHECK(kv_per_token("meta-llama/Llama-3.1-405B-Instruct") == 516096.0);
    // FP8 KV halves it.
    CHECK(kv_per_token("meta-llama/Llama-3.1-8B-Instruct", KvFormat::fp8) == 65536.0);
    // Hugging Face "Llama 3.1" blog: 8B at 128k tokens in FP16 = 15.62 GB (binary GiB): 131072 × 128000 / 2^30.
    const KvLayout kv = kv_layout(model("meta-llama/Llama-3.1-8B-Instruct"), KvFormat::fp16);
    CHECK(kv_bytes_per_sequence(kv, 128000).gib() == doctest::Approx(15.625));
}

TEST_CASE("MLA caches one latent + rope key per layer, replicated under TP") {
    // DeepSeek-V3: (kv_lora_rank 512 + qk_rope 64) × 61 layers × 2 B = 70 272 B per token.
    const ModelSpec& v3 = model("deepseek-ai/DeepSeek-V3");
    const KvLayout kv = kv_layout(v3, KvFormat::bf16);
    CHECK(kv.full_bytes_per_token == 70272.0);
    CHECK(kv.latent_replicated_under_tp);
    CHECK(kv_fraction_per_tp_rank(kv, 8) == 1.0);
    // Compared with multi-head attention of the same heads (128 heads × 128 for K and for V per layer):
    // 2·n_h·d_h / (4.5·d_h) = 56.9× smaller (DeepSeek-V2 paper, Table 1: MLA caches (d_c + d_h^R) = 4.5 d_h).
    CHECK(2.0 * 128 * 128 * 61 * 2 / kv.full_bytes_per_token == doctest::Approx(256.0 / 4.5).epsilon(0.001));
    // DeepSeek-V3.2 adds the lightning indexer's FP8 key (128) + FP32 scale per layer.
    CHECK(kv_layout(model("deepseek-ai/DeepSeek-V3.2"), KvFormat::bf16).full_bytes_per_token == 70272.0 + 61 * 132.0);
}

TEST_CASE("sliding-window layers are capped at their window") {
    // gpt-oss-120b: 36 layers, 18 with a 128-token window; 8 KV heads × 64 dim → 2048 B per layer-token.
    const KvLayout kv = kv_layout(model("openai/gpt-oss-120b"), KvFormat::bf16);
    CHECK(kv.full_bytes_per_token == 18 * 2048.0);
    CHECK(kv.window_bytes_per_token == 18 * 2048.0);
    CHECK(kv.window == 128);
    CHECK(kv_bytes_per_sequence(kv, 131072).value == 18 * 2048.0 * 131072 + 18 * 2048.0 * 128);
    CHECK(kv_bytes_per_sequence(kv, 100).value == 36 * 2048.0 * 100);  // below the window every layer grows
    // Per token of a context (the "KiB/token" the formula and the KV-format menu show): 36 KiB at
    // 32k, not the 72 KiB of a sequence that has not left the window yet.
    CHECK(kv_bytes_per_token_at(kv, 32768) == doctest::Approx(18 * 2048.0 * (1 + 128.0 / 32768)));
    CHECK(kv_bytes_per_token_at(kv, 100) == 36 * 2048.0);
    CHECK(kv_bytes_per_token_at(kv_layout(model("meta-llama/Llama-3.1-8B-Instruct"), KvFormat::bf16), 32768) == 131072.0);
}

TEST_CASE("linear-attention layers keep a fixed state per sequence") {
    // Qwen3-Next-80B: 36 Gated DeltaNet layers; state 32 v-heads × 128 × 128 × 2 B, conv (2·16·128 + 32·128) × 3 × 2 B.
    const ModelSpec& m = model("Qwen/Qwen3-Next-80B-A3B-Instruct");
    const KvLayout kv = kv_layout(m, KvFormat::bf16);
    CHECK(kv.state_bytes_per_sequence == 36 * (32.0 * 128 * 128 * 2 + (2.0 * 16 * 128 + 32 * 128) * 3 * 2));
    // Only the 12 full-attention layers grow with context: 2 × 2 KV heads × 256 × 2 B each.
    CHECK(kv.full_bytes_per_token == 12 * 2 * 2 * 256 * 2.0);
    CHECK(kv_bytes_per_sequence(kv, 0).value == kv.state_bytes_per_sequence);
    CHECK(kv_bytes_per_token_at(kv, 4096) == doctest::Approx(kv.full_bytes_per_token));  // the state is per sequence
}

TEST_CASE("weights: formats, scales and parts kept in BF16") {
    const ModelSpec& l8 = model("meta-llama/Llama-3.1-8B-Instruct");
    // BF16: 2 bytes × 8.03 B params.
    CHECK(weight_bytes(l8, WeightFormat::bf16).total().gb() == doctest::Approx(16.06).epsilon(0.002));
    // AWQ INT4 keeps the 128256 × 4096 embedding and lm_head in BF16: 2 × 0.525 B × 2 B = 2.10 GB.
    const WeightBytes awq = weight_bytes(l8, WeightFormat::int4);
    CHECK((awq.input_embedding + awq.lm_head).gb() == doctest::Approx(2.1012).epsilon(0.001));
    CHECK(awq.total().gb() == doctest::Approx(2.1012 + (8.03 - 1.0506) * 4.16 / 8).epsilon(0.002));
    // GGUF formats apply to every tensor.
    CHECK(weight_bytes(l8, WeightFormat::q8_0).total().gb() == doctest::Approx(8.03 * 8.5 / 8).epsilon(0.001));
    // gpt-oss-120b ships MXFP4 experts only: 36 layers × 128 experts × 3 × 2880² at 4.25 bits, the rest BF16.
    const ModelSpec& oss = model("openai/gpt-oss-120b");
    const ParamSplit p = split_params(oss);
    CHECK(p.routed_experts == 36.0 * 128 * 3 * 2880 * 2880);
    const WeightBytes w = weight_bytes(oss, WeightFormat::mxfp4);
    CHECK(w.routed_experts.value == p.routed_experts * 4.25 / 8);
    CHECK(w.other.value == p.other * 2.0);
}

TEST_CASE("MoE decode reads only the touched experts") {
    const MoeSpec moe{128, 4, 0, 2880, 0};
    CHECK(expert_touch_fraction(moe, 1) == doctest::Approx(4.0 / 128));
    CHECK(expert_touch_fraction(moe, 2) == doctest::Approx(1 - (124.0 / 128) * (124.0 / 128)));
    CHECK(expert_touch_fraction(moe, 10000) == doctest::Approx(1.0));
    const ModelSpec& oss = model("openai/gpt-oss-120b");
    CHECK(decode_weight_read_bytes(oss, WeightFormat::mxfp4, 1).gb() < 6.0);   // ~5.1 B active
    CHECK(decode_weight_read_bytes(oss, WeightFormat::mxfp4, 512).gb() > 60.0); // all experts
}

TEST_CASE("FLOPs per token = 2 · active non-embedding params + attention") {
    const ModelSpec& l8 = model("meta-llama/Llama-3.1-8B-Instruct");
    const double n = compute_params_per_token(l8);
    CHECK(n == doctest::Approx(8.03e9 - 128256.0 * 4096).epsilon(1e-6));
    CHECK(forward_flops_per_token(l8, 0) == doctest::Approx(2 * n));
    // 4 · d_attn · context · layers: 4 × 4096 × 1000 × 32.
    CHECK(forward_flops_per_token(l8, 1000) - 2 * n == doctest::Approx(4.0 * 4096 * 1000 * 32));
    // MoE uses active parameters: Qwen3-30B-A3B ≈ 3.3 B active.
    CHECK(compute_params_per_token(model("Qwen/Qwen3-30B-A3B")) < 3.4e9);
}
