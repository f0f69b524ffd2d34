// Prices are numbers in a named currency; recommendations a buyer and a provider can trust
// (issue 13): currency semantics, provider pages, unpriced options, practical layouts,
// training plans within a horizon and GPU-hour budgets.
#include <algorithm>
#include <cmath>

#include "engine/tasks.hpp"
#include "helpers.hpp"

using namespace gpusizer;
using test::option_for;

namespace {

Catalog provider(const char* json) {
    const CatalogLoad p = apply_provider_catalog(test::bundled(), json, "provider.json");
    for (const auto& e : p.errors) MESSAGE(e.to_string());
    REQUIRE(p.ok);
    return p.catalog;
}

Result run_on(const Catalog& c, const std::string& link) { return evaluate(decode_link(link).state, c); }

bool has_warning(const Result& r, const char* code) {
    for (const auto& w : r.warnings)
        if (w.code == code) return true;
    return false;
}

// A provider in roubles that prices three GPUs (its own numbers, not market data).
constexpr const char* kRoubles = R"({"mode":"extend","currency":"RUB",
    "prices":{"rtx-4090":95,"rtx-a5000":80,"h100-sxm":390}})";

}  // namespace

TEST_CASE("every bundled price names its currency, and the bundled catalog is in dollars") {
    CHECK(test::bundled().currency == "USD");
    for (const auto& g : test::bundled().gpus)
        if (g.price) CHECK_MESSAGE(g.price->currency == "USD", g.id);
}

TEST_CASE("a provider file in RUB prices exactly its GPUs, and the page recommends among them") {
    const Catalog c = provider(kRoubles);
    const Result r = run_on(c, "v=1&model=Qwen/Qwen3-8B");
    int priced = 0;
    for (const auto& o : r.options) {
        const bool own = o.gpu_id == "rtx-4090" || o.gpu_id == "rtx-a5000" || o.gpu_id == "h100-sxm";
        CHECK_MESSAGE(o.cost_per_hour.has_value() == own, o.gpu_id);  // no dollar figure becomes roubles
        if (o.cost_per_hour) {
            ++priced;
            CHECK(o.price->currency == "RUB");
        }
    }
    CHECK(priced > 0);
    REQUIRE(r.recommended >= 0);
    const Option& rec = r.options[size_t(r.recommended)];
    CHECK((rec.gpu_id == "rtx-4090" || rec.gpu_id == "rtx-a5000" || rec.gpu_id == "h100-sxm"));
    CHECK(r.currency == "RUB");
    CHECK(has_warning(r, code::price_other_currency));

    SUBCASE("ranking by speed still recommends a GPU the provider prices, and says so") {
        const Result fast = run_on(c, "v=1&model=Qwen/Qwen3-8B&sort=speed");
        REQUIRE(fast.recommended >= 0);
        CHECK(fast.options[size_t(fast.recommended)].cost_per_hour.has_value());
        CHECK(fast.options.front().fits);
        CHECK_FALSE(fast.options.front().cost_per_hour.has_value());  // faster, unpriced: listed first
        CHECK(has_warning(fast, code::price_recommend_priced));
    }
}

TEST_CASE("cur=RUB alone (a currency and no rate) shows no dollar figure as roubles") {
    const Catalog c = provider(R"({"mode":"extend","currency":"RUB"})");
    const Result r = run_on(c, "v=1");
    for (const auto& o : r.options) CHECK_FALSE(o.cost_per_hour.has_value());
    CHECK(has_warning(r, code::price_other_currency));
    REQUIRE(r.recommended == 0);  // unpriced options are still ranked (by GPU count, then memory)
    CHECK(r.options[0].fits);
    // The smallest hardware that fits leads, not the biggest card: an 8B chat-bot on one card of the
    // least memory among the one-card fits (issue 27: it answered "1 × B300 288GB, no price").
    CHECK(r.options[0].count == 1);
    for (const auto& o : r.options)
        if (o.fits && o.practical && o.count == 1) CHECK(r.options[0].gpu_memory_gb <= o.gpu_memory_gb);
    CHECK(r.options[0].gpu_id != "b300");
}

TEST_CASE("an exchange rate converts the other prices and marks them as converted") {
    const Catalog c = provider(R"({"mode":"extend","currency":"RUB","rates":{"USD":92.5},"prices":{"rtx-4090":95}})");
    const GpuSpec* h100 = c.find_gpu("h100-sxm");
    const GpuSpec& usd = test::gpu("h100-sxm");
    REQUIRE(h100->price);
    REQUIRE(usd.price);
    CHECK(h100->price->currency == "RUB");
    CHECK(h100->price->per_gpu_hour == doctest::Approx(usd.price->per_gpu_hour * 92.5));
    REQUIRE(h100->price->converted);
    CHECK(h100->price->converted->from == "USD");
    CHECK(h100->price->converted->original == usd.price->per_gpu_hour);
    CHECK_FALSE(c.find_gpu("rtx-4090")->price->converted);  // the provider's own price
    CHECK(c.find_gpu("rtx-4090")->price->per_gpu_hour == 95);
    CHECK(has_warning(run_on(c, "v=1"), code::price_converted));
}

