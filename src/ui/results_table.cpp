// "Every GPU": the ranked options as a table (laptop, desktop, embed) or as one card per GPU (phone).
//
// Layout rules (issue: the table collapsed below ~1,500 px):
//  * No row is taller than two text lines: line 1 is the GPU, line 2 its reason or notes (one line,
//    cut with "…", the whole text in the tooltip). So the reason never needs a column of its own.
//  * Figure columns are fixed-fit (header or widest value, whichever is wider): headers never
//    truncate in either language. When they do not all fit, the least important go first.
//  * The table does not scroll by itself: the page does (see web/platform.hpp); rows off the screen
//    are skipped by the list clipper.
//  * The rank numbers the rows as shown (after the user sorts by a column too).
#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "report/accuracy_text.hpp"
#include "report/columns.hpp"
#include "ui/app.hpp"
#include "ui/i18n.hpp"
#include "ui/panels.hpp"
#include "ui/theme.hpp"
#include "ui/widgets.hpp"

namespace gpusizer::ui {
namespace {

// One figure column: the shared column (report/columns.hpp: header, cell, sort key, error band,
// ranked) and how the page draws it: its priority (the lower, the longer it stays when the width
// runs out) and its words on a phone card.
struct Column {
    ResultColumn col;
    int priority;
    std::string card_unit;  // on a phone card the value is followed by its unit instead of a header
    const char* card_noun = nullptr;  // a card's noun in the number's form (text::noun), not card_unit: "27 GPU-часов"
    const std::string& header() const { return col.header; }
    std::string cell(const Option& o) const { return col.cell(o); }
};

bool is_job(const State& s) { return s.task == Task::tune || s.task == Task::train; }

// The page's side of each column: priority and card words. The ranked column is never hidden.
Column page_column(const ResultColumn& c, const State& s) {
    Column p{c, 1, ""};
    switch (c.id) {
        case ColumnId::count: p.priority = 0; break;
        case ColumnId::servers: p.priority = 2; break;
        case ColumnId::per_gpu_gb: p = {c, 2, tr("GB/GPU")}; break;
        case ColumnId::x_realtime: p.card_unit = tr("× realtime"); break;
        case ColumnId::live_streams: p = {c, 4, "", "live stream"}; break;
        case ColumnId::qps: p.card_unit = tr("QPS"); break;
        case ColumnId::index_time: p.priority = 4; break;
        case ColumnId::tok_s_user: p.card_unit = tr("tok/s/user"); break;
        case ColumnId::ttft: p = {c, 4, tr("s TTFT")}; break;
        case ColumnId::total_tps: p = {c, 5, tr("tok/s total")}; break;
        case ColumnId::gpu_hours: p = {c, 3, "", "GPU-hour"}; break;
        case ColumnId::cost_total: p.card_unit = tr("per run"); break;
        // A job's per-hour cost stays after its cost per run, and goes first.
        case ColumnId::cost_per_hour: p = {c, is_job(s) ? 4 : 1, tr("/h")}; break;
        default: break;
    }
    if (c.ranked) p.priority = -1;
    return p;
}

std::vector<Column> figure_columns(const App& app) {
    std::vector<Column> c;
    for (const ResultColumn& col : result_columns(app.result, lang(), on_page)) c.push_back(page_column(col, app.result.state));
    return c;
}

std::string notes_of(const Option& o) {
    std::string note = option_notes(o, lang());  // the exports' "why not / notes"
    if (note.empty() && o.tp * o.pp > 1)
        note = "TP " + std::to_string(o.tp) + " × PP " + std::to_string(o.pp) + " × " + std::to_string(std::max(o.replicas, o.dp));
    return note;
}

std::string gpu_tooltip(const App& app, const Option& o) {
    const GpuSpec* g = app.catalog.find_gpu(o.gpu_id);
    if (!g) return o.gpu_name;
    const text::Lang l = lang();
    std::string tip = g->name + "\n" + text::with_unit(g->memory_gib, 0, "GB", l) + " " + g->memory_type + ", " +
                      text::with_unit(g->memory_bandwidth_gbs, 0, "GB/s", l);
    if (g->tflops.bf16) tip += ", BF16 " + text::with_unit(*g->tflops.bf16, 0, "TFLOPS", l) + " " + tr("dense");
    if (g->tflops.fp8) tip += ", FP8 " + text::number(*g->tflops.fp8, 0, l);
    tip += g->nvlink_generation ? ", NVLink " + text::with_unit(g->nvlink_gbs, 0, "GB/s", l) : std::string(", ") + tr("PCIe only");
    tip += "\n" + price_tooltip(app, o);
    // The page's catalog.bin leaves GPU sources out (they stay in data/catalog.json).
    if (!g->source.empty()) tip += "\n" + std::string(tr("Source: ")) + g->source.substr(0, 400);
    return tip;
}

// A figure cell's tooltip: its own (the price's source) with the figure's error band after it.
std::string cell_tip(const App& app, const Column& c, const Option& o) {
    std::string tip = c.col.is_cost() ? price_tooltip(app, o) : std::string();
    if (c.col.id == ColumnId::cost_total) tip = std::string(tr("GPU-hours × price per GPU-hour")) + "\n" + tip;
    const char* figure = c.col.figure;
    return figure && figure_applies(o, figure) ? with_band(app.result, o, figure, tip) : tip;
}

// A card's line of figures: the price's source, then each error band once, after the columns it covers.
std::string card_tip(const App& app, const std::vector<Column>& cols, const Option& o) {
    std::vector<std::pair<std::string, std::string>> bands;  // band, the headers of its columns
    for (const Column& c : cols) {
        const char* figure = c.col.figure;
        if (!figure || !figure_applies(o, figure)) continue;
        const std::string band = figure_band_text(app.result, o, figure, lang());
        auto same = std::find_if(bands.begin(), bands.end(), [&](const auto& b) { return b.first == band; });
        if (same == bands.end()) bands.emplace_back(band, c.header());
        else same->second += ", " + c.header();
    }
    std::string tip = price_tooltip(app, o);
    for (const auto& [band, headers] : bands) tip += "\n\n" + headers + ": " + band;
    return tip;
}

// One line of text cut to `width` with "…"; true when the pointer is over it: the caller then shows
// line_tip (no ⓘ in a table cell: a tap leaves the pointer there, which shows it).
bool one_line(const std::string& text, float width, ImU32 color) {
    const ImVec2 pos = ImGui::GetCursorScreenPos();
    const float h = ImGui::GetTextLineHeight();
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(color));
    ImGui::RenderTextEllipsis(ImGui::GetWindowDrawList(), pos, ImVec2(pos.x + width, pos.y + h), pos.x + width, pos.x + width,
                              text.c_str(), nullptr, nullptr);
    ImGui::PopStyleColor();
    ImGui::Dummy(ImVec2(width, h));
    return ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled);
}

