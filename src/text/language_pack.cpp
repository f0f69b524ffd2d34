// See language_pack.hpp: writing and reading the pack (the same code in the CLI and the browser).
#include "text/language_pack.hpp"

#include <cstdint>
#include <cstring>

namespace gpusizer::text {
namespace {

constexpr std::string_view kMagic = "gpusizer-text ru 1\n";
// Far above the tables' real sizes (a few hundred pairs): a count beyond it is a broken file.
constexpr std::uint32_t kMaxPairs = 100000;

void put_u32(std::string& out, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) out += char((v >> (8 * i)) & 0xFF);
}

std::uint32_t get_u32(std::string_view b, std::size_t at) {
    std::uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v |= std::uint32_t(static_cast<unsigned char>(b[at + i])) << (8 * i);
    return v;
}

// One NUL-ended string from `at`; nullptr when the bytes end first.
const char* next_string(std::string_view b, std::size_t* at) {
    if (*at >= b.size()) return nullptr;
    const void* nul = std::memchr(b.data() + *at, 0, b.size() - *at);
    if (!nul) return nullptr;
    const char* s = b.data() + *at;
    *at = std::size_t(static_cast<const char*>(nul) - b.data()) + 1;
    return s;
}

bool read_pairs(std::string_view b, std::size_t* at, std::uint32_t count, std::vector<TextPair>* out) {
    out->reserve(count);
    for (std::uint32_t i = 0; i < count; ++i) {
        const char* first = next_string(b, at);
        const char* second = first ? next_string(b, at) : nullptr;
        if (!second || !*first) return false;
        out->emplace_back(first, second);
    }
    return true;
}

}  // namespace

std::string pack_language(Lang lang) {
    if (lang != Lang::ru || !language_available(Lang::ru)) return "";
    const Table messages = message_table(Lang::ru);
    const UiTable ui = ui_table_ru();
    std::string out(kMagic);
    put_u32(out, std::uint32_t(messages.size()));
    put_u32(out, std::uint32_t(ui.size()));
    for (const Table& t : {messages, ui})
        for (const auto& [a, b] : t) {
            out.append(a).push_back('\0');
            out.append(b).push_back('\0');
        }
    return out;
}

LanguagePack read_language_pack(std::string_view b) {
    LanguagePack p;
    if (b.size() < kMagic.size() + 8 || b.substr(0, kMagic.size()) != kMagic) {
        p.error = "not a gpusizer Russian text file (version 1)";
        return p;
    }
    const std::uint32_t n_messages = get_u32(b, kMagic.size()), n_ui = get_u32(b, kMagic.size() + 4);
    if (n_messages > kMaxPairs || n_ui > kMaxPairs) {
        p.error = "implausible table sizes";
        return p;
    }
    std::size_t at = kMagic.size() + 8;
    if (!read_pairs(b, &at, n_messages, &p.messages) || !read_pairs(b, &at, n_ui, &p.ui)) {
        p.error = "the file ends inside its tables";
        return p;
    }
    if (at != b.size()) {
        p.error = "bytes after the tables";
        return p;
    }
    p.ok = true;
    return p;
}

}  // namespace gpusizer::text