TEST_CASE("bad rates are named; only_priced keeps just the GPUs the page can price") {
    const CatalogLoad bad = apply_provider_catalog(test::bundled(),
        R"({"currency":"RUB","rates":{"usd":92,"EUR":-1,"RUB":1,"GBP":"x"}})", "p.json");
    CHECK_FALSE(bad.ok);
    REQUIRE(bad.errors.size() == 4);
    CHECK(bad.errors[0].to_string() == "p.json: rates.EUR: expected a rate 1e-06–1e+06");
    CHECK(bad.errors[1].to_string() == "p.json: rates.GBP: expected a rate 1e-06–1e+06");
    CHECK(bad.errors[2].to_string() == "p.json: rates.RUB: is the file's own currency");
    CHECK(bad.errors[3].to_string() == "p.json: rates.usd: expected a three-letter currency code A-Z");

    const Catalog own = provider(R"({"currency":"RUB","only_priced":true,"prices":{"rtx-4090":95,"h100-sxm":390}})");
    REQUIRE(own.gpus.size() == 2);
    CHECK(own.find_gpu("rtx-4090"));
    CHECK(own.find_gpu("h100-sxm"));
    const CatalogLoad none = apply_provider_catalog(test::bundled(), R"({"currency":"RUB","only_priced":true})", "p.json");
    CHECK_FALSE(none.ok);
    REQUIRE_FALSE(none.errors.empty());
    CHECK(none.errors[0].to_string() == "p.json: only_priced: no GPU has a price in RUB");
}

TEST_CASE("unpriced options never rank above priced ones by cost, nor sink when ranking by speed") {
    const Catalog c = provider(kRoubles);
    const Result by_cost = run_on(c, "v=1&model=Qwen/Qwen3-8B");
    bool seen_unpriced = false;
    for (const auto& o : by_cost.options) {
        if (!o.fits || !o.practical) break;
        if (!o.cost_per_hour) seen_unpriced = true;
        else CHECK_MESSAGE(!seen_unpriced, o.gpu_id);  // no priced fit after an unpriced one
    }
    const Result by_speed = run_on(c, "v=1&model=Qwen/Qwen3-8B&sort=speed");
    for (size_t i = 1; i < by_speed.options.size(); ++i) {
        const Option &a = by_speed.options[i - 1], &b = by_speed.options[i];
        if (a.fits && b.fits && a.practical == b.practical)
            CHECK(a.decode_tps_per_user.mid >= b.decode_tps_per_user.mid - 1e-9);
    }
}

TEST_CASE("cost per million tokens is at the stated load, per hour of rent") {
    const Result r = test::run("v=1&model=Qwen/Qwen3-8B&users=10");
    REQUIRE(r.recommended >= 0);
    const Option& o = r.options[size_t(r.recommended)];
    REQUIRE(o.cost_per_mtok);
    // total_tps is users × tokens/s per user at this load (10 requests, not the replica's capacity)
    CHECK(o.total_tps.mid == doctest::Approx(10 * o.decode_tps_per_user.mid).epsilon(0.02));
    CHECK(*o.cost_per_mtok == doctest::Approx(*o.cost_per_hour / (o.total_tps.mid * 3600 / 1e6)));
    CHECK(*o.cost_per_month == doctest::Approx(*o.cost_per_hour * 730));
}

TEST_CASE("impractical layouts rank after practical ones, with the reason") {
    // DeepSeek-V3.2 on consumer cards only: a copy of the model spans several PCIe servers.
    const Result r = test::run("v=1&use=general&model=deepseek-ai/DeepSeek-V3.2&users=100");
    bool seen_impractical = false;
    for (const auto& o : r.options) {
        if (!o.fits) break;
        if (!o.practical) {
            seen_impractical = true;
            REQUIRE_FALSE(o.warnings.empty());
            const std::string code = o.warnings.front().code;
            CHECK((code == code::practical_consumer_cards || code == code::practical_replica_servers ||
                   code == code::practical_many_servers));
        } else {
            CHECK_MESSAGE(!seen_impractical, o.gpu_id);
        }
    }
    REQUIRE(r.recommended >= 0);
    CHECK(r.options[size_t(r.recommended)].practical);
    // Pinned to RTX 4090: the only fits are hundreds of cards; still listed, still said.
    const Result pinned = test::run("v=1&use=general&model=deepseek-ai/DeepSeek-V3.2&users=100&gpu=rtx-4090");
    REQUIRE(pinned.recommended >= 0);
    const Option& o = pinned.options[size_t(pinned.recommended)];
    CHECK(o.count > 64);
    CHECK_FALSE(o.practical);
    CHECK(o.warnings.front().code == std::string(code::practical_consumer_cards));
}

