#include "platform/gl_renderer.hpp"

#include <GLES3/gl3.h>
#include <imgui.h>

#include <cstddef>
#include <cstdint>
#include <string>

namespace gpusizer::platform {
namespace {

GLuint g_program = 0, g_vao = 0, g_vbo = 0, g_ibo = 0, g_font_texture = 0;
bool g_status_checked = false;
std::string g_error;

const char* kVertexShader = R"(#version 300 es
precision highp float;
layout (location = 0) in vec2 Position;
layout (location = 1) in vec2 UV;
layout (location = 2) in vec4 Color;
layout (location = 3) in vec4 Proj;  // scale xy, offset xy: one value for every vertex (kProjection)
out vec2 Frag_UV;
out vec4 Frag_Color;
void main() {
    Frag_UV = UV;
    Frag_Color = Color;
    gl_Position = vec4(Position * Proj.xy + Proj.zw, 0, 1);
})";

const char* kFragmentShader = R"(#version 300 es
precision mediump float;
uniform sampler2D Texture;  // texture unit 0, a sampler's initial value
in vec2 Frag_UV;
in vec4 Frag_Color;
layout (location = 0) out vec4 Out_Color;
void main() {
    // The atlas is one coverage channel (R8): white glyphs and a white pixel for solid shapes.
    Out_Color = vec4(Frag_Color.rgb, Frag_Color.a * texture(Texture, Frag_UV.st).r);
})";

// The projection is a vertex attribute with no array behind it (glVertexAttrib4f), not a uniform:
// a uniform's location has to be asked for, and the browser answers only once the GPU process has
// compiled and linked the program, which the page would wait for at start-up.
constexpr GLuint kProjection = 3;

GLuint compile(GLenum type, const char* source) {
    const GLuint s = glCreateShader(type);
    glShaderSource(s, 1, &source, nullptr);
    glCompileShader(s);
    return s;
}

// Position, UV and colour of ImDrawVert, starting `base` bytes into the bound vertex buffer.
void point_attributes(GLintptr base) {
    const GLsizei stride = sizeof(ImDrawVert);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<void*>(base + offsetof(ImDrawVert, pos)));
    glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<void*>(base + offsetof(ImDrawVert, uv)));
    glVertexAttribPointer(2, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride, reinterpret_cast<void*>(base + offsetof(ImDrawVert, col)));
}

// Asking for compile status makes the browser wait for the compile, so it is asked once, after the
// first frame has been drawn (and only a failure costs a message).
void check_status_once() {
    if (g_status_checked) return;
    g_status_checked = true;
    GLint ok = 0;
    glGetProgramiv(g_program, GL_LINK_STATUS, &ok);
    if (ok) return;
    char log[512] = {0};
    glGetProgramInfoLog(g_program, sizeof log - 1, nullptr, log);
    g_error = std::string("WebGL shader program failed to link: ") + log;
}

// Sets the blend, cull, depth and scissor state every ImGui draw uses.
void set_draw_state() {
    glEnable(GL_BLEND);
    glBlendEquation(GL_FUNC_ADD);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glDisable(GL_CULL_FACE);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_STENCIL_TEST);
    glEnable(GL_SCISSOR_TEST);
}

// Nearest-texel sampling: one texel read per pixel instead of four, 17-21 % less of SwiftShader's
// time to fill a frame (tests/bench/raster.mjs), and the same picture: glyphs are baked and placed
// on whole pixels (fonts.cpp: no oversampling, PixelSnapH; ImGui floors text positions) and solid
// shapes sample one white texel. (Lines are geometry: fonts.cpp, NoBakedLines.)
void set_texture_parameters() {
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
}

