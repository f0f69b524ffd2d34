// Fine-tuning and training: memory plans, compute and the article's worked figures.
#include "engine/codes.hpp"
#include "engine/tasks.hpp"
#include "helpers.hpp"
#include "link/link.hpp"
#include "text/text.hpp"

using namespace gpusizer;
using test::option_for;
using test::run;

// Pre-training's steady MFU by hand: GEMMs at 80 % of the peak, 0.0036 B per FLOP at the bandwidth.
double steady(double tflops, double tbs) { return 1.0 / (1.0 / 0.80 + 0.0036 * tflops / tbs); }
constexpr double kGoodput = 0.70;  // a whole pre-training run against its steady speed

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
    // Native FP8: the H800's steady MFU (989.5 TFLOPS / 3.35 TB/s: 0.43; MoE factor 1 at 37 B active) ×
    // the FP8 speed-up 1.3, × goodput 0.70 over the whole run.
    const Result r = run("v=1&task=train&model=deepseek-ai/DeepSeek-V3&tokens=14.8T&gpu=h800&n=2048");
    CHECK(r.mfu == doctest::Approx(steady(989.5, 3.35)));
    CHECK(r.mfu == doctest::Approx(0.432).epsilon(0.001));
    const Option* o = option_for(r, "h800");
    REQUIRE(o);
    CHECK(o->gpu_hours.mid == doctest::Approx(2.664e6).epsilon(0.05));
    CHECK(o->days.mid == doctest::Approx(o->gpu_hours.mid / 2048 / 24));
    CHECK(o->gpu_hours.low < o->gpu_hours.mid);
    CHECK(o->gpu_hours.high > o->gpu_hours.mid);
}

TEST_CASE("Llama 3.1 405B: the H100's steady MFU, and the model card's hours at a goodput of 0.70") {
    // Llama 3 paper: 38-43 % MFU on this run; the engine's steady H100 figure is 0.43.
    const std::string link = "v=1&task=train&model=meta-llama/Llama-3.1-405B-Instruct&tokens=15.6T&seq=8192&gpu=h100-sxm&n=16384";
    const Result r = run(link);
    const Option* o = option_for(r, "h100-sxm");
    REQUIRE(o);
    CHECK(o->mfu == doctest::Approx(steady(989.5, 3.35)));
    CHECK(o->mfu > 0.38);
    CHECK(o->mfu < 0.44);
    CHECK(o->gpu_hours.mid == doctest::Approx(r.flops / (989.5e12 * o->mfu * kGoodput) / 3600).epsilon(1e-9));
    // The model card's 30.84 M hours: Meta's 405B run kept over 90 % effective time, above the 0.70 the
    // engine takes (validation.json: a miss, +18 %); within 25 % of it.
    CHECK(o->gpu_hours.mid == doctest::Approx(30.84e6).epsilon(0.25));
    CHECK(o->tp * o->pp * o->dp == 16384);
    // goodput=1: the steady speed alone, as a benchmark measures it.
    const Result steady_run = run(link + "&goodput=1");
    const Option* steady_only = option_for(steady_run, "h100-sxm");
    REQUIRE(steady_only);
    CHECK(o->gpu_hours.mid / steady_only->gpu_hours.mid == doctest::Approx(1 / kGoodput));
    CHECK(o->days.mid / steady_only->days.mid == doctest::Approx(1 / kGoodput));
}

