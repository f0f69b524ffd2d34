// Turns an engine Result into the CLI's JSON (the schema documented in the README), a
// readable table, Markdown, CSV and the page's DOM summary, in English or Russian (src/text).
// Shared by the CLI and the browser (exports, the DOM mirror, test hooks).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/sizing.hpp"
#include "report/accuracy_text.hpp"
#include "text/text.hpp"

namespace gpusizer {

using text::Lang;

// `extra_warnings` (link decoding, catalog loading) are listed before the engine's own.
std::string result_json(const Result& r, const std::vector<Warning>& extra_warnings, int indent = 2, Lang lang = Lang::en);
// result_json plus "summary" (see summarize): the page's test and automation hooks.
std::string page_json(const Result& r, const std::vector<Warning>& extra_warnings, Lang lang);
// What the page needs after every change, and no more (it is built for each one): "state",
// "summary" and "recommended" ({gpu, count} or null).
std::string mirror_json(const Result& r, Lang lang);

// One advice (engine/sizing.hpp) as a line of text: why, then the switch and the link it sets.
// With the page's address (`base_url`, see the exports) the switch's link is a whole URL.
std::string advice_text(const Advice& a, Lang lang, const std::string& base_url = {});

// Exports: a context block (title, task, model, inputs, link, recommendation, currency), then
// one row per option; "—" for a figure that does not apply.
// `base_url` is the calculator's own address (the page passes location.origin + pathname, the CLI
// --base-url): the export's link is then a whole URL someone can open. Without one the link is
// the fragment, said to be appended to the calculator's address (no public address is documented).
std::string result_table(const Result& r, const std::vector<Warning>& extra_warnings, Lang lang = Lang::en,
                         const std::string& base_url = {});
std::string result_markdown(const Result& r, Lang lang = Lang::en, const std::string& base_url = {});
std::string result_csv(const Result& r, Lang lang = Lang::en, const std::string& base_url = {});
// The address an export (or the page's Copy link) gives: base?lang=ru#fragment. A Russian link keeps
// its language (the fragment has no lang key: it is the page's query), so it opens in Russian.
std::string page_link(const std::string& base_url, const std::string& fragment, Lang lang);
// A download's file name from what it holds: gpusizer-<model>-<task>-<gpu>x<count>.<ext>, in [a-z0-9-].
std::string export_file_name(const Result& r, const std::string& ext);

// Cell encoders of the exports, safe for any text a catalog or a link brings: csv_cell quotes
// and defuses formulas (= + - @ tab CR get a leading '), md_cell escapes | < > & and folds lines.
std::string csv_cell(const std::string& v);
std::string md_cell(const std::string& v);
// Text for a terminal: drops control characters (C0, DEL, C1); keep_layout keeps newline and tab.
std::string strip_controls(std::string_view v, bool keep_layout);

// The DOM summary: one sentence (the recommendation), column headers and display cells, one
// row per GPU (its best option); then how right the recommended option's figures are, by family.
struct Summary {
    std::string sentence;
    std::vector<std::string> columns;
    std::vector<std::vector<std::string>> rows;
    std::string accuracy_title;  // "How right are these figures"
    std::vector<AccuracyGroup> accuracy;
};
Summary summarize(const Result& r, Lang lang);
// The same summary as static HTML, escaped: the sentence, and the table's <thead> and <tbody>. Built
// into index.html for the default state (gpusizer --prerender), so the page shows an answer before
// the module runs, to crawlers and to browsers without WebGL too.
struct SummaryHtml {
    std::string text;      // the sentence
    std::string table;     // <thead>…</thead><tbody>…</tbody>
    std::string accuracy;  // <h2>…</h2><ul>…</ul>: each family's band and nearest published run (a link)
};
SummaryHtml summary_html(const Result& r, Lang lang);
std::string html_escape(std::string_view v);

}  // namespace gpusizer
