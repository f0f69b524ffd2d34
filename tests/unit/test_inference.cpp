// Inference: memory per GPU, roofline speed, capacity and reasons.
#include "helpers.hpp"
#include "text/text.hpp"

using namespace gpusizer;
using test::option_for;
using test::run;

TEST_CASE("decode of one user is bandwidth-bound: tokens/s ≈ BW · eff / bytes per step") {
    // Llama 3.1 8B BF16 on one H100 SXM, one user, short prompt.
    const Result r = run("v=1&model=meta-llama/Llama-3.1-8B-Instruct&users=1&in=100&out=200&ctx=4096&tps=1&gpu=h100-sxm");
    const Option* o = option_for(r, "h100-sxm", 1);
    REQUIRE(o);
    REQUIRE(o->fits);
    // Bytes per step: weights without the input embedding (15.01 GB) + KV of ~200 tokens (0.03 GB),
    // read at 70 % of 3.35 TB/s, plus 25 µs per layer that streams nothing (kernel launch gaps).
    const double bytes = 2.0 * (8.03e9 - 128256.0 * 4096) + 131072.0 * 200;
    const double expected = 1.0 / (bytes / (3350e9 * 0.70) + 32 * 25e-6);  // ≈ 139 tokens/s
    CHECK(o->decode_tps_per_user.mid == doctest::Approx(expected).epsilon(0.05));
    CHECK(o->decode_tps_per_user.low < o->decode_tps_per_user.mid);
    CHECK(o->decode_tps_per_user.high > o->decode_tps_per_user.mid);
    // Prefill of 100 tokens at 50 % of 989.5 TFLOPS is far below the time of one weight read:
    // the API server's 30 ms and one step.
    CHECK(o->ttft_s.mid < 0.05);
}

TEST_CASE("a model too big for a GPU says how much it needs and has") {
    const Result r = run("v=1&model=meta-llama/Llama-3.1-70B-Instruct&users=1&gpu=rtx-4090");
    const Option* o = option_for(r, "rtx-4090", 1);
    REQUIRE(o);
    CHECK_FALSE(o->fits);
    CHECK(o->reason.code == code::reason_needs_memory_ctx);
    CHECK(test::param(o->reason, "need") > 140);  // 70.6 B params × 2 B
    // The 23.64 GiB the CUDA runtime reports on an RTX 4090 (catalog cuda_memory_gib) × 0.9, in GB.
    CHECK(test::param(o->reason, "have") == doctest::Approx(23.64 * 1.073741824 * 0.9).epsilon(0.001));
}

TEST_CASE("tensor parallelism splits weights and KV heads, replicates the rest") {
    const Result r = run("v=1&model=meta-llama/Llama-3.1-70B-Instruct&users=8&ctx=8192&gpu=h100-sxm");
    const Option* tp2 = option_for(r, "h100-sxm", 2);
    const Option* tp4 = option_for(r, "h100-sxm", 4);
    REQUIRE(tp2); REQUIRE(tp4);
    CHECK(tp2->per_gpu.weights.gb() == doctest::Approx(70.55 * 2 / 2).epsilon(0.002));
    CHECK(tp4->per_gpu.weights.gb() == doctest::Approx(70.55 * 2 / 4).epsilon(0.002));
    CHECK(tp4->per_gpu.overhead.gb() == tp2->per_gpu.overhead.gb());  // replicated
    // KV per sequence halves from TP 2 to TP 4 (8 KV heads split).
    CHECK(tp4->per_gpu.kv_cache.value / tp4->batch_per_replica ==
          doctest::Approx(tp2->per_gpu.kv_cache.value / tp2->batch_per_replica / 2));
}

TEST_CASE("more users never need fewer GPUs; targets are met by the recommendation") {
    int last = 0;
    for (int users : {1, 10, 100, 1000}) {
        const Result r = run("v=1&model=Qwen/Qwen3-8B&gpu=h100-sxm&users=" + std::to_string(users));
        REQUIRE(r.recommended >= 0);
        const Option& o = r.options[size_t(r.recommended)];
        CHECK(o.count >= last);
        last = o.count;
        CHECK(o.decode_tps_per_user.mid >= 20.0);
        CHECK(o.ttft_s.mid <= 2.0);
        CHECK(o.users_served >= users);
    }
    CHECK(last > 1);
}

TEST_CASE("pinned GPU count reports how many users it serves") {
    const Result r = run("v=1&model=Qwen/Qwen3-8B&gpu=l4&n=2&users=1000");
    bool any = false;
    for (const auto& o : r.options) {
        CHECK(o.count == 2);
        if (o.users_served > 0) any = true;
        if (!o.fits && o.users_served > 0) {
            CHECK(o.reason.code == code::reason_serves_fewer);
            CHECK(test::param(o.reason, "users") == 1000);
        }
    }
    CHECK(any);
}