TEST_CASE("pre-training's steady MFU follows each GPU's peak against its bandwidth") {
    // MosaicML llm-foundry benchmarks (README, MPT-7B): 0.53-0.60 on A100-80GB, 0.38-0.43 on H100.
    CHECK(steady_training_mfu(312e12, 2.039e12) == doctest::Approx(steady(312, 2.039)));
    CHECK(steady_training_mfu(312e12, 2.039e12) == doctest::Approx(0.555).epsilon(0.002));
    CHECK(steady_training_mfu(989.5e12, 3.35e12) == doctest::Approx(0.432).epsilon(0.002));
    // The same peak with more bandwidth reaches more of it (H200: 4.8 TB/s), an A100-40GB less (1.555).
    CHECK(steady_training_mfu(989.5e12, 4.8e12) > steady_training_mfu(989.5e12, 3.35e12));
    CHECK(steady_training_mfu(312e12, 1.555e12) < steady_training_mfu(312e12, 2.039e12));
    CHECK(steady_training_mfu(1e15, 0) == doctest::Approx(0.80));  // no bandwidth figure: the GEMMs' share
    const std::string link = "v=1&task=train&model=meta-llama/Llama-3.1-8B-Instruct&tokens=100B&n=64&gpu=";
    const Result a100 = run(link + "a100-80gb"), h100 = run(link + "h100-sxm");
    REQUIRE(option_for(a100, "a100-80gb")); REQUIRE(option_for(h100, "h100-sxm"));
    CHECK(option_for(a100, "a100-80gb")->mfu == doctest::Approx(steady(312, 2.039)));
    CHECK(a100.mfu == doctest::Approx(steady(312, 2.039)));  // the result states the recommended GPU's
    CHECK(h100.mfu == doctest::Approx(steady(989.5, 3.35)));
    // A user's MFU holds on every GPU; the goodput still applies to a whole run.
    const Result own = run(link + "a100-80gb&mfu=0.5");
    REQUIRE(option_for(own, "a100-80gb"));
    CHECK(option_for(own, "a100-80gb")->gpu_hours.mid ==
          doctest::Approx(own.flops / (312e12 * 0.5 * kGoodput) / 3600).epsilon(1e-9));
    // Fine-tuning is measured as it runs: goodput 1 unless the link says otherwise.
    CHECK(effective_goodput(run("v=1&task=tune").state) == 1.0);
    CHECK(effective_goodput(run("v=1&task=train").state) == kGoodput);
    CHECK(effective_goodput(run("v=1&task=tune&goodput=0.5").state) == 0.5);
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
        // ZeRO-3 computes each unit whole: a layer and the larger embedding unit all-gathered (BF16)
        // and that unit's unsharded gradients (Qwen3-8B: 36 layers of the 8.2 B less the 2 × 0.622 B
        // embeddings; each embedding 151,936 × 4,096).
        const double layer = 2 * (8.19 - 2 * 0.622) / 36, embedding = 2 * 0.622;
        const double expected = zero == 1 ? psi * (2 + 2 + 12.0 / 8)
                              : zero == 2 ? psi * (2 + (2 + 12.0) / 8)
                                          : psi * 16.0 / 8 + layer + 2 * embedding;
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
    const Result fused = run("v=1&task=tune&method=qlora&trainer=fused&model=meta-llama/Llama-3.1-8B-Instruct&gpu=rtx-4090");
    CHECK(fused.memory.weights.gb() == doctest::Approx(nf4 + 2 * 0.042).epsilon(0.02));
    // Plain HF: prepare_model_for_kbit_training casts embeddings and lm_head to FP32 (4 B, not 2).
    CHECK(qlora.memory.weights.gb() - fused.memory.weights.gb() == doctest::Approx(2 * 2 * 128256.0 * 4096 / 1e9).epsilon(0.01));
    const Option* q = option_for(qlora, "rtx-4090");
    REQUIRE(q);
    CHECK(q->fits);
    CHECK(q->count == 1);
    // LoRA backward skips frozen weight gradients: 4·N·D instead of 6·N·D.
    const Result full = run("v=1&task=tune&method=full&model=meta-llama/Llama-3.1-8B-Instruct&gpu=rtx-4090");
    CHECK(lora.flops / full.flops == doctest::Approx(2.0 / 3.0));
}

