// Shared by the libFuzzer harnesses: the bundled catalog, and a finiteness check of a result.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>

#include "catalog/bundled_catalog.hpp"
#include "catalog/catalog_json.hpp"
#include "engine/sizing.hpp"

namespace gpusizer::fuzz {

inline const Catalog& bundled() {
    static const CatalogLoad c = load_catalog(bundled_catalog_json(), "data/catalog.json");
    return c.catalog;
}

// Aborts (a finding) naming the first figure of the result that is not finite.
inline void check_result(const Result& r) {
    const std::string bad = non_finite_figure(r);
    if (bad.empty()) return;
    std::fprintf(stderr, "non-finite %s\n", bad.c_str());
    std::abort();
}

}  // namespace gpusizer::fuzz
