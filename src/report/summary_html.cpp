// The DOM summary as static HTML (report.hpp: summary_html): what web/app.js would put into the
// page's mirror for the same result, written at build time.
#include "report/report.hpp"

namespace gpusizer {

std::string html_escape(std::string_view v) {
    std::string out;
    out.reserve(v.size());
    for (char c : v) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&#39;"; break;
            default: out += c;
        }
    }
    return out;
}

SummaryHtml summary_html(const Result& r, Lang lang) {
    const Summary s = summarize(r, lang);
    SummaryHtml h;
    h.text = html_escape(s.sentence);
    h.table = "<thead><tr>";
    for (const auto& c : s.columns) h.table += "<th>" + html_escape(c) + "</th>";
    h.table += "</tr></thead>\n<tbody>\n";
    for (const auto& row : s.rows) {
        h.table += "<tr>";
        for (const auto& cell : row) h.table += "<td>" + html_escape(cell) + "</td>";
        h.table += "</tr>\n";
    }
    h.table += "</tbody>";
    return h;
}

}  // namespace gpusizer
