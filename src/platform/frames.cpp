// See frames.hpp.
#include "platform/frames.hpp"

#include <emscripten.h>
#include <emscripten/html5.h>
#include <imgui.h>

#include <cstdint>
#include <cstring>

namespace gpusizer::platform {
namespace {

// Enough passes for a press and a release, a popup that appears, and a table settling its columns;
// a layout that keeps changing after that is drawn as it is and left alone (no frame loop).
constexpr int kMaxPasses = 6;

std::function<void(const FrameInfo&)> g_pass, g_draw;
bool g_raf_pending = false;
bool g_dirty = false;             // something asked for a frame since the last passes ran
bool g_in_passes = false;
bool g_again = false;             // asked for another pass during this one
bool g_force = false;
std::uint64_t g_canvas_hash = 0;  // the draw lists the canvas shows (0: nothing drawn yet)
long g_gl_frames = 0;
double g_last_ms = 0;
double g_last_draw = -1e9;        // when the last WebGL frame was drawn (ms)

// A fingerprint of everything that decides the picture: display and framebuffer geometry, every
// vertex, index and command (clip rectangle, texture, range). It runs on every layout pass (three per
// click) over ~300 KB of draw data on a desktop frame, so it takes 32 bytes a step in four
// independent lanes (the multiplies overlap), one multiply per 8 bytes.
struct Hasher {
    std::uint64_t h = 0x9E3779B97F4A7C15ull;
    static std::uint64_t step(std::uint64_t h, std::uint64_t w) { return (((h << 23) | (h >> 41)) ^ w) * 0xFF51AFD7ED558CCDull; }
    void mix(std::uint64_t w) { h = step(h, w); }
    void bytes(const void* p, std::size_t n) {
        const unsigned char* b = static_cast<const unsigned char*>(p);
        std::size_t i = 0;
        if (n >= 32) {
            std::uint64_t lane[4] = {h, h ^ 1, h ^ 2, h ^ 3};
            for (; i + 32 <= n; i += 32) {
                std::uint64_t w[4];
                std::memcpy(w, b + i, 32);
                for (int k = 0; k < 4; ++k) lane[k] = step(lane[k], w[k]);
            }
            for (std::uint64_t l : lane) mix(l);
        }
        for (; i + 8 <= n; i += 8) {
            std::uint64_t w;
            std::memcpy(&w, b + i, 8);
            mix(w);
        }
        std::uint64_t tail = n - i;  // with the number of tail bytes, so that zero bytes count
        for (; i < n; ++i) tail = (tail << 8) | b[i];
        mix(tail);
    }
    template <class T> void value(const T& v) { bytes(&v, sizeof v); }
};

std::uint64_t picture_hash(const FrameInfo& info) {
    Hasher x;
    x.value(info.width);
    x.value(info.height);
    const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];  // the clear colour
    x.value(bg);
    const ImDrawData* d = ImGui::GetDrawData();
    if (!d || !d->Valid) return x.h;
    x.value(d->DisplayPos);
    x.value(d->DisplaySize);
    x.value(d->FramebufferScale);
    for (int n = 0; n < d->CmdListsCount; ++n) {
        const ImDrawList* l = d->CmdLists[n];
        x.value(l->VtxBuffer.Size);
        x.bytes(l->VtxBuffer.Data, std::size_t(l->VtxBuffer.Size) * sizeof(ImDrawVert));
        x.bytes(l->IdxBuffer.Data, std::size_t(l->IdxBuffer.Size) * sizeof(ImDrawIdx));
        for (const ImDrawCmd& c : l->CmdBuffer) {
            x.value(c.ClipRect);
            x.value(c.TextureId);
            x.value(c.VtxOffset);
            x.value(c.IdxOffset);
            x.value(c.ElemCount);
        }
    }
    return x.h | 1;  // never 0 ("nothing drawn")
}

// After the frame drawn in this task is on the screen (the next rendering update shows it; a task
// posted from that update runs after it), ask for a frame.
EM_JS(void, js_frame_after_present, (), {
    requestAnimationFrame(() => setTimeout(() => Module._gs_request_frame(), 0));
});

// `first`: the first frame of the page. It is drawn as soon as no window is still appearing, without
// the pass that would confirm the layout has settled: that pass runs after the frame is on the screen
// (and draws again only if something did move), so the first result shows one pass sooner.
void run_passes(bool first = false) {
    const double t0 = emscripten_get_now();
    g_dirty = false;
    FrameInfo info;
    std::uint64_t prev = g_canvas_hash;
    g_in_passes = true;
    for (int pass = 1;; ++pass) {
        g_again = false;
        info = FrameInfo{};
        platform_new_frame(info);
        g_pass(info);
        const std::uint64_t h = picture_hash(info);
        const bool quiet = !g_again && !platform_events_pending() && !platform_wants_pass();
        const bool settled = quiet && (h == prev || first);
        prev = h;
        if (settled || pass >= kMaxPasses) break;
    }
    g_in_passes = false;
    if (prev != g_canvas_hash || g_force) {
        g_draw(info);
        g_canvas_hash = prev;
        g_force = false;
        ++g_gl_frames;
        g_last_draw = emscripten_get_now();
    }
    g_last_ms = emscripten_get_now() - t0;
    // Input that arrived while the passes ran (a JS callback queued some) gets its own frame.
    if (platform_events_pending()) request_frame();
}

}  // namespace

void frames_init(std::function<void(const FrameInfo&)> pass, std::function<void(const FrameInfo&)> draw) {
    g_pass = std::move(pass);
    g_draw = std::move(draw);
}

void request_frame() {
    if (g_in_passes) {
        g_again = true;
        return;
    }
    g_dirty = true;
    if (g_raf_pending) return;
    g_raf_pending = true;
    emscripten_request_animation_frame(
        [](double, void*) -> EM_BOOL {
            g_raf_pending = false;
            if (g_dirty) run_passes();  // (not if the passes already ran, e.g. at start-up)
            return EM_FALSE;
        },
        nullptr);
}

void draw_frame_now() {
    if (!g_pass || g_in_passes) return;
    run_passes(true);
    js_frame_after_present();
}

// A click, tap or key is drawn in the input's own task rather than at the next animation frame: the
// GPU process starts on the new picture while the page waits for its next rendering update (which
// then shows it). After the event handler, as a microtask, so that everything it queued (a tap is a
// move, a press and a release) is one frame. At most one such frame per 16 ms: a burst of keys must
// not queue frames faster than the screen shows them.
EM_JS(void, js_after_handler, (), { queueMicrotask(() => Module._gs_input_now()); });
bool g_input_now_pending = false;

void input_transition() {
    request_frame();
    if (g_input_now_pending || g_in_passes) return;
    g_input_now_pending = true;
    js_after_handler();
}

extern "C" EMSCRIPTEN_KEEPALIVE void gs_input_now() {
    g_input_now_pending = false;
    if (g_dirty && !g_in_passes && emscripten_get_now() - g_last_draw >= 16) run_passes();
}

void force_redraw() { g_force = true; }
long gl_frames() { return g_gl_frames; }
double last_frame_ms() { return g_last_ms; }

}  // namespace gpusizer::platform
