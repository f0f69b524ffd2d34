// The renderer behind text.hpp: template substitution, numbers, plurals and scale-aware units.
#include "text/text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <unordered_map>

#include "engine/decimal.hpp"
#include "engine/vocabulary.hpp"

namespace gpusizer::text {
namespace {

bool integral(double v) { return std::isfinite(v) && std::fabs(v - std::round(v)) < 1e-9; }

bool truthy(const Param& p) {
    return p.kind == Param::Kind::number ? p.number != 0 && std::isfinite(p.number) : !p.text.empty();
}

// Splits "a|b|c" into up to three forms.
std::vector<std::string_view> forms(std::string_view s) {
    std::vector<std::string_view> out;
    for (size_t start = 0;;) {
        const size_t bar = s.find('|', start);
        out.push_back(s.substr(start, bar == std::string_view::npos ? std::string_view::npos : bar - start));
        if (bar == std::string_view::npos) break;
        start = bar + 1;
    }
    return out;
}

// One {…} field; `body` is what is between the braces.
std::string field(std::string_view body, const Message& m, Lang lang, int depth) {
    if (!body.empty() && (body[0] == '?' || body[0] == '!')) {
        const size_t colon = body.find(':');
        const std::string name(body.substr(1, colon == std::string_view::npos ? std::string_view::npos : colon - 1));
        const Param* p = m.find(name);
        const bool set = p && truthy(*p);
        if (colon == std::string_view::npos || set != (body[0] == '?')) return "";
        return depth > 8 ? "" : render_template(body.substr(colon + 1), m, lang);
    }
    const size_t colon = body.find(':'), hash = body.find('#');
    const std::string name(body.substr(0, std::min(colon, hash)));
    const Param* p = m.find(name);
    if (!p) return "{" + name + "?}";  // visible, and the tests look for it
    if (p->kind == Param::Kind::code) {
        const char* t = message_template(p->text, lang);
        return t && depth <= 8 ? render_template(t, m, lang) : p->text;
    }
    if (p->kind == Param::Kind::text) return p->text;
    const std::string spec(colon == std::string_view::npos
                               ? ""
                               : body.substr(colon + 1, hash == std::string_view::npos ? hash : hash - colon - 1));
    const int decimals = std::atoi(spec.c_str() + (!spec.empty() && spec[0] == 'e'));
    if (hash != std::string_view::npos) {
        // The word agrees with the number as shown: "50,0 дня" (a shown fraction), "50 дней".
        const auto f = forms(body.substr(hash + 1));
        const std::string a(f[0]), b(f.size() > 1 ? f[1] : f[0]), c(f.size() > 2 ? f[2] : b);
        const double shown = decimals > 0 ? p->number + 0.5 : std::round(p->number);  // decimals shown: a fraction
        return plural(spec.empty() ? p->number : shown, lang, a.c_str(), b.c_str(), c.c_str());
    }
    if (spec.empty()) return auto_number(p->number, lang);
    if (spec[0] == 'e') return sci(p->number, decimals, lang);
    return number(p->number, decimals, lang);
}

std::string render_at(std::string_view tpl, const Message& m, Lang lang, int depth) {
    std::string out;
    for (size_t i = 0; i < tpl.size(); ++i) {
        if (tpl[i] != '{') { out += tpl[i]; continue; }
        // Matching brace, counting nested fields (conditional sections hold fields).
        size_t j = i + 1;
        for (int level = 1; j < tpl.size(); ++j) {
            if (tpl[j] == '{') ++level;
            else if (tpl[j] == '}' && --level == 0) break;
        }
        if (j >= tpl.size()) { out += tpl.substr(i); break; }
        out += field(tpl.substr(i + 1, j - i - 1), m, lang, depth + 1);
        i = j;
    }
    return out;
}

const char* currency_symbol(const std::string& currency) {
    if (currency == "USD") return "$";
    if (currency == "EUR") return "€";
    if (currency == "RUB") return "₽";
    return nullptr;
}

}  // namespace

Table english_table();  // messages_en.cpp
Table russian_table();  // messages_ru.cpp
Table message_table(Lang lang) { return lang == Lang::ru ? russian_table() : english_table(); }

Lang parse_lang(std::string_view key) { return key == "ru" ? Lang::ru : Lang::en; }
const char* lang_key(Lang lang) { return lang == Lang::ru ? "ru" : "en"; }

const char* message_template(std::string_view code, Lang lang) {
    for (const auto& [c, t] : message_table(lang))
        if (code == c) return t;
    return nullptr;
}

std::string render_template(std::string_view tpl, const Message& params, Lang lang) {
    return render_at(tpl, params, lang, 0);
}

std::string render(const Message& m, Lang lang) {
    if (m.empty()) return "";
    const char* t = message_template(m.code, lang);
    return t ? render_template(t, m, lang) : m.code;
}

const char* ui(const char* english, Lang lang) {
    if (lang != Lang::ru || !english) return english;
    // Built on first use, and again if the table changed (the browser installs it when needed).
    static std::unordered_map<std::string_view, const char*> index;
    static const TextPair* indexed = nullptr;
    const UiTable table = ui_table_ru();
    if (table.begin() != indexed) {
        index.clear();
        for (const auto& [en, ru] : table) index.emplace(en, ru);
        indexed = table.begin();
    }
    const auto it = index.find(english);
    return it == index.end() ? english : it->second;
}

std::string number(double v, int decimals, Lang lang) {
    if (!std::isfinite(v)) return dash();
    std::string s = fixed_decimal(v, decimals < 0 ? 0 : decimals), out;
    if (s[0] == '-' && s.find_first_not_of("-0.") == std::string::npos) s.erase(0, 1);  // no "-0.0"
    const size_t dot = s.find('.');
    const std::string whole = s.substr(0, dot), frac = dot == std::string::npos ? "" : s.substr(dot + 1);
    const bool negative = whole[0] == '-';
    const std::string digits = negative ? whole.substr(1) : whole;
    const char* group = lang == Lang::ru ? "\u00A0" : ",";
    for (size_t i = 0; i < digits.size(); ++i) {
        if (digits.size() > 4 && i > 0 && (digits.size() - i) % 3 == 0) out += group;
        out += digits[i];
    }
    if (negative) out = "-" + out;
    if (!frac.empty()) out += (lang == Lang::ru ? "," : ".") + frac;
    return out;
}

std::string auto_number(double v, Lang lang) {
    if (integral(v)) return number(v, 0, lang);
    const double a = std::fabs(v);
    return number(v, a >= 100 ? 0 : a >= 10 ? 1 : a >= 0.1 ? 2 : 3, lang);
}

std::string compact(double v, int decimals, Lang lang) {
    const bool ru = lang == Lang::ru;
    const double a = std::fabs(v);
    if (a >= 1e12) return number(v / 1e12, decimals, lang) + (ru ? "\u00A0трлн" : "T");
    if (a >= 1e9) return number(v / 1e9, decimals, lang) + (ru ? "\u00A0млрд" : "B");
    if (a >= 1e6) return number(v / 1e6, decimals, lang) + (ru ? "\u00A0млн" : "M");
    if (a >= 1e4) return number(v / 1e3, decimals, lang) + (ru ? "\u00A0тыс." : "k");
    return number(v, a < 10 ? decimals : 0, lang);
}

std::string sci(double v, int decimals, Lang lang) {
    if (!std::isfinite(v)) return dash();
    if (v == 0) return "0";
    const int e = int(std::floor(std::log10(std::fabs(v))));
    return number(v / std::pow(10.0, e), decimals, lang) + "×10^" + std::to_string(e);
}

const char* plural(double n, Lang lang, const char* one, const char* few, const char* many) {
    if (!integral(n)) return lang == Lang::ru ? few : many;  // 1,5 дня; 1.5 days
    const long long i = std::llabs(std::llround(n));
    if (lang == Lang::en) return i == 1 ? one : many;
    if (i % 10 == 1 && i % 100 != 11) return one;
    if (i % 10 >= 2 && i % 10 <= 4 && (i % 100 < 12 || i % 100 > 14)) return few;
    return many;
}

const char* noun(double n, std::string_view key, Lang lang) {
    struct Noun { const char *key, *one, *many, *ru_one, *ru_few, *ru_many; };
    static const Noun nouns[] = {
        {"GPU", "GPU", "GPUs", "GPU", "GPU", "GPU"},
        {"GPU-hour", "GPU-hour", "GPU-hours", "GPU-час", "GPU-часа", "GPU-часов"},
        {"server", "server", "servers", "сервер", "сервера", "серверов"},
        {"day", "day", "days", "день", "дня", "дней"},
        {"hour", "hour", "hours", "час", "часа", "часов"},
        {"user", "user", "users", "пользователь", "пользователя", "пользователей"},
        {"token", "token", "tokens", "токен", "токена", "токенов"},
        {"replica", "replica", "replicas", "реплика", "реплики", "реплик"},
        {"stream", "stream", "streams", "поток", "потока", "потоков"},
        {"live stream", "live stream", "live streams", "живой поток", "живых потока", "живых потоков"},
        {"dimension", "dimension", "dimensions", "измерение", "измерения", "измерений"},
        {"concurrent request", "concurrent request", "concurrent requests", "одновременный запрос",
         "одновременных запроса", "одновременных запросов"},
    };
    for (const auto& w : nouns)
        if (key == w.key)
            return lang == Lang::ru ? plural(n, lang, w.ru_one, w.ru_few, w.ru_many) : plural(n, lang, w.one, w.many, w.many);
    return "";
}

double shown_count(double v, int decimals) {
    if (std::fabs(v) >= 1e4) return 5;  // "30,9 тыс.", "41.1k": the genitive plural
    const double p = std::pow(10.0, decimals);
    return std::round(v * p) / p;
}

std::string error_text(const std::string& english, Lang lang) {
    if (lang != Lang::ru) return english;
    // "expected a whole number 1–100000, got a string": the head, then the kind of value found.
    const size_t got = english.rfind(", got ");
    if (got != std::string::npos)
        return error_text(english.substr(0, got), lang) + ", " + ui("got", lang) + " " + ui(english.c_str() + got + 6, lang);
    const std::string whole = ui(english.c_str(), lang);
    if (whole != english) return whole;
    // The readers' "and 37 more problems" after their first 20 (catalog_json.cpp).
    if (english.rfind("and ", 0) == 0 && english.size() > 18 && english.compare(english.size() - 14, 14, " more problems") == 0) {
        const std::string digits = english.substr(4, english.size() - 18);
        double n = 0;
        for (char c : digits) n = c >= '0' && c <= '9' ? n * 10 + (c - '0') : -1e18;
        if (n >= 0) return "и ещё " + digits + " " + plural(n, lang, "проблема", "проблемы", "проблем");
    }
    // Heads followed by a number (and " levels", " bytes", ")"): the number and what follows kept.
    static const char* const heads[] = {"expected a whole number ", "expected one entry per layer (", "expected one block per layer (",
                                        "nested deeper than ", "larger than ", "gives an MLP wider than ",
                                        "gives an MLP width outside 1–", "expand × hidden_size wider than ",
                                        "num_heads × head_dim wider than "};
    for (const char* head : heads) {
        const std::string h = head;
        if (english.rfind(h, 0) != 0) continue;
        std::string tail = english.substr(h.size());
        for (const char* unit : {" levels", " bytes"})
            if (const size_t at = tail.rfind(unit); at != std::string::npos && at + std::strlen(unit) == tail.size())
                tail = tail.substr(0, at) + " " + ui(unit + 1, lang);
        return ui(head, lang) + tail;
    }
    return english;
}

std::string count_of(double n, int decimals, std::string_view key, Lang lang) {
    const double p = std::pow(10.0, decimals), shown = std::round(n * p) / p;
    return number(n, decimals, lang) + "\u00A0" + noun(shown, key, lang);
}

const char* unit(std::string_view key, Lang lang) {
    static const std::pair<const char*, const char*> ru[] = {
        {"s", "с"}, {"min", "мин"}, {"h", "ч"}, {"GB", "ГБ"}, {"GB/s", "ГБ/с"}, {"kWh", "кВт·ч"},
        {"MWh", "МВт·ч"}, {"tok/s", "ток/с"}, {"/h", "/ч"}, {"TFLOPS", "TFLOPS"}, {"KiB", "КиБ"}, {"ms", "мс"},
    };
    for (const auto& [en, r] : ru)
        if (key == en) return lang == Lang::ru ? r : en;
    return "";
}

std::string with_unit(double v, int decimals, std::string_view unit_key, Lang lang) {
    return number(v, decimals, lang) + "\u00A0" + unit(unit_key, lang);
}

const char* dash() { return "—"; }

std::string duration_hours(double hours, Lang lang) {
    if (!std::isfinite(hours) || hours <= 0) return dash();
    if (hours < 1) return with_unit(std::max(1.0, std::round(hours * 60)), 0, "min", lang);
    if (hours < 48) return with_unit(hours, hours < 10 ? 1 : 0, "h", lang);
    const double days = hours / 24;
    const int d = days < 10 ? 1 : 0;
    const double shown = std::round(days * (d ? 10 : 1)) / (d ? 10 : 1);
    return number(days, d, lang) + "\u00A0" + noun(shown, "day", lang);
}

std::string energy_mwh(double mwh, Lang lang) {
    if (!std::isfinite(mwh) || mwh <= 0) return dash();
    if (mwh < 1) {
        const double kwh = mwh * 1000;
        return with_unit(kwh, kwh < 10 ? 1 : 0, "kWh", lang);
    }
    return with_unit(mwh, mwh < 10 ? 2 : mwh < 100 ? 1 : 0, "MWh", lang);
}

std::string money(double v, const std::string& currency, Lang lang) {
    if (!std::isfinite(v)) return dash();
    // Enough digits to see an order and never "0.00" for a cost: cents up to 1,000, whole units above;
    // below one unit two significant digits (0.0016 per hour of audio).
    const double a = std::fabs(v);
    int decimals = a >= 1000 ? 0 : 2;
    if (a > 0 && a < 0.1) decimals = std::min(6, int(std::ceil(-std::log10(a))) + 1);
    const std::string n = a >= 1e7 ? compact(v, 1, lang) : number(v, decimals, lang);
    const char* sym = currency_symbol(currency);
    if (lang == Lang::en && sym) return sym + n;
    return n + "\u00A0" + (sym ? sym : currency);
}

std::string money_per_hour(double v, const std::string& currency, Lang lang) {
    return money(v, currency, lang) + unit("/h", lang);
}

std::string use_title(Use u, Lang lang) { return message_template(text_of(u), lang); }

std::string task_name(const State& s, Lang lang) {
    switch (s.task) {
        case Task::infer: return std::string(ui("Inference", lang)) + " · " + use_title(s.use, lang);
        case Task::tune: {
            const char* method = s.method == TuneMethod::full ? "Full fine-tune"
                                 : s.method == TuneMethod::lora ? "LoRA" : "QLoRA";
            return std::string(ui("Fine-tuning", lang)) + " · " + ui(method, lang);
        }
        case Task::train: return ui("Training from scratch", lang);
        case Task::other: return use_title(s.use, lang);
    }
    return ui("Inference", lang);
}

std::string command_text(const std::vector<CommandLine>& lines, Lang lang) {
    std::string out;
    for (const auto& l : lines) {
        if (!out.empty()) out += '\n';
        out += l.shell;
        if (l.note.empty()) continue;
        if (l.shell.empty()) out += "# " + render(l.note, lang);  // a comment: the whole text runs as a script
        else out += "   # " + render(l.note, lang);
    }
    return out;
}

}  // namespace gpusizer::text
