// Shared by the libFuzzer harnesses: the bundled catalog, and a finiteness check of a result.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>

#include "catalog/bundled_catalog.hpp"
#include "catalog/catalog_json.hpp"
#include "engine/sizing.hpp"
#include "report/report.hpp"

namespace gpusizer::fuzz {

inline const Catalog& bundled() {
    static const CatalogLoad c = load_catalog(bundled_catalog_json(), "data/catalog.json");
    return c.catalog;
}

// Aborts (a finding) naming the first figure of the result that is not finite.
inline void check_result(const Result& r) {
    const std::string bad = non_finite_figure(r);
    if (bad.empty()) return;
    std::fprintf(stderr, "non-finite %s\n", bad.c_str());
    std::abort();
}

// No CSV cell starts a formula: every cell is quoted, and after its opening quote comes no
// = + - @ tab or CR (csv_cell puts an apostrophe first).
inline bool csv_safe(const std::string& csv) {
    bool in_quotes = false, cell_start = true;
    for (std::size_t i = 0; i < csv.size(); ++i) {
        const char c = csv[i];
        if (in_quotes) {
            if (c == '"' && i + 1 < csv.size() && csv[i + 1] == '"') ++i;  // an escaped quote
            else if (c == '"') in_quotes = false;
            continue;
        }
        if (c == '"' && cell_start) {
            in_quotes = true;
            if (i + 1 < csv.size() && std::string("=+-@\t\r").find(csv[i + 1]) != std::string::npos) return false;
        } else if (c != ',' && c != '\n') {
            return false;  // text outside quotes
        }
        cell_start = c == ',' || c == '\n';
    }
    return !in_quotes;
}

// Unescaped '|' in one Markdown line: after an even run of backslashes ("\\|" is an escaped
// backslash, then a column break).
inline std::size_t md_bars(const std::string& line) {
    std::size_t n = 0, backslashes = 0;
    for (char c : line) {
        n += c == '|' && backslashes % 2 == 0;
        backslashes = c == '\\' ? backslashes + 1 : 0;
    }
    return n;
}

// Every export of a result, in both languages: finite figures, no formula in the CSV, no raw HTML
// in the Markdown, and every Markdown table row with as many columns as the header.
inline void check_exports(const Result& r, const std::vector<Warning>& warnings) {
    check_result(r);
    for (Lang lang : {Lang::en, Lang::ru}) {
        (void)result_json(r, warnings, 2, lang);
        (void)result_table(r, warnings, lang);
        const std::string csv = result_csv(r, lang), md = result_markdown(r, lang);
        if (!csv_safe(csv)) { std::fprintf(stderr, "unsafe CSV:\n%s\n", csv.c_str()); std::abort(); }
        if (md.find('<') != std::string::npos) { std::fprintf(stderr, "raw < in Markdown:\n%s\n", md.c_str()); std::abort(); }
        // Each table (a run of lines that start with '|') keeps its header's column count; other
        // lines (headings, notes between tables) end a table.
        std::size_t header = 0, start = 0;
        while (start < md.size()) {
            std::size_t end = md.find('\n', start);
            if (end == std::string::npos) end = md.size();
            const std::string line = md.substr(start, end - start);
            start = end + 1;
            if (line.empty() || line[0] != '|') { header = 0; continue; }
            if (header == 0) header = md_bars(line);
            if (md_bars(line) != header) { std::fprintf(stderr, "broken Markdown row: %s\n", line.c_str()); std::abort(); }
        }
    }
}

}  // namespace gpusizer::fuzz
