// See platform.hpp. Emscripten html5.h callbacks (mouse, wheel, keys) and web/touch.js (touch)
// → a small event queue → ImGui 1.86 IO.
#include "platform/platform.hpp"

#include "platform/focus_order.hpp"
#include "platform/fonts.hpp"
#include "platform/frames.hpp"

#include <emscripten.h>
#include <emscripten/eventloop.h>
#include <emscripten/html5.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <deque>
#include <vector>
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
bool g_wants_pass = false;  // a window appeared in the last pass: it shows in the next one
float g_mouse_x = -1e30f, g_mouse_y = -1e30f;
bool g_buttons[3] = {false, false, false};
float g_wheel = 0, g_wheel_h = 0;
float g_last_dpr = 0;
float g_view_top_px = 0;  // the main window scroll this frame was asked for
double g_last_time = 0;
std::string g_clipboard;

EM_JS(void, js_canvas_rect, (float* out), {
    const c = document.getElementById('canvas');
    const r = c.getBoundingClientRect();
    HEAPF32[out >> 2] = r.left;
    HEAPF32[(out >> 2) + 1] = r.top;
});

float g_rect[2] = {0, 0};

// Where the canvas goes and how big it is (CSS px): app.js places it over the visible part of the
// page (the window, or the part of an embed's iframe the host page shows) in the same task as the
// frame, so the canvas and what it draws move together.
EM_JS(void, js_view_geometry, (double* out), {
    const v = Module.placeCanvas ? Module.placeCanvas() : [window.innerWidth, window.innerHeight, 0];
    HEAPF64[out >> 3] = v[0];
    HEAPF64[(out >> 3) + 1] = v[1];
    HEAPF64[(out >> 3) + 2] = v[2];
    HEAPF64[(out >> 3) + 3] = v.length > 3 ? v[3] : 1;
});

// Scrollable regions inside the layout (the model list, an open dropdown's list): web/touch.js
// scrolls them by touch and app.js gives them the wheel. [id, x, y, w, h, scroll, scroll_max, popup]
// per region, CSS px of the canvas, topmost first (a dropdown over the model list wins).
EM_JS(void, js_set_regions, (const float* v, int n), {
    const a = [];
    for (let i = 0; i < n; i++) {
        const o = (v >> 2) + i * 8;
        a.push({ id: HEAPF32[o], x: HEAPF32[o + 1], y: HEAPF32[o + 2], w: HEAPF32[o + 3], h: HEAPF32[o + 4],
                 scroll: HEAPF32[o + 5], max: HEAPF32[o + 6], popup: HEAPF32[o + 7] !== 0 });
    }
    Module.regions = a;
});

// ImGui moved the view (keyboard focus on an item below the fold, "jump to the results"): the page
// scrolls by that much, as if the user had scrolled.
EM_JS(void, js_content_height_impl, (int h), {
    if (Module.onContentHeight) Module.onContentHeight(h);
});

EM_JS(void, js_scroll_page_by, (double dy), {
    if (Module.scrollPageBy) Module.scrollPageBy(dy);
});


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

void apply_one_event(ImGuiIO& io) {
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
    const float dpr = g_last_dpr > 0 ? g_last_dpr : 1.0f;
    io.MousePos = g_mouse_x < -1e29f ? ImVec2(-FLT_MAX, -FLT_MAX) : ImVec2(g_mouse_x * dpr, g_mouse_y * dpr);
    for (int i = 0; i < 3; ++i) io.MouseDown[i] = g_buttons[i];
    io.MouseWheel += g_wheel;
    io.MouseWheelH += g_wheel_h;
    g_wheel = g_wheel_h = 0;
}

}  // namespace

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
bool platform_wants_pass() { return g_wants_pass; }

