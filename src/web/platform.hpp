// The web platform layer: a thin shell between the browser and ImGui 1.86.
// Canvas size and devicePixelRatio, mouse / touch / wheel / keyboard input, on-demand frames,
// clipboard and calls out to the page's JavaScript (web/app.js). No sizing logic here.
//
// Notes (ImGui 1.86 + Emscripten 3.1.6, see shared/research/web-imgui-notes.md):
//  * ImGui runs in physical pixels: DisplaySize = CSS size × DPR, FramebufferScale = 1, fonts baked at
//    px × DPR and rebuilt when DPR changes (browser zoom too), style scaled from a fresh ImGuiStyle.
//  * 1.86 has no input queue: a press and release between two frames would be lost, and a tap must move
//    the pointer before pressing. Button transitions are queued and applied one per frame.
//  * Frames are drawn only on input, resize or pending work (requestAnimationFrame on demand):
//    no CPU is used while the page is idle.
//  * The wheel is passed to the page when nothing under the pointer can scroll (embedded pages).
#pragma once

#include <functional>
#include <string>

namespace gpusizer::web {

struct FrameInfo {
    int width = 0, height = 0;  // backing-store pixels
    float dpr = 1.0f;
    bool dpr_changed = false;
};

// Installs callbacks on the canvas ("#canvas"); `frame` draws one ImGui frame.
void platform_init(std::function<void(const FrameInfo&)> frame);

// Draws one frame at once (the first frame, in the same task as start-up).
void draw_frame_now();

// Ask for frames: `count` more frames (ImGui needs a few to settle hover and popups).
void request_frames(int count = 3);

// Applies queued input to ImGui's IO; call at the start of every frame.
void platform_new_frame(FrameInfo& info);

// Keys and text from the page's hidden text field (on-screen keyboards on phones).
void queue_key(int key_code, bool down);
void queue_text(const std::string& utf8);
// After a frame: tell the page when ImGui starts or stops wanting text (to raise the phone keyboard).
void sync_text_input(bool wanted);

// After a frame: whether the hovered window can scroll (decides who gets the wheel).
void set_wheel_captured(bool captured);

// Out to the page. The state notification is debounced (~120 ms): building the result JSON and
// re-rendering the DOM summary on every slider step would cost more than the frame itself.
void notify_state_changed(std::function<std::pair<std::string, std::string>()> make_link_and_json);
void js_state_changed(const std::string& link, const std::string& summary_json);
void js_copy_text(const std::string& text);
void js_download(const std::string& filename, const std::string& mime, const std::string& text);
void js_open_url(const std::string& url);
void js_first_frame();
void js_content_height(int css_pixels);
void js_set_cursor(int imgui_cursor);

double now_seconds();

}  // namespace gpusizer::web
