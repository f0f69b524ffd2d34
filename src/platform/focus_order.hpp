// Keyboard focus order for the canvas: Tab and Shift+Tab move through every control in reading
// order and leave the canvas at both ends (WCAG 2.1.2), so the page's own buttons stay reachable.
//
// Why not ImGui's own tabbing: in 1.86 only text fields and sliders are tab stops (buttons, chips,
// checkboxes and combos are skipped) and Tab wraps around inside the window forever. Here every
// navigable item is recorded while the frame is built (ImGui's test-engine ItemAdd hook, the one
// place that sees each item with its id, rectangle and flags), and Tab moves ImGui's nav focus along
// that list; past either end the key is left to the browser, which moves focus out of the canvas.
#pragma once

#include <string>

struct ImGuiWindow;
struct ImRect;

namespace gpusizer::platform {

// From the ItemAdd hook: one navigable item of this frame.
void focus_order_record(unsigned id, ImGuiWindow* window, const ImRect& rect, unsigned focus_scope, int flags);

// Called before ImGui::NewFrame(): starts recording this frame's items.
void focus_order_begin_frame();

// Tab (forward) or Shift+Tab (backward) pressed on the canvas. Returns true when the focus moved to
// another control inside the canvas (the key event is consumed), false when it should leave it.
bool focus_move(bool backward);

// The canvas got keyboard focus from outside: focus the first control, or the last one when
// the user came back with Shift+Tab.
void focus_enter(bool from_end);

// Enter on a focused control that takes no typing presses it (ImGui 1.86 presses buttons, opens
// combos and toggles checkboxes with Space only). Returns true when Enter should be sent to ImGui as
// Space. "Takes typing" is ImGui's own ImGuiItemFlags_Inputable (text fields), so the UI must not set
// that flag on other items.
bool focused_item_is_button();

// The focused control is a text field that is not being edited yet: keys typed now must wait until
// it is (ImGui 1.86 drops the characters of the frame that activates a field). Asks ImGui to activate
// it in the coming frame; true while the typed keys should wait.
bool activate_focused_text_field();

// A text field has the keyboard focus (the ring, or being edited).
bool focused_item_takes_text();

// "index/count" of the focused control among this frame's (index -1: none), then its rectangle
// "/x,y,w,h" and "/editing" or "/focused", for tests.
std::string focus_info();

// Drop the focus ring (the canvas lost focus, or the user clicked).
void focus_clear();

}  // namespace gpusizer::platform