void platform_new_frame(FrameInfo& info) {
    double view[4] = {0, 0, 0, 1};
    js_view_geometry(view);
    const double css_w = view[0], css_h = view[1];
    // While the page scrolls and full-resolution frames come too slowly, app.js asks for fewer
    // pixels (scale < 1): the layout is the same, drawn into a smaller buffer the browser stretches;
    // the first frame after the scroll is sharp again.
    const float scale = float(std::clamp(view[3], 0.2, 1.0));
    const float dpr = float(std::clamp(emscripten_get_device_pixel_ratio(), 0.5, 4.0));
    info.dpr = dpr;
    info.dpr_changed = dpr != g_last_dpr;
    g_last_dpr = dpr;
    info.display_w = float(std::max(1L, std::lround(css_w * dpr)));
    info.display_h = float(std::max(1L, std::lround(css_h * dpr)));
    info.width = std::max(1, int(std::lround(info.display_w * scale)));
    info.height = std::max(1, int(std::lround(info.display_h * scale)));
    // Whole physical pixels: ImGui floors line positions on screen, so a fractional offset would
    // shift the layout's height by a pixel here and there as the page scrolls.
    info.view_top = std::round(float(view[2] * dpr));
    g_view_top_px = info.view_top;
    int cur_w = 0, cur_h = 0;
    emscripten_get_canvas_element_size("#canvas", &cur_w, &cur_h);
    if (cur_w != info.width || cur_h != info.height) emscripten_set_canvas_element_size("#canvas", info.width, info.height);

    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(info.display_w, info.display_h);
    io.DisplayFramebufferScale = ImVec2(float(info.width) / info.display_w, float(info.height) / info.display_h);
    const double t = now_seconds();
    // 1.86 asserts DeltaTime > 0; frames on demand can be far apart, so cap it too.
    io.DeltaTime = float(std::clamp(g_last_time > 0 ? t - g_last_time : 1.0 / 60, 1e-4, 0.1));
    g_last_time = t;
    apply_one_event(io);  // events carry canvas-local positions, taken when they arrived
    focus_order_begin_frame();
}

void platform_end_frame(float main_scroll_y_px, float content_height_css) {
    ImGuiContext& g = *GImGui;
    const float dpr = g_last_dpr > 0 ? g_last_dpr : 1.0f;
    // A window that appeared this frame (popup, combo, tooltip) is measured first and shown on the
    // next one: that pass is needed even if this one drew nothing new (platform/frames.cpp).
    g_wants_pass = false;
    for (ImGuiWindow* w : g.Windows)
        if (w->Active && (w->Appearing || w->HiddenFramesCanSkipItems > 0 || w->HiddenFramesCannotSkipItems > 0)) {
            g_wants_pass = true;
            break;
        }
    std::vector<float> regions;
    for (int i = g.Windows.Size - 1; i >= 0; --i) {  // front to back
        ImGuiWindow* w = g.Windows[i];
        // Child windows (the model list) and popups (a combo's open list) that can scroll.
        const bool popup = (w->Flags & ImGuiWindowFlags_Popup) != 0;
        if (!w->Active || w->Hidden || !(popup || (w->Flags & ImGuiWindowFlags_ChildWindow)) || w->ScrollMax.y < 1.0f) continue;
        ImRect r = w->InnerRect;
        if (w->ParentWindow && !popup) r.ClipWithFull(w->ParentWindow->ClipRect);  // a popup may overhang
        if (r.GetWidth() <= 0 || r.GetHeight() <= 0) continue;
        const float v[8] = {float(w->ID & 0xffffff), r.Min.x / dpr, r.Min.y / dpr, r.GetWidth() / dpr, r.GetHeight() / dpr,
                            w->Scroll.y / dpr, w->ScrollMax.y / dpr, popup ? 1.0f : 0.0f};
        regions.insert(regions.end(), v, v + 8);
    }
    js_set_regions(regions.data(), int(regions.size() / 8));
    static int last_height = -1;
    const int h = int(std::ceil(content_height_css));
    if (h != last_height) {
        last_height = h;
        js_content_height_impl(h);
    }
    // The main window's scroll is set from the page every frame; a different value now means ImGui
    // scrolled it (focus moved below the fold): the page follows.
    const float asked = g_view_top_px;
    if (std::fabs(main_scroll_y_px - asked) >= 1.0f) js_scroll_page_by((main_scroll_y_px - asked) / dpr);
}

