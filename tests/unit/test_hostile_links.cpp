// Hostile inputs, second round (issue 27): links that cost too much to evaluate, custom models a link
// describes, values that carry a URL, names that would reorder or hide text.
#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

#include "helpers.hpp"

using namespace gpusizer;

namespace {

double ms_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

// The costliest links found: custom models at the top of every count (layers, experts, heads),
// with offload=1 (a split searched per GPU), and the load keys (users, n, ctx, tokens, ...) at theirs.
std::vector<std::string> worst_links() {
    const std::string deep = "model=custom&params=1000&layers=100000&hidden=8192&heads=64";
    const std::string thin = "model=custom&params=100&layers=100000&hidden=64&heads=1";
    const std::string moe = "model=custom&params=9999&layers=100000&hidden=64&heads=1&experts=8";
    const std::string wide = "model=custom&params=100000&layers=100000&hidden=64&heads=1&experts=1048576"
                             "&topk=1048576&shared=1048576&expert_inter=100000000&dense_layers=99999";
    const std::string big = "model=custom&params=100000&layers=100000&hidden=10000000&heads=100000";
    std::vector<std::string> links = {
        "v=1&" + deep + "&offload=1",
        "v=1&" + thin + "&offload=1",
        "v=1&" + moe + "&offload=1",
        "v=1&" + moe + "&offload=1&users=1",
        "v=1&" + wide + "&offload=1",
        "v=1&" + thin + "&offload=1&users=10000000&ctx=16777216&ram=65536",
        "v=1&" + moe + "&offload=1&gpu=rtx-3070&ram=1",
        "v=1&" + moe + "&offload=1&view=models&gpu=rtx-3070",
        "v=1&" + deep + "&offload=1&cpu_layers=100000",
        "v=1&users=10000000&ctx=16777216&in=16777216&out=16777216",
        "v=1&n=100000&users=10000000",
        "v=1&" + big + "&n=100000",
        "v=1&task=train&n=100000&tokens=1e16",
        "v=1&task=train&" + big + "&tokens=1e16&seq=16777216&batch=1000000",
        "v=1&task=tune&" + wide + "&n=100000&epochs=10000",
        "v=1&task=train&gpuh=1e12&gpuh_gpu=h100-sxm&" + moe,
        "v=1&use=asr&audio_h=10000000&streams=10000000&asr_batch=4096&beam=16",
        "v=1&use=embed&docs=1e13&doc_tokens=16777216&qps=10000000",
        "v=1&use=copilot&users=10000000&" + wide,
        "v=1&view=models&gpu=h100-sxm&n=100000&offload=1&users=10000000",
        "v=1&task=other&streams=10000000&vram=1000000",
    };
    return links;
}

}  // namespace

TEST_CASE("no link takes long to evaluate: 100 000 layers with offload=1 and every count at its top") {
    // Natively every one of these takes a few ms; 500 ms leaves room for sanitizers, wasm and a loaded
    // machine (the requirement is 50 ms natively: the message prints the real figure).
    double worst = 0;
    std::string worst_link;
    for (const std::string& link : worst_links()) {
        const State s = decode_link(link).state;
        (void)evaluate(s, test::bundled());  // warm
        const auto t0 = std::chrono::steady_clock::now();
        const Result r = evaluate(s, test::bundled());
        const double ms = ms_since(t0);
        INFO(link);
        CHECK(ms < 500);
        CHECK(non_finite_figure(r) == "");
        if (ms > worst) worst = ms, worst_link = link;
    }
    MESSAGE("slowest evaluation: " << worst << " ms, " << worst_link);
}

TEST_CASE("offload with 100 000 layers still finds the least split") {
    // 100 000 thin layers of a 100 B dense model: the split that fits is found without trying each.
    const Result r = test::run("v=1&model=custom&params=100&layers=100000&hidden=64&heads=1&offload=1&users=1"
                               "&gpu=rtx-4090&ram=1024");
    const Option* o = nullptr;
    for (const auto& x : r.options)
        if (x.offload) o = &x;
    REQUIRE(o != nullptr);
    const int host = o->offload->host_layers;
    CHECK(host > 0);
    CHECK(host < 100000);
    // One layer fewer on the host does not fit: the split is the least.
    const Result fewer = test::run("v=1&model=custom&params=100&layers=100000&hidden=64&heads=1&offload=1&users=1"
                                   "&gpu=rtx-4090&ram=1024&cpu_layers=" + std::to_string(host - 1));
    const Option* f = nullptr;
    for (const auto& x : fewer.options)
        if (x.offload) f = &x;
    REQUIRE(f != nullptr);
    CHECK_FALSE(f->fits);
}
