// Partial offload (offload=1, engine/offload.hpp): one consumer card with MoE experts or whole
// layers in host RAM, as llama.cpp runs it. The article's own case: gpt-oss-20b on an 8 GB RTX 3070.
#include "engine/hardware.hpp"
#include "engine/offload.hpp"
#include "engine/serving_model.hpp"
#include "helpers.hpp"
#include "text/text.hpp"

using namespace gpusizer;
using test::run;

namespace {

const Option* offload_option_of(const Result& r, const char* gpu) {
    for (const auto& o : r.options)
        if (o.gpu_id == gpu && o.offload) return &o;
    return nullptr;
}

std::string command_of(const Option& o) {
    std::string c;
    for (const auto& line : o.command) c += line.shell + "\n";
    return c;
}

}  // namespace

TEST_CASE("offload: gpt-oss-20b fits one RTX 3070 with offload, not without") {
    const std::string base = "v=1&model=openai/gpt-oss-20b&gpu=rtx-3070&n=1&users=1";
    const Result plain = run(base);
    for (const auto& o : plain.options) CHECK_FALSE(o.fits);
    CHECK(offload_option_of(plain, "rtx-3070") == nullptr);

    const Result r = run(base + "&offload=1");
    const Option* o = offload_option_of(r, "rtx-3070");
    REQUIRE(o != nullptr);
    CHECK(o->fits);
    CHECK(o->count == 1);
    REQUIRE(r.recommended >= 0);
    CHECK(r.options[size_t(r.recommended)].offload.has_value());
    // Experts only: attention and the output layer stay on the GPU.
    CHECK(o->offload->experts_only);
    CHECK(o->offload->host_layers > 0);
    CHECK(o->offload->host_layers < 24);
    const std::string cmd = command_of(*o);
    CHECK(cmd.find(" -ngl 999 --n-cpu-moe " + std::to_string(o->offload->host_layers) + " ") != std::string::npos);
    CHECK(cmd.find("llama-server -hf ggml-org/gpt-oss-20b-GGUF ") == 0);  // the catalog's GGUF repository
    CHECK(cmd.find(" -c 8192 -np 1") != std::string::npos);
    // Decode speed: GPU-only 448 GB/s card is not the limit, the DDR4 side is (more than half a token's time).
    CHECK(o->offload->host_share > 0.5);
    CHECK(o->decode_tps_per_user.mid > 20);
    CHECK(o->decode_tps_per_user.mid < 60);
    // DDR5 is faster by less than its 1.75x bandwidth ratio: the GPU side does not change.
    const Result ddr5 = run(base + "&offload=1&ddr=5");
    const Option* fast = offload_option_of(ddr5, "rtx-3070");
    REQUIRE(fast != nullptr);
    CHECK(fast->decode_tps_per_user.mid > o->decode_tps_per_user.mid * 1.2);
    CHECK(fast->decode_tps_per_user.mid < o->decode_tps_per_user.mid * 1.75);
}

TEST_CASE("offload: the split is the least that fits, and its speed is the sum of the two sides") {
    const DecodedLink d = decode_link("v=1&model=openai/gpt-oss-20b&gpu=rtx-3070&users=1&offload=1");
    const ModelSpec& m = test::model("openai/gpt-oss-20b");
    const Result r = evaluate(d.state, test::bundled());
    const Option* o = offload_option_of(r, "rtx-3070");
    REQUIRE(o != nullptr);
    const int n = o->offload->host_layers;
    // The ggml-org MXFP4 GGUF is 11.27 GiB (llama-bench, llama.cpp discussion #15396): experts in
    // MXFP4, every other tensor in Q8_0.
    const OffloadSplit none = offload_split(m, WeightFormat::mxfp4, 0, true);
    CHECK((none.gpu_weights() + none.host_weights()).value / (1024.0 * 1024 * 1024) == doctest::Approx(11.27).epsilon(0.03));
    // One layer fewer on the CPU would not leave room on the GPU: weights + compute buffer + runtime + KV.
    const OffloadSplit fewer = offload_split(m, WeightFormat::mxfp4, n - 1, true);
    const OffloadSplit chosen = offload_split(m, WeightFormat::mxfp4, n, true);
    const double usable = usable_memory(test::gpu("rtx-3070"), 10).value;
    const double rest = (o->per_gpu.activations + o->per_gpu.overhead + o->per_gpu.kv_cache).value;
    CHECK(fewer.gpu_weights().value + rest > usable);
    CHECK(chosen.gpu_weights().value + rest <= usable);
    CHECK(o->per_gpu.weights.value == doctest::Approx(chosen.gpu_weights().value));
    // Hand calculation of one user's token (typical set): VRAM bytes at 448 GB/s × 0.70, host bytes
    // at 51.2 GB/s × 0.55, 2 hand-overs per offloaded layer × 30 µs, 25 µs per layer and kernel group.
    const double touched = 1.0 - std::pow(1.0 - 4.0 / 32.0, 1);
    const double gpu_bytes = chosen.gpu_dense.value + chosen.gpu_experts.value * touched;
    const double host_bytes = (chosen.host_dense - chosen.host_lookup).value + chosen.host_experts.value * touched;
    const double kv = o->per_gpu.kv_cache.value;  // one sequence; read at (in + out/2) / ctx of it, roughly
    const double token = gpu_bytes / (448e9 * 0.70) + host_bytes / (51.2e9 * 0.55) + 2 * n * 30e-6 + 48 * 25e-6;
    CHECK(1.0 / o->decode_tps_per_user.mid == doctest::Approx(token).epsilon(0.05));
    CHECK(kv > 0);
}

