// The serving model: continuous batching with chunked prefill, TTFT under load, and the
// serving engines' memory (vLLM's profiled peak and KV blocks; llama.cpp's cells).
#include "engine/hardware.hpp"
#include "engine/serving_model.hpp"
#include "helpers.hpp"
#include "text/text.hpp"

using namespace gpusizer;
using test::option_for;
using test::run;

namespace {

// A replica of the typical set for a state, as the engine builds it.
struct Fixture {
    DecodedLink d;
    const ModelSpec* model;
    std::vector<const GpuSpec*> gpus;
    Job job;
    explicit Fixture(const std::string& link, const char* gpu_id)
        : d(decode_link(link)), model(&test::model(d.state.model.c_str())), gpus{&test::gpu(gpu_id)},
          job{d.state, test::bundled(), *model, d.state.wq ? *d.state.wq : model->native_format, gpus} {}
    Replica replica(int tp = 1, double batch = 1) const {
        return make_replica(job, *gpus[0], tp, 1, Assumptions::typical(), batch);
    }
};

}  // namespace

TEST_CASE("sched=separate: prompts in steps of their own add to the decode steps, and decoding waits") {
    // SGLang's default scheduler (no --enable-mixed-chunk) and vLLM before V1 run a batch of prompts
    // alone: the 128 decode steps of 64 answers stay, and the 64 prompt steps come on top of them.
    const std::string link = "v=1&model=Qwen/Qwen3-8B&wq=fp8&ctx=1152&in=1024&out=128";
    const Fixture mixed(link, "h100-sxm"), separate(link + "&sched=separate", "h100-sxm");
    CHECK(separate.d.warnings.empty());
    const Replica rm = mixed.replica(), rs = separate.replica();
    CHECK_FALSE(rm.engine.separate_prefill);
    CHECK(rs.engine.separate_prefill);
    const Cycle cm = rm.cycle(64), cs = rs.cycle(64);
    CHECK(cs.seconds == doctest::Approx(128 * cs.decode_step + 64 * cs.prefill_step));
    CHECK(cs.decode_step == doctest::Approx(cm.decode_step));  // both steps decode all 64 answers
    // A prompt step alone carries no decoding: the whole budget of 8192 is the prompts'.
    CHECK(rs.prompt_budget(64) == 8192);
    CHECK(rm.prompt_budget(64) == 8192 - 64);
    CHECK(cs.prefill_step == doctest::Approx(rs.step_seconds(0, 1024)));
    // Under load a user's time per token is longer, and the replica serves fewer requests a second.
    CHECK(cs.tpot > cm.tpot);
    CHECK(64 / cs.seconds < 64 / cm.seconds);
    // One user with a short prompt: the same within a few per cent.
    const Fixture one_m("v=1&model=Qwen/Qwen3-8B&wq=fp8&ctx=1152&in=16&out=128", "h100-sxm");
    const Fixture one_s("v=1&model=Qwen/Qwen3-8B&wq=fp8&ctx=1152&in=16&out=128&sched=separate", "h100-sxm");
    CHECK(one_s.replica().cycle(1).tpot == doctest::Approx(one_m.replica().cycle(1).tpot).epsilon(0.02));
    // llama-server mixes prompt and decode tokens in its batches whatever the key says.
    const Fixture gguf("v=1&model=Qwen/Qwen3-8B&wq=q4_k_m&sched=separate", "rtx-4090");
    CHECK_FALSE(gguf.replica().engine.separate_prefill);
    // The key round-trips, a wrong word is refused and said.
    CHECK(encode_link(separate.d.state).find("sched=separate") != std::string::npos);
    CHECK(encode_link(mixed.d.state).find("sched") == std::string::npos);
    const DecodedLink bad = decode_link(link + "&sched=fast");
    CHECK(bad.state.sched == Scheduler::mixed);
    CHECK_FALSE(bad.warnings.empty());
}

