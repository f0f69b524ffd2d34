// Draws ImGui's draw lists with WebGL2 (OpenGL ES 3.0).
//
// Why not imgui_impl_opengl3: that backend saves and restores a dozen GL states around every frame
// and checks shader status at once; in a browser each of those queries is a call through JS into
// WebGL (and the status check waits for the GPU process). The calculator owns its canvas and
// context, so this renderer sets the state it needs and queries nothing on the way to a frame.
#pragma once

struct ImDrawData;

namespace gpusizer::platform {

bool gl_renderer_init();               // shaders, buffers; false if the context is unusable
void gl_renderer_upload_fonts();       // (re)creates the font atlas texture from ImGui's atlas
void gl_renderer_draw(ImDrawData* d);  // one frame's draw lists into the current framebuffer
const char* gl_renderer_error();       // shader compile / link problem, checked after the first frame

}  // namespace gpusizer::platform
