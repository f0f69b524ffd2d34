// What the engine says, as data: a stable code plus named parameters. The engine never builds a
// display sentence; src/text turns a Message into English or Russian (templates per code).
//   {code: "gpu.needs_memory", params: {need: 141.2, have: 80}}
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace gpusizer {

struct Param {
    enum class Kind { number, text, code };  // code: a term the renderer translates (e.g. a method)
    std::string name;
    Kind kind = Kind::number;
    double number = 0;
    std::string text;
};

struct Message {
    std::string code;  // empty: nothing to say (e.g. an option that fits)
    std::vector<Param> params;

    Message() = default;
    explicit Message(std::string c) : code(std::move(c)) {}
    bool empty() const { return code.empty(); }
    const Param* find(const std::string& name) const {
        for (const auto& p : params)
            if (p.name == name) return &p;
        return nullptr;
    }
    // Chainable builders: Message(code::x).num("need", 141.2).str("gpu", "H100").
    Message& num(std::string name, double v) { params.push_back({std::move(name), Param::Kind::number, v, {}}); return *this; }
    Message& str(std::string name, std::string v) { params.push_back({std::move(name), Param::Kind::text, 0, std::move(v)}); return *this; }
    Message& term(std::string name, std::string code) {
        params.push_back({std::move(name), Param::Kind::code, 0, std::move(code)});
        return *this;
    }
};

// Warnings are messages too: the UI, the exports and the JSON render them per language.
using Warning = Message;

}  // namespace gpusizer
