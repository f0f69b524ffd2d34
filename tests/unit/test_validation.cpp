// Published cases (tests/validation/validation.json): each published figure, converted to
// the engine's unit, must be within the case's stated tolerance. The README's validation
// table is generated from the same file by tests/validation/table.mjs.
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
static double metric(const json& out, const std::string& path, const std::string& gpu, int tp, bool offload) {
    if (path.rfind("memory.", 0) == 0) {
        const json& v = out["memory"][path.substr(7)];
        return v.is_number() ? v.get<double>() : -1;
    }
    if (path.rfind("option.", 0) == 0)
        for (const auto& o : out["options"])
            if (o["gpu"] == gpu && (tp == 0 || o["tp"] == tp) && (!offload || !o["offload"].is_null())) {
                const json& v = o[path.substr(7)];
                return v.is_number() ? v.get<double>() : -1;
            }
    return -1;
}

TEST_CASE("published cases are reproduced within their stated tolerance") {
    std::ifstream in(std::string(GPUSIZER_SOURCE_DIR) + "/tests/validation/validation.json");
    REQUIRE(in.good());
    std::stringstream text;
    text << in.rdbuf();
    const json cases = json::parse(text.str(), nullptr, false);
    REQUIRE(cases.is_array());
    CHECK(cases.size() >= 20);
    for (const auto& c : cases) {
        const std::string id = c["id"].get<std::string>(), link = c["link"].get<std::string>();
        INFO(id);
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
        const Result r = evaluate(d.state, *catalog);
        const json out = json::parse(result_json(r, d.warnings), nullptr, false);
        const double engine = metric(out, c["metric"].get<std::string>(), d.state.gpu, c.value("tp", 0), c.value("offload", false));
        const double published = c["published"].get<double>() * c["factor"].get<double>();
        REQUIRE(engine > 0);
        const double err = 100.0 * (engine - published) / published;
        MESSAGE(id << ": engine " << engine << " vs published " << published << " (" << err << " %)");
        CHECK(std::abs(err) <= c["tolerance_pct"].get<double>());
    }
}
