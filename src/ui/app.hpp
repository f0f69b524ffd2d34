// The calculator's UI state and its one entry point, draw_app(). The UI only reads the engine's
// Result, draws, and changes the State through App::set_state (which re-evaluates).
#pragma once

#include <string>
#include <vector>

#include "engine/sizing.hpp"
#include "engine/state.hpp"

namespace gpusizer::ui {

struct EmbedOptions {
    bool embed = false;            // compact layout inside a provider's iframe
    std::string full_url;          // "open the full calculator" base URL (without fragment)
    std::string cta_template;      // "order" link with {gpu} and {count}
    bool has_accent = false;
    unsigned accent_rgb = 0x2f6fed;
};

struct App {
    Catalog catalog;
    std::vector<std::string> notices;      // catalog / link problems shown above the results
    std::vector<std::string> told_provider;  // notices sent to an embed's host page (tell_provider)
    State state;
    std::vector<Warning> link_warnings;
    std::vector<Warning> import_notes;     // how a config.json was read (until the state changes)
    Result result;
    EmbedOptions embed;
    bool dark = false;
    float dpr = 1.0f;
    bool show_all_layouts = false;
    char model_search[96] = "";
    float content_height = 0;              // CSS px the layout needs (the page's height, embed auto-height)
    float main_scroll_px = 0;              // the main window's scroll after the frame (physical px)
    bool imgui_scrolled = false;           // ImGui moved it this frame (focus below the fold, a jump)
    struct TableView { float top_css = 0, row_css = 0; int rows = 0; bool cards = false; };
    TableView table_view;
    std::vector<std::vector<float>> figure_rows;  // test hook: each headline row's value tops (CSS px)
    bool capture_text = false;             // test hook: log every text of the next frame, sections opened
    std::string captured_text;                  // where "Every GPU" was laid out (tests check its rows fit)
    long frames = 0;
    bool scroll_to_results = false;        // narrow layout: the summary line jumps to the results
    int chart_kind = 0;                    // 0: memory vs context, 1: speed vs users (at a rate: TTFT), 2: TPOT
    struct Series {
        std::vector<double> x, y;
        double limit = 0;                  // capacity line (memory) or target line (speed)
        bool log_x = true;
        bool log_y = false;                // days vs GPUs: an hours-long job and a 90-day target on one axis
        double marker_x = 0;               // the operating point (the asked request rate): a vertical line
    };
    Series chart[3];                       // filled by recompute(): cheap, only when the state changes
    int curve_option = -1;                 // at a rate: the option whose latency curves are drawn (-1: recommended)
    bool speed_chart_pending = false;      // the speed-vs-users series is built when first shown

    void set_state(const State& s);        // re-evaluates and notifies the page
    void recompute();
    // A problem only the provider of an embed can fix (its file, its embed code): told to the host
    // page in an embed, shown on the calculator otherwise.
    void add_provider_notice(const std::string& text);
    void tell_provider(const std::string& text);
    std::string link() const;
    // The "order" link of result option `i` (the provider file's URL for its GPU, else the embed's
    // ?cta= template), substituted by link/order_link; "" when there is none.
    std::string order_url(int i) const;
    std::string page_json() const;         // result JSON with link and catalog notices: DOM mirror, test hooks
    void apply_view() const;               // theme, DPI and accent colour
};

// One frame of the whole layout. `view_top_px` is the page's scroll: the layout is drawn from there.
void draw_app(App& app, float dpr, float width_px, float height_px, float view_top_px);
void fill_speed_chart(App& app);

}  // namespace gpusizer::ui
