// The calculator's panels, one function per section (imgui_demo style).
#pragma once

#include <functional>
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
// place of the LLM load), copilot's preset note and prefix-cache row, and the headline figures.
bool draw_service_load(App& app, State& s, bool& changed);
bool draw_copilot_load(State& s);
using ServiceCell = std::function<void(const char* label, const std::string& value, const std::string& tip)>;
bool draw_service_figures(const App& app, const Option& o, const ServiceCell& cell);
// Where an option's cost comes from: the price per GPU-hour, its source and date, a conversion;
// or why there is no price in the page's currency. Every cost figure's tooltip (results_table.cpp).
std::string price_tooltip(const App& app, const Option& o);

}  // namespace gpusizer::ui
