// The CLI's JSON schema: fields present, units, no NaN reaching the output.
#include <nlohmann/json.hpp>

#include "helpers.hpp"
#include "report/report.hpp"

using namespace gpusizer;

TEST_CASE("result JSON has the documented schema") {
    const Result r = test::run("v=1&model=Qwen/Qwen3-8B&ctx=32768&users=50");
    const auto j = nlohmann::json::parse(result_json(r, {}), nullptr, false);
    REQUIRE_FALSE(j.is_discarded());
    for (const char* k : {"state", "link", "warnings", "memory", "compute", "options", "recommended", "assumptions"})
        CHECK_MESSAGE(j.contains(k), k);
    for (const char* k : {"weights_gb", "kv_cache_gb", "activations_gb", "optimizer_gb", "gradients_gb", "overhead_gb", "total_gb"})
        CHECK_MESSAGE(j["memory"].contains(k), k);
    CHECK(j["link"] == "v=1&ctx=32768&users=50");
    CHECK(j["memory"]["optimizer_gb"].is_null());  // unused fields are null
    // KV: 36 layers × 8 × 128 × 2 × 2 B = 147 456 B/token × 32768 × 50 users.
    CHECK(j["memory"]["kv_cache_gb"].get<double>() == doctest::Approx(147456.0 * 32768 * 50 / 1e9).epsilon(0.001));
    const auto& o = j["options"][0];
    for (const char* k : {"gpu", "count", "servers", "fits", "per_gpu_gb", "reason", "tp", "replicas", "decode_tps_per_user",
                          "total_tps", "ttft_s", "gpu_hours", "days", "cost_per_hour", "kv_cache_gb",
                          "kv_cache_tokens", "max_concurrency", "explanations"})
        CHECK_MESSAGE(o.contains(k), k);
}
