// Catalog loader: any bytes as a catalog or a provider file give errors or a catalog, never a crash;
// a rejected provider file leaves the base catalog untouched.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "catalog/catalog_binary.hpp"
#include "fuzz_common.hpp"

namespace {
// The packed form: input that starts with "GSCB" gets a valid header (size, FNV-1a checksum) put
// in front of the rest, so the fuzzer explores the reader's bounds checks, not only the checksum.
std::string sealed(std::string_view body) {
    std::uint64_t h = 14695981039346656037ull;
    for (unsigned char c : body) h = (h ^ c) * 1099511628211ull;
    std::string out = "GSCB";
    auto u32 = [&out](std::uint32_t x) { for (int i = 0; i < 4; ++i) out.push_back(char((x >> (8 * i)) & 0xff)); };
    u32(gpusizer::kPackedCatalogVersion);
    u32(std::uint32_t(body.size()));
    u32(std::uint32_t(h));
    u32(std::uint32_t(h >> 32));
    return out + std::string(body);
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, size_t size) {
    using namespace gpusizer;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    if (looks_packed(text)) {
        const CatalogLoad b = unpack_catalog(sealed(text.substr(4)), "fuzz.bin");
        if (b.ok == !b.errors.empty()) std::abort();
        if (b.ok) {
            // Whatever it read must pack back to the same bytes.
            if (pack_catalog(b.catalog) != sealed(text.substr(4))) std::abort();
            State s;
            s.model = b.catalog.models.empty() ? "custom" : b.catalog.models.front().id;
            fuzz::check_result(evaluate(s, b.catalog));
        }
        return 0;
    }
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
