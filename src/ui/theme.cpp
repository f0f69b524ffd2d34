#include "ui/theme.hpp"

namespace gpusizer::ui {
namespace {

Palette g_palette;
Fonts g_fonts;

ImVec4 rgb(unsigned v, float a = 1.0f) {
    return ImVec4(((v >> 16) & 255) / 255.0f, ((v >> 8) & 255) / 255.0f, (v & 255) / 255.0f, a);
}
ImU32 u32(unsigned v, float a = 1.0f) { return ImGui::ColorConvertFloat4ToU32(rgb(v, a)); }

}  // namespace

const Palette& palette() { return g_palette; }
Fonts& fonts() { return g_fonts; }
float em() { return ImGui::GetFontSize(); }

void apply_theme(bool dark, float dpr, unsigned accent) {
    ImGuiStyle style;  // fresh: ScaleAllSizes is cumulative
    if (dark) ImGui::StyleColorsDark(&style); else ImGui::StyleColorsLight(&style);
    style.WindowPadding = ImVec2(14, 12);
    style.FramePadding = ImVec2(9, 6);
    style.ItemSpacing = ImVec2(9, 7);
    style.ItemInnerSpacing = ImVec2(6, 5);
    style.CellPadding = ImVec2(7, 5);
    style.ScrollbarSize = 12;
    style.GrabMinSize = 16;
    style.FrameRounding = 6;
    style.GrabRounding = 6;
    style.ChildRounding = 8;
    style.PopupRounding = 6;
    style.TabRounding = 6;
    style.ScrollbarRounding = 6;
    style.WindowBorderSize = 0;
    style.ChildBorderSize = 1;
    style.FrameBorderSize = dark ? 0 : 1;
    style.TouchExtraPadding = ImVec2(2, 2);
    const ImVec4 a = rgb(accent);
    ImVec4* c = style.Colors;
    const unsigned bg = dark ? 0x14171c : 0xf6f7f9, panel = dark ? 0x1c2027 : 0xffffff;
    c[ImGuiCol_WindowBg] = rgb(bg);
    c[ImGuiCol_ChildBg] = rgb(panel);
    c[ImGuiCol_PopupBg] = rgb(panel);
    c[ImGuiCol_Border] = dark ? rgb(0x2c323c) : rgb(0xdfe3e8);
    c[ImGuiCol_FrameBg] = dark ? rgb(0x262b33) : rgb(0xffffff);
    c[ImGuiCol_FrameBgHovered] = dark ? rgb(0x2f3540) : rgb(0xeef3fd);
    c[ImGuiCol_FrameBgActive] = dark ? rgb(0x353c48) : rgb(0xe3ecfc);
    c[ImGuiCol_Text] = dark ? rgb(0xe8eaed) : rgb(0x1b1f24);
    c[ImGuiCol_TextDisabled] = dark ? rgb(0x9aa3ad) : rgb(0x5f6b78);
    c[ImGuiCol_Button] = ImVec4(a.x, a.y, a.z, dark ? 0.30f : 0.12f);
    c[ImGuiCol_ButtonHovered] = ImVec4(a.x, a.y, a.z, dark ? 0.45f : 0.22f);
    c[ImGuiCol_ButtonActive] = ImVec4(a.x, a.y, a.z, dark ? 0.60f : 0.32f);
    c[ImGuiCol_Header] = ImVec4(a.x, a.y, a.z, dark ? 0.35f : 0.16f);
    c[ImGuiCol_HeaderHovered] = ImVec4(a.x, a.y, a.z, dark ? 0.45f : 0.24f);
    c[ImGuiCol_HeaderActive] = ImVec4(a.x, a.y, a.z, dark ? 0.55f : 0.32f);
    c[ImGuiCol_CheckMark] = a;
    c[ImGuiCol_SliderGrab] = a;
    c[ImGuiCol_SliderGrabActive] = a;
    c[ImGuiCol_TableHeaderBg] = dark ? rgb(0x232830) : rgb(0xf0f2f5);
    c[ImGuiCol_TableRowBgAlt] = dark ? rgb(0xffffff, 0.03f) : rgb(0x000000, 0.025f);
    c[ImGuiCol_TableBorderLight] = dark ? rgb(0x2c323c) : rgb(0xe6e9ed);
    c[ImGuiCol_TableBorderStrong] = dark ? rgb(0x363d48) : rgb(0xd5dae0);
    // The keyboard focus ring: the accent on light, a lighter blue that stands out on dark.
    c[ImGuiCol_NavHighlight] = dark ? rgb(0x8ab4ff) : a;
    c[ImGuiCol_TextSelectedBg] = ImVec4(a.x, a.y, a.z, 0.35f);
    c[ImGuiCol_ScrollbarBg] = ImVec4(0, 0, 0, 0);
    style.ScaleAllSizes(dpr);
    ImGui::GetStyle() = style;
    ImGui::GetIO().MouseDragThreshold = 6.0f * dpr;

    Palette& p = g_palette;
    p.text = ImGui::ColorConvertFloat4ToU32(c[ImGuiCol_Text]);
    p.text_dim = ImGui::ColorConvertFloat4ToU32(c[ImGuiCol_TextDisabled]);
    p.accent = u32(accent);
    p.accent_soft = u32(accent, dark ? 0.25f : 0.10f);
    p.good = dark ? u32(0x4cc38a) : u32(0x1a7f4b);
    p.bad = dark ? u32(0xf07178) : u32(0xc0392b);
    p.warn = dark ? u32(0xf2c94c) : u32(0x8a5a00);
    p.warn_bg = dark ? u32(0xf2c94c, 0.10f) : u32(0xfff4d6);
    p.card = ImGui::ColorConvertFloat4ToU32(c[ImGuiCol_ChildBg]);
    p.card_border = ImGui::ColorConvertFloat4ToU32(c[ImGuiCol_Border]);
    p.grid = dark ? u32(0xffffff, 0.08f) : u32(0x000000, 0.08f);
    const unsigned bars[7] = {accent, 0x22a699u, 0xf2a541u, 0xd35f8du, 0x8e6fd8u, 0x7f8c8du, dark ? 0x2c323cu : 0xe3e7ecu};
    for (int i = 0; i < 7; ++i) p.bar[i] = u32(bars[i]);
}

}  // namespace gpusizer::ui
