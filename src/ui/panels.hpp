// The calculator's panels, one function per section (imgui_demo style).
#pragma once

#include <string>

#include "ui/app.hpp"

namespace gpusizer::ui {

void draw_task(App& app);
void draw_model(App& app);
void draw_load(App& app);
void draw_results(App& app);
void draw_models(App& app);  // view=models: what runs on the pinned GPU (panel_models.cpp)
void draw_table(App& app);  // results_table.cpp
void draw_memory_bar(const App& app, const Option& o);
void draw_chart(App& app);
// The engine's advice of one topic (engine/advice.cpp): its sentence and a button for its switch.
// Returns the state the pressed switch sets; the caller applies it (App::set_state) once it no
// longer holds references into app.result.
std::optional<State> draw_advice(const App& app, AdviceTopic topic);
const char* load_step_title(Task t);
// Service presets (panel_services.cpp): the load inputs of use=asr / use=embed (true: drawn in
// place of the LLM load), copilot's preset note (its prefix cache is a row of the workload section),
// and the headline figures.
bool draw_service_load(App& app, State& s, bool& changed);
void draw_copilot_note(const State& s);
// Serving at a request rate (panel_rate.cpp): the rows that switch it on and set it, the headline
// figures at the percentile (false: the option has none), and the latency-versus-rate series.
bool draw_rate_load(State& s);
class FigureGrid;
bool draw_rate_figures(const State& s, const Option& o, FigureGrid& cell);
// The engine's latency-rate curves of an option: time to first token and time per output token at the
// percentile, over the rate the fleet's active replicas are offered.
void fill_rate_charts(const State& s, const Option& o, App::Series& ttft, App::Series& tpot);
// The recommendation's headline figures, in rows of equal columns (panel_results.cpp).
// A row is drawn once it is complete (or at finish()): its values start under the row's tallest label,
// so they share one baseline however the labels wrap.
class FigureGrid {
public:
    FigureGrid(App& app, const Option& o);
    ~FigureGrid() { finish(); }
    FigureGrid(const FigureGrid&) = delete;
    FigureGrid& operator=(const FigureGrid&) = delete;
    // A figure: its label, value and explanation, and its name in the JSON ("decode_tps_per_user"), whose
    // error band is added to the explanation; nullptr when the figure is not an estimate.
    void operator()(const char* label, const std::string& value, const std::string& tip, const char* figure);
    void finish();  // draws the row held back

private:
    struct Cell { std::string label, value, tip; };
    App& app_;
    const Option& o_;
    float col_;
    int per_row_;
    std::vector<Cell> row_;
};
bool draw_service_figures(const App& app, const Option& o, FigureGrid& cell);
// The formula of the explanation `key` in `list` (a result's or an option's), in the UI's language; "" if none.
std::string formula_of(const std::vector<Explanation>& list, const char* key);
// The request's shape (panel_workload.cpp): its inputs in the load step, its figures in the headline.
bool draw_workload_load(State& s);
void draw_workload_figures(const Option& o, const std::string& currency, FigureGrid& cell);
// The explanation of a figure with its error band after it (report/accuracy_text.hpp), in the UI's
// language; the explanation alone when the figure is not an estimate (panel_accuracy.cpp).
std::string with_band(const Result& r, const Option& o, const char* figure, const std::string& tip);
// "How right are these figures": each family of the recommendation's figures, its band and a button
// that opens the nearest published run (panel_accuracy.cpp).
void draw_accuracy(App& app);
// Where an option's cost comes from: the price per GPU-hour, its source and date, a conversion;
// or why there is no price in the page's currency. Every cost figure's tooltip (results_table.cpp).
std::string price_tooltip(const App& app, const Option& o);

}  // namespace gpusizer::ui
