// Results: notices and warnings, the recommendation with its command, the memory bar and
// chart, the table of every GPU, exports and the assumptions.
#include <algorithm>
#include <cmath>
#include <set>

#include "engine/codes.hpp"
#include "engine/tasks.hpp"
#include "report/columns.hpp"
#include "report/report.hpp"
#include "ui/app.hpp"
#include "ui/i18n.hpp"
#include "ui/panels.hpp"
#include "ui/theme.hpp"
#include "ui/widgets.hpp"
#include "ui/host.hpp"

namespace gpusizer::ui {
namespace {

const Explanation* explain(const std::vector<Explanation>& list, const char* key) {
    for (const auto& e : list)
        if (e.key == key) return &e;
    return nullptr;
}

std::string gpus_text(const Option& o) {
    std::string t = std::to_string(o.count) + " × " + o.gpu_name;
    if (o.offload && o.offload->moves_weights())  // partial offload: the host RAM is part of the answer
        t += " + " + text::with_unit(o.offload->host_weights_gb, 1, "GB", lang()) + " " + tr("in host RAM");
    if (o.servers > 1) t += "  ·  " + text::count_of(o.servers, 0, "server", lang());
    return t;
}

void draw_warnings(App& app) {
    // The first few of each kind; a hostile catalog or link can make thousands (the rest are counted).
    constexpr size_t kShown = 8;
    std::vector<std::string> lines;
    size_t hidden = 0;
    // (no control, bidi or invisible character from a file's or an address's text reaches the canvas)
    auto add = [&](const std::string& line) {
        if (lines.size() < kShown) lines.push_back(strip_controls(line, false));
        else ++hidden;
    };
    for (const auto& n : app.notices) add(n);
    for (const auto& w : app.link_warnings) add(std::string(tr("Link: ")) + warning_text(w));
    for (const auto& w : app.import_notes) add("config.json: " + warning_text(w));
    for (const auto& w : app.result.warnings) add(warning_text(w));
    if (hidden > 0) lines.push_back(std::string(tr("More notices: ")) + std::to_string(hidden));
    if (lines.empty()) return;
    ImGui::PushStyleColor(ImGuiCol_ChildBg, ImGui::ColorConvertU32ToFloat4(palette().warn_bg));
    const float h = (lines.size() + 0.6f) * (ImGui::GetTextLineHeightWithSpacing() + 2) + ImGui::GetStyle().WindowPadding.y;
    if (ImGui::BeginChild("warnings", ImVec2(0, std::min(h, em() * 9)), true))
        for (const auto& l : lines) warning_line(l);
    ImGui::EndChild();
    ImGui::PopStyleColor();
}

}  // namespace

// Three columns, or as many of at least 9.5 em as fit, sharing the whole width (a label wraps in its own).
FigureGrid::FigureGrid(App& app, const Option& o)
    : app_(app), o_(o), col_(std::max(em() * 9.5f, (ImGui::GetContentRegionAvail().x - em()) / 3.0f)),
      per_row_(std::max(1, int(ImGui::GetContentRegionAvail().x / col_))) {
    col_ = std::max(col_, (ImGui::GetContentRegionAvail().x - em()) / float(per_row_));
    app_.figure_rows.clear();
}

// Every figure of an estimate gets its error band under its explanation (report/accuracy_text.hpp).
void FigureGrid::operator()(const char* label, const std::string& value, const std::string& tip, const char* name) {
    row_.push_back({label, value, name ? with_band(app_.result, o_, name, tip) : tip});
    if (int(row_.size()) == per_row_) finish();
}

void FigureGrid::finish() {
    if (row_.empty()) return;
    // The label wraps inside its own column (less the ⓘ after it), never over the next one's.
    const float wrap = col_ - em() * 1.9f;
    float label_h = 0;
    for (const Cell& c : row_) label_h = std::max(label_h, ImGui::CalcTextSize(c.label.c_str(), nullptr, false, wrap).y);
    std::vector<float> tops;
    for (size_t at = 0; at < row_.size(); ++at) {
        if (at != 0) ImGui::SameLine(float(at) * col_ + ImGui::GetStyle().WindowPadding.x);
        ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + wrap);
        const float top = figure(row_[at].label.c_str(), row_[at].value, row_[at].tip, 0, label_h);
        ImGui::PopTextWrapPos();
        tops.push_back((top + ImGui::GetScrollY()) / app_.dpr);
    }
    app_.figure_rows.push_back(std::move(tops));
    row_.clear();
}

