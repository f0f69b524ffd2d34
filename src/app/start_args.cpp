// The start-up buffer's reader (layout in start_args.hpp): no JSON library in the page's module.
#include "app/start_args.hpp"

#include <algorithm>
#include <utility>

namespace gpusizer::app {

StartArgs parse_start_args(std::string_view buffer) {
    StartArgs a;
    std::pair<std::string_view*, size_t> blobs[3];  // in the order of their keys
    int blob_count = 0;
    size_t at = 0;
    while (at < buffer.size()) {
        const size_t end = std::min(buffer.find('\n', at), buffer.size());
        const std::string_view line = buffer.substr(at, end - at);
        at = end + 1;
        if (line.empty()) break;  // the blobs follow
        const size_t eq = line.find('=');
        const std::string_view key = line.substr(0, eq);
        const std::string_view value = eq == std::string_view::npos ? std::string_view() : line.substr(eq + 1);
        size_t n = 0;  // (digits by hand: strtoull would link libc's number scanner, ~1 KB of gzip)
        for (size_t i = 0; i < value.size() && i < 18 && value[i] >= '0' && value[i] <= '9'; ++i) n = n * 10 + size_t(value[i] - '0');
        if (key == "lang") a.lang = value;
        else if (key == "dark") a.dark = value == "1";
        else if (key == "embed") a.embed = value == "1";
        else if (key == "full_url") a.full_url = value;
        else if (key == "cta") a.cta = value;
        else if (key == "link") a.link = value;
        else if (key == "accent" && !value.empty()) { a.has_accent = true; a.accent = unsigned(n) & 0xffffffu; }
        else if (blob_count < 3 && (key == "catalog" || key == "font_regular" || key == "font_medium"))
            blobs[blob_count++] = {key == "catalog" ? &a.catalog : key == "font_regular" ? &a.font_regular : &a.font_medium, n};
    }
    for (int i = 0; i < blob_count; ++i) {
        auto& [view, n] = blobs[i];
        const size_t start = std::min(at, buffer.size());
        *view = buffer.substr(start, n);
        at = start + view->size();
    }
    return a;
}

}  // namespace gpusizer::app
