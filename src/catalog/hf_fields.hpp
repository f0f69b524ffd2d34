// Internal to the config.json importer: reading fields of a hostile config.json with errors that
// name the file, the object and the field, and notes that say what was assumed.
#pragma once

#include <nlohmann/json.hpp>

#include <cmath>
#include <initializer_list>
#include <string>
#include <vector>

#include "catalog/catalog_json.hpp"
#include "engine/codes.hpp"
#include "engine/message.hpp"

namespace gpusizer::hf {

// A name from the file quoted in a note: at most 40 printable ASCII characters (the file is hostile
// until read; notes reach terminals and exports).
inline std::string printable(const std::string& s) {
    std::string out;
    for (char c : s.substr(0, 40)) out += c >= 0x20 && c < 0x7f ? c : '?';
    return out;
}

inline bool starts_with(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

// `key` of an object when it is a string, else "" (json::value would throw on a number there, and the
// WebAssembly build turns a throw into an abort).
inline std::string string_member(const nlohmann::json& o, const char* key) {
    const auto it = o.find(key);
    return it != o.end() && it->is_string() ? it->get<std::string>() : std::string();
}

constexpr int kMaxWidth = 100000000, kMaxCount = 100000;

// Reads the text model's fields: from the language model's own object when the config nests one
// (a VLM's text_config, at any depth), else from the top; each field under its first spelling
// found. Errors name the file, the object and the field.
class Fields {
  public:
    Fields(const nlohmann::json& top, const nlohmann::json* text, std::string text_path, std::string file,
           std::vector<CatalogError>& errors, std::vector<Message>& notes)
        : top_(top), text_(text), text_path_(std::move(text_path)), file_(std::move(file)), errors_(errors), notes_(notes) {}

    const nlohmann::json& top() const { return top_; }
    size_t error_count() const { return errors_.size(); }
    const nlohmann::json* text() const { return text_; }
    const std::string& file() const { return file_; }

    // The first of `names` that is present and not null, and where it was found.
    const nlohmann::json* find(std::initializer_list<const char*> names, std::string* entry = nullptr,
                               std::string* name = nullptr) const {
        for (const nlohmann::json* obj : {text_, &top_}) {
            if (!obj) continue;
            for (const char* n : names) {
                auto it = obj->find(n);
                if (it == obj->end() || it->is_null()) continue;
                if (entry) *entry = obj == text_ ? text_path_ : "";
                if (name) *name = n;
                return &*it;
            }
        }
        return nullptr;
    }
    bool has(std::initializer_list<const char*> names) const { return find(names) != nullptr; }

    void error(const std::string& entry, const std::string& field, const std::string& message) {
        errors_.push_back({file_, entry, field, message});
    }
    void note(Message m) { notes_.push_back(std::move(m)); }
    // A field the file leaves out and the family's definition fills: said, with the field and the
    // rule (a term: the family's default, 4 × hidden_size…).
    void assumed(const char* field, double value, const std::string& family, const char* rule) {
        notes_.push_back(Message(code::config_assumed).str("field", field).num("value", value).term("rule", rule)
                             .str("family", printable(family)));
    }
    void assumed_flag(const char* field, bool value, const std::string& family, const char* rule) {
        notes_.push_back(Message(code::config_assumed_flag).str("field", field).num("value", value ? 1 : 0).term("rule", rule)
                             .str("family", printable(family)));
    }

    // A whole number in [min, max]; `fallback` when absent (an error when required).
    int whole(std::initializer_list<const char*> names, int min, int max, bool required, int fallback = 0) {
        std::string entry, name;
        const nlohmann::json* v = find(names, &entry, &name);
        if (!v) {
            if (required) error(text_ ? text_path_ : "", *names.begin(), "required whole number is missing");
            return fallback;
        }
        return whole_value(*v, entry, name, min, max, fallback);
    }

    int whole_value(const nlohmann::json& v, const std::string& entry, const std::string& name, int min, int max, int fallback) {
        if (!v.is_number()) {
            error(entry, name, std::string("expected a whole number, got ") + kind(v));
            return fallback;
        }
        const double d = v.get<double>();
        if (!std::isfinite(d) || d != std::floor(d) || d < min || d > max) {
            error(entry, name, "expected a whole number " + std::to_string(min) + "–" + std::to_string(max) + ", got " +
                                   v.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace).substr(0, 40));
            return fallback;
        }
        return int(d);
    }

    double number(std::initializer_list<const char*> names, double fallback) const {
        const nlohmann::json* v = find(names);
        return v && v->is_number() && std::isfinite(v->get<double>()) ? v->get<double>() : fallback;
    }

    bool flag(std::initializer_list<const char*> names, bool fallback) {
        std::string entry, name;
        const nlohmann::json* v = find(names, &entry, &name);
        if (!v) return fallback;
        if (!v->is_boolean()) { error(entry, name, std::string("expected true or false, got ") + kind(*v)); return fallback; }
        return v->get<bool>();
    }

    std::string string(std::initializer_list<const char*> names) const {
        const nlohmann::json* v = find(names);
        return v && v->is_string() ? v->get<std::string>() : std::string();
    }

    // An object-valued field (vision_config, rope_scaling…), or null.
    const nlohmann::json* object(std::initializer_list<const char*> names) const {
        const nlohmann::json* v = find(names);
        return v && v->is_object() ? v : nullptr;
    }

    static const char* kind(const nlohmann::json& v) {
        if (v.is_string()) return "a string";
        if (v.is_boolean()) return "a boolean";
        if (v.is_array()) return "an array";
        if (v.is_object()) return "an object";
        return "a number";
    }

  private:
    const nlohmann::json& top_;
    const nlohmann::json* text_;
    std::string text_path_;
    std::string file_;
    std::vector<CatalogError>& errors_;
    std::vector<Message>& notes_;
};

}  // namespace gpusizer::hf
