// The results columns, defined once. The page's table (src/ui/results_table.cpp), the exports
// (exports.cpp: the CLI's table, Markdown, CSV) and the DOM summary (summarize, summary_html.cpp)
// all take their columns from here: one order, one header, one way of writing each cell.
//
// The agreed rules (the page's table is what users see; the rest follow it):
//  * Order: GPU, GPUs, servers, the layout (TP, PP, replicas or DP), fits, GB per GPU, the task's
//    own figures, energy, cost per run (a job), cost per hour, why not / notes. Each surface shows a
//    subset in this order; the page draws the GPU, its fit and its notes in its first two cells.
//  * A figure that does not apply to an option (no layout found, no speed, no time) is "—"; a cost
//    without a price in the currency is "no price"; notes without any are "—".
//  * Numbers in the language (text::number: 1,234.5 / 1 234,5 from 10 000; compact: 1.5k / 1,5 тыс.).
#pragma once

#include <string>
#include <vector>

#include "engine/sizing.hpp"
#include "text/text.hpp"

namespace gpusizer {

enum class ColumnId {
    gpu, count, servers, tp, pp, replicas, dp, fits, per_gpu_gb,
    x_realtime, live_streams, qps, index_time,  // speech-to-text, embeddings
    tok_s_user, ttft, total_tps,                // serving a chat model
    gpu_hours, time, energy,                    // fine-tuning and training
    score,                                      // other work
    cost_total, cost_per_hour, notes,
};

// Where a column is shown (bits).
enum ColumnSurface : unsigned {
    on_page = 1u,     // a figure column of the page's table (and its phone cards)
    in_export = 2u,   // the CLI table, Markdown and CSV
    in_summary = 4u,  // the page's results as text and the static answer built into index.html
};

struct ColumnDef;  // columns.cpp: the table

// One column of a result, bound to it and to a language.
struct ResultColumn {
    ColumnId id;
    std::string header;    // in the language; a cost's header carries the currency
    const char* figure;    // the option's JSON field (its error band, report/accuracy_text.hpp), or nullptr
    bool ranked = false;   // the key the options are ranked by (State::sort)
    const ColumnDef* def;
    const Result* result;
    text::Lang lang;

    std::string cell(const Option& o) const;  // as shown: "—" when it does not apply
    double number(const Option& o) const;     // what it sorts by (a missing price sorts last)
    bool is_cost() const { return id == ColumnId::cost_total || id == ColumnId::cost_per_hour; }
};

// Decimals of the usable GB beside the GB used ("20.5 / 23"): one when whole gigabytes would blur
// the two (15.3 used of 15.46 must not read "15.3 / 15", as if over the card).
int capacity_decimals(double used_gb, double capacity_gb);

// An option's notes: why it does not fit, then its warnings ("; " between); empty when none.
std::string option_notes(const Option& o, text::Lang lang);

// The columns of `r`'s task shown on `where`, in the agreed order. The result must outlive them.
std::vector<ResultColumn> result_columns(const Result& r, text::Lang lang, ColumnSurface where);

}  // namespace gpusizer
