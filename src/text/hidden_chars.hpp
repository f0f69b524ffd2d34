// Characters that change how text reads without being seen: C1 controls, bidirectional controls
// (U+061C, U+200E/F, U+202A–E, U+2066–9, which reorder a name's letters: U+202E then "BG08 001H"
// reads "H100 80GB"), zero-width and invisible formatting (U+200B–D, U+2060–4, U+FEFF, U+00AD, U+180E) and the
// line / paragraph separators U+2028/9. The catalog loader refuses them in every name and note
// (catalog_json.cpp: like control characters); the exports and the CLI's output drop them.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace gpusizer::text {

// Bytes of such a character starting at s[i] (UTF-8), or 0.
inline std::size_t hidden_char_length(std::string_view s, std::size_t i) {
    auto at = [&](std::size_t k) { return k < s.size() ? static_cast<unsigned char>(s[k]) : 0u; };
    const unsigned a = at(i), b = at(i + 1), c = at(i + 2);
    if (a == 0xC2 && ((b >= 0x80 && b <= 0x9F) || b == 0xAD)) return 2;  // C1, soft hyphen
    if (a == 0xD8 && b == 0x9C) return 2;                                   // U+061C arabic letter mark
    if (a == 0xE1 && b == 0xA0 && c == 0x8E) return 3;                      // U+180E
    if (a == 0xE2 && b == 0x80 && ((c >= 0x8B && c <= 0x8F) || (c >= 0xA8 && c <= 0xAE))) return 3;
    if (a == 0xE2 && b == 0x81 && ((c >= 0xA0 && c <= 0xA4) || (c >= 0xA6 && c <= 0xA9))) return 3;
    if (a == 0xEF && b == 0xBB && c == 0xBF) return 3;                      // U+FEFF
    return 0;
}

inline bool has_hidden_chars(std::string_view s) {
    for (std::size_t i = 0; i < s.size(); ++i)
        if (hidden_char_length(s, i) > 0) return true;
    return false;
}

inline std::string drop_hidden_chars(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        const std::size_t n = hidden_char_length(s, i);
        if (n == 0) out += s[i++];
        else i += n;
    }
    return out;
}

}  // namespace gpusizer::text
