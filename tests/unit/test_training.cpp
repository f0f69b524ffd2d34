// Fine-tuning and training: memory plans, compute and the article's worked figures.
#include "helpers.hpp"

using namespace gpusizer;
using test::option_for;
using test::run;

TEST_CASE("the article's conversion: 2.1 M H100-hours ≈ 1 600 H100 ≈ 200 HGX servers for ~50-55 days") {
    // gpt-oss model card: "2.1 million H100-hours" for gpt-oss-120b. Selectel's guide: 200 HGX H100 = 1 600 GPUs, 50 days.
    CHECK(days_for_gpus(2.1e6, 1600) == doctest::Approx(54.69).epsilon(0.001));
    CHECK(gpus_for_deadline(2.1e6, 50) == 1750);
    CHECK(servers_for_gpus(1600, 8) == 200);
    CHECK(servers_for_gpus(1750, 8) == 219);
    CHECK(servers_for_gpus(1, 8) == 1);
}

TEST_CASE("DeepSeek-V3 pretraining from public facts: 14.8 T tokens, 37 B active → 2.664 M H800-hours") {
    // DeepSeek-V3 Technical Report (arXiv 2412.19437), Table 1: pre-training 2 664 K H800 GPU hours.
    // At MFU 0.40 of the BF16 dense peak (989.5 TFLOPS) — equal to 20 % of FP8 peak, the report's FP8 GEMMs.
    const Result r = run("v=1&task=train&model=deepseek-ai/DeepSeek-V3&wq=bf16&tokens=14.8T&gpu=h800&n=2048");
    const Option* o = option_for(r, "h800");
    REQUIRE(o);
    CHECK(o->gpu_hours.mid == doctest::Approx(2.664e6).epsilon(0.05));
    CHECK(o->days.mid == doctest::Approx(o->gpu_hours.mid / 2048 / 24));
    CHECK(o->gpu_hours.low < o->gpu_hours.mid);
    CHECK(o->gpu_hours.high > o->gpu_hours.mid);
}

TEST_CASE("Llama 3.1 405B: 15.6 T tokens at MFU 0.40 within 15 % of the model card's 30.84 M H100-hours") {
    const Result r = run("v=1&task=train&model=meta-llama/Llama-3.1-405B-Instruct&tokens=15.6T&seq=8192&gpu=h100-sxm&n=16384");
    const Option* o = option_for(r, "h100-sxm");
    REQUIRE(o);
    CHECK(o->gpu_hours.mid == doctest::Approx(30.84e6).epsilon(0.15));
    CHECK(o->tp * o->pp * o->dp == 16384);
}

TEST_CASE("full fine-tune memory: 16 bytes per parameter before sharding") {
    const Result r = run("v=1&task=tune&method=full&model=meta-llama/Llama-3.1-8B-Instruct&gpu=h100-sxm");
    CHECK(r.memory.weights.gb() == doctest::Approx(2 * 8.03).epsilon(0.002));
    CHECK(r.memory.gradients.gb() == doctest::Approx(2 * 8.03).epsilon(0.002));
    CHECK(r.memory.optimizer.gb() == doctest::Approx(12 * 8.03).epsilon(0.002));
}

TEST_CASE("ZeRO stages shard optimizer, then gradients, then weights") {
    // Pin 8 H100 and each stage: states per GPU shrink as the ZeRO paper's Figure 1 (Ψ = params, N_d = 8).
    double last = 1e30;
    for (int zero = 1; zero <= 3; ++zero) {
        const Result r = run("v=1&task=tune&method=full&model=Qwen/Qwen3-8B&gpu=h100-sxm&n=8&zero=" + std::to_string(zero));
        const Option* o = option_for(r, "h100-sxm");
        REQUIRE(o);
        if (!o->fits) continue;
        const double states = (o->per_gpu.weights + o->per_gpu.gradients + o->per_gpu.optimizer).gb();
        const double psi = 8.2;
        const double expected = zero == 1 ? psi * (2 + 2 + 12.0 / 8) : zero == 2 ? psi * (2 + (2 + 12.0) / 8) : psi * 16.0 / 8;
        CHECK(states == doctest::Approx(expected).epsilon(0.01));
        CHECK(states < last);
        last = states;
    }
}

TEST_CASE("LoRA and QLoRA: frozen base, small adapters") {
    const Result lora = run("v=1&task=tune&method=lora&model=meta-llama/Llama-3.1-8B-Instruct&gpu=rtx-4090");
    const Result qlora = run("v=1&task=tune&method=qlora&model=meta-llama/Llama-3.1-8B-Instruct&gpu=rtx-4090");
    CHECK(lora.memory.weights.gb() == doctest::Approx(16.06 + 2 * 0.042).epsilon(0.01));  // + adapters r=16
    // QLoRA: NF4 at 4.127 bits for non-embedding weights, BF16 embeddings (2 × 0.525 B params).
    const double nf4 = (8.03e9 - 2 * 128256.0 * 4096) * 4.127 / 8 / 1e9 + 2 * 2 * 128256.0 * 4096 / 1e9;
    CHECK(qlora.memory.weights.gb() == doctest::Approx(nf4 + 2 * 0.042).epsilon(0.02));
    const Option* q = option_for(qlora, "rtx-4090");
    REQUIRE(q);
    CHECK(q->fits);
    CHECK(q->count == 1);
    // LoRA backward skips frozen weight gradients: 4·N·D instead of 6·N·D.
    const Result full = run("v=1&task=tune&method=full&model=meta-llama/Llama-3.1-8B-Instruct&gpu=rtx-4090");
    CHECK(lora.flops / full.flops == doctest::Approx(2.0 / 3.0));
}

TEST_CASE("checkpointing trades compute for activation memory") {
    const Result on = run("v=1&task=tune&method=lora&model=Qwen/Qwen3-8B&seq=8192&batch=4");
    const Result off = run("v=1&task=tune&method=lora&model=Qwen/Qwen3-8B&seq=8192&batch=4&ckpt=0");
    CHECK(off.memory.activations.gb() > 4 * on.memory.activations.gb());
}

TEST_CASE("multi-GPU training without NVLink does not fit for training from scratch") {
    const Result r = run("v=1&task=train&model=Qwen/Qwen3-8B&gpu=l40s&tokens=100B");
    const Option* o = option_for(r, "l40s");
    REQUIRE(o);
    CHECK_FALSE(o->fits);
    CHECK(o->reason.code == code::reason_no_nvlink_training);
}

TEST_CASE("a deadline sizes the cluster in whole servers") {
    const Result r = run("v=1&task=train&model=meta-llama/Llama-3.1-8B-Instruct&tokens=1T&days=30&gpu=h100-sxm");
    const Option* o = option_for(r, "h100-sxm");
    REQUIRE(o);
    CHECK(o->fits);
    CHECK(o->days.mid <= 30.0);
    CHECK(o->count % 8 == 0);
    CHECK(o->servers == o->count / 8);
}
