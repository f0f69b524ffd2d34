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
    CHECK(h200->score == doctest::Approx(67.0));  // FP64 tensor, H200 datasheet
}
