// Display text in English and Russian for everything gpusizer shows: the engine's coded messages
// (templates per code, one table per language: messages_en.cpp, messages_ru.cpp), the UI's own
// strings (ui_ru.cpp: English UI string → Russian), numbers, plurals, units, durations, energy
// and money. Shared by the CLI, the exports, the DOM summary and the ImGui front end.
//
// Template syntax (messages_*.cpp):
//   {name}           the parameter; numbers get sensible decimals, terms are rendered from the table
//   {name:2}         a number with 2 decimals; {name:e2} scientific (2.10×10^21)
//   {name#a|b|c}     the word form for that number (en: one|other, ru: one|few|many)
//   {?name:…} {!name:…}  the inner text when the parameter is set (non-zero, non-empty) / not set
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/message.hpp"
#include "engine/sizing.hpp"

namespace gpusizer::text {

enum class Lang { en, ru };
Lang parse_lang(std::string_view key);  // "ru" → ru; anything else → en
const char* lang_key(Lang lang);

// --- coded messages --------------------------------------------------------------------
// A constant table of string pairs: code → template, or English → Russian. An array, not a
// vector: the tables are data in the module, with no code to build them at start-up.
using TextPair = std::pair<const char*, const char*>;
struct Table {
    const TextPair* first = nullptr;
    std::size_t count = 0;
    template <std::size_t N> constexpr Table(const TextPair (&a)[N]) : first(a), count(N) {}
    constexpr Table(const TextPair* pairs, std::size_t n) : first(pairs), count(n) {}
    const TextPair* begin() const { return first; }
    const TextPair* end() const { return first + count; }
    std::size_t size() const { return count; }
};
Table message_table(Lang lang);
const char* message_template(std::string_view code, Lang lang);  // nullptr when absent
std::string render(const Message& m, Lang lang);                 // absent code: the code itself
std::string render_template(std::string_view tpl, const Message& params, Lang lang);

// --- the UI's own strings -----------------------------------------------------------------
using UiTable = Table;  // English → Russian
UiTable ui_table_ru();
const char* ui(const char* english, Lang lang);  // no entry: the English text

// --- numbers, words, units ----------------------------------------------------------------
std::string number(double v, int decimals, Lang lang);  // 32,768.5 / 32 768,5 (groups from 10 000)
std::string auto_number(double v, Lang lang);           // decimals by magnitude
std::string compact(double v, int decimals, Lang lang); // 1.5k 2.3M / 1,5 тыс. 2,3 млн
std::string sci(double v, int decimals, Lang lang);     // 2.10×10^21
// Plural form: en uses `one`/`many` (`few` ignored); ru: 1, 21 → one; 2–4, 22–24 → few; else many.
const char* plural(double n, Lang lang, const char* one, const char* few, const char* many);
// "2 servers" / "2 сервера": the number and its noun. Nouns: "GPU", "server", "day", "hour",
// "user", "token", "replica", "stream".
std::string count_of(double n, int decimals, std::string_view noun, Lang lang);
const char* noun(double n, std::string_view noun, Lang lang);  // the word alone ("GPU-hour" too)
// The count a shown number stands for, for its noun's form: "30,9 тыс." reads as many (5), a
// fraction as a fraction, anything else as the integer it is rounded to on the screen.
double shown_count(double v, int decimals);
// A file reader's error message (catalog_json.hpp: CatalogError::message, English: the JSON module has
// no text tables) in the language: whole phrases from the UI table, or a known head ("expected a whole
// number 1–100000") with its numbers and the kind found after ", got "; one not known stays English.
std::string error_text(const std::string& english, Lang lang);
// Units: key is the English unit ("s", "min", "h", "GB", "GB/s", "kWh", "MWh", "tok/s", "/h", "TFLOPS").
const char* unit(std::string_view key, Lang lang);
std::string with_unit(double v, int decimals, std::string_view unit_key, Lang lang);
const char* dash();  // "—": a figure that does not apply

// Durations and energy in the job's own scale: < 1 h in minutes, < 48 h in hours, else days;
// < 1 MWh in kWh.
std::string duration_hours(double hours, Lang lang);
std::string energy_mwh(double mwh, Lang lang);
// Money: en "$1.23", "$1.23/h"; ru "1,23 $", "1,23 $/ч"; a currency without a symbol keeps its code.
std::string money(double v, const std::string& currency, Lang lang);
std::string money_per_hour(double v, const std::string& currency, Lang lang);

// --- results ------------------------------------------------------------------------------
// Shell lines as they are, each note after its line as "   # note" or alone as a "# note" line: the
// text runs as a shell script.
std::string command_text(const std::vector<CommandLine>& lines, Lang lang);
std::string use_title(Use u, Lang lang);          // a use's name: "Chat-bot", "3D rendering", …
std::string task_name(const State& s, Lang lang);  // "Inference · Chat-bot", "Fine-tuning · LoRA", …

}  // namespace gpusizer::text
