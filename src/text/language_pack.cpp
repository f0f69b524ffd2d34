// See language_pack.hpp: writing and reading the pack (the same code in the CLI and the browser).
#include "text/language_pack.hpp"

#include "text/pair_file.hpp"

namespace gpusizer::text {
namespace {

constexpr std::string_view kMagic = "gpusizer-text ru 2\n";  // 2: with a checksum

StringPairs pairs_of(const Table& t) {
    StringPairs out;
    for (const auto& [a, b] : t) out.emplace_back(a, b);
    return out;
}

}  // namespace

std::string pack_language(Lang lang) {
    if (lang != Lang::ru || !language_available(Lang::ru)) return "";
    return write_pair_file(kMagic, {pairs_of(message_table(Lang::ru)), pairs_of(ui_table_ru())});
}

LanguagePack read_language_pack(std::string_view b) {
    LanguagePack p;
    PairFile f = read_pair_file(b, kMagic, 2);
    if (!f.ok) {
        p.error = f.error == "wrong magic" ? "not a gpusizer Russian text file (version 2)" : f.error;
        return p;
    }
    // The strings end with their NUL in `b`: the tables take them as C strings. A code or an English
    // key must not be empty.
    for (std::size_t t = 0; t < 2; ++t)
        for (const auto& [key, text] : f.tables[t]) {
            if (key.empty()) {
                p.messages.clear(), p.ui.clear();
                p.error = "an empty key";
                return p;
            }
            (t == 0 ? p.messages : p.ui).emplace_back(key.data(), text.data());
        }
    p.ok = true;
    return p;
}

}  // namespace gpusizer::text
