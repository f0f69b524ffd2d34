// Small reusable widgets (in the spirit of imgui_demo's HelpMarker): all sized in em units.
#pragma once

#include <imgui.h>

#include <string>

#include "engine/units.hpp"

namespace gpusizer::ui {

void step_header(int step, const char* title);
// Explains the last item. A figure or label (no ID) gets a drawn ⓘ after it: click, tap, Enter or
// Space opens the text in a popup beside the item; hovering shows it too. A control keeps a hover
// tooltip. Either way the window sits beside the item (right, or below when there is no room).
void tooltip_on_hover(const std::string& text);
// A translated sentence with {name} placeholders filled in.
std::string fill(const char* sentence, std::initializer_list<std::pair<const char*, std::string>> values);
void hover_tip(const std::string& text);       // hover tooltip beside the last item only
// The same beside a given rectangle (a row of several items), shown by the caller when it is hovered.
void hover_tip_beside(ImVec2 min, ImVec2 max, const std::string& text);
void label_with_info(const char* label, const char* help);
// Keyboard: call before a frame's first control (chip/number_row/step_header do): the focus ring
// shows after arrow-key navigation too (Tab is src/platform/focus_order.hpp's).
void focus_ring_after_nav();
void focus_ring();  // after a control: a ring when it has keyboard focus
bool chip(const char* label, bool selected, float width = 0);  // a Tab stop; Enter or Space press it
// Chips that wrap onto the next line when the row is full (x_end: the row's right edge).
struct ChipRow {
    float x_end = 0;
    bool first = true;
    bool chip_at(const char* label, bool selected);
};
// Before a button in a row of buttons: on the same line when `next_label`'s button still fits in the
// window, else on the next (a phone's narrow column wraps the row instead of cutting a button off).
void same_line_if_fits(const char* next_label);
// A labelled number: slider (log scale when `log`) plus a typed field that accepts "100T", "1.5M",
// "32k", "1,5M". Both show format_human_number at the precision of `fmt` ("%.1f" -> 1 decimal)
// unless slider_text is given. A typed value out of [min, max] is clamped with a note under the
// field; text that is not a number keeps the value, with a note.
bool number_row(const char* label, const char* id, double* v, double min, double max, bool log, const char* fmt,
                const char* help, const char* slider_text = nullptr);
bool int_combo(const char* label, const char* id, int* v, const char* const* items, int count, const char* help);
// A label over its value. label_height > 0: the value starts that far below the label's top (the
// row's tallest wrapped label, FigureGrid), so that values of one row share a baseline. Returns the
// value's top (screen px).
float figure(const char* label, const std::string& value, const std::string& tip, ImU32 color = 0, float label_height = 0);
void dim_text(const std::string& text);
void warning_line(const std::string& text);
std::string range_text(const Range& r, int decimals, const char* unit);
std::string si(double v, int decimals = 1);  // 1.5k, 2.3M, 14.8T
std::string fixed(double v, int decimals);
std::string money(double v, const std::string& currency);

}  // namespace gpusizer::ui
