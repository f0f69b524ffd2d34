// Numbers as the UI shows and accepts them: "10T", "1.5M", "32k", "32768", "1,5M". No ImGui, so
// the rules are unit-tested; the slider text and the typed field both use format_human_number.
#pragma once

#include <string>
#include <string_view>

namespace gpusizer::ui {

enum class NumberError { none, empty, not_a_number, too_large };

struct ParsedNumber {
    NumberError error = NumberError::empty;
    double value = 0;
    bool ok() const { return error == NumberError::none; }
};

// Spaces are ignored; one suffix k/K (10^3), M (10^6), B/b/G (10^9), T/t (10^12) or тыс/млн/млрд/трлн;
// a comma is a thousands separator in "32,768" / "1,000.5" and a decimal point otherwise ("1,5M");
// a trailing '%' only when allow_percent. Infinite results are too_large; "-5" parses (the caller clamps).
ParsedNumber parse_human_number(std::string_view text, bool allow_percent = false);

// `decimals` is the field's precision. Suffixes when exact ("10T", "1.5M", "32k" for 32000 but
// "32768"); from a million on, at most 3 decimals after the suffix ("1.049M").
std::string format_human_number(double v, int decimals);
// A number only shown (a slider's text, a chart's ticks and tip), in the reader's decimal mark: "1,5M"
// on a Russian page. The typed field keeps the dot: "1,125M" would read back as 1125M.
std::string shown_decimal(std::string s, bool comma);

// Which side a typed value fell out of [min, max]: -1 below, +1 above, 0 inside.
int clamp_side(double v, double min, double max);

}  // namespace gpusizer::ui
