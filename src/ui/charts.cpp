// The memory breakdown bar and a line chart, drawn with ImDrawList (no plotting library).
#include <algorithm>
#include <cmath>
#include <cstring>

#include <imgui_internal.h>

#include "ui/app.hpp"
#include "ui/axis_ticks.hpp"
#include "ui/i18n.hpp"
#include "ui/number_text.hpp"
#include "ui/panels.hpp"
#include "ui/theme.hpp"
#include "ui/widgets.hpp"

namespace gpusizer::ui {

void draw_memory_bar(const App& app, const Option& o) {
    const MemoryBreakdown& m = o.per_gpu;
    const double parts[6] = {m.weights.gb(), m.kv_cache.gb(), m.activations.gb(), m.optimizer.gb(), m.gradients.gb(),
                             m.overhead.gb()};
    const char* names[6] = {tr("weights"), tr("KV cache"), tr("activations"), tr("optimizer"), tr("gradients"),
                            tr("overhead")};
    const State& s = app.result.state;
    if (s.task == Task::other) {
        // Other work runs no model: its one part is what the workload holds (transcoding asks for none).
        if (parts[0] <= 0) return;
        names[0] = s.use == Use::render ? tr("scene") : s.use == Use::hpc ? tr("data set") : tr("image batch");
    }
    const double total_gpu = o.gpu_memory_gb;
    if (total_gpu <= 0) return;
    const std::string gb = std::string(" ") + text::unit("GB", lang());
    std::string tip;
    for (int i = 0; i < 6; ++i)
        if (parts[i] > 0) tip += std::string(names[i]) + ": " + text::number(parts[i], 2, lang()) + gb + "\n";
    tip += std::string(tr("usable after reserve")) + ": " + text::number(o.capacity_gb, 1, lang()) + gb;
    dim_text(std::string(tr("Memory per GPU")) + " — " + o.gpu_name + ", " + text::number(total_gpu, 1, lang()) + gb);
    tooltip_on_hover(tip);  // the ⓘ after the title: the breakdown by touch too
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float w = ImGui::GetContentRegionAvail().x, h = em() * 1.3f;
    double used = 0;
    for (double v : parts) used += v;
    const double scale = w / std::max(total_gpu, used);
    dl->AddRectFilled(p, ImVec2(p.x + w, p.y + h), palette().bar[6], 4);
    float x = p.x;
    for (int i = 0; i < 6; ++i) {
        const float seg = float(parts[i] * scale);
        if (seg <= 0.5f) continue;
        dl->AddRectFilled(ImVec2(x, p.y), ImVec2(x + seg, p.y + h), palette().bar[i]);
        x += seg;
    }
    // The reserve line: usable capacity.
    const float cap_x = p.x + float(o.capacity_gb * scale);
    dl->AddLine(ImVec2(cap_x, p.y - 3), ImVec2(cap_x, p.y + h + 3), palette().text, 2);
    ImGui::Dummy(ImVec2(w, h));
    hover_tip(tip);
    // Legend
    bool first = true;
    const float end_x = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
    for (int i = 0; i < 6; ++i) {
        if (parts[i] <= 0) continue;
        const std::string label = std::string(names[i]) + " " + text::number(parts[i], parts[i] < 10 ? 1 : 0, lang());
        const float item_w = em() * 0.9f + ImGui::CalcTextSize(label.c_str()).x + em() * 0.8f;
        if (!first && ImGui::GetItemRectMax().x + item_w < end_x) ImGui::SameLine(0, em() * 0.8f);
        first = false;
        const ImVec2 q = ImGui::GetCursorScreenPos();
        ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(q.x, q.y + em() * 0.2f),
                                                  ImVec2(q.x + em() * 0.7f, q.y + em() * 0.9f), palette().bar[i], 2);
        ImGui::Dummy(ImVec2(em() * 0.8f, em()));
        ImGui::SameLine(0, em() * 0.2f);
        ImGui::TextUnformatted(label.c_str());
    }
}