// The tooltip of a one_line: the whole text when it was cut, then `extra`.
void line_tip(const std::string& text, float width, const std::string& extra) {
    const bool cut = ImGui::CalcTextSize(text.c_str()).x > width;
    hover_tip(cut ? text + (extra.empty() ? "" : "\n\n" + extra) : extra);
}

// The options shown: one per GPU (its best layout) unless the user asked for every layout.
std::vector<const Option*> shown_options(const App& app) {
    std::vector<const Option*> rows;
    std::set<std::string> seen;
    for (const auto& o : app.result.options)
        if (app.show_all_layouts || seen.insert(o.gpu_id).second) rows.push_back(&o);
    return rows;
}

bool is_recommended(const Result& r, const Option* o) {
    return r.recommended >= 0 && o == &r.options[size_t(r.recommended)];
}

// Rank and a drawn check mark or cross (no font glyph needed) in the fit colour.
void rank_cell(int rank, const Option& o) {
    const ImU32 col = o.fits ? palette().good : palette().bad;
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(col), "%d", rank);
    ImGui::SameLine(0, em() * 0.3f);
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float s = em() * 0.62f, y = p.y + (ImGui::GetTextLineHeight() - s) * 0.5f, t = std::max(1.5f, em() * 0.1f);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    if (o.fits) {
        dl->AddLine(ImVec2(p.x, y + s * 0.55f), ImVec2(p.x + s * 0.38f, y + s * 0.9f), col, t);
        dl->AddLine(ImVec2(p.x + s * 0.38f, y + s * 0.9f), ImVec2(p.x + s, y + s * 0.1f), col, t);
    } else {
        dl->AddLine(ImVec2(p.x + s * 0.1f, y + s * 0.1f), ImVec2(p.x + s * 0.9f, y + s * 0.9f), col, t);
        dl->AddLine(ImVec2(p.x + s * 0.9f, y + s * 0.1f), ImVec2(p.x + s * 0.1f, y + s * 0.9f), col, t);
    }
    ImGui::Dummy(ImVec2(s, ImGui::GetTextLineHeight()));
}

