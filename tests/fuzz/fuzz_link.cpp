// Link decoder: any bytes decode without crashing; the canonical form is a fixed point.
#include <cstdlib>
#include <string>

#include "fuzz_common.hpp"
#include "link/link.hpp"

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, size_t size) {
    using namespace gpusizer;
    const std::string text(reinterpret_cast<const char*>(data), size);
    const DecodedLink d = decode_link(text);
    const std::string canonical = encode_link(d.state);
    const DecodedLink again = decode_link(canonical);
    for (const auto& w : again.warnings)  // a canonical link is always well-formed (semantic notes allowed)
        if (w.code != "link.prompt_over_context") std::abort();
    if (encode_link(again.state) != canonical) std::abort();  // and a fixed point
    return 0;
}
