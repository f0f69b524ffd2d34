// Published cases (tests/validation/validation.json): each published figure, converted to the
// engine's unit, must be within the case's tolerance, and a known miss (its "miss" says why) must
// still be a miss: fixing it means saying so in the file. Every case names its family
// (families.json: the tolerance a family states bounds the case's) and its role: a check, or a
// calibration point that names the constant set on it. docs/VALIDATION.md's validation section and the
// error bands (src/report/accuracy_data.cpp) are generated from the same files by table.mjs.
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "helpers.hpp"
#include "catalog/catalog_json.hpp"
#include "report/report.hpp"

using namespace gpusizer;
using json = nlohmann::json;

// option.* reads the first ranked option on the case's GPU (and tensor-parallel size, when the case
// names one; the partial-offload option, when the case says "offload": true).
static json read_json(const std::string& path) {
    std::ifstream in(std::string(GPUSIZER_SOURCE_DIR) + "/" + path);
    std::stringstream text;
    text << in.rdbuf();
    return json::parse(text.str(), nullptr, false);
}

static double metric(const json& out, const std::string& path, const std::string& gpu, int tp, bool offload) {
    if (path.rfind("memory.", 0) == 0) {
        const json& v = out["memory"][path.substr(7)];
        return v.is_number() ? v.get<double>() : -1;
    }
    if (path.rfind("option.", 0) == 0)
        for (const auto& o : out["options"])
            if (o["gpu"] == gpu && (tp == 0 || o["tp"] == tp) && (!offload || !o["offload"].is_null())) {
                // A deeper path (option.slo.ttft_s.p99) as a JSON pointer into the option.
                std::string pointer = "/" + path.substr(7);
                for (char& ch : pointer)
                    if (ch == '.') ch = '/';
                const json::json_pointer at(pointer);
                if (!o.contains(at)) return -1;
                const json& v = o[at];
                return v.is_number() ? v.get<double>() : -1;
            }
    return -1;
}

TEST_CASE("published cases are reproduced within their stated tolerance, known misses stay misses") {
    const json cases = read_json("tests/validation/validation.json");
    const json families = read_json("tests/validation/families.json");
    REQUIRE(cases.is_array());
    REQUIRE(families.is_object());
    CHECK(cases.size() >= 20);
    for (const auto& c : cases) {
        const std::string id = c["id"].get<std::string>(), link = c["link"].get<std::string>();
        INFO(id);
        const std::string family = c.value("family", ""), role = c.value("role", "");
        REQUIRE(families.contains(family));
        CHECK((role == "check" || (role == "calibration" && !c.value("constant", "").empty())));
        CHECK(c["tolerance_pct"].get<double>() <= families[family]["tolerance_pct"].get<double>());
        const DecodedLink d = decode_link(link);
        CHECK(d.warnings.empty());
        // A case may add GPUs the bundled catalog lacks (tests/validation/extra_gpus.json, with sources).
        CatalogLoad extended;
        const Catalog* catalog = &test::bundled();
        if (c.contains("provider")) {
            std::ifstream pf(std::string(GPUSIZER_SOURCE_DIR) + "/" + c["provider"].get<std::string>());
            std::stringstream ptext;
            ptext << pf.rdbuf();
            extended = apply_provider_catalog(test::bundled(), ptext.str(), c["provider"].get<std::string>());
            REQUIRE(extended.ok);
            catalog = &extended.catalog;
        }
        auto value_at = [&](const DecodedLink& at) {
            const json out = json::parse(result_json(evaluate(at.state, *catalog), at.warnings), nullptr, false);
            return metric(out, c["metric"].get<std::string>(), at.state.gpu, c.value("tp", 0), c.value("offload", false));
        };
        double engine = value_at(d);
        // A before/after case: the ratio of the metric at `link` to that at `baseline_link`.
        if (c.contains("baseline_link")) {
            const DecodedLink base = decode_link(c["baseline_link"].get<std::string>());
            CHECK(base.warnings.empty());
            engine /= value_at(base);
        }
        const double published = c["published"].get<double>() * c["factor"].get<double>();
        REQUIRE(engine > 0);
        const double err = 100.0 * (engine - published) / published;
        MESSAGE(id << ": engine " << engine << " vs published " << published << " (" << err << " %)");
        const bool miss = std::abs(err) > c["tolerance_pct"].get<double>();
        CHECK(miss == c.contains("miss"));
    }
}
