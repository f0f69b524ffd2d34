// See platform.hpp. Emscripten html5.h callbacks → a small event queue → ImGui 1.86 IO.
#include "web/platform.hpp"

#include <emscripten.h>
#include <emscripten/eventloop.h>
#include <emscripten/html5.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <deque>
#include <string>

namespace gpusizer::web {
namespace {

// Pointer, key and text events in arrival order: a click must reach ImGui before the keys typed
// into the field it activates, and each press / release must land in its own frame.
struct PointerEvent {
    float x, y;       // CSS pixels relative to the canvas
    int button;       // -1: move only; -2: key (keycode in `key`); -3: text (in `text`)
    bool down;
    int key = 0;
    std::string text;
};

std::function<void(const FrameInfo&)> g_frame;
std::deque<PointerEvent> g_events;
int g_frames_wanted = 0;
bool g_raf_pending = false;
float g_mouse_x = -1e30f, g_mouse_y = -1e30f;
bool g_buttons[3] = {false, false, false};
float g_wheel = 0, g_wheel_h = 0;
bool g_wheel_captured = true;
bool g_touch_active = false;
bool g_release_pointer_after = false;
float g_last_dpr = 0;
double g_last_time = 0;
std::string g_clipboard;

EM_JS(void, js_canvas_rect, (float* out), {
    const c = document.getElementById('canvas');
    const r = c.getBoundingClientRect();
    HEAPF32[out >> 2] = r.left;
    HEAPF32[(out >> 2) + 1] = r.top;
});

float g_rect[2] = {0, 0};

// The canvas fills the viewport (app.css: #app is fixed at inset 0, the canvas 100% of it), so its
// CSS size is the window's inner size: read without forcing a layout of the page in the frame.
EM_JS(void, js_viewport_size, (double* w, double* h), {
    HEAPF64[w >> 3] = window.innerWidth;
    HEAPF64[h >> 3] = window.innerHeight;
});

void canvas_local(double client_x, double client_y, float* x, float* y) {
    *x = float(client_x - g_rect[0]);
    *y = float(client_y - g_rect[1]);
}

void run_frame() {
    FrameInfo info;
    platform_new_frame(info);
    g_frame(info);
    if (g_frames_wanted > 0) --g_frames_wanted;
}

void kick() {
    if (g_raf_pending) return;
    g_raf_pending = true;
    emscripten_request_animation_frame(
        [](double, void*) -> EM_BOOL {
            g_raf_pending = false;
            run_frame();
            if (g_frames_wanted > 0 || !g_events.empty()) kick();
            return EM_FALSE;
        },
        nullptr);
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
    request_frames();
    return type == EMSCRIPTEN_EVENT_MOUSEDOWN ? EM_TRUE : EM_FALSE;
}

EM_BOOL on_canvas_leave(int, const EmscriptenMouseEvent*, void*) {
    if (!(g_buttons[0] || g_buttons[1] || g_buttons[2])) g_events.push_back({-1e30f, -1e30f, -1, false});
    request_frames();
    return EM_FALSE;
}

EM_BOOL on_touch(int type, const EmscriptenTouchEvent* e, void*) {
    js_canvas_rect(g_rect);
    if (e->numTouches <= 0) return EM_FALSE;
    const EmscriptenTouchPoint& t = e->touches[0];
    float x, y;
    canvas_local(t.clientX, t.clientY, &x, &y);
    switch (type) {
        case EMSCRIPTEN_EVENT_TOUCHSTART:
            // Move first, press on the next frame: ImGui must see the pointer before the press.
            g_events.push_back({x, y, -1, false});
            g_events.push_back({x, y, 0, true});
            g_touch_active = true;
            break;
        case EMSCRIPTEN_EVENT_TOUCHMOVE:
            g_events.push_back({x, y, -1, false});
            break;
        default:  // end / cancel: release, then move the pointer away so hover does not stick
            g_events.push_back({x, y, 0, false});
            g_touch_active = false;
            g_release_pointer_after = true;
            break;
    }
    request_frames();
    // Let the page scroll with a finger when the calculator has nothing to scroll.
    return g_wheel_captured || type != EMSCRIPTEN_EVENT_TOUCHMOVE ? EM_TRUE : EM_FALSE;
}

EM_BOOL on_wheel(int, const EmscriptenWheelEvent* e, void*) {
    if (!g_wheel_captured) return EM_FALSE;  // the page scrolls instead
    const double unit = e->deltaMode == DOM_DELTA_PIXEL ? 1.0 / 100.0 : e->deltaMode == DOM_DELTA_LINE ? 1.0 / 3.0 : 1.0;
    g_wheel -= float(e->deltaY * unit);
    g_wheel_h -= float(e->deltaX * unit);
    request_frames();
    return EM_TRUE;
}

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
    io.KeyCtrl = e->ctrlKey;
    io.KeyShift = e->shiftKey;
    io.KeyAlt = e->altKey;
    io.KeySuper = e->metaKey;
    if (code > 0 && code < 512) g_events.push_back({0, 0, -2, down, code, {}});
    if (down && is_text_key(e)) g_events.push_back({0, 0, -3, true, 0, e->key});
    request_frames();
    // Keep Tab / arrows / Backspace inside ImGui when it has focus; never block Ctrl/Cmd shortcuts
    // (a prevented Ctrl+V would kill the paste event).
    if (e->ctrlKey || e->metaKey) return EM_FALSE;
    return io.WantCaptureKeyboard || io.WantTextInput ? EM_TRUE : EM_FALSE;
}

EM_BOOL on_focus(int, const EmscriptenFocusEvent*, void*) {
    request_frames();
    return EM_FALSE;
}

void set_clipboard(void*, const char* text) {
    g_clipboard = text ? text : "";
    js_copy_text(g_clipboard);
}
const char* get_clipboard(void*) { return g_clipboard.c_str(); }

void apply_one_event(ImGuiIO& io) {
    // All pending moves and text, then at most one button or key transition per frame.
    while (!g_events.empty()) {
        const PointerEvent ev = g_events.front();
        g_events.pop_front();
        if (ev.button == -3) { io.AddInputCharactersUTF8(ev.text.c_str()); continue; }
        if (ev.button == -2) { io.KeysDown[ev.key] = ev.down; break; }
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
    if (g_release_pointer_after && g_events.empty() && !g_buttons[0]) {
        // The frame after a tap ends: forget the pointer so nothing stays hovered.
        g_release_pointer_after = false;
        g_events.push_back({-1e30f, -1e30f, -1, false});
    }
    io.MouseWheel += g_wheel;
    io.MouseWheelH += g_wheel_h;
    g_wheel = g_wheel_h = 0;
}

}  // namespace

void platform_init(std::function<void(const FrameInfo&)> frame) {
    g_frame = std::move(frame);
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
    emscripten_set_wheel_callback(canvas, nullptr, false, on_wheel);
    emscripten_set_touchstart_callback(canvas, nullptr, false, on_touch);
    emscripten_set_touchmove_callback(canvas, nullptr, false, on_touch);
    emscripten_set_touchend_callback(canvas, nullptr, false, on_touch);
    emscripten_set_touchcancel_callback(canvas, nullptr, false, on_touch);
    emscripten_set_keydown_callback(canvas, nullptr, true, on_key);
    emscripten_set_keyup_callback(canvas, nullptr, true, on_key);
    emscripten_set_focus_callback(canvas, nullptr, true, on_focus);
    emscripten_set_blur_callback(canvas, nullptr, true, on_focus);
    request_frames(2);
}

void draw_frame_now() {
    if (g_frame) run_frame();
}

void request_frames(int count) {
    g_frames_wanted = std::max(g_frames_wanted, count);
    kick();
}

void platform_new_frame(FrameInfo& info) {
    double css_w = 0, css_h = 0;
    js_viewport_size(&css_w, &css_h);
    const float dpr = float(std::clamp(emscripten_get_device_pixel_ratio(), 0.5, 4.0));
    info.dpr = dpr;
    info.dpr_changed = dpr != g_last_dpr;
    g_last_dpr = dpr;
    info.width = std::max(1, int(std::lround(css_w * dpr)));
    info.height = std::max(1, int(std::lround(css_h * dpr)));
    int cur_w = 0, cur_h = 0;
    emscripten_get_canvas_element_size("#canvas", &cur_w, &cur_h);
    if (cur_w != info.width || cur_h != info.height) emscripten_set_canvas_element_size("#canvas", info.width, info.height);

    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(float(info.width), float(info.height));
    io.DisplayFramebufferScale = ImVec2(1, 1);
    const double t = now_seconds();
    // 1.86 asserts DeltaTime > 0; frames on demand can be far apart, so cap it too.
    io.DeltaTime = float(std::clamp(g_last_time > 0 ? t - g_last_time : 1.0 / 60, 1e-4, 0.1));
    g_last_time = t;
    apply_one_event(io);  // events carry canvas-local positions, taken when they arrived
}

void set_wheel_captured(bool captured) { g_wheel_captured = captured; }

void queue_key(int code, bool down) {
    if (code <= 0 || code >= 512) return;
    g_events.push_back({0, 0, -2, down, code, {}});
    request_frames();
}

void queue_text(const std::string& utf8) {
    g_events.push_back({0, 0, -3, true, 0, utf8});
    request_frames();
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
}  // namespace

void notify_state_changed(std::function<std::pair<std::string, std::string>()> make) {
    g_notify = std::move(make);
    if (g_notify_pending) return;
    g_notify_pending = true;
    emscripten_set_timeout(
        [](void*) {
            g_notify_pending = false;
            if (!g_notify) return;
            const auto [link, json] = g_notify();
            js_state_changed(link, json);
        },
        120, nullptr);
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
EM_JS(void, js_open_url_impl, (const char* url), {
    if (Module.openUrl) Module.openUrl(UTF8ToString(url));
});
EM_JS(void, js_first_frame_impl, (), {
    if (Module.onFirstFrame) Module.onFirstFrame();
});
EM_JS(void, js_content_height_impl, (int h), {
    if (Module.onContentHeight) Module.onContentHeight(h);
});
EM_JS(void, js_set_cursor_impl, (int c), {
    const names = ['default', 'text', 'move', 'ns-resize', 'ew-resize', 'nesw-resize', 'nwse-resize', 'pointer', 'not-allowed'];
    document.getElementById('canvas').style.cursor = c < 0 ? 'none' : (names[c] || 'default');
});

void js_state_changed(const std::string& link, const std::string& summary) { js_state_changed_impl(link.c_str(), summary.c_str()); }
void js_copy_text(const std::string& text) { js_copy_text_impl(text.c_str()); }
void js_download(const std::string& f, const std::string& m, const std::string& t) { js_download_impl(f.c_str(), m.c_str(), t.c_str()); }
void js_open_url(const std::string& url) { js_open_url_impl(url.c_str()); }
void js_first_frame() { js_first_frame_impl(); }
void js_content_height(int h) { js_content_height_impl(h); }
void js_set_cursor(int c) { js_set_cursor_impl(c); }

double now_seconds() { return emscripten_get_now() / 1000.0; }

}  // namespace gpusizer::web
