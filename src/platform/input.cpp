// Input (platform.hpp): Emscripten html5.h callbacks (mouse, wheel, keys, focus) and web/touch.js
// (touch) → a small event queue → ImGui 1.86 IO, one button or key transition per frame.
#include "platform/platform.hpp"
#include "platform/platform_internal.hpp"

#include "platform/focus_order.hpp"
#include "platform/fonts.hpp"
#include "platform/frames.hpp"

#include <emscripten.h>
#include <emscripten/eventloop.h>
#include <emscripten/html5.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cfloat>
#include <cstring>
#include <deque>
#include <string>

namespace gpusizer::platform {
namespace {

// Pointer, key and text events in arrival order: a click must reach ImGui before the keys typed
// into the field it activates, and each press / release must land in its own frame.
struct PointerEvent {
    float x, y;       // CSS pixels relative to the canvas
    int button;       // -1: move only; -2: key (keycode in `key`); -3: text (in `text`)
    bool down;
    int key = 0;
    std::string text;
    int mods = -1;    // keys: Ctrl 1, Shift 2, Alt 4, Meta 8 when the key was pressed (-1: keep)
};

std::deque<PointerEvent> g_events;
float g_mouse_x = -1e30f, g_mouse_y = -1e30f;
bool g_buttons[3] = {false, false, false};
float g_wheel = 0, g_wheel_h = 0;
std::string g_clipboard;

EM_JS(void, js_canvas_rect, (float* out), {
    const c = document.getElementById('canvas');
    const r = c.getBoundingClientRect();
    HEAPF32[out >> 2] = r.left;
    HEAPF32[(out >> 2) + 1] = r.top;
});

float g_rect[2] = {0, 0};

void canvas_local(double client_x, double client_y, float* x, float* y) {
    *x = float(client_x - g_rect[0]);
    *y = float(client_y - g_rect[1]);
}

EM_BOOL on_mouse(int type, const EmscriptenMouseEvent* e, void*) {
    js_canvas_rect(g_rect);
    float x, y;
    canvas_local(e->clientX, e->clientY, &x, &y);
    const int button = e->button == 0 ? 0 : e->button == 2 ? 1 : 2;
    if (type == EMSCRIPTEN_EVENT_MOUSEDOWN) {
        g_events.push_back({x, y, button, true});
        EM_ASM({ document.getElementById('canvas').focus({preventScroll: true}); });
    } else if (type == EMSCRIPTEN_EVENT_MOUSEUP) {
        g_events.push_back({x, y, button, false});
    } else {
        // Moves only matter over the canvas or while a button is held (drags leave the canvas).
        const bool held = g_buttons[0] || g_buttons[1] || g_buttons[2];
        if (!held && (x < 0 || y < 0)) return EM_FALSE;
        if (!g_events.empty() && g_events.back().button == -1) g_events.back() = {x, y, -1, false};
        else g_events.push_back({x, y, -1, false});
    }
    // A press shows at the next animation frame: a click's release usually comes first, and then the
    // press and the release are one drawn frame with the click's result (the release draws at once).
    if (type == EMSCRIPTEN_EVENT_MOUSEUP) input_transition();
    else request_frame();
    return type == EMSCRIPTEN_EVENT_MOUSEDOWN ? EM_TRUE : EM_FALSE;
}

EM_BOOL on_canvas_leave(int, const EmscriptenMouseEvent*, void*) {
    if (!(g_buttons[0] || g_buttons[1] || g_buttons[2])) g_events.push_back({-1e30f, -1e30f, -1, false});
    request_frame();
    return EM_FALSE;
}

// The wheel reaches us only over an inner region that can still scroll that way (app.js decides and
// lets the browser scroll the page otherwise); ImGui scrolls the hovered region.
EM_BOOL on_wheel(int, const EmscriptenWheelEvent* e, void*) {
    const double unit = e->deltaMode == DOM_DELTA_PIXEL ? 1.0 / 100.0 : e->deltaMode == DOM_DELTA_LINE ? 1.0 / 3.0 : 1.0;
    g_wheel -= float(e->deltaY * unit);
    g_wheel_h -= float(e->deltaX * unit);
    request_frame();
    return EM_TRUE;
}

// What a key means to ImGui (-1: nothing), for the keyboard and the phone's text field alike.
// Enter presses a focused button or chip and opens a focused combo, as Space does (ImGui 1.86 reads
// Enter as "edit text"); its release is a Space release too, wherever the focus went meanwhile.
// Backspace edits text and does nothing else: outside a text field it never reaches ImGui, so it
// cannot move the focus or press anything.
int key_for_imgui(int code, bool down) {
    static bool enter_is_space = false;
    if (code == 13) {
        if (down) enter_is_space = focused_item_is_button();
        return enter_is_space ? 32 : 13;
    }
    if (code == 8 && down && !ImGui::GetIO().WantTextInput && !focused_item_takes_text()) return -1;
    return code;
}

// Escape with nothing of ImGui's to close or leave (no popup, no field being edited, nothing held):
// the keyboard's way out of the canvas to the page's own controls, without Tabbing through them all.
bool escape_leaves_canvas() {
    const ImGuiContext& g = *GImGui;
    return !ImGui::GetIO().WantTextInput && g.ActiveId == 0 && g.OpenPopupStack.Size == 0;
}

EM_JS(void, js_leave_canvas, (), {
    if (Module.leaveCanvas) Module.leaveCanvas();
});

bool is_text_key(const EmscriptenKeyboardEvent* e) {
    // A printable character: one UTF-8 code point in `key` (Cyrillic layouts too), no Ctrl/Meta.
    if (e->ctrlKey || e->metaKey) return false;
    const unsigned char* k = reinterpret_cast<const unsigned char*>(e->key);
    const size_t n = std::strlen(e->key);
    if (n == 0) return false;
    const size_t cp_len = k[0] < 0x80 ? 1 : (k[0] >> 5) == 6 ? 2 : (k[0] >> 4) == 14 ? 3 : (k[0] >> 3) == 30 ? 4 : 0;
    return cp_len == n;
}

EM_BOOL on_key(int type, const EmscriptenKeyboardEvent* e, void*) {
    ImGuiIO& io = ImGui::GetIO();
    const bool down = type == EMSCRIPTEN_EVENT_KEYDOWN;
    const int code = int(e->keyCode);
    // Modifiers travel with the key: Ctrl+A pressed and released before the next frame is still Ctrl+A.
    const int mods = (e->ctrlKey ? 1 : 0) | (e->shiftKey ? 2 : 0) | (e->altKey ? 4 : 0) | (e->metaKey ? 8 : 0);
    if (code == 9 && !e->ctrlKey && !e->altKey && !e->metaKey) {
        // Tab: our focus order (focus_order.hpp); past either end the browser moves focus out.
        if (!down) return EM_FALSE;
        const bool moved = focus_move(e->shiftKey);
        input_transition();
        return moved ? EM_TRUE : EM_FALSE;
    }
    if (code == 27 && down && escape_leaves_canvas()) {
        focus_clear();
        js_leave_canvas();
        return EM_TRUE;
    }
    const int key = key_for_imgui(code, down);
    if (key < 0) {  // (Backspace outside a text field: nothing, and not the browser's either)
        const ImGuiContext& g = *GImGui;
        return !g.NavDisableHighlight && g.NavId != 0 ? EM_TRUE : EM_FALSE;
    }
    if (key > 0 && key < 512) g_events.push_back({0, 0, -2, down, key, {}, mods});
    if (down && is_text_key(e)) g_events.push_back({0, 0, -3, true, 0, e->key});
    input_transition();
    // Keys stay inside ImGui while a text field is edited, a control is held or the focus ring is on a
    // control; otherwise Space, arrows and Page Up/Down scroll the page as on any web page. Never
    // block Ctrl/Cmd shortcuts (a prevented Ctrl+V would kill the paste event).
    if (e->ctrlKey || e->metaKey) return EM_FALSE;
    const ImGuiContext& g = *GImGui;
    const bool focused = !g.NavDisableHighlight && g.NavId != 0;
    return io.WantTextInput || g.ActiveId != 0 || focused ? EM_TRUE : EM_FALSE;
}

EM_BOOL on_focus(int type, const EmscriptenFocusEvent*, void*) {
    if (type == EMSCRIPTEN_EVENT_BLUR) focus_clear();
    request_frame();
    return EM_FALSE;
}

void set_clipboard(void*, const char* text) {
    g_clipboard = text ? text : "";
    js_copy_text(g_clipboard);
}
const char* get_clipboard(void*) { return g_clipboard.c_str(); }

// Text, or a key that edits text (Backspace, Delete) being pressed.
bool is_typing(const PointerEvent& ev) {
    return ev.button == -3 || (ev.button == -2 && ev.down && (ev.key == 8 || ev.key == 46));
}

}  // namespace

void apply_input_events(ImGuiIO& io, float dpr) {
    // All pending moves and text, then at most one button or key transition per frame.
    while (!g_events.empty()) {
        // Typing aimed at a text field that has the focus ring but is not being edited (reached by
        // Tab) waits one frame while the field activates: ImGui 1.86 ignores the characters of the
        // frame that activates a field, and the digits would be lost.
        if (is_typing(g_events.front()) && activate_focused_text_field()) break;
        const PointerEvent ev = g_events.front();
        g_events.pop_front();
        if (ev.button == -3) {
            fonts_note_text(ev.text);  // typed Cyrillic is baked for the next pass
            io.AddInputCharactersUTF8(ev.text.c_str());
            continue;
        }
        // A press, release or key acts in this frame; what it starts (a scroll, a popup) shows in the next.
        if (ev.button == -2) {
            if (ev.mods >= 0) {
                io.KeyCtrl = ev.mods & 1;
                io.KeyShift = ev.mods & 2;
                io.KeyAlt = ev.mods & 4;
                io.KeySuper = ev.mods & 8;
            }
            io.KeysDown[ev.key] = ev.down;
            break;
        }
        g_mouse_x = ev.x;
        g_mouse_y = ev.y;
        if (ev.button >= 0 && ev.button < 3) {
            g_buttons[ev.button] = ev.down;
            break;
        }
    }
    io.MousePos = g_mouse_x < -1e29f ? ImVec2(-FLT_MAX, -FLT_MAX) : ImVec2(g_mouse_x * dpr, g_mouse_y * dpr);
    for (int i = 0; i < 3; ++i) io.MouseDown[i] = g_buttons[i];
    io.MouseWheel += g_wheel;
    io.MouseWheelH += g_wheel_h;
    g_wheel = g_wheel_h = 0;
}

void platform_init() {
    ImGuiIO& io = ImGui::GetIO();
    io.BackendPlatformName = "gpusizer_web";
    io.SetClipboardTextFn = set_clipboard;
    io.GetClipboardTextFn = get_clipboard;
    // DOM keyCodes for ImGui 1.86's KeyMap.
    io.KeyMap[ImGuiKey_Tab] = 9; io.KeyMap[ImGuiKey_LeftArrow] = 37; io.KeyMap[ImGuiKey_RightArrow] = 39;
    io.KeyMap[ImGuiKey_UpArrow] = 38; io.KeyMap[ImGuiKey_DownArrow] = 40; io.KeyMap[ImGuiKey_PageUp] = 33;
    io.KeyMap[ImGuiKey_PageDown] = 34; io.KeyMap[ImGuiKey_Home] = 36; io.KeyMap[ImGuiKey_End] = 35;
    io.KeyMap[ImGuiKey_Insert] = 45; io.KeyMap[ImGuiKey_Delete] = 46; io.KeyMap[ImGuiKey_Backspace] = 8;
    io.KeyMap[ImGuiKey_Space] = 32; io.KeyMap[ImGuiKey_Enter] = 13; io.KeyMap[ImGuiKey_Escape] = 27;
    io.KeyMap[ImGuiKey_KeyPadEnter] = 13; io.KeyMap[ImGuiKey_A] = 65; io.KeyMap[ImGuiKey_C] = 67;
    io.KeyMap[ImGuiKey_V] = 86; io.KeyMap[ImGuiKey_X] = 88; io.KeyMap[ImGuiKey_Y] = 89; io.KeyMap[ImGuiKey_Z] = 90;

    const char* canvas = "#canvas";
    emscripten_set_mousedown_callback(canvas, nullptr, true, on_mouse);
    emscripten_set_mouseup_callback(EMSCRIPTEN_EVENT_TARGET_DOCUMENT, nullptr, true, on_mouse);
    emscripten_set_mousemove_callback(EMSCRIPTEN_EVENT_TARGET_DOCUMENT, nullptr, true, on_mouse);
    emscripten_set_mouseleave_callback(canvas, nullptr, true, on_canvas_leave);
    // Touch is handled by web/touch.js (passive listeners: the browser scrolls without waiting for us).
    // The wheel is routed by app.js: only a wheel over a scrollable inner region reaches us.
    (void)on_wheel;
    emscripten_set_keydown_callback(canvas, nullptr, true, on_key);
    emscripten_set_keyup_callback(canvas, nullptr, true, on_key);
    emscripten_set_focus_callback(canvas, nullptr, true, on_focus);
    emscripten_set_blur_callback(canvas, nullptr, true, on_focus);
}

bool platform_events_pending() { return !g_events.empty(); }

void queue_pointer(float x, float y, int button, bool down) {
    if (button == -2) {  // the pointer left (a finger lifted): nothing stays hovered
        g_events.push_back({-1e30f, -1e30f, -1, false});
    } else if (button < 0) {
        if (!g_events.empty() && g_events.back().button == -1) g_events.back() = {x, y, -1, false};
        else g_events.push_back({x, y, -1, false});
    } else {
        g_events.push_back({x, y, button, down});
        input_transition();
        return;
    }
    request_frame();
}

void queue_key(int code, bool down) {
    code = key_for_imgui(code, down);
    if (code <= 0 || code >= 512) return;
    g_events.push_back({0, 0, -2, down, code, {}});
    input_transition();
}

void queue_text(const std::string& utf8) {
    g_events.push_back({0, 0, -3, true, 0, utf8});
    input_transition();
}

}  // namespace gpusizer::platform
