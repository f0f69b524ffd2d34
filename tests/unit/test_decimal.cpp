// fixed_decimal must write exactly what printf("%.*f") writes: it replaces printf in the page's
// number formatting (engine/decimal.hpp). Checked against the C library on hand-picked hard cases
// and on a million pseudo-random values of every magnitude (natively and in WebAssembly).
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <string>

#include "engine/decimal.hpp"
#include "helpers.hpp"

using namespace gpusizer;

namespace {

std::string printf_fixed(double v, int decimals) {
    char buf[400];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

// xorshift64*: the same sequence on every platform.
struct Random {
    std::uint64_t s = 0x9E3779B97F4A7C15ull;
    std::uint64_t next() {
        s ^= s >> 12;
        s ^= s << 25;
        s ^= s >> 27;
        return s * 2685821657736338717ull;
    }
    double unit() { return double(next() >> 11) / 9007199254740992.0; }  // [0, 1)
};

}  // namespace

TEST_CASE("fixed_decimal: hand-picked values") {
    CHECK(fixed_decimal(0.0, 1) == "0.0");
    CHECK(fixed_decimal(-0.0, 1) == "-0.0");       // printf keeps the sign of zero
    CHECK(fixed_decimal(-0.04, 1) == "-0.0");
    CHECK(fixed_decimal(1234.5678, 2) == "1234.57");
    CHECK(fixed_decimal(0.05, 2) == "0.05");
    CHECK(fixed_decimal(7.0, 0) == "7");
    CHECK(fixed_decimal(0.9999, 3) == "1.000");
    CHECK(fixed_decimal(2.675, 2) == "2.67");       // 2.67499999999999982236431605997495353221893310546875
    CHECK(fixed_decimal(1.005, 2) == "1.00");       // 1.00499999999999989341858963598497211933135986328125
    CHECK(fixed_decimal(0.125, 2) == "0.12");       // an exact tie: to even
    CHECK(fixed_decimal(0.375, 2) == "0.38");
    CHECK(fixed_decimal(2.5, 0) == "2");
    CHECK(fixed_decimal(3.5, 0) == "4");
    CHECK(fixed_decimal(1e15, 1) == "1000000000000000.0");  // beyond the fast path
    CHECK(fixed_decimal(std::numeric_limits<double>::infinity(), 1) == printf_fixed(INFINITY, 1));
    CHECK(fixed_decimal(-std::numeric_limits<double>::infinity(), 2) == printf_fixed(-INFINITY, 2));
    CHECK(fixed_decimal(std::nan(""), 2) == printf_fixed(std::nan(""), 2));
    CHECK(fixed_decimal(1.5, 12) == printf_fixed(1.5, 12));  // more decimals than the fast path
    CHECK(fixed_decimal(1.5, -1) == printf_fixed(1.5, -1));  // a negative precision is 6
    const double hard[] = {0.5, 1.5, 0.05, 0.15, 0.25, 0.35, 0.45, 1e-9, 4.35, 8.345, 1.0005, 1099511.6277765,
                           109951162777.65, 109951162777.55, 2.220446049250313e-16, 4503599627370495.5,
                           std::nextafter(0.5, 0.0), std::nextafter(0.5, 1.0), std::nextafter(2.5, 3.0)};
    for (double v : hard)
        for (int d = 0; d <= 10; ++d) {
            CAPTURE(v);
            CAPTURE(d);
            CHECK(fixed_decimal(v, d) == printf_fixed(v, d));
            CHECK(fixed_decimal(-v, d) == printf_fixed(-v, d));
        }
}

TEST_CASE("fixed_decimal: a million pseudo-random values equal printf") {
    Random r;
    int mismatches = 0;
    for (int i = 0; i < 1000000 && mismatches < 5; ++i) {
        const int decimals = int(r.next() % 11);                      // 0-10 (10: the printf path)
        const double magnitude = std::pow(10.0, r.unit() * 30 - 12);  // 1e-12 .. 1e18
        double v = r.unit() * magnitude;
        if (i % 4 == 0) v = std::round(v * 1000) / 1000 + 0.0005;     // near halves on purpose
        if (i % 2) v = -v;
        const std::string mine = fixed_decimal(v, decimals), theirs = printf_fixed(v, decimals);
        if (mine != theirs) {
            ++mismatches;
            MESSAGE(v << " at " << decimals << ": " << mine << " vs printf " << theirs);
        }
    }
    CHECK(mismatches == 0);
}
