// The Russian text as a file of its own (text-ru.bin), so that a page in English does not download
// it. The CLI and the tests compile the tables in (messages_ru.cpp, ui_ru.cpp); the browser's module
// is built without them (language_pack_runtime.cpp) and reads this file when the page is in Russian
// or switches to it. Until it has, Russian is not available and the page stays in English.
//
// Format: text/pair_file.hpp, with the magic "gpusizer-text ru 2\n" and two tables, the message
// templates (code → template) and the UI's strings (English → Russian), checksummed.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "text/text.hpp"

namespace gpusizer::text {

// The bytes of the file for the tables compiled into this program (empty if it has none).
std::string pack_language(Lang lang);

// A pack read back: the pairs point into `bytes` (which must outlive them). On failure `error`
// says what is wrong (a code for the UI's notice and a detail for the console).
struct LanguagePack {
    bool ok = false;
    std::string error;
    std::vector<TextPair> messages, ui;
};
LanguagePack read_language_pack(std::string_view bytes);

// Whether the language's text is in this program (always true for English).
bool language_available(Lang lang);
// The browser: takes the pack's bytes and makes Russian available; false (and nothing changes) if the
// bytes are not a valid pack. Programs with the tables compiled in ignore it and return true.
bool install_language_pack(std::string bytes, std::string* error);

}  // namespace gpusizer::text
