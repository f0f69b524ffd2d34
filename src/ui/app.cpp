// App state changes and the page layout: header, then inputs beside results when wide,
// stacked when narrow. One full-canvas window, no floating ImGui windows.
#include "ui/app.hpp"

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cmath>
#include <cstring>

#include "engine/model_math.hpp"
#include "link/link.hpp"
#include "report/report.hpp"
#include "text/language_pack.hpp"
#include "ui/i18n.hpp"
#include "ui/panels.hpp"
#include "ui/theme.hpp"
#include "ui/host.hpp"
#include "ui/widgets.hpp"

namespace gpusizer::ui {
namespace {

// Chart data: memory of one replica vs context, speed vs users on the recommended GPUs,
// or days vs GPU count. Computed once per state change, never per frame.
void fill_charts(App& app) {
    for (auto& s : app.chart) s = App::Series{};
    app.curve_option = -1;  // the options changed: the curves are the recommendation's again
    const Result& r = app.result;
    const Option* rec = r.recommended >= 0 ? &r.options[size_t(r.recommended)] : nullptr;
    if (app.state.task == Task::infer && r.model_found) {
        App::Series& mem = app.chart[0];
        // Up to the model's own context (or the one sized, if longer): past it the model cannot attend.
        const double ctx = r.state.ctx;
        const double top = r.model.max_context > 0 ? std::max(ctx, double(r.model.max_context)) : std::max(ctx * 4, 131072.0);
        for (double c = 512; c <= top * 1.0001; c *= 2) {
            mem.x.push_back(c);
            mem.y.push_back(inference_memory_at_context(r.model, app.state, r.weight_format, c).gb());
        }
        // The line is the memory of the GPUs the answer names. Offload answers one card (the rest of the
        // model sits in host RAM): that card's memory, also when it misses the load (the closest option).
        if (rec) mem.limit = rec->capacity_gb * rec->count;
        else if (app.state.offload && !r.options.empty()) mem.limit = r.options.front().capacity_gb;
        app.speed_chart_pending = rec != nullptr && app.state.rps <= 0;  // when first shown: ~10 evaluations
        if (rec && app.state.rps > 0) fill_rate_charts(app.state, *rec, app.chart[1], app.chart[2]);  // the engine's curves
    } else if ((app.state.task == Task::tune || app.state.task == Task::train) && rec && rec->gpu_hours.mid > 0) {
        // Each count sized by the engine: the run's GPU-hours change with the count where ZeRO-3's weight
        // traffic waits across servers (training.cpp), and a count that cannot hold the job is left out.
        App::Series& d = app.chart[1];
        State at = app.state;
        at.gpu = rec->gpu_id;
        at.days.reset();
        const int server = std::max(1, rec->count >= 8 ? 8 : rec->count);
        for (int n = server; n <= std::max(rec->count * 16, 64); n *= 2) {
            at.n = n;
            const Result x = evaluate(at, app.catalog);
            for (const Option& o : x.options) {
                if (o.gpu_id != rec->gpu_id || o.count != n || !(o.days.mid > 0)) continue;
                d.x.push_back(n);
                d.y.push_back(o.days.mid);
                break;
            }
        }
        d.limit = app.state.days.value_or(app.result.horizon_days);  // the deadline, or the default horizon
        d.log_y = true;
    }
}

}  // namespace

void fill_speed_chart(App& app) {
    app.speed_chart_pending = false;
    const Result& r = app.result;
    const Option* rec = r.recommended >= 0 ? &r.options[size_t(r.recommended)] : nullptr;
    const double users = std::max(1.0, app.state.users);
    {
        if (rec) {
            App::Series& sp = app.chart[1];
            State s = app.state;
            s.gpu = rec->gpu_id;
            s.n = rec->count;
            s.growth = 0;
            const double hi = std::max(16.0, users * 4);
            for (double u = 1; u <= hi * 1.0001; u *= 2) {
                s.users = u;
                const Result x = evaluate(s, app.catalog);
                double tps = 0;
                for (const auto& o : x.options) tps = std::max(tps, o.decode_tps_per_user.mid);
                sp.x.push_back(u);
                sp.y.push_back(tps);
            }
            sp.limit = app.state.tps;
        }
    }
}

namespace {

void draw_header(App& app, bool narrow) {
    ImGui::PushFont(fonts().large);
    ImGui::TextUnformatted("gpusizer");
    ImGui::PopFont();
    ImGui::SameLine();
    ImGui::SetCursorPosY(ImGui::GetCursorPosY() + em() * 0.35f);
    if (!narrow) dim_text(tr("GPU sizing calculator: which GPUs, how many, how fast, how much"));
    else ImGui::NewLine();
    // Right side: language and theme (the HTML "Copy link" button sits at the very top-right).
    const float bw = em() * 2.6f;
    ImGui::SameLine(std::max(ImGui::GetCursorPosX(), ImGui::GetWindowContentRegionMax().x - bw * 2.6f - em() * 9.5f));
    ImGui::SetCursorPosY(em() * 0.55f);
    if (chip(language() == "ru" ? "EN" : "RU", false, bw)) {
        const char* other = language() == "ru" ? "en" : "ru";
        if (text::language_available(text::parse_lang(other))) {
            set_language(other);
            app.recompute();  // re-mirror the DOM summary in the new language
        } else {
            host::switch_language(other);  // the Russian text is fetched first (text/language_pack.hpp)
        }
    }
    tooltip_on_hover(tr("Language"));
    ImGui::SameLine();
    if (chip(app.dark ? tr("Light") : tr("Dark"), false, bw * 1.6f)) {
        app.dark = !app.dark;
        app.apply_view();
        app.recompute();  // tells the page (theme of the DOM around the canvas)
    }
    if (app.embed.embed && !app.embed.full_url.empty()) {
        if (ImGui::SmallButton(tr("Open the full calculator ↗"))) host::open_url(app.embed.full_url + "#" + app.link());
    }
    ImGui::Separator();
}

void card(const char* id, void (*body)(App&), App& app) {
    ImGui::PushID(id);
    ImGui::BeginGroup();
    body(app);
    ImGui::EndGroup();
    ImGui::PopID();
    ImGui::Spacing();
    ImGui::Spacing();
}

}  // namespace

void App::set_state(const State& s) {
    state = s;
    link_warnings.clear();  // the link's problems were about the link; the user has moved on
    import_notes.clear();
    recompute();
}


// In a provider's embed, what only the provider can fix goes to the host page (web/app/hooks.js: a
// 'notice' event and the console) instead of the buyer's screen; each text once per page.
void App::tell_provider(const std::string& text) {
    if (std::find(told_provider.begin(), told_provider.end(), text) != told_provider.end()) return;
    told_provider.push_back(text);
    host::provider_notice(text);
}

void App::add_provider_notice(const std::string& text) {
    if (embed.embed) tell_provider(text);
    else notices.push_back(text);
}

void App::recompute() {
    result = evaluate(state, catalog);
    // A buyer in an embed is told that some GPUs have no price; how the provider's file would convert
    // them is for the provider.
    if (embed.embed)
        for (auto& w : result.warnings)
            for (auto& p : w.params)
                if (p.name == "hint" && p.number != 0) {
                    tell_provider(warning_text(w));
                    p.number = 0;
                }
    fill_charts(*this);
    host::state_changed([this] { return std::make_pair(link(), mirror_json(result, lang())); });
    host::request_frame();
}

std::string App::link() const { return encode_link(state); }

std::string App::order_url(int i) const {
    if (i < 0 || size_t(i) >= result.options.size()) return "";
    const Option& o = result.options[size_t(i)];
    const GpuSpec* g = catalog.find_gpu(o.gpu_id);
    const std::string& t = g && !g->order_url.empty() ? g->order_url : embed.cta_template;
    return t.empty() ? "" : order_link(t, o.gpu_id, o.count);
}

std::string App::page_json() const {
    std::vector<Warning> extra = link_warnings;
    extra.insert(extra.end(), import_notes.begin(), import_notes.end());
    for (const auto& n : notices)
        extra.push_back(Message(code::catalog_notice).str("detail", strip_controls(n, false)));
    return gpusizer::page_json(result, extra, lang());  // with the DOM summary in the UI's language
}

void App::apply_view() const { apply_theme(dark, dpr, embed.has_accent ? embed.accent_rgb : 0x2f6fed); }

void draw_app(App& app, float dpr, float width_px, float height_px, float view_top_px) {
    app.dpr = dpr;
    const float logical_w = width_px / dpr;
    const bool narrow = logical_w < 900;
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(width_px, height_px));
    // The page scrolls (see web/platform.hpp): the main window shows the layout from the page's scroll
    // and never scrolls by itself with the wheel; the browser draws the scrollbar.
    // Unless ImGui itself asked to scroll it (keyboard focus below the fold, "jump to the results"):
    // then its target is kept, and the page follows after the frame (src/platform/page_view.cpp).
    ImGuiWindow* main = ImGui::FindWindowByName("gpusizer");
    app.imgui_scrolled = main && main->ScrollTarget.y < FLT_MAX;
    if (!app.imgui_scrolled) ImGui::SetNextWindowScroll(ImVec2(0, view_top_px));
    // No background: the frame starts by clearing the canvas to the same colour, and a window-sized
    // rectangle on top of it would double what the GPU fills for every frame.
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                                   ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoScrollWithMouse |
                                   ImGuiWindowFlags_NoBackground;
    ImGui::Begin("gpusizer", nullptr, flags);
    // ImGui's log: texts of every item, clipped ones too; closes with the window (End), so read before.
    const bool capture = app.capture_text;
    if (capture) ImGui::LogToBuffer(3);
    draw_header(app, narrow);
    if (narrow) {
        // On a phone the results come after the inputs: a one-line summary up top jumps there.
        if (app.result.recommended >= 0) {
            const Option& o = app.result.options[size_t(app.result.recommended)];
            std::string name = o.gpu_name;
            for (const char* prefix : {"NVIDIA ", "GeForce ", "AMD Instinct "})
                if (name.rfind(prefix, 0) == 0) name = name.substr(std::strlen(prefix));
            if (name.size() > 22) name = name.substr(0, 21) + "…";
            std::string line = std::to_string(o.count) + " × " + name;
            const text::Lang l = lang();
            if (o.offload && o.offload->moves_weights())  // partial offload: the RAM is part of the answer
                line += " + " + text::with_unit(o.offload->host_weights_gb, 1, "GB", l) + " " + tr("RAM");
            if (o.cost_per_hour) line += "  ·  " + text::money_per_hour(*o.cost_per_hour, app.result.currency, l);
            if (o.decode_tps_per_user.mid > 0) line += "  ·  " + text::with_unit(o.decode_tps_per_user.mid, 0, "tok/s", l);
            if (o.days.mid > 0) line += "  ·  " + text::duration_hours(o.days.mid * 24, l);
            line += "  ↓";
            if (ImGui::Button(line.c_str(), ImVec2(-1, em() * 2.0f))) app.scroll_to_results = true;
        } else if (!app.result.options.empty()) {
            // Nothing fits: the results say why (and offload's switch); the line leads there too.
            const std::string line = std::string(tr("No configuration fits")) + "  ↓";
            if (ImGui::Button(line.c_str(), ImVec2(-1, em() * 2.0f))) app.scroll_to_results = true;
        }
        card("task", draw_task, app);
        if (app.state.task != Task::other) card("model", draw_model, app);  // other work runs no model
        card("load", draw_load, app);
        ImGui::Separator();
        if (app.scroll_to_results) {
            ImGui::SetScrollHereY(0.0f);
            app.scroll_to_results = false;
        }
        draw_results(app);
    } else if (ImGui::BeginTable("layout", 2, ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_PadOuterX)) {
        ImGui::TableSetupColumn("inputs", ImGuiTableColumnFlags_WidthStretch, 0.40f);
        ImGui::TableSetupColumn("results", ImGuiTableColumnFlags_WidthStretch, 0.60f);
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        card("task", draw_task, app);
        if (app.state.task != Task::other) card("model", draw_model, app);  // other work runs no model
        card("load", draw_load, app);
        ImGui::TableNextColumn();
        draw_results(app);
        ImGui::EndTable();
    }
    app.content_height = (ImGui::GetCursorPosY() + ImGui::GetStyle().WindowPadding.y) / dpr;
    app.main_scroll_px = ImGui::GetScrollY();
    if (capture) {
        app.captured_text = GImGui->LogBuffer.c_str();
        app.capture_text = false;
    }
    ImGui::End();
}

}  // namespace gpusizer::ui
