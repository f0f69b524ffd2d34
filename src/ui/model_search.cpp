#include "ui/model_search.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

namespace gpusizer::ui {

std::string search_key(std::string_view s) {
    std::string k;
    for (char ch : s) {
        const unsigned char c = static_cast<unsigned char>(ch);
        if (std::isalnum(c)) k += char(std::tolower(c));
        else if (c >= 0x80) k += ch;  // keep non-ASCII (Cyrillic) bytes as they are
    }
    return k;
}

std::vector<std::string> search_tokens(std::string_view query) {
    std::vector<std::string> out;
    size_t i = 0;
    while (i < query.size()) {
        const size_t j = std::min(query.find(' ', i), query.size());
        if (std::string k = search_key(query.substr(i, j - i)); !k.empty()) out.push_back(std::move(k));
        i = j + 1;
    }
    return out;
}

namespace {

// A number in the query starts a number in the name: "3.5" is not the "35" of "235B", while
// "30b" still matches "Qwen3-30B" (a separator stood between "3" and "30").
bool starts_number_at(const std::string& raw_field, const std::string& key, size_t at) {
    if (at == 0 || !std::isdigit(static_cast<unsigned char>(key[at])) || !std::isdigit(static_cast<unsigned char>(key[at - 1])))
        return true;
    // Walk the raw text to the key position and look for a separator right before it.
    size_t k = 0;
    for (size_t i = 0; i < raw_field.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(raw_field[i]);
        if (!(std::isalnum(c) || c >= 0x80)) continue;
        if (k == at) return i > 0 && !std::isalnum(static_cast<unsigned char>(raw_field[i - 1]));
        ++k;
    }
    return false;
}

bool field_has(const std::string& raw, const std::string& key, const std::string& token) {
    for (size_t at = key.find(token); at != std::string::npos; at = key.find(token, at + 1))
        if (starts_number_at(raw, key, at)) return true;
    return false;
}

std::vector<std::string> raw_fields_of(const Catalog& c, const ModelSpec& m) {
    char size[32];
    std::snprintf(size, sizeof size, "%gb", m.params_b);  // "30b", "1.5b"
    std::vector<std::string> f = {m.id, m.name, m.family, size};
    for (const auto& [old_id, current] : c.aliases)
        if (search_key(current) == search_key(m.id)) f.push_back(old_id);
    return f;
}

// The query's version numbers ("3.5" in "Qwen 3.5"): the name must spell them with their dot,
// so "3.5" is not the "35" of "A35B".
std::vector<std::string> dotted_numbers(std::string_view query) {
    std::vector<std::string> out;
    auto digit = [&](size_t i) { return i < query.size() && std::isdigit(static_cast<unsigned char>(query[i])); };
    for (size_t i = 0; i < query.size(); ++i) {
        if (!digit(i) || (i > 0 && (digit(i - 1) || query[i - 1] == '.'))) continue;
        size_t j = i;
        while (digit(j) || (j < query.size() && query[j] == '.' && digit(j + 1))) ++j;
        const std::string_view n = query.substr(i, j - i);
        if (n.find('.') != std::string_view::npos) out.emplace_back(n);
        i = j;
    }
    return out;
}

bool spells_numbers(const Catalog& c, const ModelSpec& m, const std::vector<std::string>& numbers) {
    const std::vector<std::string> raw = raw_fields_of(c, m);
    for (const auto& n : numbers) {
        bool found = false;
        for (const auto& f : raw) found = found || f.find(n) != std::string::npos;
        if (!found) return false;
    }
    return true;
}

}  // namespace

bool model_matches(const Catalog& c, const ModelSpec& m, const std::vector<std::string>& tokens) {
    const std::vector<std::string> raw = raw_fields_of(c, m);
    std::vector<std::string> keys;
    for (const auto& f : raw) keys.push_back(search_key(f));
    for (const auto& t : tokens) {
        bool found = false;
        for (size_t i = 0; i < raw.size() && !found; ++i) found = field_has(raw[i], keys[i], t);
        if (!found) return false;
    }
    return true;
}

std::vector<const ModelSpec*> search_models(const Catalog& c, std::string_view query) {
    const std::vector<std::string> tokens = search_tokens(query);
    const std::vector<std::string> numbers = dotted_numbers(query);
    std::vector<const ModelSpec*> out;
    for (const auto& m : c.models)
        if (tokens.empty() || (model_matches(c, m, tokens) && spells_numbers(c, m, numbers))) out.push_back(&m);
    if (tokens.empty()) return out;
    // "qwen3 30b" should list Qwen3-30B-A3B before Qwen3-VL-30B-A3B-Instruct.
    const std::string whole = search_key(query);
    auto rank = [&](const ModelSpec* m) {
        const std::string name = search_key(m->name);
        const size_t at = name.find(whole);
        return std::make_pair(at == std::string::npos ? 1 : 0, name.size());
    };
    std::stable_sort(out.begin(), out.end(), [&](const ModelSpec* a, const ModelSpec* b) { return rank(a) < rank(b); });
    return out;
}

}  // namespace gpusizer::ui
