#include "ui/number_text.hpp"

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "engine/decimal.hpp"

namespace gpusizer::ui {
namespace {

bool ends_with(const std::string& s, std::string_view tail) {
    return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

// "1.500" -> "1.5", "2.000" -> "2": the shortest text of v at `decimals` decimals.
std::string trimmed(double v, int decimals) {
    std::string s = fixed_decimal(v, decimals);
    if (s.find('.') != std::string::npos) {
        while (s.back() == '0') s.pop_back();
        if (s.back() == '.') s.pop_back();
    }
    return s == "-0" ? "0" : s;
}

// "32,768" and "1,234,567": groups of three after a first group of one to three digits.
bool thousands_grouped(const std::string& s) {
    size_t i = s[0] == '-' || s[0] == '+' ? 1 : 0;
    const size_t first = s.find(',', i);
    if (first == std::string::npos || first - i < 1 || first - i > 3) return false;
    for (size_t k = i; k < s.size(); ++k) {
        const bool comma = (s.size() - k) % 4 == 0 && k > i;
        if (comma ? s[k] != ',' : !std::isdigit(static_cast<unsigned char>(s[k]))) return false;
    }
    return true;
}

}  // namespace

ParsedNumber parse_human_number(std::string_view text, bool allow_percent) {
    ParsedNumber r;
    std::string s;
    for (size_t i = 0; i < text.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (c == ' ' || c == '\t') continue;
        if (c == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0xA0) { ++i; continue; }  // NBSP
        if (c == 0xE2 && i + 2 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0x80 &&
            (static_cast<unsigned char>(text[i + 2]) == 0xAF || static_cast<unsigned char>(text[i + 2]) == 0x89)) {
            i += 2;  // narrow / thin no-break space (Russian digit grouping)
            continue;
        }
        s += char(c);
    }
    if (s.empty()) return r;
    r.error = NumberError::not_a_number;
    if (allow_percent && s.back() == '%') s.pop_back();
    double scale = 1;
    static const struct { const char* suffix; double scale; } suffixes[] = {
        {"k", 1e3}, {"K", 1e3}, {"M", 1e6}, {"B", 1e9}, {"b", 1e9}, {"G", 1e9}, {"T", 1e12}, {"t", 1e12},
        {"\xD0\xBA", 1e3},                                   // к
        {"\xD1\x82\xD1\x8B\xD1\x81", 1e3},                   // тыс
        {"\xD0\xBC\xD0\xBB\xD0\xBD", 1e6},                   // млн
        {"\xD0\xBC\xD0\xBB\xD1\x80\xD0\xB4", 1e9},           // млрд
        {"\xD1\x82\xD1\x80\xD0\xBB\xD0\xBD", 1e12}};         // трлн
    for (const auto& u : suffixes)
        if (ends_with(s, u.suffix)) {
            s.resize(s.size() - std::string_view(u.suffix).size());
            scale = u.scale;
            break;
        }
    if (s.empty()) return r;
    // Only digits, one sign, point, comma and exponent are left: "1kk", "5%", "0x10", "inf" fail here.
    for (char c : s)
        if (!(std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == ',' || c == '-' || c == '+' || c == 'e' || c == 'E'))
            return r;
    if (s.find(',') != std::string::npos) {
        if (s.find('.') != std::string::npos || thousands_grouped(s)) {
            std::string t;
            for (char c : s) if (c != ',') t += c;
            s = t;
        } else if (s.find(',') == s.rfind(',')) {
            s[s.find(',')] = '.';
        } else {
            return r;
        }
    }
    errno = 0;
    char* end = nullptr;
    const double v = std::strtod(s.c_str(), &end);
    if (end != s.c_str() + s.size()) return r;
    if (!std::isfinite(v) || (errno == ERANGE && std::fabs(v) > 1) || !std::isfinite(v * scale)) {
        r.error = NumberError::too_large;
        return r;
    }
    r.error = NumberError::none;
    r.value = v * scale;
    return r;
}

std::string format_human_number(double v, int decimals) {
    if (!std::isfinite(v)) return "0";
    decimals = decimals < 0 ? 0 : decimals > 6 ? 6 : decimals;
    const double p = std::pow(10.0, decimals);
    const double r = std::fabs(v) < 1e15 ? std::round(v * p) / p : v;
    static const struct { double scale, from; const char* suffix; } units[] = {
        {1e12, 1e12, "T"}, {1e9, 1e9, "B"}, {1e6, 1e6, "M"}, {1e3, 1e4, "k"}};
    for (const auto& u : units) {
        if (std::fabs(r) < u.from) continue;
        // Exact with at most two decimals ("1.5M", "32k"); "32768" stays digits, not "32.768k".
        const std::string m = trimmed(r / u.scale, 2);
        const double back = std::strtod(m.c_str(), nullptr) * u.scale;
        if (std::fabs(back - r) <= 1e-9 * std::fabs(r)) return m + u.suffix;
        if (u.scale >= 1e6) return trimmed(r / u.scale, 3) + u.suffix;  // slider values: 4 digits
        break;
    }
    return trimmed(r, decimals);
}

std::string shown_decimal(std::string s, bool comma) {
    if (comma)
        for (char& c : s) c = c == '.' ? ',' : c;
    return s;
}

int clamp_side(double v, double min, double max) { return v < min ? -1 : v > max ? 1 : 0; }

}  // namespace gpusizer::ui