TEST_CASE("a prompt's prefill adds to the cycle: long prompts slow everyone's decode") {
    const Fixture f("v=1&model=Qwen/Qwen3-8B&wq=fp8&ctx=1152&in=1024&out=128", "h100-sxm");
    const Replica r = f.replica();
    const Cycle c = r.cycle(64);
    // 64 prompts of 1024 tokens fit one per step (budget 8192 − 64): 64 steps carry a prompt, 64 do not.
    CHECK(c.seconds == doctest::Approx(64 * c.decode_step + 64 * c.prefill_step));
    CHECK(c.prefill_step > 2 * c.decode_step);
    // A user's time per token includes the other 63 prompts, not only the decode steps.
    CHECK(c.tpot > 1.5 * c.decode_step);
    // Short prompts barely change it.
    const Fixture g("v=1&model=Qwen/Qwen3-8B&wq=fp8&ctx=1152&in=16&out=128", "h100-sxm");
    const Cycle s = g.replica().cycle(64);
    CHECK(s.tpot < 1.1 * s.decode_step);
}

TEST_CASE("time to first token grows with the load: the wait for the prefill ahead") {
    const Fixture f("v=1&model=meta-llama/Llama-3.3-70B-Instruct&wq=fp8&kvq=fp8&ctx=5500&in=5000&out=500", "h100-sxm");
    const Replica r = f.replica(2);
    const Cycle one = r.cycle(1), busy = r.cycle(50);
    // Alone: API server + its own prefill, nothing to wait for.
    CHECK(one.queue == 0);
    CHECK(one.ttft == doctest::Approx(Assumptions::typical().request_overhead_ms * 1e-3 + one.prefill_step).epsilon(0.01));
    // Under load the prompts queue for the step budget.
    CHECK(busy.queue > 0.1);
    CHECK(busy.ttft > one.ttft + busy.queue);
    CHECK(busy.utilization > 0.3);
    CHECK(busy.utilization < 1);
}

TEST_CASE("vLLM KV capacity: what is left after the profiled peak, in 16-token blocks") {
    const Fixture f("v=1&model=Qwen/Qwen3-8B&ctx=16384", "h100-sxm");
    const Replica r = f.replica();
    // H100: 8192-token profile and the sampler over 1024 sequences × 151 936 vocabulary × 20 B dominates.
    CHECK(r.engine.step_tokens == 8192);
    CHECK(r.engine.max_seqs == 1024);
    CHECK(r.mem.activations.value == doctest::Approx(1024.0 * 151936 * 20));
    const double tokens = r.kv_tokens();
    CHECK(std::fmod(tokens, 16.0) == 0);
    CHECK(tokens * 147456 <= r.mem.kv_available());
    CHECK(r.max_concurrency() == doctest::Approx(tokens / 16384).epsilon(0.001));
    // The A100 runs vLLM's small-GPU defaults: a smaller profile, so more of the same memory is KV.
    const Fixture a("v=1&model=Qwen/Qwen3-8B&ctx=16384", "a100-80gb");
    CHECK(a.replica().engine.step_tokens == 2048);
    CHECK(a.replica().mem.activations.value < r.mem.activations.value / 3);
}

TEST_CASE("the option reports vLLM's KV capacity and how it was obtained") {
    const Result res = run("v=1&model=meta-llama/Llama-3.1-70B-Instruct&ctx=8192&users=1&gpu=h100-sxm&n=2");
    const Option* o = option_for(res, "h100-sxm", 2);
    REQUIRE(o);
    REQUIRE(o->fits);
    // 80 GiB × 0.9 = 77.3 GB per GPU − 70.5 GB of BF16 weights − ~4 GB profiled peak, graphs, NCCL and
    // runtime leaves under 3 GB of KV per GPU, at 163 840 B per token per GPU (8 KV heads over TP 2).
    CHECK(o->kv_cache_gb > 1);
    CHECK(o->kv_cache_gb < 4);
    CHECK(o->kv_cache_tokens == doctest::Approx(o->kv_cache_gb * 1e9 / 163840).epsilon(0.01));
    CHECK(o->max_concurrency == doctest::Approx(o->kv_cache_tokens / 8192).epsilon(0.01));
    bool kv = false, cycle = false, ttft = false;
    for (const auto& e : o->explanations) {
        kv = kv || e.key == "memory.kv_capacity";
        cycle = cycle || e.key == "speed.cycle";
        ttft = ttft || e.key == "speed.ttft";
    }
    CHECK(kv);
    CHECK(cycle);
    CHECK(ttft);
}

