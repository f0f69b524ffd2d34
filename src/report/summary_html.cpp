// The DOM summary as static HTML (report.hpp: summary_html): what web/app/summary.js would put into the
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
    if (s.accuracy.empty()) return h;
    h.accuracy = "<h2>" + html_escape(s.accuracy_title) + "</h2>\n<ul>\n";
    for (const AccuracyGroup& g : s.accuracy) {
        h.accuracy += "<li><strong>" + html_escape(g.labels) + "</strong>: " + html_escape(g.band);
        if (g.url.rfind("https://", 0) == 0 || g.url.rfind("http://", 0) == 0)
            h.accuracy += "; <a href=\"" + html_escape(g.url) + "\" target=\"_blank\" rel=\"noopener\">" +
                          html_escape(g.nearest) + "</a>";
        h.accuracy += "</li>\n";
    }
    h.accuracy += "</ul>";
    return h;
}

}  // namespace gpusizer
