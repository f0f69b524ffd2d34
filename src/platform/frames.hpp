// Frames on demand, drawn only when the picture changes.
//
// A frame here has two halves: a layout pass (input applied, ImGui's frame built: cheap, ~1 ms) and
// the WebGL draw (cheap to issue, but the browser then rasterizes and composites the whole canvas:
// tens of ms of GPU-process time with software GL, and on a phone a real cost in battery).
// So one animation frame runs as many layout passes as ImGui needs to settle — one per queued button
// or key transition (ImGui 1.86 sees one per frame), then until two passes in a row build the same
// draw lists and no window is still appearing — and draws once, only if the result differs from what
// the canvas already shows. A pointer move that changes nothing draws nothing; a tap (move, press,
// release, all at once) is one drawn frame with its result.
#pragma once

#include <functional>

#include "platform/platform.hpp"

namespace gpusizer::platform {

// `pass` builds one ImGui frame (NewFrame … Render) for `info`; `draw` issues the GL calls for
// ImGui's current draw data.
void frames_init(std::function<void(const FrameInfo&)> pass, std::function<void(const FrameInfo&)> draw);

// Schedules an animation frame; asked during a layout pass, it means "one more pass" instead.
void request_frame();
// Runs the passes and the draw at once (the first frame, in the start-up task).
void draw_frame_now();
// A button or key transition was queued: its frame is drawn at once (see frames.cpp).
void input_transition();
// The canvas must be drawn even if the draw lists are the same (the font texture was rebuilt).
void force_redraw();

long gl_frames();        // WebGL frames drawn so far
double last_frame_ms();  // the last animation frame: every pass and the GL calls

}  // namespace gpusizer::platform
