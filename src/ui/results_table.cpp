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
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "report/accuracy_text.hpp"
#include "ui/app.hpp"
#include "ui/i18n.hpp"
#include "ui/panels.hpp"
#include "ui/theme.hpp"
#include "ui/widgets.hpp"

namespace gpusizer::ui {
namespace {

std::string num(double v, int decimals) { return text::number(v, decimals, lang()); }

// One figure column: its header, how its cell reads, what it sorts by, and its priority
// (the lower, the longer it stays when the width runs out).
struct Column {
    std::string header;
    std::function<std::string(const Option&)> cell;
    std::function<double(const Option&)> sort_key;
    int priority;
    std::string card_unit;  // on a phone card the value is followed by its unit instead of a header
    std::function<std::string(const Option&)> tip = nullptr;  // the cell's tooltip, if any
    const char* figure = nullptr;  // its name in the JSON, for its error band (report/accuracy_text.hpp)
    const char* card_noun = nullptr;  // a card's noun in the number's form (text::noun), not card_unit: "27 GPU-часов"
    bool ranked = false;  // the key the list is ordered by (State::sort): never hidden, first on a card
};

const char* const dash = "—";

bool is_job(const State& s) { return s.task == Task::tune || s.task == Task::train; }

// The cost columns. A job (fine-tune, training) is ranked by what the whole run costs (engine
// sizing.cpp: better), so its first cost column is per run; per hour stays, after it and dropped first.
void add_cost_columns(const App& app, std::vector<Column>& c) {
    const Result& r = app.result;
    auto no_price = [] { return std::string(tr("no price")); };
    if (is_job(r.state)) {
        c.push_back({std::string(tr("Per run")) + ", " + r.currency,
                     [&r, no_price](const Option& o) { return o.cost_total ? text::money(*o.cost_total, r.currency, lang()) : no_price(); },
                     [](const Option& o) { return o.cost_total.value_or(1e30); }, 1, tr("per run"),
                     [&app](const Option& o) { return std::string(tr("GPU-hours × price per GPU-hour")) + "\n" + price_tooltip(app, o); }});
        c.back().figure = "cost_total";
    }
    c.push_back({std::string(tr("Cost/h")) + ", " + r.currency,
                 [&r, no_price](const Option& o) {
                     return o.cost_per_hour ? text::money(*o.cost_per_hour, r.currency, lang()) : no_price();
                 },
                 [](const Option& o) { return o.cost_per_hour.value_or(1e30); }, is_job(r.state) ? 4 : 1, tr("/h"),
                 [&app](const Option& o) { return price_tooltip(app, o); }});
    c.back().figure = "cost_per_hour";
}

// The column the engine ranked by (State::sort): cost (per run for a job), the speed figure, or the
// GPU count. It is kept whatever the width, and a card leads with it.
void mark_ranked(const State& s, std::vector<Column>& c) {
    const char* key = s.sort == RankBy::gpus ? "count"
                      : s.sort == RankBy::cost ? (is_job(s) ? "cost_total" : "cost_per_hour")
                      : is_job(s) ? "days"
                      : s.task == Task::other ? nullptr
                      : s.use == Use::asr ? "audio_x_realtime" : s.use == Use::embed ? "qps_capacity" : "decode_tps_per_user";
    for (Column& col : c) {
        const bool score = !key && !col.figure && col.header == tr("Score");  // other work's speed: its score
        if ((key && col.figure && std::string(col.figure) == key) || score) {
            col.ranked = true;
            col.priority = -1;
            return;
        }
    }
}

// The figures of the task's own kind: speech, embeddings, serving, training time, or a score.
void add_task_columns(const State& st, std::vector<Column>& c) {
    const Task task = st.task;
    if (task == Task::infer && st.use == Use::asr) {
        c.push_back({tr("× realtime"),
                     [](const Option& o) {
                         return o.audio_x_realtime.mid > 0 ? num(o.audio_x_realtime.mid, 0) : std::string(dash);
                     },
                     [](const Option& o) { return o.audio_x_realtime.mid; }, 1, tr("× realtime")});
        c.back().figure = "audio_x_realtime";
        c.push_back(
            {tr("Live streams"),
             [](const Option& o) { return o.audio_x_realtime.mid > 0 ? num(o.streams_served, 0) : std::string(dash); },
             [](const Option& o) { return o.streams_served; }, 4, ""});
        c.back().figure = "streams_served";
        c.back().card_noun = "live stream";
    } else if (task == Task::infer && st.use == Use::embed) {
        c.push_back({tr("QPS"), [](const Option& o) { return o.qps_capacity.mid > 0 ? num(o.qps_capacity.mid, 0) : std::string(dash); },
                     [](const Option& o) { return o.qps_capacity.mid; }, 1, tr("QPS")});
        c.back().figure = "qps_capacity";
        c.push_back({tr("Index time"),
                     [](const Option& o) {
                         return o.index_hours.mid > 0 ? text::duration_hours(o.index_hours.mid, lang())
                                                      : std::string(dash);
                     },
                     [](const Option& o) { return o.index_hours.mid; }, 4, ""});
        c.back().figure = "index_hours";
    } else if (task == Task::infer) {
        auto speed = [](const Option& o) { return o.decode_tps_per_user.mid > 0; };
        c.push_back({tr("tok/s/user"), [=](const Option& o) { return speed(o) ? num(o.decode_tps_per_user.mid, 1) : std::string(dash); },
                     [](const Option& o) { return o.decode_tps_per_user.mid; }, 1, tr("tok/s/user")});
        c.back().figure = "decode_tps_per_user";
        c.push_back({tr("TTFT, s"), [=](const Option& o) { return speed(o) ? num(o.ttft_s.mid, 2) : std::string(dash); },
                     [](const Option& o) { return o.ttft_s.mid; }, 4, tr("s TTFT")});
        c.back().figure = "ttft_s";
        c.push_back(
            {tr("total tok/s"),
             [=](const Option& o) { return speed(o) ? text::compact(o.total_tps.mid, 1, lang()) : std::string(dash); },
             [](const Option& o) { return o.total_tps.mid; }, 5, tr("tok/s total")});
        c.back().figure = "total_tps";
    } else if (task == Task::tune || task == Task::train) {
        c.push_back({tr("GPU-hours"),
                     [](const Option& o) {
                         return o.gpu_hours.mid > 0 ? text::compact(o.gpu_hours.mid, 2, lang()) : std::string(dash);
                     },
                     [](const Option& o) { return o.gpu_hours.mid; }, 3, ""});
        c.back().figure = "gpu_hours";
        c.back().card_noun = "GPU-hour";
        // Wall-clock time in the job's own scale (minutes, hours or days).
        c.push_back({tr("Time"),
                     [](const Option& o) {
                         return o.days.mid > 0 ? text::duration_hours(o.days.mid * 24, lang()) : std::string(dash);
                     },
                     [](const Option& o) { return o.days.mid; }, 1, ""});
        c.back().figure = "days";
    } else {
        c.push_back({tr("Score"),
                     [](const Option& o) {
                         return o.score > 0 ? num(o.score, 1) + " " + message_text(o.score_label) : std::string(dash);
                     },
                     [](const Option& o) { return o.score; }, 1, ""});
    }
}

std::vector<Column> figure_columns(const App& app) {
    const Result& r = app.result;
    std::vector<Column> c;
    c.push_back({tr("GPUs"), [](const Option& o) { return std::to_string(o.count); },
                 [](const Option& o) { return double(o.count); }, 0, ""});
    c.back().figure = "count";
    // 48 cards are 6 servers: what is bought and racked (engine: servers_for_gpus).
    c.push_back({tr("Servers"), [](const Option& o) { return o.servers > 0 ? std::to_string(o.servers) : std::string(dash); },
                 [](const Option& o) { return double(o.servers); }, 2, ""});
    c.back().figure = "servers";
    c.push_back({tr("GB/GPU"),
                 [](const Option& o) {
                     return o.per_gpu_gb.mid > 0 ? num(o.per_gpu_gb.mid, 1) + " / " + num(o.capacity_gb, 0)
                                                 : std::string(dash);
                 },
                 [](const Option& o) { return o.per_gpu_gb.mid; }, 2, tr("GB/GPU")});
    c.back().figure = "per_gpu_gb";
    add_task_columns(r.state, c);
    add_cost_columns(app, c);
    mark_ranked(r.state, c);
    return c;
}

std::string notes_of(const Option& o) {
    std::string note = reason_text(o);
    for (const auto& w : o.warnings) note += (note.empty() ? "" : "; ") + warning_text(w);
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
    if (g->tflops.fp8) tip += ", FP8 " + num(*g->tflops.fp8, 0);
    tip += g->nvlink_generation ? ", NVLink " + text::with_unit(g->nvlink_gbs, 0, "GB/s", l) : std::string(", ") + tr("PCIe only");
    tip += "\n" + price_tooltip(app, o);
    // The page's catalog.bin leaves GPU sources out (they stay in data/catalog.json).
    if (!g->source.empty()) tip += "\n" + std::string(tr("Source: ")) + g->source.substr(0, 400);
    return tip;
}

// A figure cell's tooltip: its own (the price's source) with the figure's error band after it.
std::string cell_tip(const App& app, const Column& c, const Option& o) {
    const std::string tip = c.tip ? c.tip(o) : std::string();
    return c.figure && figure_applies(o, c.figure) ? with_band(app.result, o, c.figure, tip) : tip;
}

// A card's line of figures: the price's source, then each error band once, after the columns it covers.
std::string card_tip(const App& app, const std::vector<Column>& cols, const Option& o) {
    std::vector<std::pair<std::string, std::string>> bands;  // band, the headers of its columns
    for (const Column& c : cols) {
        if (!c.figure || !figure_applies(o, c.figure)) continue;
        const std::string band = figure_band_text(app.result, o, c.figure, lang());
        auto same = std::find_if(bands.begin(), bands.end(), [&](const auto& b) { return b.first == band; });
        if (same == bands.end()) bands.emplace_back(band, c.header);
        else same->second += ", " + c.header;
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
        if (c.ranked && std::string(c.figure ? c.figure : "") != "count") return &c;
    for (const Column& c : cols)
        if (c.figure && std::string(c.figure).rfind("cost_", 0) == 0) return &c;
    return nullptr;
}

std::string card_value(const Column& c, const Option& o) {
    const std::string v = c.cell(o);
    // already in the UI's language; a noun takes the form of the number shown (compact: 2 decimals
    // under 10, whole above): "27 GPU-часов"
    const double n = c.sort_key(o);
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
        const std::string f = c.figure ? c.figure : "";
        if (&c != head && f != "count" && f != "servers") order.push_back(&c);
    }
    auto rank = [](const Column* c) { return c->figure && std::string(c->figure).rfind("cost_", 0) == 0 ? 1 : c->priority; };
    std::stable_sort(order.begin(), order.end(), [&](const Column* a, const Column* b) { return rank(a) < rank(b); });
    std::string line;
    for (const Column* c : order) {
        const std::string v = card_value(*c, o);
        if (v == dash) continue;
        // "no price" once: the first line already says it when its ranked figure is a cost
        auto is_cost = [](const Column* x) { return x && x->figure && std::string(x->figure).rfind("cost_", 0) == 0; };
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

// Laptop and wider: rank, GPU (+ reason under it), the figure columns that fit.
void draw_grid(const App& app, std::vector<const Option*>& rows, const std::vector<Column>& all_cols) {
    const Result& r = app.result;
    const ImGuiStyle& st = ImGui::GetStyle();
    const float avail = ImGui::GetContentRegionAvail().x;
    // Keep the columns whose headers and values fit beside a GPU column of at least 14 em.
    auto width_of = [&](const Column& c) {
        float w = ImGui::CalcTextSize(c.header.c_str()).x + em() * 1.2f;  // + the sort arrow
        for (const Option* o : rows) w = std::max(w, ImGui::CalcTextSize(c.cell(*o).c_str()).x);
        return w + st.CellPadding.x * 2;
    };
    std::vector<int> order(all_cols.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = int(i);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return all_cols[size_t(a)].priority < all_cols[size_t(b)].priority; });
    float used = ImGui::CalcTextSize("000").x + em() + st.CellPadding.x * 2 + em() * 14;
    std::vector<bool> keep(all_cols.size(), false);
    for (int i : order) {
        const float w = width_of(all_cols[size_t(i)]);
        if (used + w <= avail) { keep[size_t(i)] = true; used += w; }
    }
    std::vector<const Column*> cols;
    for (size_t i = 0; i < all_cols.size(); ++i)
        if (keep[i]) cols.push_back(&all_cols[i]);

    const ImGuiTableFlags flags = ImGuiTableFlags_Sortable | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH |
                                  ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_PadOuterX;
    if (!ImGui::BeginTable("options", int(cols.size()) + 2, flags)) return;
    ImGui::TableSetupColumn("#", ImGuiTableColumnFlags_DefaultSort | ImGuiTableColumnFlags_NoHide);
    ImGui::TableSetupColumn(tr("GPU"), ImGuiTableColumnFlags_WidthStretch | ImGuiTableColumnFlags_NoHide);
    for (const Column* c : cols) ImGui::TableSetupColumn(c->header.c_str());
    ImGui::TableHeadersRow();
    if (ImGuiTableSortSpecs* spec = ImGui::TableGetSortSpecs(); spec && spec->SpecsCount > 0) {
        const int col = spec->Specs[0].ColumnIndex;
        const bool asc = spec->Specs[0].SortDirection == ImGuiSortDirection_Ascending;
        if (col == 0 && !asc) std::reverse(rows.begin(), rows.end());
        if (col == 1)
            std::stable_sort(rows.begin(), rows.end(), [&](auto a, auto b) {
                return asc ? a->gpu_name < b->gpu_name : a->gpu_name > b->gpu_name;
            });
        if (col >= 2) {
            const Column& c = *cols[size_t(col - 2)];
            std::stable_sort(rows.begin(), rows.end(), [&](auto a, auto b) {
                return asc ? c.sort_key(*a) < c.sort_key(*b) : c.sort_key(*a) > c.sort_key(*b);
            });
        }
    }
    const float row_h = ImGui::GetTextLineHeight() * 2 + st.ItemSpacing.y + st.CellPadding.y * 2;
    ImGuiListClipper clipper;
    clipper.Begin(int(rows.size()), row_h);
    while (clipper.Step()) {
        for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
            const Option& o = *rows[size_t(i)];
            ImGui::TableNextRow(ImGuiTableRowFlags_None, row_h);
            ImGui::PushID(i);
            ImGui::TableNextColumn();
            rank_cell(i + 1, o);
            ImGui::TableNextColumn();
            const float w = ImGui::GetContentRegionAvail().x;
            if (one_line(o.gpu_name, w, is_recommended(r, &o) ? palette().accent : palette().text))
                line_tip(o.gpu_name, w, gpu_tooltip(app, o));
            const std::string note = notes_of(o);
            if (one_line(note.empty() ? " " : note, w, o.fits ? palette().text_dim : palette().bad))
                line_tip(note, w, "");
            for (const Column* c : cols) {
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(c->cell(o).c_str());
                if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) hover_tip(cell_tip(app, *c, o));
            }
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