TEST_CASE("offload: not enough host RAM, a GPU too small even with every layer out, a pinned split") {
    const Result ram = run("v=1&model=openai/gpt-oss-120b&gpu=rtx-4090&users=1&offload=1&ram=32");
    const Option* o = offload_option_of(ram, "rtx-4090");
    REQUIRE(o != nullptr);
    CHECK_FALSE(o->fits);
    CHECK(o->reason.code == std::string(code::reason_offload_ram));
    CHECK(test::param(o->reason, "need") > 32);
    CHECK(text::render(o->reason, text::Lang::en).find("host RAM") != std::string::npos);
    // Whole layers for a dense model: -ngl counts the GPU's layers, and the output layer moves out.
    const Result dense = run("v=1&model=Qwen/Qwen3-32B&wq=q4_k_m&gpu=rtx-3070&users=1&offload=1&tps=1&ttft=60");
    const Option* d = offload_option_of(dense, "rtx-3070");
    REQUIRE(d != nullptr);
    CHECK_FALSE(d->offload->experts_only);
    const int gpu_layers = d->offload->layers - d->offload->host_layers;
    CHECK(command_of(*d).find(" -ngl " + std::to_string(gpu_layers) + " ") != std::string::npos);
    // The user's own --n-cpu-moe: sized as given.
    const Result pinned = run("v=1&model=openai/gpt-oss-20b&gpu=rtx-3070&users=1&offload=1&cpu_layers=24&tps=1");
    const Option* p = offload_option_of(pinned, "rtx-3070");
    REQUIRE(p != nullptr);
    CHECK(p->offload->host_layers == 24);
    CHECK(p->fits);
    // Every expert on DDR4-3200: the 7900 XT + 5900X sweep in discussion #15396 reads "~20 tok/s".
    CHECK(p->decode_tps_per_user.mid == doctest::Approx(20).epsilon(0.25));
    // A split that leaves the GPU too full is refused with the reason, not silently changed.
    const Result tight = run("v=1&model=openai/gpt-oss-20b&gpu=rtx-3070&users=1&offload=1&cpu_layers=0");
    const Option* t = offload_option_of(tight, "rtx-3070");
    REQUIRE(t != nullptr);
    CHECK_FALSE(t->fits);
    CHECK(t->reason.code == std::string(code::reason_offload_split));
    // Absurd values stay finite.
    for (const char* link : {"v=1&model=openai/gpt-oss-20b&gpu=rtx-3070&offload=1&cpu_layers=100000&ram=1&ram_gbs=1",
                             "v=1&model=deepseek-ai/DeepSeek-V3.2&gpu=t4&offload=1&users=100000&ctx=1048576"})
        CHECK(non_finite_figure(run(link)).empty());
}

TEST_CASE("offload: the link keys round-trip and bad values are refused") {
    const DecodedLink d = decode_link("v=1&offload=1&ram=96&ddr=5&ram_gbs=83.2&cpu_layers=14");
    CHECK(d.warnings.empty());
    CHECK(d.state.offload);
    CHECK(d.state.ram == 96);
    CHECK(d.state.ddr == HostRam::ddr5);
    CHECK(*d.state.ram_gbs == doctest::Approx(83.2));
    CHECK(*d.state.cpu_layers == 14);
    const DecodedLink again = decode_link(encode_link(d.state));
    CHECK(again.state.offload);
    CHECK(again.state.ram == 96);
    CHECK(again.state.ddr == HostRam::ddr5);
    CHECK(*again.state.cpu_layers == 14);
    CHECK(encode_link(State{}).find("offload") == std::string::npos);
    const DecodedLink bad = decode_link("v=1&offload=yes&ddr=3&cpu_layers=-1");
    CHECK(bad.warnings.size() == 3);
    CHECK_FALSE(bad.state.offload);
    CHECK(bad.state.ddr == HostRam::ddr4);
    CHECK_FALSE(bad.state.cpu_layers.has_value());
}

