// Catalog loader: any bytes as a catalog or a provider file give errors or a catalog, never a crash;
// a rejected provider file leaves the base catalog untouched.
#include <cstdlib>
#include <string_view>

#include "fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, size_t size) {
    using namespace gpusizer;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const CatalogLoad c = load_catalog(text, "fuzz.json");
    if (c.ok == !c.errors.empty()) std::abort();
    const Catalog& base = fuzz::bundled();
    const CatalogLoad p = apply_provider_catalog(base, text, "provider.json");
    if (!p.ok && p.catalog.gpus.size() != base.gpus.size()) std::abort();
    if (c.ok && !c.catalog.gpus.empty()) {
        State s;
        s.model = c.catalog.models.empty() ? "custom" : c.catalog.models.front().id;
        fuzz::check_result(evaluate(s, c.catalog));
    }
    return 0;
}
