// Serving at a request rate (engine/slo.hpp): the queueing pieces against textbook values, the
// percentiles' order and growth with load, the fleet for a rate, and the link keys.
#include <algorithm>

#include "engine/codes.hpp"
#include "engine/length_presets.hpp"
#include "engine/serving_model.hpp"
#include "engine/slo.hpp"
#include "helpers.hpp"
#include "text/text.hpp"

using namespace gpusizer;
using test::run;
using text::Lang;

namespace {

const Option* first_on(const Result& r, const char* gpu, int tp = 0) {
    for (const Option& o : r.options)
        if (o.gpu_id == gpu && (tp == 0 || o.tp == tp)) return &o;
    return nullptr;
}

}  // namespace

TEST_CASE("the normal quantile: the values of the standard table") {
    CHECK(normal_quantile(0.5) == doctest::Approx(0.0).epsilon(1e-9));
    CHECK(normal_quantile(0.975) == doctest::Approx(1.959964).epsilon(1e-6));
    CHECK(normal_quantile(0.99) == doctest::Approx(2.326348).epsilon(1e-6));
    CHECK(normal_quantile(0.9) == doctest::Approx(1.281552).epsilon(1e-6));
    CHECK(normal_quantile(0.01) == doctest::Approx(-2.326348).epsilon(1e-6));
}

TEST_CASE("Erlang C: hand-computed M/M/c waiting probabilities") {
    // c = 2, a = 1: (a²/2! · 2/(2−1)) / (1 + a + a²/2! · 2/(2−1)) = 1 / 3.
    CHECK(erlang_c(2, 1) == doctest::Approx(1.0 / 3.0));
    // c = 1 is M/M/1: the waiting probability is ρ.
    CHECK(erlang_c(1, 0.7) == doctest::Approx(0.7));
    // Far below the slot count nobody waits; at the slot count everybody does.
    CHECK(erlang_c(1000, 500) == 0);
    CHECK(erlang_c(10, 10) == 1);
    // Many slots at the same load per slot wait less (economy of scale).
    CHECK(erlang_c(100, 90) < erlang_c(10, 9));
}

TEST_CASE("rate sizing: percentiles ordered, growing with the rate, and a fleet with a spare") {
    const char* base = "v=1&task=infer&model=meta-llama/Llama-3.1-8B-Instruct&gpu=h100-sxm&ctx=8192&in=1000&out=200"
                       "&ttft=2&tps=20&pct=99";
    const Result low = run(std::string(base) + "&rps=2&n=1");
    const Result high = run(std::string(base) + "&rps=20&n=1");
    const Option* a = first_on(low, "h100-sxm");
    const Option* b = first_on(high, "h100-sxm");
    REQUIRE(a);
    REQUIRE(b);
    REQUIRE(a->slo);
    REQUIRE(b->slo);
    for (const Option* o : {a, b}) {
        const SloPoint& p = o->slo->at;
        CHECK(p.ttft_s.p50 <= p.ttft_s.p90);
        CHECK(p.ttft_s.p90 <= p.ttft_s.p95);
        CHECK(p.ttft_s.p95 <= p.ttft_s.p99);
        CHECK(p.tpot_s.p50 <= p.tpot_s.p99);
        CHECK(p.ttft_at_pct == doctest::Approx(p.ttft_s.p99));
    }
    // Ten times the rate: more requests in flight, slower tokens, a later first token.
    CHECK(b->slo->at.concurrency > 5 * a->slo->at.concurrency);
    CHECK(b->slo->at.tpot_s.p99 > a->slo->at.tpot_s.p99);
    CHECK(b->slo->at.ttft_s.p99 > a->slo->at.ttft_s.p99);
    // Little's law: requests in flight = rate × time in the replica (TTFT + answer × TPOT), within
    // the difference between the mean and the median.
    const SloPoint& p = b->slo->at;
    CHECK(p.concurrency == doctest::Approx(20 * (p.ttft_s.p50 + 200 * p.tpot_s.p50)).epsilon(0.1));

    // Unpinned: as many replicas as the rate needs at the percentile, plus one spare (N+1).
    const Result fleet = run(std::string(base) + "&rps=100");
    const Option* f = first_on(fleet, "h100-sxm", 1);
    REQUIRE(f);
    REQUIRE(f->slo);
    CHECK(f->fits);
    CHECK(f->slo->replicas_needed == int(std::ceil(100 / f->slo->rps_max_per_replica)));
    CHECK(f->replicas == f->slo->replicas_needed + 1);
    CHECK(f->slo->rps_max >= 100);
    // The share each active replica gets meets the targets.
    CHECK(f->slo->at.ttft_at_pct <= 2.0);
    CHECK(f->slo->at.tpot_at_pct <= 1.0 / 20);
}

