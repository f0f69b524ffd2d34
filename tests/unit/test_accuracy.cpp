// Error bands (src/report/accuracy.hpp): every estimated figure names its family, a band comes only
// from checks, a family without checks says so, and the nearest published run is the closest match.
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "helpers.hpp"
#include "report/accuracy.hpp"
#include "report/report.hpp"
#include "text/text.hpp"

using namespace gpusizer;
using json = nlohmann::json;

namespace {

json validation_cases() {
    std::ifstream in(std::string(GPUSIZER_SOURCE_DIR) + "/tests/validation/validation.json");
    std::stringstream text;
    text << in.rdbuf();
    return json::parse(text.str(), nullptr, false);
}

}  // namespace

TEST_CASE("the compiled bands hold checks only, and every family's count matches validation.json") {
    const json cases = validation_cases();
    REQUIRE(cases.is_array());
    std::set<std::string> checks, calibrations;
    for (const auto& c : cases) (c["role"] == "check" ? checks : calibrations).insert(c["id"].get<std::string>());
    REQUIRE(accuracy_data::kCheckCount == checks.size());
    for (std::size_t i = 0; i < accuracy_data::kCheckCount; ++i) {
        CHECK(checks.count(accuracy_data::kChecks[i].id) == 1);
        CHECK(calibrations.count(accuracy_data::kChecks[i].id) == 0);
    }
    for (std::size_t i = 0; i < accuracy_data::kFamilyCount; ++i) {
        const FamilyBand& f = accuracy_data::kFamilies[i];
        int n = 0;
        for (const auto& c : cases) n += c["family"] == f.family && c["role"] == "check";
        CHECK_MESSAGE(f.n_checks == n, f.family);
        if (n > 0) CHECK(f.median_abs_error_pct <= std::abs(f.worst_error_pct));
    }
}

TEST_CASE("serving figures carry their family's band, memory and speed apart") {
    const Result r = test::run("v=1&task=infer&model=Qwen/Qwen3-8B&users=20&gpu=h100-sxm");
    REQUIRE(r.recommended >= 0);
    const Option& o = r.options[size_t(r.recommended)];
    CHECK(figure_family(r, o, "decode_tps_per_user") == "serving_decode");
    CHECK(figure_family(r, o, "ttft_s") == "serving_ttft");
    CHECK(figure_family(r, o, "cost_per_mtok") == "serving_throughput");  // the fleet size sets the cost
    CHECK(figure_family(r, o, "per_gpu_gb") == "serving_memory");
    CHECK(figure_family(r, o, "score").empty());
    const FigureAccuracy a = figure_accuracy(r, o, "decode_tps_per_user");
    REQUIRE(a.band != nullptr);
    if (a.band->n_checks > 0) {
        REQUIRE(a.nearest != nullptr);
        CHECK(std::string(a.nearest->family) == "serving_decode");
        CHECK(accuracy_message(a).code == code::accuracy_band);
    }
}

TEST_CASE("a family without checks says so instead of a band, in both languages") {
    static FamilyBand empty{"nothing", 0, 0, 0, 25, 0};
    FigureAccuracy a;
    a.figure = "total_tps";
    a.band = &empty;
    CHECK(accuracy_message(a).code == code::accuracy_none);
    CHECK(accuracy_nearest_message(a).empty());
    CHECK(text::render(accuracy_message(a), text::Lang::en).find("no independent check") != std::string::npos);
    CHECK(text::render(accuracy_message(a), text::Lang::ru).find("независимой проверки") != std::string::npos);
}

TEST_CASE("the nearest published run prefers the same model and GPU") {
    const Result r = test::run("v=1&task=train&model=meta-llama/Llama-3.1-405B-Instruct&tokens=15T&gpu=h100-sxm");
    REQUIRE(!r.options.empty());
    const FigureAccuracy a = figure_accuracy(r, r.options.front(), "gpu_hours");
    REQUIRE(a.band != nullptr);
    CHECK(std::string(a.band->family) == "training_time");
    REQUIRE(a.nearest != nullptr);
    // The 405B run is a check (no constant is set on it): the nearest run is that very one.
    CHECK(std::string(a.nearest->id) == "llama31-405b-train-hours");
    // A calibration run is never the nearest: Llama 3.1 70B set the goodput.
    const Result r70 = test::run("v=1&task=train&model=meta-llama/Llama-3.1-70B-Instruct&tokens=15T&gpu=h100-sxm");
    REQUIRE(!r70.options.empty());
    const FigureAccuracy a70 = figure_accuracy(r70, r70.options.front(), "gpu_hours");
    REQUIRE(a70.nearest != nullptr);
    CHECK(std::string(a70.nearest->id) != "llama31-70b-train-hours");
}

TEST_CASE("the JSON lists the recommended option's bands as accuracy[]") {
    const Result r = test::run("v=1&task=infer&model=Qwen/Qwen3-8B&users=20");
    const json out = json::parse(result_json(r, {}), nullptr, false);
    REQUIRE(out["accuracy"].is_array());
    REQUIRE(!out["accuracy"].empty());
    for (const auto& a : out["accuracy"]) {
        CHECK(a["figure"].is_string());
        CHECK(a["family"].is_string());
        CHECK(a["n_checks"].is_number_integer());
        CHECK((a["n_checks"] == 0) == a["median_abs_error_pct"].is_null());
        CHECK((a["n_checks"] == 0) == a["nearest_source"].is_null());
    }
}

TEST_CASE("only figures the option has get a band: no run cost for serving, no cost without a price") {
    const Result r = test::run("v=1&task=infer&model=Qwen/Qwen3-8B&users=20");
    REQUIRE(r.recommended >= 0);
    const Option& o = r.options[size_t(r.recommended)];
    CHECK_FALSE(o.cost_total.has_value());
    CHECK_FALSE(figure_applies(o, "cost_total"));
    CHECK(figure_applies(o, "decode_tps_per_user"));
    CHECK_FALSE(figure_applies(o, "gpu_hours"));
    std::set<std::string> listed;
    for (const FigureAccuracy& a : result_accuracy(r)) listed.insert(a.figure);
    CHECK(listed.count("decode_tps_per_user") == 1);
    CHECK(listed.count("cost_total") == 0);
    CHECK(listed.count("cost_per_hour") == size_t(o.cost_per_hour.has_value()));
}
