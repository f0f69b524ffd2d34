// Units: GB vs GiB boundaries and 64-bit-safe byte counts on wasm32.
#include <cstdint>

#include "helpers.hpp"

using namespace gpusizer;

TEST_CASE("GB and GiB are different units, decided once") {
    CHECK(Bytes::from_gib(80).gb() == doctest::Approx(85.899345920));  // 80 × 2^30 / 10^9
    CHECK(Bytes::from_gb(80).gib() == doctest::Approx(74.505805969));
    CHECK(Bytes::from_gib(1).value == 1073741824.0);
    CHECK(Bytes::from_gb(1).value == 1e9);
    // An H100's 80 GB is binary: more than 80 decimal GB fit (boundary, not rounding).
    CHECK(Bytes::from_gb(85.8) < Bytes::from_gib(80));
    CHECK(Bytes::from_gb(86.0) > Bytes::from_gib(80));
}

TEST_CASE("byte counts beyond 4 GiB survive a 32-bit size_t") {
#ifdef __EMSCRIPTEN__
    REQUIRE(SIZE_MAX == 0xffffffffu);  // wasm32: the reason byte counts never use size_t
#endif
    const Bytes cluster = Bytes::from_gib(2304) * 256;  // 256 DGX B300 servers
    CHECK(cluster.value == doctest::Approx(633318697598976.0));
    CHECK(static_cast<std::uint64_t>(cluster.value) == 633318697598976ull);
    const ModelSpec& k = test::model("moonshotai/Kimi-K2.5");
    CHECK(weight_bytes(k, WeightFormat::bf16).total().gb() > 1900.0);  // ~2 TB: far above 2^32 bytes
}