TEST_CASE("capacity is the largest concurrency that meets both targets") {
    const Result res = run("v=1&model=Qwen/Qwen3-8B&in=2000&out=500&ctx=4096&users=100000&tps=60&ttft=1&gpu=h100-sxm&n=1");
    const Option* o = option_for(res, "h100-sxm", 1);
    REQUIRE(o);
    const double served = o->users_served;
    REQUIRE(served > 1);
    const Fixture f("v=1&model=Qwen/Qwen3-8B&in=2000&out=500&ctx=4096&tps=60&ttft=1", "h100-sxm");
    const Replica r = f.replica(1, served);
    REQUIRE(served + 1 <= r.batch_limit_by_memory());  // the targets bind, not the memory
    CHECK(r.meets_targets(served));
    CHECK_FALSE(r.meets_targets(served + 1));
    CHECK(1.0 / r.cycle(served + 1).tpot < 60);
}

TEST_CASE("llama.cpp spreads layers over its GPUs: a second GPU adds memory, not decode speed") {
    const Result res = run("v=1&model=meta-llama/Llama-3.1-8B-Instruct&wq=q4_k_m&ctx=8192&users=4&gpu=rtx-4090");
    const Option* one = option_for(res, "rtx-4090", 1);
    const Option* two = option_for(res, "rtx-4090", 2);
    REQUIRE(one);
    REQUIRE(two);
    CHECK(two->decode_tps_per_user.mid <= one->decode_tps_per_user.mid * 1.01);
    // llama.cpp allocates -c = ctx × slots cells: its "capacity" is what the command asks for.
    CHECK(one->kv_cache_tokens == 8192.0 * one->batch_per_replica);
    CHECK(one->max_concurrency == one->batch_per_replica);
}

TEST_CASE("the vLLM command raises --max-num-seqs only beyond vLLM's default") {
    const Result small = run("v=1&model=Qwen/Qwen3-8B&users=20&gpu=h100-sxm");
    REQUIRE(small.recommended >= 0);
    const std::string a = text::command_text(small.options[size_t(small.recommended)].command, text::Lang::en);
    CHECK(a.find("--max-num-seqs") == std::string::npos);
    // 2000 short requests on one H100: above the default 1024, so the command says so.
    const Result many = run("v=1&model=Qwen/Qwen3-8B&wq=fp8&in=20&out=20&ctx=64&users=2000&tps=1&ttft=60&gpu=h100-sxm&n=1");
    const Option* o = option_for(many, "h100-sxm", 1);
    REQUIRE(o);
    REQUIRE(o->fits);
    CHECK(o->batch_per_replica == 2000);
    const std::string b = text::command_text(o->command, text::Lang::en);
    CHECK(b.find("--max-num-seqs 2000") != std::string::npos);
}

TEST_CASE("a routed expert's product is the expert's own matrix over the tokens routed to it") {
    // Qwen3-30B-A3B (config.json): 48 layers, hidden 2048, 128 experts of width 768, 8 per token.
    const Fixture f("v=1&model=Qwen/Qwen3-30B-A3B&wq=fp8&ctx=2048&in=1024&out=1024", "h100-sxm");
    const Replica r = f.replica();
    CHECK(r.expert_token_share == doctest::Approx(8.0 / 128));
    CHECK(r.expert_params_per_call == doctest::Approx(3.0 * 2048 * 768 / 2));  // gate/up, down
    CHECK(r.expert_flops == doctest::Approx(2.0 * 48 * 8 * 3 * 2048 * 768));  // per token, one GPU
    // Sized as one dense product of all the step's tokens, the same experts would run faster: a
    // prompt-filled step of 8,192 tokens is GEMM-bound and takes longer with the experts' own shape.
    Replica as_dense = r;
    as_dense.linear_flops += as_dense.expert_flops;
    as_dense.expert_flops = 0;
    as_dense.gemm_params_per_call = compute_params_per_token(*f.model) / 48 / 4;
    CHECK(r.step_seconds(0, 8192) > 1.2 * as_dense.step_seconds(0, 8192));
    // A dense model has no routed part.
    const Fixture d("v=1&model=Qwen/Qwen3-8B&ctx=2048&in=1024&out=1024", "h100-sxm");
    CHECK(d.replica().expert_flops == 0);
}