TEST_CASE("offload: review fixes — host KV in batched steps, the output layer alone, dense MXFP4, refused splits") {
    // A step of 32+ tokens still reads the CPU layers' KV from host RAM: one more user never speeds
    // everyone up (the split is the same, 31 of 40 layers).
    const std::string load = "v=1&model=Qwen/Qwen3-14B&wq=q4_k_m&gpu=rtx-3090&offload=1&tps=0.01&ttft=10000"
                             "&ctx=16384&in=12000&out=500&ram=1024&users=";
    const Result r31 = run(load + "31");
    const Option* u31 = offload_option_of(r31, "rtx-3090");
    const Result r32 = run(load + "32");
    const Option* u32 = offload_option_of(r32, "rtx-3090");
    REQUIRE(u31 != nullptr);
    REQUIRE(u32 != nullptr);
    CHECK(u31->offload->host_layers == u32->offload->host_layers);
    CHECK(u32->decode_tps_per_user.mid <= u31->decode_tps_per_user.mid);
    // Dense: the output layer alone goes first (-ngl = layers), before any whole layer.
    const Result r_out = run("v=1&model=Qwen/Qwen3-32B&wq=q4_k_m&gpu=rtx-3090&users=1&offload=1&tps=0.1&ttft=1000&ctx=9216");
    const Option* out = offload_option_of(r_out, "rtx-3090");
    REQUIRE(out != nullptr);
    CHECK(out->offload->host_layers == 0);
    CHECK(out->offload->output_on_host);
    CHECK(command_of(*out).find(" -ngl 64 ") != std::string::npos);
    // llama.cpp's MXFP4 type quantizes experts only: a dense model is served as Q8_0, and says so.
    const Result r_mx = run("v=1&model=Qwen/Qwen3-32B&gpu=rtx-3070&users=1&offload=1&wq=mxfp4&tps=0.1&ttft=100");
    const Option* mx = offload_option_of(r_mx, "rtx-3070");
    REQUIRE(mx != nullptr);
    CHECK(mx->offload->format == WeightFormat::q8_0);
    CHECK(command_of(*mx).find(":Q8_0") != std::string::npos);
    // A refused pinned split names the layers it could place and carries no speed warning.
    const Result r_big = run("v=1&model=deepseek-ai/DeepSeek-V3.2&gpu=t4&users=1&offload=1&cpu_layers=100000");
    const Option* big = offload_option_of(r_big, "t4");
    REQUIRE(big != nullptr);
    CHECK_FALSE(big->fits);
    CHECK(test::param(big->reason, "host") == 61);
    for (const auto& w : big->warnings) CHECK(w.code != std::string(code::offload_placed));
    // The host KV of the RAM reason is its own figure (0 here: MoE experts only, the KV stays on the GPU).
    const Result r_ram = run("v=1&model=openai/gpt-oss-20b&gpu=rtx-3070&users=1&offload=1&ram=1");
    const Option* ram = offload_option_of(r_ram, "rtx-3070");
    REQUIRE(ram != nullptr);
    CHECK(test::param(ram->reason, "kv") == 0);
    CHECK(text::render(ram->reason, text::Lang::en).find("KV") == std::string::npos);
}

TEST_CASE("offload: interleaved experts move in pairs of layers; only MoE layers go back and forth") {
    // Llama 4 Maverick: experts in layers 1, 3, … 47 (interleave_moe_layer_step 2). llama.cpp's
    // --n-cpu-moe N keeps the experts of the first N layers in RAM: N layers hold N / 2 MoE layers.
    const ModelSpec& m = test::model("meta-llama/Llama-4-Maverick-17B-128E-Instruct");
    REQUIRE(m.moe);
    const OffloadSplit all = offload_split(m, WeightFormat::q4_k_m, m.layers, true);
    const OffloadSplit half = offload_split(m, WeightFormat::q4_k_m, 24, true);  // layers 0–23: 12 MoE layers
    const OffloadSplit odd = offload_split(m, WeightFormat::q4_k_m, 25, true);   // layer 24 is dense
    CHECK(half.host_experts.value == doctest::Approx(all.host_experts.value * 12.0 / 24.0));
    CHECK(odd.host_experts.value == doctest::Approx(half.host_experts.value));
    // The chosen split is the least that fits, so it ends on an MoE layer: an even N.
    const Result r = run("v=1&model=meta-llama/Llama-4-Maverick-17B-128E-Instruct&offload=1&wq=q4_k_m&gpu=rtx-4090"
                         "&ram=512&users=1&ctx=8192&tps=5&ttft=120");
    const Option* o = offload_option_of(r, "rtx-4090");
    REQUIRE(o != nullptr);
    REQUIRE(o->offload->experts_only);
    CHECK(o->offload->host_layers % 2 == 0);
    CHECK(command_of(*o).find("--n-cpu-moe " + std::to_string(o->offload->host_layers)) != std::string::npos);
}
