// The calculator's panels, one function per section (imgui_demo style).
#pragma once

#include "ui/app.hpp"

namespace gpusizer::ui {

void draw_task(App& app);
void draw_model(App& app);
void draw_load(App& app);
void draw_results(App& app);
void draw_table(App& app);  // results_table.cpp
void draw_memory_bar(const App& app, const Option& o);
void draw_chart(App& app);
const char* load_step_title(Task t);

}  // namespace gpusizer::ui
