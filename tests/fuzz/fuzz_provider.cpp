// Provider overrides: any bytes as a provider file over the bundled catalog. A rejected file keeps
// the base catalog and names at most 20 errors plus one "and N more"; an accepted one holds only
// figures inside the envelope, so the engine gives finite figures for it.
#include <cstdlib>
#include <string>
#include <string_view>

#include "fuzz_common.hpp"
#include "link/link.hpp"

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, size_t size) {
    using namespace gpusizer;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const Catalog& base = fuzz::bundled();
    const CatalogLoad p = apply_provider_catalog(base, text, "provider.json");
    if (p.ok == !p.errors.empty()) std::abort();
    if (p.errors.size() > limits::kErrorsShown + 1) std::abort();
    if (!p.ok) {
        if (p.catalog.gpus.size() != base.gpus.size() || p.catalog.currency != base.currency) std::abort();
        return 0;
    }
    if (!valid_currency(p.catalog.currency)) std::abort();
    // One task per input (evaluating all four would slow the loader's exploration fourfold); the
    // last model and GPU are the provider's newest or overridden ones when it added any.
    static const char* tasks[] = {"infer", "tune", "train", "other"};
    State s = decode_link(std::string("v=1&task=") + tasks[size % 4]).state;
    if (!p.catalog.models.empty()) s.model = p.catalog.models.back().id;
    if (size % 3 == 0) s.gpu = p.catalog.gpus.back().id;
    fuzz::check_exports(evaluate(s, p.catalog), {});
    return 0;
}