// `text` wrapped at `width` into at most max_lines lines, the last cut with "…" (the whole text is
// then in the tooltip). Returns the line count: cards are as tall as their text, no empty line.
int wrapped_line_count(const std::string& text, float width, int max_lines) {
    ImFont* font = ImGui::GetFont();
    const float scale = ImGui::GetFontSize() / font->FontSize;
    const char* s = text.c_str();
    const char* const end = s + text.size();
    int n = 0;
    while (s < end && n < max_lines) {
        const char* wrap = font->CalcWordWrapPositionA(scale, s, end, width);
        s = wrap > s ? wrap : end;  // one word wider than the line: the line cuts it with "…"
        while (s < end && *s == ' ') ++s;
        ++n;
    }
    return n;
}

// Draws what wrapped_line_count measured; true when the pointer is over it.
bool wrapped_lines(const std::string& text, float width, int max_lines, ImU32 color) {
    ImFont* font = ImGui::GetFont();
    const float scale = ImGui::GetFontSize() / font->FontSize;
    const char* s = text.c_str();
    const char* const end = s + text.size();
    bool hovered = false;
    for (int n = 0; s < end && n < max_lines; ++n) {
        const char* wrap = n + 1 == max_lines ? end : font->CalcWordWrapPositionA(scale, s, end, width);
        if (wrap <= s) wrap = end;
        hovered |= one_line(std::string(s, wrap), width, color);
        s = wrap;
        while (s < end && *s == ' ') ++s;
    }
    return hovered;
}

// The column a card puts at the right of its first line: the ranked one, or when the ranking is by
// GPU count (already the card's first words) the first cost column.
const Column* card_headline(const std::vector<Column>& cols) {
    for (const Column& c : cols)
        if (c.col.ranked && c.col.id != ColumnId::count) return &c;
    for (const Column& c : cols)
        if (c.col.is_cost()) return &c;
    return nullptr;
}

std::string card_value(const Column& c, const Option& o) {
    const std::string v = c.cell(o);
    // already in the UI's language; a noun takes the form of the number shown (compact: 2 decimals
    // under 10, whole above): "27 GPU-часов"
    const double n = c.col.number(o);
    const std::string unit = c.card_noun ? text::noun(text::shown_count(n, n < 10 ? 2 : 0), c.card_noun, lang())
                                         : c.card_unit;
    const bool figure = v.find_first_of("0123456789") != std::string::npos;  // not "no price", not "—"
    return !figure || unit.empty() ? v : v + (unit[0] == '/' ? "" : " ") + unit;
}