TEST_CASE("the latency curve: rates spread from 5 % to 98 % of saturation, each point a true operating point") {
    const Result r = run("v=1&task=infer&model=meta-llama/Llama-3.1-70B-Instruct&ctx=8192&in=1000&out=300"
                         "&rps=50&pct=99&ttft=2&tps=20");
    REQUIRE(r.recommended >= 0);
    const Option& rec = r.options[size_t(r.recommended)];
    REQUIRE(rec.slo);
    const std::vector<SloPoint>& c = rec.slo->curve;
    REQUIRE(c.size() == 12);
    const double sat = rec.slo->saturation_rps;
    CHECK(c.front().rps == doctest::Approx(0.05 * sat).epsilon(1e-3));
    CHECK(c.back().rps == doctest::Approx(0.98 * sat).epsilon(1e-3));
    for (size_t i = 1; i < c.size(); ++i) {
        const double step = (c[i].rps - c[i - 1].rps) / sat;
        // About evenly spaced (the mean step is 0.93 / 11 of saturation): no gap over twice the mean,
        // no two points closer than a third of it (the last steps near saturation are the shortest).
        CHECK(step > 0.93 / 11 / 3);
        CHECK(step < 2.0 * 0.93 / 11);
        CHECK(c[i].concurrency > c[i - 1].concurrency);
        CHECK(c[i].ttft_at_pct >= c[i - 1].ttft_at_pct);
    }
    // A point of the curve is the model's figure at its own rate: slo_point at that rate agrees.
    const std::vector<const GpuSpec*> gpus{&test::gpu(rec.gpu_id.c_str())};
    const Job job{r.state, test::bundled(), r.model, r.weight_format, gpus};
    const Replica mid = make_replica(job, *gpus[0], rec.tp, rec.pp, Assumptions::typical(), 1);
    SloLoad at;
    at.rps = c[5].rps;
    at.pct = 99;
    at.burst = r.state.burst;
    at.spread = r.state.spread;
    const SloPoint p = slo_point(mid, at);
    CHECK(p.concurrency == doctest::Approx(c[5].concurrency).epsilon(1e-3));
    CHECK(p.ttft_at_pct == doctest::Approx(c[5].ttft_at_pct).epsilon(1e-3));
    CHECK(p.tpot_at_pct == doctest::Approx(c[5].tpot_at_pct).epsilon(1e-3));
    // The curves the page draws: the recommendation's and each GPU's first fitting option; no other.
    std::vector<std::string> seen;
    for (size_t i = 0; i < r.options.size(); ++i) {
        const Option& o = r.options[i];
        const bool first = o.fits && o.slo && std::find(seen.begin(), seen.end(), o.gpu_id) == seen.end();
        if (first) seen.push_back(o.gpu_id);
        const size_t expected = o.slo && (first || int(i) == r.recommended) ? 12 : 0;
        const std::string which = o.gpu_id + " tp " + std::to_string(o.tp);
        if (o.slo) CHECK_MESSAGE(o.slo->curve.size() == expected, which);
    }
    CHECK(seen.size() > 10);
}