TEST_CASE("FP4 products keep less of their peak than FP8 ones") {
    // vLLM PR #20646, B200, N 6144 K 4096 at M 8192 and 16384: NVFP4 3,025 and 3,039 TFLOPS of 9,000,
    // BF16 1,421 and 1,360 of 2,250. The share NVFP4 keeps of BF16's is the factor.
    const double measured = ((3025.0 / 9000) / (1421.0 / 2250) + (3039.0 / 9000) / (1360.0 / 2250)) / 2;
    CHECK(Assumptions::typical().fp4_compute_factor == doctest::Approx(measured).epsilon(0.02));
    const Fixture fp4("v=1&model=meta-llama/Llama-3.3-70B-Instruct&wq=nvfp4&ctx=2048&in=1024&out=1024", "b200");
    const Fixture fp8("v=1&model=meta-llama/Llama-3.3-70B-Instruct&wq=fp8&ctx=2048&in=1024&out=1024", "b200");
    CHECK(fp4.replica().gemm_share == doctest::Approx(0.55));
    CHECK(fp8.replica().gemm_share == doctest::Approx(0.75));
    // A prompt-bound step in FP4 is faster than in FP8, by less than the peaks' 2x: 2 × 0.55 / 0.75.
    const double ratio = fp8.replica().step_seconds(0, 8192) / fp4.replica().step_seconds(0, 8192);
    CHECK(ratio > 1.2);
    CHECK(ratio < 2 * 0.55 / 0.75 + 0.01);
}

TEST_CASE("FP4 weights on a GPU without FP4 tensor cores run weight-only, in BF16, not FP8") {
    // vLLM on an H100 (issue 23278): "Your GPU does not have native support for FP4 computation but FP4
    // quantization is being used. Weight-only FP4 compression will be used leveraging the Marlin kernel."
    const GpuSpec& h100 = test::gpu("h100-sxm");
    CHECK(effective_compute(h100, ComputeKind::fp4) == ComputeKind::bf16);
    CHECK(peak_flops(h100, ComputeKind::fp4) == doctest::Approx(peak_flops(h100, ComputeKind::bf16)));
    CHECK(effective_compute(h100, ComputeKind::fp8) == ComputeKind::fp8);  // FP8 weights keep FP8 math
    CHECK(effective_compute(test::gpu("b200"), ComputeKind::fp4) == ComputeKind::fp4);
    const Fixture f("v=1&model=openai/gpt-oss-20b&ctx=2048&in=1024&out=1024", "h100-sxm");
    CHECK(f.replica().gemm_share == doctest::Approx(1.0));  // the BF16 share, not FP8's or FP4's
}

TEST_CASE("a checkpoint that quantizes only its experts runs its dense products in BF16") {
    // gpt-oss-120b's MXFP4 checkpoint keeps attention in BF16 (config.json quantization_config
    // modules_to_not_convert): on a B200 its experts use the FP4 peak, its dense products the BF16 one.
    const Fixture oss("v=1&model=openai/gpt-oss-120b&ctx=4096&in=1024&out=256", "b200");
    const Replica r = oss.replica();
    const GpuSpec& b200 = test::gpu("b200");
    CHECK(r.peak == doctest::Approx(peak_flops(b200, ComputeKind::fp4)));
    CHECK(r.dense_peak == doctest::Approx(peak_flops(b200, ComputeKind::bf16)));
    CHECK(r.dense_gemm_share == doctest::Approx(1.0));
    CHECK(r.gemm_share == doctest::Approx(Assumptions::typical().fp4_compute_factor));
    // A generic quantizer's NVFP4 quantizes every linear layer: one peak for both.
    const Fixture nv("v=1&model=openai/gpt-oss-120b&wq=nvfp4&ctx=4096&in=1024&out=256", "b200");
    CHECK(nv.replica().dense_peak == doctest::Approx(nv.replica().peak));
}

