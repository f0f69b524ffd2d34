#include "ui/axis_ticks.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "ui/number_text.hpp"

namespace gpusizer::ui {
namespace {

std::string decimal_label(double v, int decimals) {
    // Axis labels say "1k", not "1000" (the input fields keep "1000" for exact typing).
    if (std::fabs(v) >= 1000 && std::fabs(v) < 1e4) {
        const std::string m = format_human_number(v / 1000, 3);
        return m + "k";
    }
    return format_human_number(v, decimals);
}

}  // namespace

std::vector<Tick> linear_ticks(double lo, double hi, int max_ticks) {
    std::vector<Tick> out;
    if (!std::isfinite(lo) || !std::isfinite(hi) || max_ticks < 1) return out;
    if (hi <= lo) hi = lo + 1;
    // The smallest 1-2-5 step that gives at most max_ticks + 1 intervals.
    double step = 1;
    for (int k = int(std::floor(std::log10((hi - lo) / max_ticks))) - 1, i = 0; i < 12; ++i) {
        const double m[3] = {1, 2, 5};
        step = m[i % 3] * std::pow(10.0, k + i / 3);
        if ((hi - lo) / step <= max_ticks + 1 + 1e-9) break;
    }
    const int decimals = std::max(0, int(-std::floor(std::log10(step) + 1e-9)));
    const long first = long(std::floor(lo / step + 1e-9)), last = long(std::ceil(hi / step - 1e-9));
    for (long i = first; i <= last && out.size() < 64; ++i) {
        const double v = double(i) * step;
        out.push_back({v, decimal_label(v, decimals)});
    }
    return out;
}

std::string binary_label(double v) {
    if (v >= 1048576) return format_human_number(v / 1048576, 2) + "M";
    if (v >= 1024) return format_human_number(v / 1024, 2) + "k";
    return format_human_number(v, 2);
}

// Every power (of 10, or of 2) in range is a tick, so no decade goes missing from the grid; when
// their labels would not fit, only the powers whose exponent is a multiple of a stride are labelled
// (10^0, 10^2, 10^4 …: the same powers on every chart), at most max_ticks labels, so none overlap.
std::vector<Tick> log_ticks(double lo, double hi, int max_ticks, bool binary) {
    std::vector<Tick> out;
    if (!(lo > 0) || !(hi >= lo) || !std::isfinite(hi) || max_ticks < 1) return out;
    const double base = binary ? 2.0 : 10.0;
    auto exponent = [&](double v) { return binary ? std::log2(v) : std::log10(v); };
    const int e0 = int(std::ceil(exponent(lo) - 1e-9)), e1 = int(std::floor(exponent(hi) + 1e-9));
    auto power = [&](int e) { return binary ? std::ldexp(1.0, e) : std::pow(base, e); };
    auto label = [&](int e) { return binary ? binary_label(power(e)) : decimal_label(power(e), std::max(0, -e)); };
    if (!binary) {
        // 1-2-5 × 10^n, all labelled, when they fit.
        const int d0 = int(std::floor(std::log10(lo) + 1e-9));
        for (int e = d0; e <= e1; ++e)
            for (double m : {1.0, 2.0, 5.0}) {
                const double v = m * std::pow(10.0, e);
                if (v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9)) out.push_back({v, decimal_label(v, std::max(0, -e))});
            }
        if (int(out.size()) <= max_ticks) return out;
        out.clear();
    }
    const int count = e1 - e0 + 1;
    int stride = 1;
    // The smallest stride whose labelled powers (exponent % stride == 0) number at most max_ticks.
    auto labelled = [&](int k) {
        int n = 0;
        for (int e = e0; e <= e1; ++e) n += ((e % k) + k) % k == 0;
        return n;
    };
    while (stride < count && labelled(stride) > max_ticks) ++stride;
    for (int e = e0; e <= e1 && out.size() < 256; ++e)
        out.push_back({power(e), ((e % stride) + stride) % stride == 0 ? label(e) : std::string()});
    return out;
}

}  // namespace gpusizer::ui
