// Russian and English. UI code writes English; tr() returns the Russian text when it is on.
// The tables live in src/text (shared with the CLI, the exports and the DOM summary).
#pragma once

#include <string>

#include "engine/sizing.hpp"
#include "text/text.hpp"

namespace gpusizer::ui {

void set_language(const std::string& lang);  // "ru" or "en"
const std::string& language();
text::Lang lang();
const char* tr(const char* english);

// Display text of the engine's coded messages, in the current language.
std::string message_text(const Message& m);
std::string warning_text(const Warning& w);
std::string reason_text(const Option& o);

}  // namespace gpusizer::ui
