// The page view (platform.hpp): where the canvas sits over the page, its size in device pixels,
// the scroll offset the layout is drawn from, and what the page needs back after each pass (inner
// scroll regions, the content height, a scroll ImGui asked for).
#include "platform/platform.hpp"
#include "platform/platform_internal.hpp"

#include "platform/focus_order.hpp"
#include "platform/frames.hpp"

#include <emscripten.h>
#include <emscripten/eventloop.h>
#include <emscripten/html5.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace gpusizer::platform {
namespace {

bool g_wants_pass = false;  // a window appeared in the last pass: it shows in the next one
float g_last_dpr = 0;
float g_view_top_px = 0;  // the main window scroll this frame was asked for
double g_last_time = 0;

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


}  // namespace

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
    apply_input_events(io, dpr);  // events carry canvas-local positions, taken when they arrived
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

}  // namespace gpusizer::platform
