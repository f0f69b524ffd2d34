// Chart axes with round ticks: 1-2-5 steps on linear axes, every power of 10 (with 2 and 5 between when
// there is room) or of 2 on log axes. No ImGui: unit-tested.
#pragma once

#include <string>
#include <vector>

namespace gpusizer::ui {

struct Tick {
    double value;
    std::string label;
};

// lo..hi split by a 1-2-5 step into at most max_ticks intervals, labelled with the decimals the step
// needs ("0.5", "1", "1.5"; "20k" for big values). The last tick is at or above hi.
std::vector<Tick> linear_ticks(double lo, double hi, int max_ticks);
// Ticks inside [lo, hi] on a log axis. Decimal: 1-2-5 × 10^n ("1", "20", "1k") when at most max_ticks of
// them fit, else every power of 10; binary: every power of 2, labelled with k = 1024 ("512", "32k", "1M":
// how context lengths are spoken of). At most max_ticks ticks carry a label; the others (empty label) are
// grid lines only, so that every decade shows and no two labels overlap.
std::vector<Tick> log_ticks(double lo, double hi, int max_ticks, bool binary);
// 32768 -> "32k", 1048576 -> "1M", 1536 -> "1.5k" (k = 1024).
std::string binary_label(double v);

}  // namespace gpusizer::ui
