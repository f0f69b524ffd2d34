// Extremes: 1 T-parameter models, 1 M-token contexts, 100 000 users, zero, negative and huge
// numbers in links. Every result must be finite, every rejected value must be named in a warning,
// and the figures that can be checked by hand still are.
#include <cmath>

#include "helpers.hpp"

using namespace gpusizer;

namespace {

// Every number the engine hands to the UI, the CLI and the DOM is finite.
void check_all_finite(const Result& r, const std::string& link) {
    INFO(link);
    CHECK(non_finite_figure(r) == "");
}

// `pair` is "key='value'", matched against the warning's parameters.
bool has_warning(const std::vector<Warning>& ws, const std::string& code, const std::string& pair = "") {
    for (const auto& w : ws)
        if (w.code == code && (pair.empty() || test::param_text(w, "key") + "='" + test::param_text(w, "value") + "'" == pair))
            return true;
    return false;
}

}  // namespace

TEST_CASE("a 1 T-parameter model: weights by hand, many GPUs, finite everywhere") {
    // Custom dense model of 1 000 B parameters in BF16: 1e12 × 2 bytes = 2 000 GB of weights.
    const std::string link = "v=1&model=custom&params=1000&layers=128&hidden=25600&heads=200&kv_heads=8&users=10&tps=10";
    const Result r = test::run(link);
    check_all_finite(r, link);
    CHECK(r.memory.weights.gb() == doctest::Approx(2000).epsilon(0.01));
    REQUIRE(r.recommended >= 0);
    const Option& rec = r.options[size_t(r.recommended)];
    CHECK(rec.count * rec.capacity_gb >= 2000);  // the GPUs together hold the weights
    CHECK(rec.count >= 8);                       // at most 288 GB per GPU: a whole server or more

    // Kimi K2.5 (1.04 T total parameters, config.json) at its native INT4 experts.
    const std::string kimi = "v=1&model=moonshotai/Kimi-K2.5&ctx=131072&users=100";
    check_all_finite(test::run(kimi), kimi);

    // Training a 1 T model on 10 T tokens: 6·N·D = 6 × 1e12 × 1e13 = 6e25 FLOPs (plus attention).
    const std::string train = "v=1&task=train&model=custom&params=1000&layers=128&hidden=25600&heads=200&kv_heads=8&tokens=10T&days=90";
    const Result t = test::run(train);
    check_all_finite(t, train);
    CHECK(t.flops >= 6e25);
    CHECK(t.flops < 6e25 * 1.5);
}

TEST_CASE("a 1 M-token context: KV cache by hand, and a warning past the model's context") {
    // Llama-3.1-8B config.json: 32 layers, 8 KV heads, head_dim 128. BF16 K+V per token:
    // 2 × 32 × 8 × 128 × 2 B = 131 072 B; one sequence of 1 048 576 tokens: 137.44 GB.
    const std::string link = "v=1&model=meta-llama/Llama-3.1-8B-Instruct&ctx=1048576&users=1";
    const Result r = test::run(link);
    check_all_finite(r, link);
    CHECK(r.memory.kv_cache.gb() == doctest::Approx(131072.0 * 1048576 / 1e9).epsilon(0.005));
    // The model card's context is 131 072 tokens: a million is past it and must be said.
    bool said = false;
    for (const auto& w : r.warnings) said = said || (w.code == code::model_context_over_max && test::param(w, "max") == 131072);
    CHECK_MESSAGE(said, "no warning about the model's maximum context");

    const std::string huge = "v=1&model=Qwen/Qwen3-8B&ctx=16777216&users=1000";
    check_all_finite(test::run(huge), huge);
}

TEST_CASE("100 000 concurrent users: replicas and servers grow, nothing overflows") {
    const std::string link = "v=1&model=Qwen/Qwen3-8B&ctx=8192&users=100000";
    const Result r = test::run(link);
    check_all_finite(r, link);
    REQUIRE(r.recommended >= 0);
    const Option& rec = r.options[size_t(r.recommended)];
    CHECK(rec.users_served >= 100000);
    CHECK(rec.count >= 100);  // ~100 k sequences × 8 k tokens of KV alone is ~117 TB... spread wide
    CHECK(rec.servers >= rec.count / 8);

    const std::string most = "v=1&model=deepseek-ai/DeepSeek-V3&ctx=131072&users=10000000&growth=100000";
    check_all_finite(test::run(most), most);
}