namespace {

// The y axis of a chart: its ticks and where a value sits on it (0 at the bottom, 1 at the top).
struct YAxis {
    std::vector<Tick> ticks;
    double lo = 0, hi = 1;
    bool log = false;
    double at(double y) const {
        if (!log) return y / hi;
        return (std::log(std::max(y, lo)) - std::log(lo)) / (std::log(hi) - std::log(lo));
    }
};

// From 0 to the first round tick at or above the data and the red line.
YAxis linear_y_axis(const App::Series& s, int count) {
    double top = s.limit;
    for (double y : s.y) top = std::max(top, y);
    YAxis ax;
    ax.ticks = linear_ticks(0, top > 0 ? top * 1.02 : 1, count);
    ax.hi = ax.ticks.empty() ? std::max(top, 1.0) : ax.ticks.back().value;
    return ax;
}

// Whole decades around the data and the red line (values below 0.001 are clamped to it).
YAxis log_y_axis(const App::Series& s, int count) {
    double lo = s.limit > 0 ? s.limit : 1e300, hi = s.limit;
    for (double y : s.y)
        if (y > 0) { lo = std::min(lo, y); hi = std::max(hi, y); }
    YAxis ax;
    ax.log = true;
    ax.lo = std::pow(10.0, std::floor(std::log10(std::max(lo, 1e-3))));
    ax.hi = std::max(ax.lo * 10, std::pow(10.0, std::ceil(std::log10(std::max(hi, 1e-3)) - 1e-9)));
    ax.ticks = log_ticks(ax.lo, ax.hi, count, false);
    return ax;
}

// What the chart shows and what its red line is.
const char* chart_caption(const App& app) {
    if (app.state.task != Task::infer)
        return app.state.days ? tr("Days for the whole run as the GPU count grows; red: your deadline")
                              : tr("Days for the whole run as the GPU count grows; red: the default horizon");
    if (app.chart_kind == 1 && app.state.rps > 0)
        return tr("Time to first token at the percentile on the chosen GPUs' active replicas as the request rate "
                  "grows; red: your target; the vertical line: the asked rate");
    if (app.chart_kind == 2 && app.state.rps > 0)
        return tr("Time per output token at the percentile on the chosen GPUs' active replicas as the request "
                  "rate grows; red: 1 / your speed target; the vertical line: the asked rate");
    if (app.chart_kind == 1) return tr("Tokens/s per user on the recommended GPUs as users grow; red: your target");
    if (app.state.offload)
        return tr("Memory of the model (GB) as the context grows; red: the one GPU's memory, llama.cpp keeps the rest "
                  "in host RAM");
    return tr("Memory of one replica (GB) as the context grows; red: memory of the recommended GPUs");
}

// One tick of the x axis: its grid line, and its mark and label unless it is a grid line only.
void draw_x_tick(ImDrawList* dl, Tick t, float x, ImVec2 a, ImVec2 b, float left, float right, bool comma) {
    dl->AddLine(ImVec2(x, a.y), ImVec2(x, b.y), palette().grid);
    if (t.label.empty()) return;
    t.label = shown_decimal(t.label, comma);
    dl->AddLine(ImVec2(x, b.y), ImVec2(x, b.y + em() * 0.25f), palette().text_dim);
    const float tw = ImGui::CalcTextSize(t.label.c_str()).x;
    dl->AddText(ImVec2(ImClamp(x - tw / 2, left, right - tw), b.y + em() * 0.3f), palette().text_dim, t.label.c_str());
}

}  // namespace

// Axis titles in the reader's language: memory vs context, speed vs users (or, at a request rate,
// the engine's latency-rate curve: panel_rate.cpp), days vs GPUs.
void axis_titles(const State& s, bool ctx_axis, int kind, const char** x, const char** y) {
    if (s.task != Task::infer) {
        *x = tr("GPUs");
        *y = tr("days, log scale");
    } else if (ctx_axis) {
        *x = tr("context, tokens");
        *y = tr("GB");
    } else if (s.rps > 0) {
        *x = tr("requests/s");
        *y = kind == 2 ? tr("time per output token at the percentile, ms") : tr("time to first token at the percentile, s");
    } else {
        *x = tr("users");
        *y = tr("tokens/s per user");
    }
}

