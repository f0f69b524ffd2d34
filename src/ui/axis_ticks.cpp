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

std::vector<Tick> log_ticks(double lo, double hi, int max_ticks, bool binary) {
    std::vector<Tick> out;
    if (!(lo > 0) || !(hi >= lo) || !std::isfinite(hi) || max_ticks < 1) return out;
    if (binary) {
        const int e0 = int(std::ceil(std::log2(lo) - 1e-9)), e1 = int(std::floor(std::log2(hi) + 1e-9));
        const int stride = std::max(1, (e1 - e0 + max_ticks) / max_ticks);  // ceil(count / max)
        for (int e = e0; e <= e1; ++e)
            if (e % stride == 0) out.push_back({std::ldexp(1.0, e), binary_label(std::ldexp(1.0, e))});
        return out;
    }
    const int e0 = int(std::floor(std::log10(lo) + 1e-9)), e1 = int(std::floor(std::log10(hi) + 1e-9));
    // The densest of 1-2-5 and 1 per decade that fits; then every other decade, and so on.
    static const std::vector<std::vector<double>> sets = {{1, 2, 5}, {1}};
    for (const auto& mantissas : sets) {
        out.clear();
        for (int e = e0; e <= e1; ++e)
            for (double m : mantissas) {
                const double v = m * std::pow(10.0, e);
                if (v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9)) out.push_back({v, decimal_label(v, std::max(0, -e))});
            }
        if (int(out.size()) <= max_ticks) return out;
    }
    const int stride = std::max(1, (int(out.size()) + max_ticks - 1) / max_ticks);
    std::vector<Tick> thinned;
    for (size_t i = 0; i < out.size(); i += size_t(stride)) thinned.push_back(out[i]);
    return thinned;
}

}  // namespace gpusizer::ui