std::string formula_of(const std::vector<Explanation>& list, const char* key) {
    const Explanation* e = explain(list, key);
    return e ? message_text(e->formula) : std::string();
}

namespace {

// Serving: speed per user, throughput, time to first token, the layout (and users served).
void serving_figures(const Option& o, FigureGrid& cell) {
    const text::Lang L = lang();
    auto own = [&](const char* key) { return formula_of(o.explanations, key); };  // the option's own (cycle, TTFT)
    cell(tr("Tokens/s per user"), text::number(o.decode_tps_per_user.mid, 1, L),
         range_text(o.decode_tps_per_user, 1, text::unit("tok/s", L)) + "\n" +
             tr("continuous batching: every step carries each request's next token and a slice of a prompt, so prompts "
                "slow everyone's decode") +
             "\n" + own("speed.cycle") + (o.offload ? "\n" + own("speed.offload") : std::string()),
         "decode_tps_per_user");
    cell(tr("Total tokens/s"), text::compact(o.total_tps.mid, 1, L),
         range_text(o.total_tps, 0, text::unit("tok/s", L)) + "\n" +
             tr("requests × answer tokens / cycle time, × replicas"),
         "total_tps");
    cell(tr("Time to first token"), text::with_unit(o.ttft_s.mid, 2, "s", L),
         range_text(o.ttft_s, 2, text::unit("s", L)) + "\n" +
             tr("at the stated load: the wait for the prompts ahead of it, then its own prefill") + "\n" +
             own("speed.ttft"),
         "ttft_s");
    const std::string layout = std::to_string(o.replicas) + " × " + std::to_string(o.tp) + " × " + std::to_string(o.pp);
    cell(tr("Replicas × TP × PP"), layout,
         text::count_of(o.batch_per_replica, 0, "concurrent request", L) + " " + tr("per replica; serves up to") + " " +
             text::number(o.users_served, 0, L) + "\n" + tr("KV cache per replica (tokens, as vLLM logs it):") + " " +
             text::compact(o.kv_cache_tokens, 0, L) + "; " + tr("maximum concurrency at the full context:") + " " +
             text::number(o.max_concurrency, 1, L),
         "users_served");
}

// Fine-tuning and training: GPU-hours, wall-clock time, energy.
void training_figures(const Result& r, const Option& o, FigureGrid& cell) {
    const text::Lang L = lang();
    // ZeRO-3's wait for its weights lengthens the run (engine/training.cpp): its factor, when there is one.
    std::string wait;
    for (const Message& w : o.warnings)
        if (w.code == code::train_weight_traffic)
            wait = "\n" + fill(tr("× {factor} while micro-batches wait for the sharded weights"),
                               {{"{factor}", text::number(w.find("factor") ? w.find("factor")->number : 1, 1, L)}});
    cell(tr("GPU-hours"), text::compact(o.gpu_hours.mid, 2, L),
         range_text(o.gpu_hours, 0, text::unit("h", L)) + "\n" + formula_of(r.explanations, "compute.flops") + "\n" +
             tr("GPU-hours = FLOPs / (dense peak × MFU × goodput) / 3600") + "\n" +
             fill(tr("MFU on this GPU {mfu} %, goodput {goodput} %"),
                  {{"{mfu}", text::number(o.mfu * 100, 0, L)},
                   {"{goodput}", text::number(effective_goodput(r.state) * 100, 0, L)}}) + wait,
         "gpu_hours");
    cell(tr("Time"), text::duration_hours(o.days.mid * 24, L),
         text::duration_hours(o.days.low * 24, L) + " – " + text::duration_hours(o.days.high * 24, L) + "\n" +
             tr("GPU-hours / GPUs / 24"),
         "days");
    cell(tr("Energy"), text::energy_mwh(o.energy_mwh, L),
         tr("GPU-hours × board power (TDP); a whole server with cooling uses ~1.5× more"), "energy_mwh");
}

void cost_figures(const App& app, const Option& o, FigureGrid& cell) {
    const Result& r = app.result;
    const std::string& cur = r.currency;
    const text::Lang L = lang();
    const std::string price = price_tooltip(app, o);
    if (!o.cost_per_hour) {
        cell(tr("Cost"), tr("no price"), price, nullptr);
        return;
    }
    // A job is ranked by, and bought as, its whole run: that cost first, per hour after it, and no
    // month (a 2.6-hour run is not rented for 730 hours).
    const bool job = r.state.task == Task::tune || r.state.task == Task::train;
    if (job && o.cost_total)
        cell(tr("Per run"), text::money(*o.cost_total, cur, L),
             std::string(tr("GPU-hours × price per GPU-hour")) + "\n" + price, "cost_total");
    cell(tr("Cost per hour"), text::money(*o.cost_per_hour, cur, L), price, "cost_per_hour");
    if (!job)
        cell(tr("Per month"), text::money(*o.cost_per_month, cur, L),
             std::string(tr("cost per hour × 730 hours of rent")) + "\n" + price, "cost_per_month");
    if (!job && o.cost_total)
        cell(tr("Per run"), text::money(*o.cost_total, cur, L),
             std::string(tr("GPU-hours × price per GPU-hour")) + "\n" + price, "cost_total");
    if (o.cost_per_mtok)
        cell(tr("Per million tokens"), text::money(*o.cost_per_mtok, cur, L),
             message_text(Message(code::assume_mtok_at_load).num("users", planned_users(r.state))) + "\n" + price,
             "cost_per_mtok");
}

// The serving command or training layout that reproduces the estimate, and the order button.
void draw_command(App& app, const Option& o) {
    const Result& r = app.result;
    ImGui::Spacing();
    dim_text(r.state.task == Task::infer ? tr("Check it yourself: the serving command")
                                         : tr("Check it yourself: the parallel layout"));
    std::string cmd = text::command_text(o.command, lang());
    const float lines = float(std::count(cmd.begin(), cmd.end(), '\n') + 1);
    ImGui::PushFont(fonts().regular);
    ImGui::InputTextMultiline("##cmd", cmd.data(), cmd.size() + 1,
                              ImVec2(-1, ImGui::GetTextLineHeight() * std::max(2.2f, lines + 1.2f)),
                              ImGuiInputTextFlags_ReadOnly);
    ImGui::PopFont();
    if (ImGui::Button(tr("Copy command"))) host::copy_text(cmd);
    const std::string order = app.order_url(app.result.recommended);  // (o is the recommended option)
    if (order.empty()) return;
    ImGui::SameLine();
    if (chip(tr("Order this configuration"), true)) host::open_url(order);
}

void draw_recommendation(App& app) {
    const Result& r = app.result;
    if (r.recommended < 0) {
        ImGui::PushFont(fonts().medium);
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette().bad), "%s",
                           r.options.empty() ? tr("Nothing to evaluate") : tr("No configuration fits"));
        ImGui::PopFont();
        if (!r.options.empty()) {
            const Option& closest = r.options.front();
            dim_text(std::string(tr("Closest: ")) + closest.gpu_name + " — " + reason_text(closest));
        }
        // Offload on one card: what it delivers, and a switch (applied here: nothing below reads `r`).
        if (const std::optional<State> next = draw_advice(app, AdviceTopic::offload)) app.set_state(*next);
        return;
    }
    const Option& o = r.options[size_t(r.recommended)];
    dim_text(tr("Recommended configuration"));
    ImGui::PushFont(fonts().large);
    ImGui::TextWrapped("%s", gpus_text(o).c_str());
    ImGui::PopFont();
    if (r.horizon_days > 0) dim_text(message_text(Message(code::plan_horizon).num("days", r.horizon_days)));
    FigureGrid cell(app, o);
    const bool infer = r.state.task == Task::infer;
    const text::Lang L = lang();
    const std::string memory = text::number(o.per_gpu_gb.mid, 1, L) + " / " +
                               text::with_unit(o.capacity_gb, capacity_decimals(o.per_gpu_gb.mid, o.capacity_gb), "GB", L);
    cell(tr("Memory per GPU"), memory,
         range_text(o.per_gpu_gb, 1, text::unit("GB", L)) + "\n" + tr("usable = GPU memory less the reserve") + "\n" +
             formula_of(r.explanations, "memory.kv_cache") +
             (infer ? "\n" + formula_of(o.explanations, "memory.kv_capacity") : std::string()),
         "per_gpu_gb");
    if (infer && draw_service_figures(app, o, cell)) {
        // speech-to-text or embeddings (panel_services.cpp)
    } else if (infer) {
        draw_rate_figures(r.state, o, cell);  // at a request rate: the percentiles first
        serving_figures(o, cell);
        draw_workload_figures(o, r.currency, cell);
    } else if (r.state.task == Task::tune || r.state.task == Task::train) {
        training_figures(r, o, cell);
    } else {
        const RankBy by = r.state.sort;  // what the table is ranked by, said (no hidden key)
        cell(message_text(o.score_label).c_str(), text::number(o.score, 1, L),
             by == RankBy::speed ? tr("the figure GPUs are ranked by for this work")
             : by == RankBy::gpus ? tr("what one GPU delivers for this work; GPUs are ranked by fewest GPUs")
             : tr("what one GPU delivers for this work; GPUs are ranked by the cost per hour shown"),
             nullptr);
    }
    cost_figures(app, o, cell);
    cell.finish();
    for (const auto& w : o.warnings) warning_line(warning_text(w));
    // Where this answer departs from the guide line under the task, why, and a switch (engine/advice.cpp).
    // Here, with the answer: text above the inputs would move the field being typed into as it changes.
    const std::optional<State> next = draw_advice(app, AdviceTopic::guide);
    if (!o.command.empty()) draw_command(app, o);
    ImGui::Spacing();
    draw_memory_bar(app, o);
    if (next) app.set_state(*next);  // last: `o` and `r` point into the result it replaces
}

