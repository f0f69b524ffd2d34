// Engine fed with decoded states: finite figures, no crash, no exception, for every task.
#include <string>

#include "fuzz_common.hpp"
#include "link/link.hpp"
#include "report/report.hpp"

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, size_t size) {
    using namespace gpusizer;
    const DecodedLink d = decode_link(std::string(reinterpret_cast<const char*>(data), size));
    const Result r = evaluate(d.state, fuzz::bundled());
    fuzz::check_result(r);
    (void)result_json(r, d.warnings);
    return 0;
}