TEST_CASE("rate sizing: the rate within the targets is below saturation, more so at a stricter percentile") {
    const char* base = "v=1&task=infer&model=meta-llama/Llama-3.1-8B-Instruct&gpu=h100-sxm&ctx=8192&in=1000&out=200"
                       "&ttft=0.5&tps=20&n=1&rps=1";
    const Result r50 = run(std::string(base) + "&pct=50"), r99 = run(std::string(base) + "&pct=99");
    const Result rb = run(std::string(base) + "&pct=99&burst=3");
    const Option* p50 = first_on(r50, "h100-sxm");
    const Option* p99 = first_on(r99, "h100-sxm");
    const Option* bursty = first_on(rb, "h100-sxm");
    REQUIRE((p50 && p99 && bursty && p50->slo && p99->slo && bursty->slo));
    CHECK(p99->slo->rps_max_per_replica < p50->slo->rps_max_per_replica);
    CHECK(p50->slo->rps_max_per_replica < p50->slo->saturation_rps);
    // Bursty arrivals (CV 3) queue more: fewer requests per second within the same targets.
    CHECK(bursty->slo->rps_max_per_replica < p99->slo->rps_max_per_replica);
}

TEST_CASE("rate sizing: a pinned fleet that cannot carry the rate says how much it carries") {
    const Result r = run("v=1&task=infer&model=meta-llama/Llama-3.1-8B-Instruct&gpu=l4&ctx=8192&in=1000&out=200"
                         "&ttft=2&tps=10&n=1&rps=500");
    const Option* o = first_on(r, "l4");
    REQUIRE(o);
    REQUIRE(o->slo);
    CHECK_FALSE(o->fits);
    CHECK(o->reason.code == std::string(code::reason_rate_over));
    CHECK(test::param(o->reason, "max") == doctest::Approx(o->slo->rps_max));
    CHECK(o->slo->rps_max < 500);
}

TEST_CASE("rate keys: round trip, defaults left out, bad values refused") {
    const DecodedLink d = decode_link("v=1&rps=12.5&burst=2&pct=99&spread=0.5&spare=2");
    CHECK(d.warnings.empty());
    CHECK(d.state.rps == 12.5);
    CHECK(d.state.burst == 2);
    CHECK(d.state.pct == 99);
    CHECK(d.state.spread == 0.5);
    CHECK(d.state.spare == 2);
    const std::string link = encode_link(d.state);
    CHECK(link.find("rps=12.5") != std::string::npos);
    CHECK(decode_link(link).state.spare == 2);
    CHECK(encode_link(State{}).find("rps=") == std::string::npos);
    const DecodedLink bad = decode_link("v=1&pct=100&burst=-1&spare=1.5");
    CHECK(bad.warnings.size() == 3);
    CHECK(bad.state.pct == State{}.pct);
    CHECK(bad.state.spare == State{}.spare);
}

TEST_CASE("the length presets: published means and spreads, each with its source and words in both languages") {
    std::size_t n = 0;
    const LengthPreset* p = length_presets(&n);
    REQUIRE(n == 4);
    for (std::size_t i = 0; i < n; ++i) {
        CAPTURE(p[i].key);
        CHECK(p[i].in >= 1);
        CHECK(p[i].out >= 1);
        CHECK(p[i].spread >= 0);
        CHECK(std::string(p[i].source).rfind("https://", 0) == 0);
        for (Lang l : {Lang::en, Lang::ru}) {
            CHECK(text::message_template(p[i].name, l) != nullptr);
            CHECK(text::message_template(p[i].basis, l) != nullptr);
        }
    }
    // Azure's 2023 conversation trace: 19,366 requests, prompts 1,154.7 ± 1,108.8, answers 211.1.
    CHECK(std::string(p[0].key) == "chat");
    CHECK(p[0].in == 1155);
    CHECK(p[0].out == 211);
    CHECK(p[0].spread == doctest::Approx(1108.8 / 1154.7).epsilon(0.01));
    // Its coding trace: 8,819 completions, prompts 2,047.8 ± 1,973.8, answers 27.9.
    CHECK(std::string(p[2].key) == "code");
    CHECK(p[2].spread == doctest::Approx(1973.8 / 2047.8).epsilon(0.01));
    // RAG: no published trace, no spread: fixed lengths, said in its basis.
    CHECK(std::string(p[1].key) == "rag");
    CHECK(p[1].spread == 0);
}