// A card's second line: its other figures, the most important first (costs with the first), each
// whole or not at all (a cut "$57.…" reads as a different price); the rest are in its tooltip.
std::string card_figures(const std::vector<Column>& cols, const Column* head, const Option& o, float width) {
    std::vector<const Column*> order;
    for (const Column& c : cols) {
        if (&c != head && c.col.id != ColumnId::count && c.col.id != ColumnId::servers) order.push_back(&c);
    }
    auto rank = [](const Column* c) { return c->col.is_cost() ? 1 : c->priority; };
    std::stable_sort(order.begin(), order.end(), [&](const Column* a, const Column* b) { return rank(a) < rank(b); });
    std::string line;
    for (const Column* c : order) {
        const std::string v = card_value(*c, o);
        if (v == std::string(text::dash())) continue;
        // "no price" once: the first line already says it when its ranked figure is a cost
        auto is_cost = [](const Column* x) { return x && x->col.is_cost(); };
        if (is_cost(c) && is_cost(head) && v.find_first_of("0123456789") == std::string::npos) continue;
        const std::string next = line.empty() ? v : line + "  ·  " + v;
        if (!line.empty() && ImGui::CalcTextSize(next.c_str()).x > width) continue;
        line = next;
    }
    return line;
}

// Phone: one card per GPU. Line 1: rank, "48 × GPU · 6 servers" and the ranked figure at the right,
// never cut; line 2: the other figures; then the reason, up to two lines, only when there is one.
void draw_cards(const App& app, const std::vector<const Option*>& rows, const std::vector<Column>& cols) {
    const Result& r = app.result;
    const float line = ImGui::GetTextLineHeightWithSpacing(), gap = ImGui::GetStyle().ItemSpacing.y;
    const Column* head = card_headline(cols);
    for (size_t i = 0; i < rows.size(); ++i) {
        const Option& o = *rows[i];
        const float width = ImGui::GetContentRegionAvail().x, line_w = width - em();
        const std::string note = notes_of(o);
        const int note_lines = note.empty() ? 0 : wrapped_line_count(note, line_w, 2);
        const float card_h = line * float(2 + note_lines) + gap * 2;
        const ImVec2 p0 = ImGui::GetCursorScreenPos();
        if (!ImGui::IsRectVisible(p0, ImVec2(p0.x + width, p0.y + card_h))) {  // off the screen: its room only
            ImGui::Dummy(ImVec2(width, card_h - gap));
            continue;
        }
        ImGui::PushID(int(i));
        const float top = ImGui::GetCursorPosY();
        ImGui::GetWindowDrawList()->AddRectFilled(p0, ImVec2(p0.x + width, p0.y + card_h - gap), palette().card, em() * 0.4f);
        ImGui::Indent(em() * 0.5f);
        rank_cell(int(i) + 1, o);
        ImGui::SameLine();
        const std::string price = head ? card_value(*head, o) : std::string();
        const float price_w = ImGui::CalcTextSize(price.c_str()).x;
        // The GPU's name gives way first: the count, the servers and the price are never cut.
        // An option that found no layout has no count and no servers: its name alone.
        const std::string servers = o.servers > 0 ? "·  " + text::count_of(o.servers, 0, "server", lang()) : "";
        const float servers_w = ImGui::CalcTextSize(servers.c_str()).x + em() * 0.5f;
        const float name_w = std::max(em() * 4, p0.x + width - em() * 0.5f - price_w - em() * 0.6f - servers_w -
                                                    ImGui::GetCursorScreenPos().x);
        // "NVIDIA " says nothing the model (H100, B200, RTX) does not, and a phone needs the room for it.
        const bool nvidia = o.gpu_name.rfind("NVIDIA ", 0) == 0;
        const std::string count = o.count > 0 ? std::to_string(o.count) + " × " : "";
        const std::string name = count + o.gpu_name.substr(nvidia ? 7 : 0);
        const float name_used = std::min(name_w, ImGui::CalcTextSize(name.c_str()).x);
        if (one_line(name, name_used, is_recommended(r, &o) ? palette().accent : palette().text))
            line_tip(name, name_w, gpu_tooltip(app, o));
        if (!servers.empty()) {
            ImGui::SameLine(0, em() * 0.5f);
            ImGui::TextUnformatted(servers.c_str());
        }
        if (head) {
            ImGui::SameLine(p0.x + width - em() * 0.5f - price_w - ImGui::GetWindowPos().x + ImGui::GetScrollX());
            ImGui::TextUnformatted(price.c_str());
            if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) hover_tip(cell_tip(app, *head, o));
        }
        const std::string figures = card_figures(cols, head, o, line_w);
        if (one_line(figures, line_w, palette().text))  // every figure, then the price's source and the bands
            hover_tip(card_figures(cols, head, o, 1e9f) + "\n\n" + card_tip(app, cols, o));
        if (note_lines > 0 && wrapped_lines(note, line_w, note_lines, o.fits ? palette().text_dim : palette().bad))
            line_tip(note, line_w * float(note_lines), "");
        ImGui::Unindent(em() * 0.5f);
        ImGui::SetCursorPosY(top + card_h);
        ImGui::PopID();
    }
}

