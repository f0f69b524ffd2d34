// The calculator's panels, one function per section (imgui_demo style).
#pragma once

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
const char* load_step_title(Task t);
// Where an option's cost comes from: the price per GPU-hour, its source and date, a conversion;
// or why there is no price in the page's currency. Every cost figure's tooltip (results_table.cpp).
std::string price_tooltip(const App& app, const Option& o);

}  // namespace gpusizer::ui