// The GPU process compiles a draw's pipeline — with software GL, machine code for this program,
// vertex layout, texture format and blending — when that draw first runs: 15–45 ms on the benchmark
// machine, which the first frame would wait for. One pixel drawn the same way now starts that work
// while the page is still busy with the catalog, the first evaluation and the font atlas. (The
// canvas is not shown yet, and the first frame clears it.)
void warm_up_pipeline() {
    GLuint texture = 0;
    glGenTextures(1, &texture);
    glBindTexture(GL_TEXTURE_2D, texture);
    set_texture_parameters();
    const unsigned char white = 255;
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, 1, 1, 0, GL_RED, GL_UNSIGNED_BYTE, &white);
    // A triangle over the lower-left half of the canvas (clip space, identity projection), cut by
    // the scissor to its corner pixel.
    const ImDrawVert v[3] = {{ImVec2(-1, -1), ImVec2(0, 0), 0xffffffff}, {ImVec2(1, -1), ImVec2(0, 0), 0xffffffff},
                             {ImVec2(-1, 1), ImVec2(0, 0), 0xffffffff}};
    const ImDrawIdx idx[3] = {0, 1, 2};
    set_draw_state();
    glScissor(0, 0, 1, 1);
    glUseProgram(g_program);
    glVertexAttrib4f(kProjection, 1, 1, 0, 0);  // clip space as it is
    glBindVertexArray(g_vao);
    glBindBuffer(GL_ARRAY_BUFFER, g_vbo);
    glBufferData(GL_ARRAY_BUFFER, sizeof v, v, GL_STREAM_DRAW);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof idx, idx, GL_STREAM_DRAW);
    glDrawElements(GL_TRIANGLES, 3, sizeof(ImDrawIdx) == 2 ? GL_UNSIGNED_SHORT : GL_UNSIGNED_INT, nullptr);
    glDisable(GL_SCISSOR_TEST);  // as after every frame: the next frame's clear must cover the canvas
    glBindVertexArray(0);
    glDeleteTextures(1, &texture);
    // (ANGLE submits recorded commands when asked for a fence and flushed: web_main.cpp, draw_gl.)
    glDeleteSync(glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0));
    glFlush();
}

}  // namespace

bool gl_renderer_init() {
    const GLuint vs = compile(GL_VERTEX_SHADER, kVertexShader);
    const GLuint fs = compile(GL_FRAGMENT_SHADER, kFragmentShader);
    g_program = glCreateProgram();
    glAttachShader(g_program, vs);
    glAttachShader(g_program, fs);
    glBindAttribLocation(g_program, 0, "Position");
    glBindAttribLocation(g_program, 1, "UV");
    glBindAttribLocation(g_program, 2, "Color");
    glLinkProgram(g_program);

    glGenVertexArrays(1, &g_vao);
    glGenBuffers(1, &g_vbo);
    glGenBuffers(1, &g_ibo);
    glBindVertexArray(g_vao);
    glBindBuffer(GL_ARRAY_BUFFER, g_vbo);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, g_ibo);  // recorded in the VAO
    glEnableVertexAttribArray(0);
    glEnableVertexAttribArray(1);
    glEnableVertexAttribArray(2);
    point_attributes(0);
    glBindVertexArray(0);

    ImGuiIO& io = ImGui::GetIO();
    io.BackendRendererName = "gpusizer_webgl2";
    io.BackendFlags |= ImGuiBackendFlags_RendererHasVtxOffset;  // 16-bit indices with a base vertex per draw
    if (g_program == 0 || g_vao == 0) return false;
    warm_up_pipeline();
    return true;
}

void gl_renderer_upload_fonts() {
    ImGuiIO& io = ImGui::GetIO();
    unsigned char* pixels = nullptr;
    int width = 0, height = 0;
    io.Fonts->GetTexDataAsAlpha8(&pixels, &width, &height);  // a quarter of RGBA's bytes to upload
    if (g_font_texture) glDeleteTextures(1, &g_font_texture);
    glGenTextures(1, &g_font_texture);
    glBindTexture(GL_TEXTURE_2D, g_font_texture);
    set_texture_parameters();
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, width, height, 0, GL_RED, GL_UNSIGNED_BYTE, pixels);
    io.Fonts->SetTexID(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(g_font_texture)));
    io.Fonts->ClearTexData();  // the GPU has it now
}