TEST_CASE("checkpointing trades compute for activation memory") {
    // (fused trainer: the logits, which checkpointing does not touch, do not dominate)
    const Result on = run("v=1&task=tune&method=lora&trainer=fused&model=Qwen/Qwen3-8B&seq=8192&batch=4");
    const Result off = run("v=1&task=tune&method=lora&trainer=fused&model=Qwen/Qwen3-8B&seq=8192&batch=4&ckpt=0");
    CHECK(off.memory.activations.gb() > 4 * on.memory.activations.gb());
    // Without it each token skips the recomputed forward: LoRA's 2 passes instead of 3, full
    // fine-tuning's 3 instead of 4 (the fine-tuning MFUs were measured with it on).
    const Option* a = option_for(on, "h100-sxm");
    const Option* b = option_for(off, "h100-sxm");
    REQUIRE(a);
    REQUIRE(b);
    CHECK(b->gpu_hours.mid / a->gpu_hours.mid == doctest::Approx(2.0 / 3.0));
    const Result full_on = run("v=1&task=tune&method=full&model=Qwen/Qwen3-8B&gpu=h100-sxm&n=8");
    const Result full_off = run("v=1&task=tune&method=full&model=Qwen/Qwen3-8B&gpu=h100-sxm&n=8&ckpt=0");
    CHECK(option_for(full_off, "h100-sxm")->gpu_hours.mid / option_for(full_on, "h100-sxm")->gpu_hours.mid ==
          doctest::Approx(3.0 / 4.0));
    bool said = false;
    for (const Message& m : off.assumptions) said = said || m.code == code::assume_no_ckpt;
    CHECK(said);
    // Pre-training's MFU is Megatron's at its own recompute policy: ckpt moves its memory only.
    const Result train_on = run("v=1&task=train&model=Qwen/Qwen3-8B&tokens=100B&gpu=h100-sxm&n=64");
    const Result train_off = run("v=1&task=train&model=Qwen/Qwen3-8B&tokens=100B&gpu=h100-sxm&n=64&ckpt=0");
    CHECK(option_for(train_off, "h100-sxm")->gpu_hours.mid ==
          doctest::Approx(option_for(train_on, "h100-sxm")->gpu_hours.mid));
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

namespace {
bool said(const Result& r, const char* code) {
    for (const auto& a : r.assumptions)
        if (a.code == std::string(code)) return true;
    return false;
}
std::string command_text(const Option& o) {
    std::string all;
    for (const auto& l : o.command) all += l.shell + "\n";
    return all;
}
bool has_note(const Option& o, const char* code) {
    for (const auto& l : o.command)
        if (l.note.code == std::string(code)) return true;
    return false;
}
}  // namespace

TEST_CASE("trainer=hf|fused: the link key, its default and the assumption that names it") {
    const DecodedLink d = decode_link("v=1&task=tune&trainer=fused");
    CHECK(d.warnings.empty());
    CHECK(d.state.trainer == Trainer::fused);
    CHECK(encode_link(d.state) == "v=1&task=tune&trainer=fused");
    CHECK(decode_link("v=1&task=tune").state.trainer == Trainer::hf);  // default: plain Hugging Face
    CHECK_FALSE(decode_link("v=1&task=tune&trainer=deepspeed").warnings.empty());
    CHECK(said(run("v=1&task=tune"), code::assume_trainer_hf));
    CHECK(said(run("v=1&task=tune&trainer=fused"), code::assume_trainer_fused));
    CHECK(said(run("v=1&task=train"), code::assume_pretrain_layout));
}

TEST_CASE("optim=bf16|adam8: the optimizer's bytes per trained parameter, its link key and its words") {
    // Pure BF16 AdamW keeps two BF16 moments and no FP32 master copy (torchtune's and LitGPT's bf16):
    // 4 B; 8-bit AdamW (bitsandbytes) two 8-bit moments: 2 B; mixed precision 12 B (the test above).
    const std::string full = "v=1&task=tune&method=full&model=meta-llama/Llama-3.1-8B-Instruct&gpu=h100-sxm";
    const Result bf16 = run(full + "&optim=bf16"), adam8 = run(full + "&optim=adam8");
    CHECK(bf16.memory.optimizer.gb() == doctest::Approx(4 * 8.03).epsilon(0.002));
    CHECK(adam8.memory.optimizer.gb() == doctest::Approx(2 * 8.03).epsilon(0.002));
    CHECK(bf16.memory.weights.gb() == doctest::Approx(2 * 8.03).epsilon(0.002));
    CHECK(adam8.memory.gradients.gb() == doctest::Approx(2 * 8.03).epsilon(0.002));
    CHECK(said(bf16, code::assume_adamw_bf16));
    CHECK(said(adam8, code::assume_adamw_8bit));
    CHECK(said(run(full), code::assume_adamw));
    // ZeRO-1 shards the smaller state as it does the larger: 8 GPUs, 8-bit moments / 8.
    const Result sharded = run(full + "&optim=adam8&n=8&zero=1");
    const Option* o = option_for(sharded, "h100-sxm");
    REQUIRE(o);
    CHECK(o->per_gpu.optimizer.gb() == doctest::Approx(2 * 8.03 / 8).epsilon(0.002));
    // LoRA's adapters use the same bytes per parameter.
    const Result lora = run("v=1&task=tune&model=meta-llama/Llama-3.1-8B-Instruct&gpu=h100-sxm&optim=adam8");
    CHECK(lora.memory.optimizer.value == doctest::Approx(lora.memory.gradients.value));  // 2 B and 2 B
    // The link: the key round-trips, the default is omitted, a bad word is reported.
    const DecodedLink d = decode_link("v=1&task=tune&optim=adam8");
    CHECK(d.warnings.empty());
    CHECK(d.state.optim == Optimizer::adam8);
    CHECK(encode_link(d.state) == "v=1&task=tune&optim=adam8");
    CHECK(decode_link("v=1&task=tune").state.optim == Optimizer::adamw);
    CHECK_FALSE(decode_link("v=1&task=tune&optim=sgd").warnings.empty());
    // Pre-training and NeMo size Megatron's mixed-precision AdamW, and say that the choice is ignored.
    const Result pre = run("v=1&task=train&model=meta-llama/Llama-3.1-8B-Instruct&gpu=h100-sxm&optim=bf16");
    CHECK(pre.memory.optimizer.gb() == doctest::Approx(12 * 8.03).epsilon(0.002));
    bool warned = false;
    for (const Message& m : pre.warnings) warned = warned || m.code == code::train_optim_ignored;
    CHECK(warned);
}

TEST_CASE("trainer=nemo: NeMo's published speed for fine-tuning and pre-training, Megatron's loss, its command") {
    const DecodedLink d = decode_link("v=1&task=train&trainer=nemo");
    CHECK(d.warnings.empty());
    CHECK(encode_link(d.state) == "v=1&task=train&trainer=nemo");
    // MFU 0.56 (sizing.cpp kNemoMfu, set on NeMo 24.07's Llama 2 7B pre-training row) for pre-training,
    // full and LoRA; QLoRA is not among NeMo's runs and keeps the fused trainers' 0.40.
    CHECK(run("v=1&task=train&trainer=nemo").mfu == doctest::Approx(0.56));
    CHECK(run("v=1&task=train&gpu=h100-sxm").mfu == doctest::Approx(steady(989.5, 3.35)));
    CHECK(run("v=1&task=tune&method=full&trainer=nemo").mfu == doctest::Approx(0.56));
    CHECK(run("v=1&task=tune&method=lora&trainer=nemo").mfu == doctest::Approx(0.56));
    CHECK(run("v=1&task=tune&method=qlora&trainer=nemo").mfu == doctest::Approx(0.40));
    CHECK(said(run("v=1&task=tune&trainer=nemo"), code::assume_trainer_nemo));
    CHECK(said(run("v=1&task=train&trainer=nemo"), code::assume_trainer_nemo));
    CHECK_FALSE(said(run("v=1&task=train"), code::assume_trainer_nemo));
    // Fine-tuning under NeMo holds Megatron's loss: 6 B per vocabulary entry per token, not plain HF's 16.
    const std::string link = "v=1&task=tune&method=lora&model=meta-llama/Llama-3.1-8B-Instruct&seq=8192";
    const double diff = (run(link).memory.activations - run(link + "&trainer=nemo").memory.activations).gb();
    CHECK(diff == doctest::Approx(8192.0 * 128256 * (16 - 6) / 1e9).epsilon(0.001));
    // LoRA on an FP8 base runs its frozen GEMMs in FP8 under Transformer Engine: the FP8 factor applies.
    const std::string fp8 = "v=1&task=tune&method=lora&model=meta-llama/Llama-3.1-8B-Instruct&wq=fp8&gpu=h100-sxm&n=8";
    const Result bf16_run = run("v=1&task=tune&method=lora&model=meta-llama/Llama-3.1-8B-Instruct&trainer=nemo"
                                "&gpu=h100-sxm&n=8");
    const Result fp8_run = run(fp8 + "&trainer=nemo");
    const Option* bf = option_for(bf16_run, "h100-sxm");
    const Option* f8 = option_for(fp8_run, "h100-sxm");
    REQUIRE(bf); REQUIRE(f8);
    CHECK(bf->gpu_hours.mid / f8->gpu_hours.mid == doctest::Approx(1.3).epsilon(0.01));
    // The command is NeMo's CLI with the option's servers, GPUs and layout; <recipe> is the user's to fill.
    const Result r = run("v=1&task=train&trainer=nemo&model=meta-llama/Llama-3.1-70B-Instruct&gpu=h100-sxm&n=64");
    const Option* o = option_for(r, "h100-sxm");
    REQUIRE(o);
    const std::string text = command_text(*o);
    CHECK(text.find("nemo llm pretrain --factory <recipe>") != std::string::npos);
    CHECK(text.find("trainer.num_nodes=8 trainer.devices=8") != std::string::npos);
    CHECK(text.find("trainer.strategy.tensor_model_parallel_size=" + std::to_string(o->tp)) != std::string::npos);
    CHECK(text.find("pretrain_gpt.py") == std::string::npos);
    CHECK(has_note(*o, code::cmd_nemo));
    // NeMo needs CUDA: an AMD option says what runs there instead.
    const Result amd = run("v=1&task=train&trainer=nemo&model=meta-llama/Llama-3.1-70B-Instruct&gpu=mi300x&n=64");
    const Option* mi = option_for(amd, "mi300x");
    REQUIRE(mi);
    bool warned = false;
    for (const auto& w : mi->warnings) warned |= w.code == std::string(code::train_nemo_cuda);
    CHECK(warned);
    for (const auto& w : o->warnings) CHECK(w.code != std::string(code::train_nemo_cuda));
    // ... and is sized at Megatron-LM's MFU there, not NeMo's (NVIDIA's) published one.
    const Result amd_default = run("v=1&task=train&model=meta-llama/Llama-3.1-70B-Instruct&gpu=mi300x&n=64");
    const Option* mi_default = option_for(amd_default, "mi300x");
    REQUIRE(mi_default);
    CHECK(mi->gpu_hours.mid == doctest::Approx(mi_default->gpu_hours.mid));
    const Result h100_default = run("v=1&task=train&model=meta-llama/Llama-3.1-70B-Instruct&gpu=h100-sxm&n=64");
    const Option* h_default = option_for(h100_default, "h100-sxm");
    REQUIRE(h_default);
    CHECK(h_default->gpu_hours.mid / o->gpu_hours.mid == doctest::Approx(0.56 / steady(989.5, 3.35)));
}

TEST_CASE("fused trainers need no full logits and offload the checkpoints") {
    // Llama 3.1 8B QLoRA, one 8192-token sequence: plain HF holds 16 B per vocabulary entry per token
    // (BF16 logits, FP32 copy, FP32 log-softmax, gradients) and every layer's checkpointed input.
    const std::string link = "v=1&task=tune&method=qlora&model=meta-llama/Llama-3.1-8B-Instruct&seq=8192";
    const Result hf = run(link);
    const Result fused = run(link + "&trainer=fused");
    const double t = 8192, h = 4096, vocab = 128256, layers = 32;
    const double diff = (hf.memory.activations - fused.memory.activations).gb();
    CHECK(diff == doctest::Approx(t * (16 * vocab + 2 * h * layers - 4 * h) / 1e9).epsilon(0.001));
    CHECK(hf.memory.activations.gb() > 3 * fused.memory.activations.gb());
    // The CUDA context and kernels, measured (Hugging Face "Model training anatomy": 1,343 MB), not 3 GB.
    CHECK(fused.memory.overhead.gb() == doctest::Approx(1.3));
}

TEST_CASE("LoRA / QLoRA MFU defaults per trainer, against the BF16 dense peak") {
    CHECK(run("v=1&task=tune&method=lora").mfu == doctest::Approx(0.30));
    CHECK(run("v=1&task=tune&method=lora&trainer=fused").mfu == doctest::Approx(0.50));
    CHECK(run("v=1&task=tune&method=qlora").mfu == doctest::Approx(0.25));
    CHECK(run("v=1&task=tune&method=qlora&trainer=fused").mfu == doctest::Approx(0.40));
    CHECK(run("v=1&task=tune&method=full").mfu == doctest::Approx(0.40));
    CHECK(run("v=1&task=tune&method=lora&mfu=0.6").mfu == doctest::Approx(0.60));  // the user's own
    // Hours follow: a fused LoRA run takes 0.30 / 0.50 of the plain one's time on the same GPU.
    const Result plain = run("v=1&task=tune&method=lora&gpu=rtx-4090");
    const Result fused = run("v=1&task=tune&method=lora&trainer=fused&gpu=rtx-4090");
    const Option* a = option_for(plain, "rtx-4090");
    const Option* b = option_for(fused, "rtx-4090");
    REQUIRE(a); REQUIRE(b);
    CHECK(b->gpu_hours.mid / a->gpu_hours.mid == doctest::Approx(0.30 / 0.50));
}

TEST_CASE("FP8 training: a measured 1.3x over BF16 on GPUs with FP8 tensor cores, none on Ampere") {
    const std::string link = "v=1&task=train&model=deepseek-ai/DeepSeek-V3&tokens=1T&n=2048&gpu=";
    const Result h800 = run(link + "h800");
    const Result a100 = run(link + "a100-80gb");
    const Result bf16 = run(link + "h800&wq=bf16");
    const Option* o8 = option_for(h800, "h800");
    const Option* oa = option_for(a100, "a100-80gb");
    const Option* ob = option_for(bf16, "h800");
    REQUIRE(o8); REQUIRE(oa); REQUIRE(ob);
    CHECK(h800.mfu == doctest::Approx(steady(989.5, 3.35)));  // MoE, 37 B active: factor 1
    CHECK(o8->gpu_hours.mid ==
          doctest::Approx(h800.flops / (989.5e12 * steady(989.5, 3.35) * 1.3 * kGoodput) / 3600).epsilon(1e-6));
    CHECK(oa->gpu_hours.mid == doctest::Approx(a100.flops / (312e12 * steady(312, 2.039) * kGoodput) / 3600).epsilon(1e-6));
    CHECK(ob->gpu_hours.mid / o8->gpu_hours.mid == doctest::Approx(1.3));
    CHECK(o8->gpu_hours.low < o8->gpu_hours.mid);
    CHECK(o8->gpu_hours.high > o8->gpu_hours.mid);
    // A budget on the GPU it was measured on gives back its own hours, FP8 included.
    const Result budget = run("v=1&task=train&model=deepseek-ai/DeepSeek-V3&gpuh=2.664M&gpuh_gpu=h800&gpu=h800&n=2048");
    REQUIRE(option_for(budget, "h800"));
    CHECK(option_for(budget, "h800")->gpu_hours.mid == doctest::Approx(2.664e6));
    CHECK(budget.tokens == doctest::Approx(14.8e12).epsilon(0.02));  // the report's 14.8 T tokens
}

TEST_CASE("MoE MFU falls with the square root of the active parameters, to a floor") {
    CHECK(moe_mfu_factor(test::model("meta-llama/Llama-3.1-8B-Instruct")) == 1.0);
    CHECK(moe_mfu_factor(test::model("deepseek-ai/DeepSeek-V3")) == doctest::Approx(std::sqrt(37.0 / 37)).epsilon(0.01));
    // Llama 4 Scout, 17 B active: on the square-root curve, above the floor.
    const ModelSpec& scout = test::model("meta-llama/Llama-4-Scout-17B-16E-Instruct");
    CHECK(moe_mfu_factor(scout) == doctest::Approx(std::sqrt(scout.active_params_b / 37)));
    CHECK(moe_mfu_factor(scout) < moe_mfu_factor(test::model("deepseek-ai/DeepSeek-V3")));
    // gpt-oss-120b (5.1 B active: sqrt(5.1 / 37) = 0.37) and smaller sit on the floor, 0.40: 0.12 of an
    // H100's peak with its steady 0.43 × goodput 0.70, what Granite 3.0's 0.4 and 0.9 B-active MoE runs
    // reached (their model cards' H100 hours).
    CHECK(moe_mfu_factor(test::model("openai/gpt-oss-120b")) == doctest::Approx(0.40));
    const Result tiny = run("v=1&task=train&model=custom&params=1.335&active=0.428&layers=24&hidden=1024&heads=16&kv_heads=8"
                            "&inter=512&experts=32&topk=8&vocab=49155&tokens=10T&seq=4096&gpu=h100-sxm&n=128");
    CHECK(tiny.mfu == doctest::Approx(steady(989.5, 3.35) * 0.40));
    CHECK(tiny.mfu * kGoodput == doctest::Approx(0.12).epsilon(0.02));
    // Its 32 experts fit whole on every GPU: data parallel only, as IBM trained it, no all-to-all.
    REQUIRE(option_for(tiny, "h100-sxm"));
    CHECK(option_for(tiny, "h100-sxm")->ep == 1);
    CHECK(option_for(tiny, "h100-sxm")->zero == 1);
}

TEST_CASE("under ZeRO-2/3 an MoE layout keeps the widest EP: the experts are sharded anyway") {
    const Result r = run("v=1&task=train&model=Qwen/Qwen3-235B-A22B&tokens=1T&gpu=h100-sxm");
    const Option* o = option_for(r, "h100-sxm");
    REQUIRE(o);
    REQUIRE(o->fits);
    CHECK(o->zero >= 2);
    // The widest: the largest power of two dividing DP, within the 128 experts and EP 64 (DP 88 here: EP 8).
    int widest = 1;
    while (widest * 2 <= std::min(std::min(128, o->dp), 64) && o->dp % (widest * 2) == 0) widest *= 2;
    CHECK(o->ep == widest);
    CHECK(o->ep > 1);
}

TEST_CASE("large runs are laid out as Megatron would: TP in a server, PP across, EP for experts, ZeRO-1") {
    const Result dense = run("v=1&task=train&model=meta-llama/Llama-3.1-405B-Instruct&tokens=15.6T&seq=8192&gpu=h100-sxm&n=16384");
    const Option* d = option_for(dense, "h100-sxm");
    REQUIRE(d);
    REQUIRE(d->fits);
    CHECK(d->tp == 8);       // fills the NVLink server first
    CHECK(d->pp > 1);        // then pipeline stages across servers
    CHECK(d->zero == 1);     // distributed optimizer, not ZeRO-3 over 16,384 GPUs
    CHECK(d->ep == 1);
    CHECK(command_text(*d).find("--tensor-model-parallel-size 8") != std::string::npos);
    CHECK(command_text(*d).find("--use-distributed-optimizer") != std::string::npos);
    REQUIRE(has_note(*d, code::cmd_train_comm));
    const Job job{dense.state, test::bundled(), dense.model, dense.weight_format, {}};
    const TrainingComm c = training_comm(job, *d);
    CHECK(c.tp_pct > 0);
    CHECK(c.pp_pct > 0);
    CHECK(c.pp_pct < 100);
    CHECK(c.dp_pct > 0);
    CHECK(c.ep_pct == 0);

    const Result moe = run("v=1&task=train&model=deepseek-ai/DeepSeek-V3&tokens=14.8T&gpu=h800&n=2048");
    const Option* m = option_for(moe, "h800");
    REQUIRE(m);
    REQUIRE(m->fits);
    CHECK(m->tp == 1);       // experts split by EP; pipeline rather than tensor parallelism
    CHECK(m->ep == 64);      // the smallest EP that fits 256 experts a layer here: DeepSeek-V3's own 64
    CHECK(m->zero == 1);
    CHECK(m->tp * m->pp * m->dp == 2048);
    CHECK(command_text(*m).find("--expert-model-parallel-size") != std::string::npos);
    CHECK(command_text(*m).find("--fp8-format hybrid") != std::string::npos);
    const Job mjob{moe.state, test::bundled(), moe.model, moe.weight_format, {}};
    CHECK(training_comm(mjob, *m).ep_pct > 0);
    // Fine-tuning keeps the frameworks' own order: one server of H100, FSDP / ZeRO, no Megatron flags.
    const Result tune = run("v=1&task=tune&method=full&model=meta-llama/Llama-3.1-70B-Instruct&gpu=h100-sxm&n=8");
    const Option* t = option_for(tune, "h100-sxm");
    REQUIRE(t);
    CHECK(command_text(*t).find("pretrain_gpt.py") == std::string::npos);
}

TEST_CASE("a deadline's GPU count keeps the fitting plan's TP × PP: Llama 3.1 405B on H100 is not TP 1 with ZeRO-3") {
    // 6 × 405 B × 15.6 T at MFU 0.40 (then the default) over the default horizon asked for 12,536 H100 = 8 × 1,567 (a
    // prime): no TP × PP above 8 divided it, and the plan fell back to TP 1 × PP 1 × DP 12,536 with
    // ZeRO-3, whose gradient sync took 254 % of compute. The count is now whole model-parallel groups.
    for (const char* deadline : {"", "&days=100", "&days=45"}) {
        CAPTURE(deadline);
        const Result r = run(std::string("v=1&task=train&model=meta-llama/Llama-3.1-405B-Instruct&tokens=15.6T&gpu=h100-sxm") + deadline);
        const Option* o = option_for(r, "h100-sxm");
        REQUIRE(o);
        REQUIRE(o->fits);
        CHECK(o->tp == 8);
        CHECK(o->pp > 1);
        CHECK(o->zero == 1);
        CHECK(o->count == o->tp * o->pp * o->dp);
        CHECK(o->count % 8 == 0);
        CHECK(o->servers * 8 == o->count);
        const Job job{r.state, test::bundled(), r.model, r.weight_format, {}};
        CHECK(training_comm(job, *o).dp_pct < 100);  // 25 % at the default horizon, 51 % in 45 days
    }
}

TEST_CASE("DP gradient sync: FP32 gradients reduce-scattered and BF16 parameters all-gathered, once per step") {
    // 64 H100 as TP 1 × PP 1 × DP 64 over 50 GB/s: 6 bytes per parameter × 63/64 against the compute
    // of one GPU's share of a 16 M-token global batch.
    const Result r = run("v=1&task=train&model=Qwen/Qwen3-8B&tokens=100B&gpu=h100-sxm&n=64&zero=1");
    const Option* o = option_for(r, "h100-sxm");
    REQUIRE(o);
    REQUIRE(o->dp == 64);
    const Job job{r.state, test::bundled(), r.model, r.weight_format, {}};
    const double params = split_params(r.model).total;
    const double rate = 989.5e12 * o->mfu;  // H100 SXM BF16 dense peak × its steady MFU
    const double step_s = training_flops_per_token(r.model, r.state) * (16e6 / 64) / rate;
    const double sync_s = 6.0 * params * 63 / 64 / 50e9;
    CHECK(training_comm(job, *o).dp_pct == doctest::Approx(100 * sync_s / step_s).epsilon(0.01));
}

TEST_CASE("Megatron commands name the ZeRO stage: distributed optimizer, then Megatron-FSDP's sharding strategies") {
    // Megatron-LM, megatron/core/distributed/fsdp README: --use-megatron-fsdp with
    // --data-parallel-sharding-strategy optim_grads (ZeRO-2) or optim_grads_params (ZeRO-3).
    const std::string link = "v=1&task=train&model=Qwen/Qwen3-8B&tokens=100B&gpu=h100-sxm&n=64&zero=";
    const Result r1 = run(link + "1"), r2 = run(link + "2"), r3 = run(link + "3");
    const Option* z1 = option_for(r1, "h100-sxm");
    const Option* z2 = option_for(r2, "h100-sxm");
    const Option* z3 = option_for(r3, "h100-sxm");
    REQUIRE(z1);
    REQUIRE(z2);
    REQUIRE(z3);
    CHECK(command_text(*z1).find("--use-distributed-optimizer") != std::string::npos);
    CHECK(command_text(*z1).find("--use-megatron-fsdp") == std::string::npos);
    CHECK(command_text(*z2).find("--data-parallel-sharding-strategy optim_grads") != std::string::npos);
    CHECK(command_text(*z2).find("optim_grads_params") == std::string::npos);
    CHECK(command_text(*z3).find("--data-parallel-sharding-strategy optim_grads_params") != std::string::npos);
}

TEST_CASE("GigaChat3-10B-A1.8B sizes from its published MLA and MoE dimensions") {
    const ModelSpec& g = test::model("ai-sage/GigaChat3-10B-A1.8B");
    CHECK(g.hidden == 1536);
    CHECK(g.heads == 32);
    REQUIRE(g.mla);
    CHECK(g.mla->kv_lora_rank == 512);
    CHECK(g.mla->v_head_dim == 192);
    REQUIRE(g.moe);
    CHECK(g.moe->experts == 64);
    CHECK(g.moe->expert_intermediate == 1280);
    CHECK(g.estimated);  // the inferred fields are listed and warned about
    const Result r = run("v=1&model=ai-sage/GigaChat3-10B-A1.8B&ctx=32768&users=20");
    CHECK(r.model_found);
    REQUIRE(r.recommended >= 0);
    // KV: (512 latent + 64 rope) × 2 B × 26 layers = 29,952 B per token.
    CHECK(r.memory.kv_cache.value == doctest::Approx(29952.0 * 32768 * 20).epsilon(0.001));
    // 10.67 B weights in FP8 (embeddings in BF16): about 11 GB.
    CHECK(r.memory.weights.gb() == doctest::Approx(11.06).epsilon(0.03));
    const Result tune = run("v=1&task=tune&method=lora&model=ai-sage/GigaChat3-10B-A1.8B&gpu=rtx-4090");
    REQUIRE(option_for(tune, "rtx-4090"));
    CHECK(option_for(tune, "rtx-4090")->fits);
}

TEST_CASE("ZeRO-3 across servers: a micro-batch waits for its weights when moving them takes longer than its compute") {
    // s1-32B's shape (arXiv 2501.19393): Qwen2.5-32B, full fine-tune, FSDP over 16 H100 in two servers, one
    // 4,700-token sequence a GPU a step. By hand: 2 all-gathers of the BF16 weights and a reduce-scatter of the
    // gradients, 3 × 2 B × 32.76 B × 15/16 = 184 GB a GPU at 50 GB/s (400 Gb/s) = 3.7 s; the compute of one
    // sequence, 6 × 32.76 B × 4,700 FLOPs (× the attention's share) at the H100's BF16 peak × 0.40, ~2.4 s.
    const std::string base = "v=1&task=tune&method=full&model=Qwen/Qwen2.5-32B&tokens=23.5M&seq=4700&batch=1&ckpt=1&zero=3"
                             "&gpu=h100-sxm";
    const Result two = run(base + "&n=16"), one = run(base + "&n=8");
    const Option* o16 = option_for(two, "h100-sxm");
    const Option* o8 = option_for(one, "h100-sxm");
    REQUIRE((o16 && o8));
    REQUIRE(o16->dp == 16);
    const Message* w = nullptr;
    for (const Message& m : o16->warnings)
        if (m.code == code::train_weight_traffic) w = &m;
    REQUIRE(w);
    CHECK(test::param(*w, "gb") == doctest::Approx(3 * 2 * 32.76 * 15.0 / 16).epsilon(0.02));
    CHECK(test::param(*w, "gbs") == doctest::Approx(50));
    const double compute = test::param(*w, "compute_s");
    CHECK(compute == doctest::Approx(6 * 32.76e9 * 4700 / (989.5e12 * 0.40)).epsilon(0.15));
    CHECK(test::param(*w, "factor") == doctest::Approx(test::param(*w, "move_s") / compute));
    CHECK(test::param(*w, "factor") > 1.3);
    // The hours carry the wait: the same tokens take that much longer than their compute alone (8 GPUs in
    // one server move the weights over NVLink, faster than they compute: no wait there).
    bool waits8 = false;
    for (const Message& m : o8->warnings) waits8 = waits8 || m.code == code::train_weight_traffic;
    CHECK_FALSE(waits8);
    CHECK(o16->gpu_hours.mid == doctest::Approx(o8->gpu_hours.mid * test::param(*w, "factor")).epsilon(0.01));
    // NeMo splits by TP / PP with a distributed optimizer: no weight gathers to wait for.
    const Result nemo_run = run(base + "&n=16&trainer=nemo");
    const Option* nemo = option_for(nemo_run, "h100-sxm");
    REQUIRE(nemo);
    for (const Message& m : nemo->warnings) CHECK(m.code != code::train_weight_traffic);
    // The words, in both languages.
    CHECK(text::render(*w, text::Lang::en).find("between servers") != std::string::npos);
    CHECK(text::render(*w, text::Lang::ru).find("между серверами") != std::string::npos);
}
