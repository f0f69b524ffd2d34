// Between the platform's own files (not for its callers): the page view's frame start hands ImGui
// the input queued since the last pass (input.cpp).
#pragma once

#include <imgui.h>

namespace gpusizer::platform {

// All pending moves and text, then at most one button or key transition; positions scaled by `dpr`.
void apply_input_events(ImGuiIO& io, float dpr);

}  // namespace gpusizer::platform