// At a rate, whose latency curves the chart draws: the recommendation's, or another fitting GPU's (the
// first option of each GPU in the ranking, up to four), each chip naming its count and GPU.
void choose_curve_gpu(App& app) {
    const std::vector<Option>& options = app.result.options;
    std::vector<int> shown;
    for (int i = 0; i < int(options.size()) && shown.size() < 4; ++i) {
        const Option& o = options[size_t(i)];
        if (!o.fits || !o.slo || o.slo->curve.size() < 2) continue;
        bool seen = false;
        for (int j : shown) seen |= options[size_t(j)].gpu_id == o.gpu_id;
        if (!seen) shown.push_back(i);
    }
    if (shown.size() < 2) return;
    const int current = app.curve_option >= 0 ? app.curve_option : app.result.recommended;
    dim_text(tr("Curves for"));
    ChipRow row{ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x};
    for (int i : shown) {
        const Option& o = options[size_t(i)];
        std::string name = o.gpu_name;
        for (const char* prefix : {"NVIDIA ", "GeForce ", "AMD Instinct "})
            if (name.rfind(prefix, 0) == 0) name = name.substr(std::strlen(prefix));
        const std::string label = std::to_string(o.count) + " × " + name;
        if (row.chip_at(label.c_str(), i == current) && i != current) {
            app.curve_option = i;
            fill_rate_charts(app.state, o, app.chart[1], app.chart[2]);
        }
    }
}

// Serving has two charts to choose from; a job has one.
void choose_chart(App& app, bool infer) {
    if (infer) {
        if (app.state.rps <= 0 && app.chart_kind == 2) app.chart_kind = 1;  // the token-time curve is the rate's
        const char* labels[] = {tr("Memory vs context"),
                                app.state.rps > 0 ? tr("First token vs request rate") : tr("Speed vs users"),
                                tr("Token time vs request rate")};
        const float x_end = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
        for (int k = 0; k < (app.state.rps > 0 ? 3 : 2); ++k) {
            // A radio is its box, a gap and its words; one that does not fit the row starts the next.
            const float w = ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(labels[k]).x;
            if (k > 0 && ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + w < x_end) ImGui::SameLine();
            ImGui::RadioButton(labels[k], &app.chart_kind, k);
        }
        if (app.state.rps > 0 && app.chart_kind > 0) choose_curve_gpu(app);
    } else {
        app.chart_kind = 1;
        dim_text(tr("Days to finish vs GPUs"));
    }
}

