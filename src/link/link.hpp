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

// Version 2 (issue 31): `use=rag` has the RAG assistant's load (a shared system prompt, three-turn
// conversations); a version-1 link of use=rag keeps the plain one. A link is written in the lowest
// version that reads as its state: 2 for use=rag, 1 for every other (they read alike in both).
constexpr int kLinkVersion = 2;
int link_version_for(const State& s);
constexpr double kMinMfu = 0.01;  // mfu= below this is clamped to it, with a warning

struct DecodedLink {
    State state;
    std::vector<Warning> warnings;
    // `lang=en|ru`: the language of the page (or of the CLI's text) the link asks for; "" when it
    // does not say. Not part of the state: encode_link never writes it.
    std::string lang;
};

// One key=value pair of a link, percent-decoded.
struct LinkPair {
    std::string key, value;
};

// A change of the link's format, made in `version`: links written before it carried `old_key` (with
// `old_value`, when given) for what is now `new_key` (with `new_value`, when given). Links never change
// meaning: a rename is a step here plus kLinkVersion + 1, and every older link reads as it did.
struct LinkUpgrade {
    int version;
    const char* old_key;
    const char* new_key;
    const char* old_value = nullptr;
    const char* new_value = nullptr;
};
// The format's changes, oldest first (none yet: version 1 is the only one).
const std::vector<LinkUpgrade>& link_upgrades();
// Rewrites the pairs of a link written in `version` into the current version's, one step at a time.
// decode_link calls it before it reads a pair: the one place that knows old spellings.
void upgrade_link(std::vector<LinkPair>& pairs, int version, const std::vector<LinkUpgrade>& steps = link_upgrades());

// Accepts a bare fragment ("v=1&…"), one with a leading '#', or a whole URL ("https://…/#v=1&…").
DecodedLink decode_link(std::string_view text);
std::string encode_link(const State& s);

// A custom model's numeric link keys and their values, from the link's own tables: the CLI's JSON names
// the custom model by them (report.cpp), so a new architecture key is one row of link.cpp.
struct CustomNumber {
    const char* key;
    double value;
    bool whole;  // an integer key
};
std::vector<CustomNumber> custom_numbers(const CustomModel& c);

// Helpers shared with other parsers (CLI flags, tests).
std::string percent_decode(std::string_view s);
std::string percent_encode_value(std::string_view s);
// Parses "32768", "1.5e3", "100M", "14.8T"; false on anything else (incl. inf / nan).
bool parse_number(std::string_view s, double* out);
// A model or GPU id a link may carry: 1-200 of letters, digits and - _ . / : +
// (the catalog loader holds catalog ids to the same rule).
bool valid_link_id(std::string_view id);
std::string format_number(double v);

// A provider's "order" link: `{gpu}` and `{count}` (also written `%7Bgpu%7D`, `%7Bcount%7D`) in the
// template replaced by the GPU id, encoded as one URL component (ids may hold / : +), and the count.
// The one substitution: the UI's "Order this configuration" button and the page's API both use it.
std::string order_link(std::string_view url_template, std::string_view gpu_id, int count);

}  // namespace gpusizer