TEST_CASE("why several cards, said plainly: LoRA on Qwen3-30B-A3B over RTX 4090s") {
    const Result r = test::run("v=1&task=tune&method=lora&model=Qwen/Qwen3-30B-A3B&gpu=rtx-4090");
    const Option* o = option_for(r, "rtx-4090");
    REQUIRE(o);
    REQUIRE(o->fits);
    REQUIRE_FALSE(o->warnings.empty());
    const Message& m = o->warnings.front();
    CHECK(m.code == std::string(code::plan_sharded));
    CHECK(test::param(m, "have") == doctest::Approx(o->capacity_gb));
    CHECK(test::param(m, "need") == doctest::Approx(r.memory.total().gb()));
    CHECK(test::param(m, "need") > test::param(m, "have"));
    CHECK(test::param(m, "count") == o->count);
}

TEST_CASE("training with no deadline finishes within the default 90-day horizon") {
    const Result r = test::run("v=1&task=train");
    CHECK(r.horizon_days == 90);
    REQUIRE(r.recommended >= 0);
    for (const auto& o : r.options)
        if (o.fits) CHECK_MESSAGE(o.days.mid <= 90.0001, o.gpu_id);
    // Qwen3-8B, 1 T tokens on H100 SXM: GPU-hours / (90 × 24) GPUs, in whole 8-GPU servers.
    const Option* h100 = option_for(r, "h100-sxm");
    REQUIRE(h100);
    const int need = gpus_for_deadline(h100->gpu_hours.mid, 90);
    CHECK(h100->count == ((need + 7) / 8) * 8);
    CHECK(test::run("v=1&task=train&days=30").horizon_days == 0);  // a deadline replaces it
}

TEST_CASE("a GPU-hour budget: gpt-oss-120b's 2.1 M H100-hours ≈ 1,600 H100 ≈ 200 HGX ≈ 55 days") {
    // gpt-oss model card (arXiv 2508.10925): "gpt-oss-120b required 2.1 million H100-hours".
    const Result r = test::run("v=1&task=train&model=openai/gpt-oss-120b&gpuh=2.1M&gpu=h100-sxm&n=1600");
    REQUIRE(r.recommended == 0);
    const Option& o = r.options[0];
    CHECK(o.gpu_id == "h100-sxm");
    CHECK(o.count == 1600);
    CHECK(o.servers == 200);
    CHECK(o.gpu_hours.mid == doctest::Approx(2.1e6));  // the budget, on the GPU it was measured on
    CHECK(o.days.mid == doctest::Approx(54.69).epsilon(0.001));
    // Tokens implied: the budget's FLOPs (hours × 989 TFLOPS BF16 × the MFU the hours are run at × the
    // goodput 0.70 of a whole run) over FLOPs per token. gpt-oss-120b is an MoE (5.1 B active): the
    // H100's steady MFU 1 / (1/0.8 + 0.0036 × 989.5 / 3.35) = 0.432 × max(0.40, sqrt(5.1/37) = 0.37) = 0.173.
    const double steady = 1 / (1 / 0.8 + 0.0036 * 989.5 / 3.35);
    CHECK(r.mfu == doctest::Approx(steady * std::max(0.40, std::sqrt(r.model.active_params_b / 37.0))));
    CHECK(r.mfu == doctest::Approx(0.173).epsilon(0.002));
    CHECK(r.flops == doctest::Approx(2.1e6 * 3600 * 989.4e12 * r.mfu * 0.70).epsilon(0.002));
    CHECK(r.tokens == doctest::Approx(r.flops / training_flops_per_token(r.model, r.state)));
    // On another GPU the same FLOPs take the ratio of peak × steady MFU (B200 2.25 PF at 8 TB/s vs
    // H100 0.989 PF at 3.35 TB/s dense BF16).
    const Result b = test::run("v=1&task=train&model=openai/gpt-oss-120b&gpuh=2.1M&gpu=b200&n=1600");
    const double b200 = 1 / (1 / 0.8 + 0.0036 * 2250 / 8.0);
    CHECK(b.options[0].gpu_hours.mid == doctest::Approx(2.1e6 * 989.4 * steady / (2250 * b200)).epsilon(0.01));
    // An unknown budget GPU: said, and the dataset is used instead.
    const Result unknown = test::run("v=1&task=train&gpuh=1000&gpuh_gpu=nope");
    CHECK(has_warning(unknown, code::budget_gpu_unknown));
    CHECK(unknown.tokens == doctest::Approx(1e12));
}

TEST_CASE("the article's fine-tune: ten days of one HGX H100 server") {
    const Result r = test::run("v=1&task=tune&method=full&model=openai/gpt-oss-20b&gpuh=1920&gpu=h100-sxm&n=8");
    REQUIRE(r.recommended == 0);
    CHECK(r.options[0].servers == 1);
    CHECK(r.options[0].days.mid == doctest::Approx(10.0));
}