// The figure columns that fit beside a GPU column of at least 14 em, each as wide as its header (with
// the sort arrow) or its widest value; the least important give way first, the ranked one never.
std::vector<const Column*> fitting_columns(const std::vector<const Option*>& rows, const std::vector<Column>& all_cols) {
    const ImGuiStyle& st = ImGui::GetStyle();
    auto width_of = [&](const Column& c) {
        float w = ImGui::CalcTextSize(c.header().c_str()).x + em() * 1.2f;  // + the sort arrow
        for (const Option* o : rows) w = std::max(w, ImGui::CalcTextSize(c.cell(*o).c_str()).x);
        return w + st.CellPadding.x * 2;
    };
    std::vector<size_t> order(all_cols.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return all_cols[a].priority < all_cols[b].priority; });
    const float avail = ImGui::GetContentRegionAvail().x;
    float used = ImGui::CalcTextSize("000").x + em() + st.CellPadding.x * 2 + em() * 14;
    std::vector<bool> keep(all_cols.size(), false);
    for (size_t i : order) {
        const float w = width_of(all_cols[i]);
        if (used + w <= avail) { keep[i] = true; used += w; }
    }
    std::vector<const Column*> cols;
    for (size_t i = 0; i < all_cols.size(); ++i)
        if (keep[i]) cols.push_back(&all_cols[i]);
    return cols;
}

// The rows in the order the user clicked: the rank (reversed), the GPU's name, or a figure column's number.
void sort_rows(std::vector<const Option*>& rows, const std::vector<const Column*>& cols) {
    ImGuiTableSortSpecs* spec = ImGui::TableGetSortSpecs();
    if (!spec || spec->SpecsCount == 0) return;
    const int col = spec->Specs[0].ColumnIndex;
    const bool asc = spec->Specs[0].SortDirection == ImGuiSortDirection_Ascending;
    if (col == 0 && !asc) std::reverse(rows.begin(), rows.end());
    if (col == 1)
        std::stable_sort(rows.begin(), rows.end(), [&](auto a, auto b) {
            return asc ? a->gpu_name < b->gpu_name : a->gpu_name > b->gpu_name;
        });
    if (col >= 2) {
        const ResultColumn& c = cols[size_t(col - 2)]->col;
        std::stable_sort(rows.begin(), rows.end(), [&](auto a, auto b) {
            return asc ? c.number(*a) < c.number(*b) : c.number(*a) > c.number(*b);
        });
    }
}

// One row: rank with its fit mark, the GPU's name over its notes, then the figures.
void grid_row(const App& app, int rank, const Option& o, const std::vector<const Column*>& cols) {
    ImGui::TableNextColumn();
    rank_cell(rank, o);
    ImGui::TableNextColumn();
    const float w = ImGui::GetContentRegionAvail().x;
    if (one_line(o.gpu_name, w, is_recommended(app.result, &o) ? palette().accent : palette().text))
        line_tip(o.gpu_name, w, gpu_tooltip(app, o));
    const std::string note = notes_of(o);
    if (one_line(note.empty() ? " " : note, w, o.fits ? palette().text_dim : palette().bad)) line_tip(note, w, "");
    for (const Column* c : cols) {
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(c->cell(o).c_str());
        if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) hover_tip(cell_tip(app, *c, o));
    }
}

