// What the catalog layer's JSON files share: the field reader with its precise errors, the
// checks' wording, and the entry readers the provider overlay reuses for its partial overrides.
// Internal to src/catalog (catalog_json.cpp reads, catalog_provider.cpp overlays, catalog_checks.cpp
// holds the plausibility rules); the layer's interface is catalog_json.hpp.
#pragma once

#include <cmath>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "catalog/catalog_json.hpp"

namespace gpusizer::catalog_detail {

using json = nlohmann::json;

// Dense tensor rates: below 0.01 TFLOPS a figure is a typo (or an attempt at an infinite time).
inline constexpr double kTflopsMin = 0.01, kTflopsMax = 100000;
inline constexpr double kPriceMax = 1e6;  // per GPU-hour, any currency
inline constexpr const char* kOrderUrlRule = "expected an https:// URL of at most 2000 bytes without spaces";

// Order links open in the user's browser: https only, no spaces or control characters.
bool valid_order_url(const std::string& url);
// "expected 0.01–100000, got 1e-300": the one wording of a figure outside its range.
std::string range_message(double min, double max, double got);
// What is wrong with the characters of a name or a note, or nullptr: control characters, or
// characters that reorder or hide text (text/hidden_chars.hpp) and would make a name read as another.
const char* characters_problem(std::string_view s);
// Why an id is refused: the link codec's character set, or a web address in it ("//").
std::string id_rule(std::string_view id);
// "a string", "an array", …: what a field held instead.
const char* type_name(const json& v);

// Reads fields of one JSON object and records what is wrong, with the entry's name.
class Reader {
  public:
    Reader(const json& obj, std::string file, std::string entry, std::vector<CatalogError>& errors)
        : obj_(obj), file_(std::move(file)), entry_(std::move(entry)), errors_(errors) {}

    void error(const std::string& field, const std::string& message) {
        errors_.push_back({file_, entry_, field, message});
    }

    const json* find(const char* field) const {
        if (!obj_.is_object()) return nullptr;
        auto it = obj_.find(field);
        return it == obj_.end() ? nullptr : &*it;
    }

    bool has(const char* field) const { return find(field) != nullptr; }

    // A string of at most `max` bytes without control characters.
    std::string string(const char* field, bool required, const std::string& fallback = "",
                       std::size_t max = limits::kTextChars) {
        const json* v = find(field);
        if (!v || v->is_null()) {
            if (required) error(field, "required string is missing");
            return fallback;
        }
        if (!v->is_string()) { error(field, std::string("expected a string, got ") + type_name(*v)); return fallback; }
        const std::string& s = v->get_ref<const std::string&>();
        if (s.size() > max) { error(field, "longer than " + std::to_string(max) + " bytes"); return fallback; }
        if (const char* bad = characters_problem(s)) { error(field, bad); return fallback; }
        return s;
    }

    std::string name(const char* field, bool required) { return string(field, required, "", limits::kNameChars); }

    // An id: the link codec's character set, so every catalog entry can be named in a link.
    std::string id(const char* field, bool required) {
        const json* v = find(field);
        if (!v || v->is_null() || !v->is_string()) return string(field, required);  // the usual errors
        const std::string& s = v->get_ref<const std::string&>();
        if (!valid_catalog_id(s)) {
            error(field, id_rule(s));
            return "";
        }
        return s;
    }

    // A number in [min, max]. Missing / null: nullopt (an error when required).
    std::optional<double> number(const char* field, bool required, double min, double max) {
        const json* v = find(field);
        if (!v || v->is_null()) {
            if (required) error(field, "required number is missing");
            return std::nullopt;
        }
        if (!v->is_number()) { error(field, std::string("expected a number, got ") + type_name(*v)); return std::nullopt; }
        const double d = v->get<double>();
        if (!std::isfinite(d) || d < min || d > max) {
            error(field, range_message(min, max, d));
            return std::nullopt;
        }
        return d;
    }

    int integer(const char* field, bool required, int min, int max, int fallback = 0) {
        auto d = number(field, required, min, max);
        if (!d) return fallback;
        if (*d != std::floor(*d)) { error(field, "expected a whole number"); return fallback; }
        return int(*d);
    }

    bool boolean(const char* field, bool fallback) {
        const json* v = find(field);
        if (!v || v->is_null()) return fallback;
        if (!v->is_boolean()) { error(field, std::string("expected true or false, got ") + type_name(*v)); return fallback; }
        return v->get<bool>();
    }

    std::vector<std::string> strings(const char* field) {
        std::vector<std::string> out;
        const json* v = find(field);
        if (!v || v->is_null()) return out;
        if (!v->is_array()) { error(field, std::string("expected an array of strings, got ") + type_name(*v)); return out; }
        for (const auto& e : *v) {
            if (e.is_string()) out.push_back(e.get_ref<const std::string&>());
            else error(field, std::string("expected strings in the array, got ") + type_name(e));
        }
        return out;
    }

    const json& obj() const { return obj_; }
    std::string entry() const { return entry_; }

  private:
    const json& obj_;
    std::string file_, entry_;
    std::vector<CatalogError>& errors_;
};

// "gpus[h100-sxm]", or by position when the entry has no id.
std::string entry_name(const char* list, const json& e, size_t index);
// A list or map longer than its limit is refused before any entry is read.
bool within_count(const json& v, const char* list, const std::string& file, std::vector<CatalogError>& errors);
// Fills `g` / `m` from `r`. With `partial` (a provider override) only fields present are read.
void read_gpu(Reader& r, GpuSpec& g, bool partial);
void read_model(Reader& r, ModelSpec& m, bool partial);
// "aliases": {old id: new id, another checkpoint's id: {"same_architecture_as": model id, "sources": …}}.
void read_aliases(const json& root, const std::string& file, std::vector<CatalogError>& errors, Catalog& c);
// "currency": a three-letter code; an error names what was given.
void read_currency(Reader& top, std::string& currency);
// Every price gets a currency: one given without names the file's own.
void settle_currencies(std::vector<GpuSpec>& gpus, const std::string& currency);
// The file's top object, within the size and depth limits, or nullopt with the error.
std::optional<json> parse(std::string_view text, const std::string& file, std::vector<CatalogError>& errors);
// Keeps the first limits::kErrorsShown errors (each quoted id clipped), then says how many more there were.
void cap_errors(std::vector<CatalogError>& errors, const std::string& file);

// The envelope of a whole entry, once it is read (catalog_checks.cpp); a model's derived
// architecture (kv_heads, head_dim) is filled in first.
void check_envelope(GpuSpec& g, const std::string& file, const std::string& entry, std::vector<CatalogError>& errors);
void check_envelope(ModelSpec& m, const std::string& file, const std::string& entry, std::vector<CatalogError>& errors);
template <class T> void check_envelope(T&, const std::string&, const std::string&, std::vector<CatalogError>&) {}

// Position of every entry by id: merging N overrides into M entries in O(N + M).
template <class T>
std::unordered_map<std::string, std::size_t> index_by_id(const std::vector<T>& items) {
    std::unordered_map<std::string, std::size_t> index;
    for (std::size_t i = 0; i < items.size(); ++i) index.emplace(items[i].id, i);
    return index;
}

}  // namespace gpusizer::catalog_detail