TEST_CASE("zero and negative values are refused by name and the defaults are used") {
    const State defaults;
    for (const char* key : {"ctx", "in", "out", "users", "tps", "ttft", "rank", "epochs", "seq", "batch",
                            "params", "layers", "hidden", "tokens", "days", "mfu", "n"}) {
        for (const char* value : {"0", "-1", "-1e9"}) {
            const std::string link = std::string("v=1&model=custom&") + key + "=" + value;
            const DecodedLink d = decode_link(link);
            INFO(link);
            CHECK(has_warning(d.warnings, "link.bad_value", std::string(key) + "='" + value + "'"));
            check_all_finite(evaluate(d.state, test::bundled()), link);
        }
    }
    // The refused values leave the defaults in place (never a substitute value of our own).
    const DecodedLink d = decode_link("v=1&ctx=0&users=-3&tps=0");
    CHECK(d.state.ctx == defaults.ctx);
    CHECK(d.state.users == defaults.users);
    CHECK(d.state.tps == defaults.tps);
    // Zero is a fair value where it means "none".
    CHECK(decode_link("v=1&growth=0&reserve=0").warnings.empty());
}

TEST_CASE("huge numbers in links are refused, never overflow") {
    for (const char* link : {"v=1&users=1e300", "v=1&ctx=99999999999999999999999999", "v=1&params=1e30&model=custom",
                             "v=1&task=train&tokens=1e40", "v=1&layers=4294967297&model=custom", "v=1&n=2147483648",
                             "v=1&hidden=-2147483649&model=custom", "v=1&days=1e308&task=train", "v=1&rank=1e19&task=tune"}) {
        const DecodedLink d = decode_link(link);
        INFO(link);
        CHECK(has_warning(d.warnings, "link.bad_value"));
        check_all_finite(evaluate(d.state, test::bundled()), link);
    }
    // At the top of every range the engine still answers with finite numbers.
    for (const char* link : {"v=1&model=custom&params=100000&layers=100000&hidden=10000000&heads=100000&kv_heads=100000&ctx=16777216&users=10000000",
                             "v=1&task=train&model=custom&params=100000&layers=100000&hidden=10000000&heads=100000&tokens=10000T&days=0.01",
                             "v=1&task=tune&method=full&model=custom&params=100000&seq=16777216&batch=1000000&rank=65536",
                             "v=1&task=other&use=transcode&streams=10000000&vram=1000000",
                             "v=1&model=Qwen/Qwen3-8B&tps=100000&ttft=0.001&users=10000000"}) {
        const DecodedLink d = decode_link(link);
        INFO(link);
        CHECK(d.warnings.empty());
        check_all_finite(evaluate(d.state, test::bundled()), link);
    }
}

TEST_CASE("the finiteness check names the first bad figure") {
    Result r = test::run("v=1&model=Qwen/Qwen3-8B");
    REQUIRE(r.options.size() >= 2);
    CHECK(non_finite_figure(r) == "");
    r.options[1].ttft_s.mid = std::nan("");
    CHECK(non_finite_figure(r) == "options[1].ttft_s.mid");
    r.options[0].cost_per_hour = HUGE_VAL;
    CHECK(non_finite_figure(r) == "options[0].cost_per_hour");
    r.flops = -HUGE_VAL;
    CHECK(non_finite_figure(r) == "flops");
}

TEST_CASE("extremes of the model and load stay finite") {
    for (const char* link : {"v=1&model=moonshotai/Kimi-K2.5&ctx=1000000&users=100000",
                             "v=1&model=custom&params=1000&layers=200&hidden=32768&heads=256&kv_heads=8&users=10",
                             "v=1&model=Qwen/Qwen3-8B&ctx=1&in=1&out=1&users=1&tps=0.01&ttft=0.001"}) {
        const Result r = test::run(link);
        CHECK(!r.options.empty());
        check_all_finite(r, link);
    }
}