// Laptop and wider: rank, GPU (+ reason under it), the figure columns that fit.
void draw_grid(const App& app, std::vector<const Option*>& rows, const std::vector<Column>& all_cols) {
    const std::vector<const Column*> cols = fitting_columns(rows, all_cols);
    const ImGuiTableFlags flags = ImGuiTableFlags_Sortable | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH |
                                  ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_PadOuterX;
    if (!ImGui::BeginTable("options", int(cols.size()) + 2, flags)) return;
    ImGui::TableSetupColumn("#", ImGuiTableColumnFlags_DefaultSort | ImGuiTableColumnFlags_NoHide);
    ImGui::TableSetupColumn(tr("GPU"), ImGuiTableColumnFlags_WidthStretch | ImGuiTableColumnFlags_NoHide);
    for (const Column* c : cols) ImGui::TableSetupColumn(c->header().c_str());
    ImGui::TableHeadersRow();
    sort_rows(rows, cols);
    const ImGuiStyle& st = ImGui::GetStyle();
    const float row_h = ImGui::GetTextLineHeight() * 2 + st.ItemSpacing.y + st.CellPadding.y * 2;
    ImGuiListClipper clipper;
    clipper.Begin(int(rows.size()), row_h);
    while (clipper.Step()) {
        for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
            ImGui::TableNextRow(ImGuiTableRowFlags_None, row_h);
            ImGui::PushID(i);
            grid_row(app, i + 1, *rows[size_t(i)], cols);
            ImGui::PopID();
        }
    }
    ImGui::EndTable();
}

}  // namespace

std::string price_tooltip(const App& app, const Option& o) {
    const text::Lang l = lang();
    const std::string& cur = app.result.currency;
    if (o.price) {
        const Price& p = *o.price;
        std::string tip = fill(tr("Price: {price} per GPU on demand × {count} — {source}"),
                               {{"{price}", text::money_per_hour(p.per_gpu_hour, cur, l)}, {"{count}", std::to_string(o.count)},
                                {"{source}", p.source + (p.date.empty() ? "" : ", " + p.date)}});
        if (p.converted)
            tip += "\n" + fill(tr("Converted from {price} at {rate} {cur} per {from} (the provider's rate)"),
                               {{"{price}", text::money_per_hour(p.converted->original, p.converted->from, l)},
                                {"{rate}", text::number(p.converted->rate, 4, l)}, {"{cur}", cur}, {"{from}", p.converted->from}});
        return tip + "\n" + tr("A month is 730 hours of rent, busy or idle.");
    }
    const GpuSpec* g = app.catalog.find_gpu(o.gpu_id);
    if (g && g->price && g->price->currency != cur)
        return fill(tr("No price in {cur}: the catalog's price is in {other}, and the page has no exchange rate for it."),
                    {{"{cur}", cur}, {"{other}", g->price->currency}});
    if (g && !g->price_unknown_reason.empty()) return std::string(tr("No price: ")) + g->price_unknown_reason;
    return tr("The catalog has no sourced price for this GPU");
}

void draw_table(App& app) {
    ImGui::Checkbox(tr("Show every layout (TP / PP variants)"), &app.show_all_layouts);
    std::vector<const Option*> rows = shown_options(app);
    const std::vector<Column> cols = figure_columns(app);
    const bool cards = ImGui::GetContentRegionAvail().x < em() * 34;
    const ImGuiStyle& st = ImGui::GetStyle();
    app.table_view.top_css = (ImGui::GetCursorScreenPos().y + ImGui::GetScrollY()) / app.dpr;
    app.table_view.rows = int(rows.size());
    app.table_view.cards = cards;
    app.table_view.row_css = (cards ? ImGui::GetTextLineHeightWithSpacing() * 2 + st.ItemSpacing.y * 2
                                    : ImGui::GetTextLineHeight() * 2 + st.ItemSpacing.y + st.CellPadding.y * 2) / app.dpr;
    if (cards) draw_cards(app, rows, cols);
    else draw_grid(app, rows, cols);
}

}  // namespace gpusizer::ui