TEST_CASE("when no layout of a pinned count fits, the one serving the most of the load is listed first") {
    // 4 × H100 for 5,000 users of Llama 3.1 70B in BF16: two TP-2 replicas leave ~6 GB of KV each
    // (a few users), one TP-4 replica ~100; neither serves the load, and the table leads with TP 4.
    const Result r = run("v=1&model=meta-llama/Llama-3.1-70B-Instruct&ctx=4096&in=230&out=194&users=5000"
                         "&tps=0.01&ttft=1000&gpu=h100-sxm&n=4");
    REQUIRE(r.options.size() >= 2);
    CHECK_FALSE(r.options[0].fits);
    CHECK(r.options[0].tp == 4);
    for (size_t i = 1; i < r.options.size(); ++i) CHECK(r.options[i].users_served <= r.options[0].users_served);
    // A layout that cannot run at all (TP 1: the weights do not fit) comes after those that run.
    CHECK(r.options.back().users_served == 0);
}

TEST_CASE("GPUs below 500 GB/s carry the guide's bandwidth warning") {
    const Result r = run("v=1&model=Qwen/Qwen3-8B&gpu=t4&wq=q4_k_m&tps=5");
    const Option* o = option_for(r, "t4", 1);
    REQUIRE(o);
    bool warned = false;
    for (const auto& w : o->warnings) warned = warned || w.code == "gpu.low_bandwidth";
    CHECK(warned);
}

TEST_CASE("unknown model or GPU: a warning, never a substitute") {
    const Result r = run("v=1&model=acme/NotAModel-7B");
    CHECK_FALSE(r.model_found);
    CHECK(r.options.empty());
    REQUIRE_FALSE(r.warnings.empty());
    CHECK(r.warnings[0].code == "model.unknown");
    const Result g = run("v=1&gpu=imaginary-9000");
    bool warned = false;
    for (const auto& w : g.warnings) warned = warned || w.code == "gpu.unknown";
    CHECK(warned);
}

TEST_CASE("sched=separate prints SGLang's server, whose scheduler runs prompts in steps of their own") {
    // SGLang server_args: --tp-size, --context-length, --chunked-prefill-size, --max-running-requests,
    // --kv-cache-dtype fp8_e4m3, --mem-fraction-static; mixed prefill is off unless --enable-mixed-chunk.
    const Result r = run("v=1&model=meta-llama/Llama-3.1-70B-Instruct&users=20&ctx=16384&kvq=fp8&gpu=h100-sxm&sched=separate");
    REQUIRE(r.recommended >= 0);
    const Option& o = r.options[size_t(r.recommended)];
    const std::string command = text::command_text(o.command, text::Lang::en);
    CHECK(command.find("python -m sglang.launch_server --model-path meta-llama/Llama-3.1-70B-Instruct") == 0);
    CHECK(command.find("--tp-size " + std::to_string(o.tp)) != std::string::npos);
    CHECK(command.find("--context-length 16384") != std::string::npos);
    CHECK(command.find("--chunked-prefill-size 8192") != std::string::npos);
    CHECK(command.find("--max-running-requests " + std::to_string(o.batch_per_replica)) != std::string::npos);
    CHECK(command.find("--kv-cache-dtype fp8_e4m3") != std::string::npos);
    CHECK(command.find("--mem-fraction-static 0.90") != std::string::npos);
    CHECK(command.find("--enable-mixed-chunk") == std::string::npos);
    CHECK(command.find("vllm") == std::string::npos);
    // Speculation is sized, and SGLang's flags for it are said rather than guessed.
    const Result spec = run("v=1&model=meta-llama/Llama-3.1-70B-Instruct&users=20&spec=3&gpu=h100-sxm&sched=separate");
    REQUIRE(spec.recommended >= 0);
    const std::string with_spec = text::command_text(spec.options[size_t(spec.recommended)].command, text::Lang::en);
    CHECK(with_spec.find("--speculative-config") == std::string::npos);
    CHECK(with_spec.find("--speculative-algorithm") != std::string::npos);  // in the note
    // GGUF weights stay on llama-server, which mixes prompt and decode tokens anyway.
    const Result g = run("v=1&model=meta-llama/Llama-3.1-8B-Instruct&wq=q4_k_m&gpu=rtx-4090&users=4&sched=separate");
    REQUIRE(g.recommended >= 0);
    CHECK(g.options[size_t(g.recommended)].command.at(0).shell.find("llama-server") == 0);
}