void draw_exports(App& app) {
    if (ImGui::Button(tr("Copy as Markdown"))) host::copy_text(result_markdown(app.result, lang(), app.embed.full_url));
    same_line_if_fits(tr("Copy as CSV"));
    if (ImGui::Button(tr("Copy as CSV"))) host::copy_text(result_csv(app.result, lang(), app.embed.full_url));
    same_line_if_fits(tr("Download JSON"));
    // Named by what it holds (model, task, GPUs), so two downloads do not become gpusizer (1).json.
    if (ImGui::Button(tr("Download JSON")))
        host::download(export_file_name(app.result, "json"), "application/json",
                     result_json(app.result, app.link_warnings, 2, lang()));
}

}  // namespace

void draw_results(App& app) {
    draw_warnings(app);
    if (app.state.view == View::models) {  // the reverse question replaces the GPU ranking
        draw_models(app);
        ImGui::Spacing();
        draw_exports(app);
        return;
    }
    draw_recommendation(app);
    ImGui::Spacing();
    draw_chart(app);
    ImGui::Spacing();
    ImGui::PushFont(fonts().medium);
    ImGui::TextUnformatted(tr("Every GPU"));
    ImGui::PopFont();
    draw_table(app);
    draw_exports(app);
    if (!app.embed.embed && ImGui::CollapsingHeader(tr("Embed this calculator on your site"))) {
        const std::string base = app.embed.full_url;
        const std::string snippet =
            "<iframe src=\"" + base + "?embed=1&origin=https://YOUR-SITE.example&lang=" + language() + "#" + app.link() +
            "\"\n        title=\"GPU sizing calculator\" allow=\"clipboard-write\" style=\"width:100%;height:900px;border:0\"></iframe>\n"
            "<script src=\"" + base.substr(0, base.rfind('/') + 1) + "embed.js\"></script>\n"
            "<script>GpusizerEmbed.attach(document.querySelector('iframe')).on('cta', function (m) { /* m.gpu, m.count */ });</script>";
        dim_text(tr("Replace YOUR-SITE with your page's origin; add &catalog=, &cur=, &cta=, &theme=, &accent= (docs/EMBEDDING.md)."));
        std::string text = snippet;
        ImGui::InputTextMultiline("##snippet", text.data(), text.size() + 1, ImVec2(-1, ImGui::GetTextLineHeight() * 6.5f),
                                  ImGuiInputTextFlags_ReadOnly);
        if (ImGui::Button(tr("Copy the embed code"))) host::copy_text(snippet);
    }
    draw_accuracy(app);
    if (ImGui::CollapsingHeader(tr("Assumptions behind these numbers"))) {
        for (const auto& a : app.result.assumptions) ImGui::BulletText("%s", message_text(a).c_str());
        for (const auto& e : app.result.explanations) ImGui::BulletText("%s: %s", e.key.c_str(), message_text(e.formula).c_str());
        dim_text(std::string(tr("Catalog version ")) + app.catalog.version);
    }
}

}  // namespace gpusizer::ui
