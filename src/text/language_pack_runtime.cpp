// The browser's Russian tables: empty until the page hands over text-ru.bin (language_pack.hpp).
// Linked instead of messages_ru.cpp and ui_ru.cpp into the WebAssembly module.
#include "text/language_pack.hpp"

namespace gpusizer::text {
namespace {

std::string g_bytes;  // the pack's bytes: the tables point into them
LanguagePack g_pack;

}  // namespace

Table russian_table() { return Table(g_pack.messages.data(), g_pack.messages.size()); }
UiTable ui_table_ru() { return UiTable(g_pack.ui.data(), g_pack.ui.size()); }

bool language_available(Lang lang) { return lang == Lang::en || g_pack.ok; }

bool install_language_pack(std::string bytes, std::string* error) {
    if (g_pack.ok) return true;  // one pack per page: the tables never move under the UI
    LanguagePack pack = read_language_pack(bytes);
    if (!pack.ok) {
        if (error) *error = pack.error;
        return false;
    }
    // The pairs point into the string's buffer, which a move keeps (no small-string copy: it is large).
    g_bytes = std::move(bytes);
    pack = read_language_pack(g_bytes);
    g_pack = std::move(pack);
    return g_pack.ok;
}

}  // namespace gpusizer::text
