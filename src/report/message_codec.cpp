// See message_codec.hpp.
#include "report/message_codec.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace gpusizer {
namespace {

constexpr char kRecord = '\x1e', kUnit = '\x1f';

std::string clean(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= '\x1c' && c <= '\x1f') c = ' ';
    return out;
}

std::vector<std::string_view> split(std::string_view s, char sep) {
    std::vector<std::string_view> out;
    if (s.empty()) return out;
    for (std::size_t start = 0;;) {
        const std::size_t at = s.find(sep, start);
        out.push_back(s.substr(start, at == std::string_view::npos ? std::string_view::npos : at - start));
        if (at == std::string_view::npos) break;
        start = at + 1;
    }
    return out;
}

}  // namespace

std::string encode_messages(const std::vector<Message>& messages) {
    std::string out;
    for (const Message& m : messages) {
        if (!out.empty()) out += kRecord;
        out += clean(m.code);
        for (const Param& p : m.params) {
            out += kUnit;
            out += p.kind == Param::Kind::number ? 'n' : p.kind == Param::Kind::text ? 't' : 'c';
            out += clean(p.name);
            out += '=';
            if (p.kind == Param::Kind::number) {
                char buf[32];
                std::snprintf(buf, sizeof buf, "%.17g", p.number);
                out += buf;
            } else {
                out += clean(p.text);
            }
        }
    }
    return out;
}

std::vector<Message> decode_messages(std::string_view encoded) {
    std::vector<Message> out;
    for (std::string_view record : split(encoded, kRecord)) {
        const auto fields = split(record, kUnit);
        if (fields.empty() || fields[0].empty()) continue;
        Message m{std::string(fields[0])};
        for (std::size_t i = 1; i < fields.size(); ++i) {
            const std::string_view f = fields[i];
            const std::size_t eq = f.find('=');
            if (f.size() < 2 || eq == std::string_view::npos || eq < 2) continue;
            const std::string name(f.substr(1, eq - 1));
            const std::string value(f.substr(eq + 1));
            if (f[0] == 'n') {
                char* end = nullptr;
                const double v = std::strtod(value.c_str(), &end);
                if (end == value.c_str() || *end != '\0') continue;
                m.num(name, v);
            } else if (f[0] == 't') {
                m.str(name, value);
            } else if (f[0] == 'c') {
                m.term(name, value);
            }
        }
        out.push_back(std::move(m));
    }
    return out;
}

std::string join_lines(const std::vector<std::string>& lines) {
    std::string out;
    for (const std::string& l : lines) {
        if (!out.empty()) out += kRecord;
        out += clean(l);
    }
    return out;
}

std::vector<std::string> split_lines(std::string_view joined) {
    std::vector<std::string> out;
    for (std::string_view l : split(joined, kRecord)) out.emplace_back(l);
    return out;
}

}  // namespace gpusizer