TEST_CASE("a recurrent layer's state is read and written back at every decode step") {
    // Nemotron 3 Nano: 23 Mamba-2 blocks, 64 heads × 64 × 128 FP32 state each, plus a short conv state;
    // 6 attention blocks of 2 KV heads × 128. Each decoding sequence reads its cache and its state and
    // writes the state back (the selective state update), so a step's memory traffic per sequence is
    // the KV it reads plus twice the state.
    const Fixture f("v=1&model=nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-BF16&wq=fp8&kvq=fp8&ctx=2048&in=1024&out=1024",
                    "h200");
    const Replica r = f.replica();
    const KvLayout kv = kv_layout(*f.model, KvFormat::fp8);
    const double state = 23.0 * 64 * 64 * 128 * 4;  // SSM state alone, FP32 (mamba_ssm_cache_dtype)
    CHECK(kv.state_bytes_per_sequence > state);
    CHECK(kv.state_bytes_per_sequence < 1.02 * state);  // the conv state (1.8 %) is small beside it
    const double read = kv_bytes_per_sequence(kv, 1024 + 512).value;
    CHECK(r.kv_read == doctest::Approx(read + kv.state_bytes_per_sequence));
    // 1,024 sequences: ~100 GB of state traffic a step at H200's 4.8 TB/s is most of the step.
    const double traffic = 1024 * 2 * kv.state_bytes_per_sequence / memory_bandwidth_bytes_per_s(test::gpu("h200"));
    CHECK(r.step_seconds(1024, 0) > traffic);
}

TEST_CASE("vLLM's MXFP4 expert kernels hold gpt-oss's experts padded to their tiles") {
    // gpt-oss-120b: 36 layers × 128 experts × (2·2880 + 2880) × 2880 weights at 4.25 bits = 60.9 GB of experts.
    const Fixture h100("v=1&model=openai/gpt-oss-120b&ctx=8192", "h100-sxm");
    const ServingEngine e = h100.replica().engine;
    const ExpertPadding hopper = expert_padding(*h100.model, WeightFormat::mxfp4, *h100.gpus[0], e, 1);
    CHECK(hopper.padded_hidden == 3072);  // 2880 up to a multiple of 256
    CHECK(hopper.padded_width == 2880);   // Triton: a multiple of 64 already
    CHECK(hopper.ratio() == doctest::Approx(3072.0 / 2880));
    // vLLM issue 33155 (0.14.1, Triton, one H100): "Model loading took 64.38 GiB"; the checkpoint is 60.8 GiB.
    const double loaded_gib = served_weight_bytes(*h100.model, WeightFormat::mxfp4, *h100.gpus[0], e, 1).total().value / 1073741824.0;
    CHECK(loaded_gib == doctest::Approx(64.38).epsilon(0.02));
    CHECK(weight_bytes(*h100.model, WeightFormat::mxfp4).total().value / 1073741824.0 < 61.5);
    // Marlin (before Hopper) also rounds the expert width to 128; B200's FlashInfer both to 256; TP shards the width.
    const Fixture a100("v=1&model=openai/gpt-oss-120b&ctx=8192", "a100-80gb");
    CHECK(expert_padding(*a100.model, WeightFormat::mxfp4, *a100.gpus[0], e, 1).padded_width == 2944);
    const Fixture b200("v=1&model=openai/gpt-oss-120b&ctx=8192", "b200");
    CHECK(expert_padding(*b200.model, WeightFormat::mxfp4, *b200.gpus[0], e, 1).padded_width == 3072);
    CHECK(expert_padding(*a100.model, WeightFormat::mxfp4, *a100.gpus[0], e, 2).padded_width == 1536);
    // Nothing pads in llama.cpp, in another format, or where the widths are already multiples (Qwen3-30B-A3B).
    CHECK_FALSE(expert_padding(*h100.model, WeightFormat::mxfp4, *h100.gpus[0], llamacpp_engine(1), 1).pads());
    CHECK_FALSE(expert_padding(*h100.model, WeightFormat::bf16, *h100.gpus[0], e, 1).pads());
    const Fixture qwen("v=1&model=Qwen/Qwen3-30B-A3B&wq=mxfp4", "h100-sxm");
    CHECK_FALSE(expert_padding(*qwen.model, WeightFormat::mxfp4, *qwen.gpus[0], e, 1).pads());
}