TEST_CASE("serving command reproduces the layout") {
    const Result r = run("v=1&model=meta-llama/Llama-3.1-70B-Instruct&users=20&ctx=16384&kvq=fp8&gpu=h100-sxm");
    REQUIRE(r.recommended >= 0);
    const Option& opt = r.options[size_t(r.recommended)];
    const std::string command = text::command_text(opt.command, text::Lang::en);
    const Option& o = opt;
    CHECK(command.find("vllm serve meta-llama/Llama-3.1-70B-Instruct") == 0);
    CHECK(command.find("--tensor-parallel-size " + std::to_string(o.tp)) != std::string::npos);
    CHECK(command.find("--max-model-len 16384") != std::string::npos);
    CHECK(command.find("--kv-cache-dtype fp8") != std::string::npos);
    CHECK(command.find("--gpu-memory-utilization 0.90") != std::string::npos);
    const Result g = run("v=1&model=meta-llama/Llama-3.1-8B-Instruct&wq=q4_k_m&gpu=rtx-4090&users=4");
    REQUIRE(g.recommended >= 0);
    CHECK(g.options[size_t(g.recommended)].command.at(0).shell.find("llama-server") == 0);
    // A Mamba hybrid sized with its config's FP32 state asks vLLM for it (vLLM 0.12 kept BF16 by default);
    // a model without recurrent layers never gets the flag.
    const Result h = run("v=1&model=nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-BF16&users=8&gpu=h100-sxm");
    REQUIRE(h.recommended >= 0);
    CHECK(h.options[size_t(h.recommended)].command.at(0).shell.find(" --mamba-ssm-cache-dtype float32") !=
          std::string::npos);
    CHECK(command.find("mamba") == std::string::npos);
    // DeepSeek V4 (vLLM's V4 recipe, vllm.ai/blog/deepseek-v4): 256-token blocks; an FP8 cache sized
    // with FP4 indexer keys asks vLLM for them.
    const Result v4 = run("v=1&model=deepseek-ai/DeepSeek-V4-Flash&kvq=fp8&users=16&gpu=b200");
    REQUIRE(v4.recommended >= 0);
    const std::string v4_command = v4.options[size_t(v4.recommended)].command.at(0).shell;
    CHECK(v4_command.find(" --block-size 256") != std::string::npos);
    CHECK(v4_command.find(" --attention_config.use_fp4_indexer_cache=True") != std::string::npos);
    CHECK(command.find("--block-size") == std::string::npos);
}

TEST_CASE("DeepSeek V4: a 1 M-token sequence's KV is a few GB, and long prompts decode from the entries they read") {
    // V4-Flash at 1 M tokens with an FP8 cache: 3,514 B a token (test_hf_config.cpp) — 3.7 GB, where
    // DeepSeek-V3.2's MLA cache holds ~78 KB a token in BF16.
    const Result flash = run("v=1&model=deepseek-ai/DeepSeek-V4-Flash&kvq=fp8&ctx=1048576&in=1000&users=1");
    CHECK(flash.memory.kv_cache.gb() == doctest::Approx(3.70).epsilon(0.01));
    // A 16-bit cache is sized as asked, and the result says the engines serve FP8 (about half).
    auto says_fp8 = [](const Result& r) {
        for (const Message& w : r.warnings)
            if (w.code == code::model_kv_fp8_served) return true;
        return false;
    };
    CHECK_FALSE(says_fp8(flash));
    const Result bf16 = run("v=1&model=deepseek-ai/DeepSeek-V4-Flash&ctx=1048576&in=1000&users=1");
    CHECK(says_fp8(bf16));
    CHECK(bf16.memory.kv_cache.gb() > 1.9 * flash.memory.kv_cache.gb());
    const Result v32 = run("v=1&model=deepseek-ai/DeepSeek-V3.2&ctx=1048576&in=1000&users=1");
    CHECK(v32.memory.kv_cache.gb() > 15 * flash.memory.kv_cache.gb());
    // Decode reads the window, 512 CSA entries, every HCA entry and the indexer keys: at 256 k tokens a
    // step reads far less than the cache it stores, so the time per token grows much less than 4 x.
    auto tpot = [](const char* ctx) {
        const Result r = run(std::string("v=1&model=deepseek-ai/DeepSeek-V4-Flash&kvq=fp8&users=1&gpu=b200&n=4&in=1000&ctx=") + ctx);
        const Option* o = option_for(r, "b200");
        return o ? o->tpot_ms.mid : 0.0;
    };
    const double short_ctx = tpot("65536"), long_ctx = tpot("262144");
    REQUIRE(short_ctx > 0);
    CHECK(long_ctx < 1.5 * short_ctx);
}
