// Shared by the libFuzzer harnesses: the bundled catalog, and a finiteness check of a result.
#pragma once

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "catalog/bundled_catalog.hpp"
#include "catalog/catalog_json.hpp"
#include "engine/sizing.hpp"

namespace gpusizer::fuzz {

inline const Catalog& bundled() {
    static const CatalogLoad c = load_catalog(bundled_catalog_json(), "data/catalog.json");
    return c.catalog;
}

inline void require_finite(double v, const char* what) {
    if (!std::isfinite(v)) {
        std::fprintf(stderr, "non-finite %s\n", what);
        std::abort();
    }
}

inline void require_finite(const Range& r, const char* what) {
    require_finite(r.low, what);
    require_finite(r.mid, what);
    require_finite(r.high, what);
}

inline void check_result(const Result& r) {
    require_finite(r.memory.total().value, "memory");
    require_finite(r.memory_total_gb, "memory range");
    require_finite(r.flops, "flops");
    for (const auto& o : r.options) {
        require_finite(o.per_gpu_gb, "per_gpu_gb");
        require_finite(o.decode_tps_per_user, "tps");
        require_finite(o.total_tps, "total_tps");
        require_finite(o.ttft_s, "ttft");
        require_finite(o.gpu_hours, "gpu_hours");
        require_finite(o.days, "days");
        require_finite(o.capacity_gb, "capacity");
        if (o.cost_per_hour) require_finite(*o.cost_per_hour, "cost");
        if (o.cost_per_mtok) require_finite(*o.cost_per_mtok, "cost per mtok");
        if (o.count < 0 || o.servers < 0) std::abort();
    }
}

}  // namespace gpusizer::fuzz