TEST_CASE("the option says when MXFP4 experts are padded, and by how much a GPU") {
    const Result res = run("v=1&model=openai/gpt-oss-120b&ctx=8192&users=1&gpu=h100-sxm&n=1");
    const Option* o = option_for(res, "h100-sxm", 1);
    REQUIRE(o);
    const Message* said = nullptr;
    for (const auto& w : o->warnings)
        if (w.code == code::gpu_experts_padded) said = &w;
    REQUIRE(said);
    // 60.9 GB of experts × (3072 / 2880 − 1) = 4.06 GB on the one GPU.
    CHECK(said->find("gb")->number == doctest::Approx(4.06).epsilon(0.01));
    CHECK(text::render(*said, text::Lang::en).find("2880 to 3072") != std::string::npos);
    // llama-server (an offloaded option) keeps the file's layout: nothing to say.
    const Result offloaded = run("v=1&model=openai/gpt-oss-20b&users=1&offload=1&gpu=rtx-3070");
    for (const auto& opt : offloaded.options)
        if (opt.offload)
            for (const auto& w : opt.warnings) CHECK(w.code != code::gpu_experts_padded);
    CHECK(text::render(*said, text::Lang::ru).find("размерность с 2880 до 3072") != std::string::npos);
}

TEST_CASE("an MoE layer with MXFP4 experts costs more launch time than one with FP8 or BF16 experts") {
    const Assumptions a = Assumptions::typical();
    const Fixture f("v=1&model=openai/gpt-oss-20b", "h100-sxm");
    const ServingEngine e = f.replica().engine;
    // 24 layers, every one MoE: (24 + 24 + 24 × 1.8) × 25 µs.
    CHECK(fixed_step_seconds(*f.model, WeightFormat::mxfp4, e, false, 1, a) == doctest::Approx((48 + 24 * 1.8) * 25e-6));
    CHECK(fixed_step_seconds(*f.model, WeightFormat::bf16, e, false, 1, a) == doctest::Approx(48 * 25e-6));
    CHECK(fixed_step_seconds(*f.model, WeightFormat::mxfp4, llamacpp_engine(1), false, 1, a) == doctest::Approx(48 * 25e-6));
}

TEST_CASE("on ROCm an MoE layer's kernels cost more launch time; a dense layer's do not") {
    const Assumptions a = Assumptions::typical();
    const Fixture moe("v=1&model=deepseek-ai/DeepSeek-V3", "mi300x");
    const ServingEngine e = moe.replica().engine;
    // DeepSeek-V3: 61 layers, the first 3 dense: (61 + 58 + 58 × 3.4) × 25 µs on ROCm, (61 + 58) × 25 µs on CUDA.
    CHECK(fixed_step_seconds(*moe.model, WeightFormat::fp8, e, true, 1, a) == doctest::Approx((61 + 58 + 58 * 3.4) * 25e-6));
    CHECK(fixed_step_seconds(*moe.model, WeightFormat::fp8, e, false, 1, a) == doctest::Approx((61 + 58) * 25e-6));
    const Fixture dense("v=1&model=meta-llama/Llama-3.1-70B-Instruct", "mi300x");
    CHECK(fixed_step_seconds(*dense.model, WeightFormat::fp8, e, true, 1, a) ==
          doctest::Approx(fixed_step_seconds(*dense.model, WeightFormat::fp8, e, false, 1, a)));
    // The replica on an MI300X carries it.
    CHECK(moe.replica(8, 4).fixed_step == doctest::Approx((61 + 58 + 58 * 3.4) * 25e-6));
}