// A touch drag over an inner region (web/touch.js): scroll it by dy CSS px (region ids are the
// low 24 bits of the ImGui window id, exact in a float).
void scroll_region(unsigned id24, float dy_css) {
    ImGuiContext& g = *GImGui;
    const float dpr = g_last_dpr > 0 ? g_last_dpr : 1.0f;
    for (ImGuiWindow* w : g.Windows)
        if ((w->ID & 0xffffff) == id24) ImGui::SetScrollY(w, std::clamp(w->Scroll.y + dy_css * dpr, 0.0f, w->ScrollMax.y));
    request_frame();
}

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

EM_JS(void, js_text_input_impl, (int on), {
    if (Module.onTextInput) Module.onTextInput(!!on);
});

void sync_text_input(bool wanted) {
    static bool last = false;
    if (wanted != last) {
        last = wanted;
        js_text_input_impl(wanted ? 1 : 0);
    }
}

namespace {
std::function<std::pair<std::string, std::string>()> g_notify;
bool g_notify_pending = false;

void send_state_notification() {
    g_notify_pending = false;
    if (!g_notify) return;
    const auto [link, json] = g_notify();
    js_state_changed(link, json);
}
}  // namespace

void notify_state_changed(std::function<std::pair<std::string, std::string>()> make) {
    g_notify = std::move(make);
    if (g_notify_pending) return;
    g_notify_pending = true;
    emscripten_set_timeout([](void*) { if (g_notify_pending) send_state_notification(); }, 120, nullptr);
}

void flush_state_notification() {
    if (g_notify_pending) send_state_notification();
}

EM_JS(void, js_state_changed_impl, (const char* link, const char* summary), {
    if (Module.onStateChanged) Module.onStateChanged(UTF8ToString(link), UTF8ToString(summary));
});
EM_JS(void, js_copy_text_impl, (const char* text), {
    if (Module.copyText) Module.copyText(UTF8ToString(text));
});
EM_JS(void, js_download_impl, (const char* name, const char* mime, const char* text), {
    if (Module.download) Module.download(UTF8ToString(name), UTF8ToString(mime), UTF8ToString(text));
});
EM_JS(void, js_open_url_impl, (const char* url, int order_link), {
    if (Module.openUrl) Module.openUrl(UTF8ToString(url), order_link !== 0);
});
EM_JS(void, js_open_import_impl, (), {
    if (Module.openImport) Module.openImport();
});
EM_JS(void, js_switch_language_impl, (const char* lang), {
    if (Module.switchLanguage) Module.switchLanguage(UTF8ToString(lang));
});
EM_JS(void, js_provider_notice_impl, (const char* text), {
    if (Module.onProviderNotice) Module.onProviderNotice(UTF8ToString(text));
});
EM_JS(void, js_first_frame_impl, (), {
    if (Module.onFirstFrame) Module.onFirstFrame();
});
EM_JS(void, js_set_cursor_impl, (int c), {
    const names = ['default', 'text', 'move', 'ns-resize', 'ew-resize', 'nesw-resize', 'nwse-resize', 'pointer', 'not-allowed'];
    document.getElementById('canvas').style.cursor = c < 0 ? 'none' : (names[c] || 'default');
});

void js_state_changed(const std::string& link, const std::string& summary) { js_state_changed_impl(link.c_str(), summary.c_str()); }
void js_copy_text(const std::string& text) { js_copy_text_impl(text.c_str()); }
void js_download(const std::string& f, const std::string& m, const std::string& t) { js_download_impl(f.c_str(), m.c_str(), t.c_str()); }
void js_open_url(const std::string& url, bool order_link) { js_open_url_impl(url.c_str(), order_link ? 1 : 0); }
void js_open_import() { js_open_import_impl(); }
void js_switch_language(const char* lang) { js_switch_language_impl(lang); }
void js_first_frame() { js_first_frame_impl(); }
void js_provider_notice(const std::string& text) { js_provider_notice_impl(text.c_str()); }
void js_set_cursor(int c) { js_set_cursor_impl(c); }

double now_seconds() { return emscripten_get_now() / 1000.0; }

}  // namespace gpusizer::platform
