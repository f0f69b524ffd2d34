// The configuration link: a public, versioned format (links in the wild must keep working).
//
//   v=1&task=infer&model=Qwen/Qwen3-8B&ctx=32768&users=50
//
// Flat key=value pairs joined by '&', used as the URL fragment and as the CLI argument.
// Canonical form: `v` first, then keys in the fixed order of kKeyOrder, defaults omitted,
// numbers in their shortest exact form (SI suffixes k M B T for token counts), so one state
// has one link. Decoding never fails: unknown keys, bad values and out-of-range numbers are
// reported as warnings and the rest is used; ids are kept verbatim (the catalog decides).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/sizing.hpp"
#include "engine/state.hpp"

namespace gpusizer {

constexpr int kLinkVersion = 1;
constexpr double kMinMfu = 0.01;  // mfu= below this is clamped to it, with a warning

struct DecodedLink {
    State state;
    std::vector<Warning> warnings;
    // `lang=en|ru`: the language of the page (or of the CLI's text) the link asks for; "" when it
    // does not say. Not part of the state: encode_link never writes it.
    std::string lang;
};

// Accepts a bare fragment ("v=1&…"), one with a leading '#', or a whole URL ("https://…/#v=1&…").
DecodedLink decode_link(std::string_view text);
std::string encode_link(const State& s);

// Helpers shared with other parsers (CLI flags, tests).
std::string percent_decode(std::string_view s);
std::string percent_encode_value(std::string_view s);
// Parses "32768", "1.5e3", "100M", "14.8T"; false on anything else (incl. inf / nan).
bool parse_number(std::string_view s, double* out);
// A model or GPU id a link may carry: 1-200 of letters, digits and - _ . / : +
// (the catalog loader holds catalog ids to the same rule).
bool valid_link_id(std::string_view id);
std::string format_number(double v);

}  // namespace gpusizer
