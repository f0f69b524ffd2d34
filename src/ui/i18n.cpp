// The UI's language switch over the shared text module (src/text): tr() for the UI's own
// strings, warning_text() / reason_text() for the engine's coded messages.
#include "ui/i18n.hpp"

#include "text/language_pack.hpp"

namespace gpusizer::ui {
namespace {

std::string g_lang = "en";

}  // namespace

// Russian only once its text is there (the browser loads it on demand): never a half-English page.
void set_language(const std::string& lang) {
    g_lang = lang == "ru" && text::language_available(text::Lang::ru) ? "ru" : "en";
}
const std::string& language() { return g_lang; }
text::Lang lang() { return text::parse_lang(g_lang); }

const char* tr(const char* english) { return text::ui(english, lang()); }

std::string message_text(const Message& m) { return text::render(m, lang()); }
std::string warning_text(const Warning& w) { return text::render(w, lang()); }
std::string reason_text(const Option& o) { return text::render(o.reason, lang()); }

}  // namespace gpusizer::ui