void draw_chart(App& app) {
    const bool infer = app.state.task == Task::infer;
    if (app.state.task == Task::other) return;
    if (infer && (app.state.use == Use::asr || app.state.use == Use::embed)) return;  // no context or users axis
    choose_chart(app, infer);
    if (infer && app.chart_kind == 1 && app.speed_chart_pending) fill_speed_chart(app);
    const App::Series& s = app.chart[app.chart_kind];
    if (s.x.size() < 2) return;
    // Axis titles, in the reader's language: y above the plot, x under its ticks.
    const bool ctx_axis = infer && app.chart_kind == 0;
    const char *x_title, *y_title;
    axis_titles(app.state, ctx_axis, app.chart_kind, &x_title, &y_title);
    dim_text(y_title);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 p0 = ImGui::GetCursorScreenPos();
    const float w = ImGui::GetContentRegionAvail().x, h = em() * 10.5f;
    const float left = em() * 3.0f, bottom = em() * 2.9f;
    const ImVec2 a(p0.x + left, p0.y + em() * 0.5f), b(p0.x + w - em() * 1.2f, p0.y + h - bottom);
    // A linear axis from 0 (memory, speed); for days a log axis from the data and the red line, so a
    // job of hours and a 90-day deadline, or 15,000 days on 8 GPUs and a 90-day target, both show.
    const int y_count = std::max(2, int((b.y - a.y) / (em() * 1.8f)));
    const YAxis y_axis = s.log_y ? log_y_axis(s, y_count) : linear_y_axis(s, y_count);
    const std::vector<Tick>& yt = y_axis.ticks;
    const double x0 = s.x.front(), x1 = s.x.back();
    auto fx = [&](double x) {
        const double t = s.log_x ? (std::log(x) - std::log(x0)) / (std::log(x1) - std::log(x0)) : (x - x0) / (x1 - x0);
        return a.x + float(t) * (b.x - a.x);
    };
    auto fy = [&](double y) { return b.y - float(y_axis.at(y)) * (b.y - a.y); };
    const bool comma = lang() == text::Lang::ru;  // the ticks' decimal mark: "0,5" on a Russian page
    for (Tick t : yt) {
        t.label = shown_decimal(t.label, comma);
        dl->AddLine(ImVec2(a.x, fy(t.value)), ImVec2(b.x, fy(t.value)), palette().grid);
        if (t.label.empty()) continue;  // a decade's grid line without its label (axis_ticks.hpp)
        dl->AddText(ImVec2(a.x - ImGui::CalcTextSize(t.label.c_str()).x - em() * 0.3f, fy(t.value) - em() * 0.5f), palette().text_dim,
                    t.label.c_str());
    }
    // Context lengths are powers of 2 ("32k"); users and GPU counts read best as 1-2-5 × 10^n.
    const int x_count = std::max(2, int((b.x - a.x) / (em() * 3.2f)));
    const std::vector<Tick> xt = s.log_x ? log_ticks(x0, x1, x_count, ctx_axis) : linear_ticks(x0, x1, x_count);
    for (const Tick& t : xt)
        if (t.value >= x0 && t.value <= x1) draw_x_tick(dl, t, fx(t.value), a, b, p0.x, p0.x + w, comma);
    dl->AddLine(ImVec2(a.x, b.y), ImVec2(b.x, b.y), palette().text_dim);
    const float xtw = ImGui::CalcTextSize(x_title).x;
    dl->AddText(ImVec2((a.x + b.x) / 2 - xtw / 2, b.y + em() * 1.5f), palette().text_dim, x_title);
    if (s.limit > 0) dl->AddLine(ImVec2(a.x, fy(s.limit)), ImVec2(b.x, fy(s.limit)), palette().bad, 1.5f);
    for (size_t i = 1; i < s.x.size(); ++i)
        dl->AddLine(ImVec2(fx(s.x[i - 1]), fy(s.y[i - 1])), ImVec2(fx(s.x[i]), fy(s.y[i])), palette().accent, 2.5f);
    if (s.marker_x >= x0 && s.marker_x <= x1)  // the operating point: the asked rate
        dl->AddLine(ImVec2(fx(s.marker_x), a.y), ImVec2(fx(s.marker_x), b.y), palette().text, 1.5f);
    ImGui::Dummy(ImVec2(w, h));
    if (ImGui::IsItemHovered()) {
        // Nearest point under the pointer; its value beside the point, not under the finger.
        const float mx = ImGui::GetIO().MousePos.x;
        size_t best = 0;
        for (size_t i = 0; i < s.x.size(); ++i)
            if (std::fabs(fx(s.x[i]) - mx) < std::fabs(fx(s.x[best]) - mx)) best = i;
        const ImVec2 pt(fx(s.x[best]), fy(s.y[best]));
        dl->AddCircleFilled(pt, em() * 0.3f, palette().accent);
        const std::string xs = shown_decimal(ctx_axis ? binary_label(s.x[best]) : si(s.x[best], 1), comma);
        const std::string ys = s.log_y ? text::duration_hours(s.y[best] * 24, lang())  // "2.3 h", not "0.10"
                                       : shown_decimal(format_human_number(s.y[best], s.y[best] < 10 ? 2 : 1), comma);
        ImGui::SetCursorScreenPos(ImVec2(pt.x - em() * 0.4f, pt.y - em() * 0.4f));
        ImGui::Dummy(ImVec2(em() * 0.8f, em() * 0.8f));  // the anchor the tip sits beside
        hover_tip(std::string(x_title) + ": " + xs + "\n" + y_title + ": " + ys);
        ImGui::SetCursorScreenPos(ImVec2(p0.x, p0.y + h + ImGui::GetStyle().ItemSpacing.y));
    }
    dim_text(chart_caption(app));
}

}  // namespace gpusizer::ui
