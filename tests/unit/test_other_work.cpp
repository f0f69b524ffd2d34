// Other GPU work: rules over catalog facts, each non-fitting GPU with its reason.
#include "helpers.hpp"

using namespace gpusizer;
using test::option_for;
using test::run;

TEST_CASE("rendering needs a graphics pipeline with RT cores") {
    const Result r = run("v=1&task=other&use=render&vram=20");
    const Option* h100 = option_for(r, "h100-sxm");
    const Option* pro = option_for(r, "rtx-pro-6000");
    REQUIRE(h100); REQUIRE(pro);
    CHECK_FALSE(h100->fits);
    CHECK(h100->reason.code == code::reason_no_graphics);
    CHECK(pro->fits);
    const Option* r3070 = option_for(r, "rtx-3070");
    REQUIRE(r3070);
    CHECK_FALSE(r3070->fits);  // 8 GB < 20 GB scene
    CHECK(r3070->reason.code == code::reason_scene_memory);
    CHECK(test::param(r3070->reason, "need") == 20);
}

TEST_CASE("transcoding needs NVENC; stream count sizes the GPUs") {
    const Result r = run("v=1&task=other&use=transcode&streams=100&res=1080p");
    const Option* h100 = option_for(r, "h100-sxm");
    REQUIRE(h100);
    CHECK_FALSE(h100->fits);  // Hopper has NVDEC only
    CHECK(h100->reason.code == code::reason_no_nvenc);
    const Option* l4 = option_for(r, "l4");
    REQUIRE(l4);
    CHECK(l4->fits);
    CHECK(l4->count == int(std::ceil(100.0 / (test::gpu("l4").nvenc * 13.0))));
}

TEST_CASE("HPC needs a real FP64 rate") {
    const Result r = run("v=1&task=other&use=hpc&vram=40");
    const Option* g4090 = option_for(r, "rtx-4090");
    const Option* h200 = option_for(r, "h200");
    REQUIRE(g4090); REQUIRE(h200);
    CHECK_FALSE(g4090->fits);
    CHECK(g4090->reason.code == code::reason_no_fp64);
    CHECK(test::param(g4090->reason, "fp64") < 1);
    CHECK(h200->fits);
    CHECK(h200->score == doctest::Approx(34.0));  // ranked by vector FP64 (H200 datasheet), not the 67 of FP64 tensor
    CHECK(h200->score_label.code == std::string(code::score_fp64));
}

TEST_CASE("HPC: an FP64 part runs FP64 at 1/2 of FP32; B300 and H800 (1/60, 1/67) do not fit") {
    const Result r = run("v=1&task=other&use=hpc&vram=40");
    for (const char* id : {"b300", "h800"}) {
        const Option* o = option_for(r, id);
        REQUIRE(o);
        INFO(id);
        CHECK_FALSE(o->fits);
        CHECK(o->reason.code == std::string(code::reason_fp64_fraction));
        CHECK(test::param(o->reason, "ratio") > 4);
    }
    for (const char* id : {"b200", "h100-sxm", "a100-80gb", "mi300x"}) {
        const Option* o = option_for(r, id);
        REQUIRE(o);
        INFO(id);
        CHECK(o->fits);
    }
    // B300: 1.25 TFLOPS FP64 against 75 TFLOPS FP32.
    CHECK(test::param(option_for(r, "b300")->reason, "fp64") == doctest::Approx(1.25));
}