TEST_CASE("a prompt and answer that outgrow the context per request are said, not sized silently") {
    auto said = [](const char* link) {
        const Result r = run(link);
        for (const Message& w : r.warnings)
            if (w.code == code::load_over_context) return true;
        return false;
    };
    CHECK(said("v=1&ctx=2048&in=2048&out=28&rps=5"));
    CHECK(said("v=1&ctx=1024&in=1000&out=500"));             // users as well as a rate
    CHECK_FALSE(said("v=1&ctx=4096&in=2048&out=2048"));      // exactly the context
    CHECK_FALSE(said("v=1&use=embed&ctx=512&in=1000&out=500"));  // an embedder has no answer
    const Result r = run("v=1&ctx=2048&in=2048&out=28");
    bool worded = false;
    for (const Message& w : r.warnings)
        if (w.code == code::load_over_context)
            worded = text::render(w, Lang::ru).find("2076") != std::string::npos;
    CHECK(worded);
}

TEST_CASE("a TTFT percentile counts that percentile of the step still running on arrival") {
    // At 1 request/s with fixed lengths nobody queues: p50 and p99 differ only by the rest of the
    // step running when the request comes, uniform over the step, the replica busy with 1 − e^−N.
    const DecodedLink d = decode_link("v=1&task=infer&model=meta-llama/Llama-3.1-8B-Instruct&ctx=8192&in=200&out=180");
    const ModelSpec& m = test::model(d.state.model.c_str());
    const std::vector<const GpuSpec*> gpus{&test::gpu("h100-pcie")};
    const Job job{d.state, test::bundled(), m, m.native_format, gpus};
    const Replica r = make_replica(job, *gpus[0], 1, 1, Assumptions::typical(), 1);
    SloLoad load;
    load.rps = 1;
    const SloPoint p = slo_point(r, load);
    const Cycle c = r.cycle(std::max(1.0, p.concurrency));
    auto rest = [&](double q) { return residual_quantile(c, p.concurrency, q); };
    CHECK(p.ttft_s.p99 - p.ttft_s.p50 == doctest::Approx(rest(0.99) - rest(0.50)).epsilon(0.02));
    CHECK(p.ttft_s.p99 - p.ttft_s.p50 > 0.4 * c.mean_step);
    CHECK(p.ttft_s.p99 - p.ttft_s.p50 < c.mean_step);
}

TEST_CASE("the step running on arrival: long prompt-carrying steps catch more arrivals") {
    // Half the time in 200 ms steps carrying a prompt chunk, half in 10 ms decode steps; always busy.
    Cycle c;
    c.decode_step = 0.010;
    c.prefill_step = 0.200;
    c.prefill_share = 0.5;
    const double n = 50;  // 1 − e^−50: busy
    // Below the decode step both kinds contribute: CDF slope 0.5/0.2 + 0.5/0.01 = 52.5 per second.
    CHECK(residual_quantile(c, n, 0.50) == doctest::Approx(0.50 / 52.5));
    // Past it only the long steps remain: 0.2 × (0.99 − 0.5) / 0.5.
    CHECK(residual_quantile(c, n, 0.99) == doctest::Approx(0.2 * 0.49 / 0.5));
    // An idle replica has nothing running: below its idle share the rest is 0.
    CHECK(residual_quantile(c, 0.1, 0.5) == 0);  // idle with probability e^−0.1 = 0.905
    CHECK(residual_quantile(c, 0.1, 0.99) > 0);
}
