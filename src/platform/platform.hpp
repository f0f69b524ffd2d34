// The platform layer (src/platform): a thin shell between the browser and ImGui 1.86.
// Canvas size and devicePixelRatio, mouse / wheel / keyboard input, on-demand frames, clipboard
// and calls out to the page's JavaScript (web/app/, web/touch.js). No sizing logic here.
//
// Scrolling: the BROWSER scrolls the page, not ImGui. The page is as tall as the layout (a spacer,
// app.js); the canvas covers only the visible part of it and ImGui draws the layout from that
// offset (the main window's scroll is set from it every frame). So inertia, the scrollbar, the
// address bar hiding on phones, keyboard page scrolling and — inside a provider's iframe — the
// host page's own scrolling all come from the browser and feel native. The alternative, ImGui-side
// kinetic scrolling, would have to imitate each platform's physics and could never chain a swipe
// to the host page of an embed. ImGui still scrolls inner regions (the model list); touch drags
// over those are turned into region scrolls by web/touch.js and leftover movement goes to the page.
//
// Notes (ImGui 1.86 + Emscripten 3.1.6):
//  * ImGui runs in physical pixels: DisplaySize = CSS size × DPR, FramebufferScale = 1, fonts baked at
//    px × DPR and rebuilt when DPR changes (browser zoom too), style scaled from a fresh ImGuiStyle.
//  * 1.86 has no input queue: a press and release between two frames would be lost, and a tap must move
//    the pointer before pressing. Button transitions are queued and applied one per frame.
//  * Frames are drawn only on input, resize, scroll or pending work (requestAnimationFrame on demand),
//    and only when the picture changes (platform/frames.hpp): no CPU is used while the page is idle.
#pragma once

#include <functional>
#include <string>

namespace gpusizer::platform {

struct FrameInfo {
    int width = 0, height = 0;  // backing-store pixels of the canvas (fewer while a slow scroll runs)
    float display_w = 0, display_h = 0;  // ImGui's display: CSS size × DPR
    float dpr = 1.0f;
    bool dpr_changed = false;
    float view_top = 0;         // physical px of the layout at the canvas's top edge (page scroll)
};

// Installs callbacks on the canvas ("#canvas"). Frames: platform/frames.hpp.
void platform_init();

// Applies queued input to ImGui's IO (all pointer moves and text, at most one button or key
// transition); call at the start of every layout pass.
void platform_new_frame(FrameInfo& info);
bool platform_events_pending();  // input still queued: another pass
bool platform_wants_pass();      // a window appeared in the last pass and shows in the next
// After ImGui::Render(): hands the page what it needs between frames (inner scroll regions, the
// page scroll ImGui asked for — pass the page's own offset when it asked for none — and the layout
// height) and decides whether another frame is needed.
void platform_end_frame(float main_scroll_y_px, float content_height_css);

// Keys and text from the page's hidden text field (on-screen keyboards on phones).
void queue_key(int key_code, bool down);
void queue_text(const std::string& utf8);
// Pointer events from web/touch.js (CSS px relative to the canvas; button -1 = move only).
void queue_pointer(float x, float y, int button, bool down);
// A touch drag over an inner scrollable region (id from the regions the page was given).
void scroll_region(unsigned id24, float dy_css);
// After a frame: tell the page when ImGui starts or stops wanting text (to raise the phone keyboard).
void sync_text_input(bool wanted);

// Out to the page. The state notification is debounced (~120 ms): re-rendering the DOM summary on
// every slider step would cost more than the frame itself. At start-up it is sent at once, when
// the first frame is on the screen (flush_state_notification, from web_main.cpp's gs_first_frame_shown).
void notify_state_changed(std::function<std::pair<std::string, std::string>()> make_link_and_json);
void flush_state_notification();
void js_state_changed(const std::string& link, const std::string& summary_json);
void js_copy_text(const std::string& text);
void js_download(const std::string& filename, const std::string& mime, const std::string& text);
// A new tab. An order link (the default) is reported to an embedding host page as 'cta'; a source
// to read (a published run) is not.
void js_open_url(const std::string& url, bool order_link = true);
void js_open_import();
// The page fetches that language's text (text-ru.bin), installs it and switches (gs_set_view).
void js_switch_language(const char* lang);  // the page's "size your own model" dialog (config.json: web/app/import.js)
void js_first_frame();
// A notice for the provider of an embed (web/app/hooks.js: 'notice' to the host page, and the console).
void js_provider_notice(const std::string& text);
void js_set_cursor(int imgui_cursor);

double now_seconds();

}  // namespace gpusizer::platform
