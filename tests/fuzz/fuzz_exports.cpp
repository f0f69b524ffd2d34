// Exports of a fuzzed state: the input is a link, optionally followed by a line break and a provider
// file (so names, ids and the currency in the exports come from the fuzzer too). Markdown, CSV,
// JSON and the table, in English and Russian: finite figures, no CSV formula, no raw HTML, intact
// Markdown rows (fuzz_common.hpp).
#include <string>
#include <string_view>

#include "fuzz_common.hpp"
#include "link/link.hpp"

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, size_t size) {
    using namespace gpusizer;
    const std::string_view in(reinterpret_cast<const char*>(data), size);
    const std::size_t nl = in.find('\n');
    const DecodedLink d = decode_link(in.substr(0, nl));
    const Catalog* catalog = &fuzz::bundled();
    CatalogLoad provider;
    if (nl != std::string_view::npos) {
        provider = apply_provider_catalog(*catalog, in.substr(nl + 1), "provider.json");
        if (provider.ok) catalog = &provider.catalog;
    }
    fuzz::check_exports(evaluate(d.state, *catalog), d.warnings);
    return 0;
}
