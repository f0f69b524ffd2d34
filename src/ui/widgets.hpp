// Small reusable widgets (in the spirit of imgui_demo's HelpMarker): all sized in em units.
#pragma once

#include <imgui.h>

#include <string>

#include "engine/units.hpp"

namespace gpusizer::ui {

void step_header(int step, const char* title);
void tooltip_on_hover(const std::string& text);
bool chip(const char* label, bool selected, float width = 0);
// A labelled number: slider (log scale when `log`) plus a typed field for exact values. The slider
// shows `slider_text` instead of `fmt` when given (e.g. "10T" for 1e13 tokens).
bool number_row(const char* label, const char* id, double* v, double min, double max, bool log, const char* fmt,
                const char* help, const char* slider_text = nullptr);
bool int_combo(const char* label, const char* id, int* v, const char* const* items, int count, const char* help);
void figure(const char* label, const std::string& value, const std::string& tip, ImU32 color = 0);
void dim_text(const std::string& text);
void warning_line(const std::string& text);
std::string range_text(const Range& r, int decimals, const char* unit);
std::string si(double v, int decimals = 1);  // 1.5k, 2.3M, 14.8T
std::string fixed(double v, int decimals);
std::string money(double v, const std::string& currency);

}  // namespace gpusizer::ui