void gl_renderer_draw(ImDrawData* d) {
    const int fb_w = int(d->DisplaySize.x * d->FramebufferScale.x);
    const int fb_h = int(d->DisplaySize.y * d->FramebufferScale.y);
    if (fb_w <= 0 || fb_h <= 0) return;

    set_draw_state();
    glViewport(0, 0, fb_w, fb_h);

    // Orthographic projection of ImGui's display rectangle to clip space.
    const float L = d->DisplayPos.x, R = d->DisplayPos.x + d->DisplaySize.x;
    const float T = d->DisplayPos.y, B = d->DisplayPos.y + d->DisplaySize.y;
    glUseProgram(g_program);
    glVertexAttrib4f(kProjection, 2.0f / (R - L), 2.0f / (T - B), (R + L) / (L - R), (T + B) / (B - T));
    glActiveTexture(GL_TEXTURE0);
    glBindVertexArray(g_vao);
    glBindBuffer(GL_ARRAY_BUFFER, g_vbo);

    const ImVec2 clip_off = d->DisplayPos, clip_scale = d->FramebufferScale;
    GLuint bound_texture = 0;
    for (int n = 0; n < d->CmdListsCount; ++n) {
        const ImDrawList* list = d->CmdLists[n];
        unsigned vtx_offset = ~0u;  // the attribute pointers are set for the list's first command
        glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(list->VtxBuffer.Size) * GLsizeiptr(sizeof(ImDrawVert)),
                     list->VtxBuffer.Data, GL_STREAM_DRAW);
        glBufferData(GL_ELEMENT_ARRAY_BUFFER, GLsizeiptr(list->IdxBuffer.Size) * GLsizeiptr(sizeof(ImDrawIdx)),
                     list->IdxBuffer.Data, GL_STREAM_DRAW);
        for (const ImDrawCmd& cmd : list->CmdBuffer) {
            if (cmd.UserCallback) {
                if (cmd.UserCallback != ImDrawCallback_ResetRenderState) cmd.UserCallback(list, &cmd);
                continue;
            }
            const float x0 = (cmd.ClipRect.x - clip_off.x) * clip_scale.x, y0 = (cmd.ClipRect.y - clip_off.y) * clip_scale.y;
            const float x1 = (cmd.ClipRect.z - clip_off.x) * clip_scale.x, y1 = (cmd.ClipRect.w - clip_off.y) * clip_scale.y;
            if (x1 <= x0 || y1 <= y0) continue;
            glScissor(int(x0), int(fb_h - y1), int(x1 - x0), int(y1 - y0));
            const GLuint texture = GLuint(reinterpret_cast<std::intptr_t>(cmd.GetTexID()));
            if (texture != bound_texture) glBindTexture(GL_TEXTURE_2D, bound_texture = texture);
            // WebGL2 has no base-vertex draw: a command's vertices start at VtxOffset, so the
            // attribute pointers are moved there when it changes (16-bit indices stay in range).
            if (cmd.VtxOffset != vtx_offset) {
                vtx_offset = cmd.VtxOffset;
                point_attributes(GLintptr(vtx_offset) * GLintptr(sizeof(ImDrawVert)));
            }
            glDrawElements(GL_TRIANGLES, GLsizei(cmd.ElemCount), sizeof(ImDrawIdx) == 2 ? GL_UNSIGNED_SHORT : GL_UNSIGNED_INT,
                           reinterpret_cast<void*>(std::intptr_t(cmd.IdxOffset * sizeof(ImDrawIdx))));
        }
    }
    glDisable(GL_SCISSOR_TEST);
    glBindVertexArray(0);
}

const char* gl_renderer_error() {
    check_status_once();
    return g_error.c_str();
}

}  // namespace gpusizer::platform
