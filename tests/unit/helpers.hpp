// Shared fixtures: the bundled catalog (the very bytes the site ships) and a link runner.
#pragma once

#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "catalog/bundled_catalog.hpp"
#include "catalog/catalog_json.hpp"
#include "engine/model_math.hpp"
#include "engine/sizing.hpp"
#include "link/link.hpp"

namespace gpusizer::test {

inline const Catalog& bundled() {
    static const CatalogLoad load = load_catalog(bundled_catalog_json(), "data/catalog.json");
    return load.catalog;
}

inline const ModelSpec& model(const char* id) {
    const ModelSpec* m = bundled().find_model(id);
    REQUIRE_MESSAGE(m != nullptr, id);
    return *m;
}

inline const GpuSpec& gpu(const char* id) {
    const GpuSpec* g = bundled().find_gpu(id);
    REQUIRE_MESSAGE(g != nullptr, id);
    return *g;
}

// A number parameter of a coded message (NaN when absent: comparisons fail loudly).
inline double param(const Message& m, const char* name) {
    const Param* p = m.find(name);
    return p && p->kind == Param::Kind::number ? p->number : std::nan("");
}
inline std::string param_text(const Message& m, const char* name) {
    const Param* p = m.find(name);
    return p ? p->text : "";
}

inline Result run(const std::string& link) { return evaluate(decode_link(link).state, bundled()); }

// A pointer into a temporary result would dangle: keep the Result in a variable.
const Option* option_for(Result&& r, const char* gpu_id, int tp = 0) = delete;
inline const Option* option_for(const Result& r, const char* gpu_id, int tp = 0) {
    for (const auto& o : r.options)
        if (o.gpu_id == gpu_id && (tp == 0 || o.tp == tp)) return &o;
    return nullptr;
}

}  // namespace gpusizer::test
