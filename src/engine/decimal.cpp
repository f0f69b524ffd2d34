// See decimal.hpp.
#include "engine/decimal.hpp"

#include <cmath>
#include <cstdint>
#include <cstdio>

namespace gpusizer {
namespace {

constexpr double kPow10[] = {1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9};  // exact doubles
constexpr int kMaxFastDecimals = 9;

// The fast path: |v| × 10^decimals below 2^40 is computed with an error under 2^-14, so unless its
// fraction lies within 10^-3 of one half, rounding it gives the digit printf gives for the exact
// value. Near a half (a possible tie, or a product the error could move across it) printf decides.
bool fast_fixed(double v, int decimals, std::string* out) {
    if (decimals < 0 || decimals > kMaxFastDecimals || !std::isfinite(v)) return false;
    const double scaled = std::fabs(v) * kPow10[decimals];
    if (!(scaled < 1099511627776.0)) return false;  // 2^40
    const double whole = std::floor(scaled);
    const double fraction = scaled - whole;  // exact
    if (std::fabs(fraction - 0.5) <= 1e-3) return false;
    std::uint64_t n = static_cast<std::uint64_t>(whole) + (fraction > 0.5 ? 1 : 0);
    char digits[32];
    int len = 0;
    do {  // least significant first
        digits[len++] = char('0' + n % 10);
        n /= 10;
    } while (n > 0);
    while (len <= decimals) digits[len++] = '0';  // at least one digit before the point
    out->clear();
    if (std::signbit(v)) out->push_back('-');
    for (int i = len - 1; i >= 0; --i) {
        out->push_back(digits[i]);
        if (i == decimals && decimals > 0) out->push_back('.');
    }
    return true;
}

}  // namespace

std::string fixed_decimal(double v, int decimals) {
    std::string s;
    if (fast_fixed(v, decimals, &s)) return s;
    char buf[400];  // DBL_MAX has 309 digits before the point
    std::snprintf(buf, sizeof buf, "%.*f", decimals < 0 ? 6 : decimals, v);
    return buf;
}

}  // namespace gpusizer
