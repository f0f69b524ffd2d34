// See fonts.hpp.
#include "platform/fonts.hpp"

#include <imgui.h>

#include <utility>

#include "platform/gl_renderer.hpp"

namespace gpusizer::platform {
namespace {

constexpr float kBaseFontPx = 15.0f;

// Every glyph the page draws: ASCII; Russian Cyrillic (А-я, Ё ё); and the few signs of the UI's,
// the reports' and the catalog's texts — no-break space « » ° ± µ · × – — ‘ ’ “ ” • … € ₽ ← ↓ ↗ − ≈ ≤ ≥
// ✓ ✕ (a glyph outside shows as '?', never as nothing). assets/fonts carry exactly these glyphs, and
// tests/text/check_glyphs.py checks every string the page can draw against this list.
const ImWchar kGlyphRanges[] = {0x0020, 0x007E, 0x00A0, 0x00A0, 0x00AB, 0x00AB, 0x00B0, 0x00B1, 0x00B5, 0x00B5,
                                0x00B7, 0x00B7, 0x00BB, 0x00BB, 0x00D7, 0x00D7, 0x0401, 0x0401, 0x0410, 0x044F,
                                0x0451, 0x0451, 0x2013, 0x2014, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2022,
                                0x2026, 0x2026, 0x20AC, 0x20AC, 0x20BD, 0x20BD, 0x2190, 0x2190, 0x2193, 0x2193,
                                0x2197, 0x2197, 0x2212, 0x2212, 0x2248, 0x2248, 0x2264, 0x2265, 0x2713, 0x2713,
                                0x2715, 0x2715, 0};

std::vector<unsigned char> g_regular, g_medium;
float g_baked_dpr = 0;
bool g_baked_cyrillic = false;
bool g_cyrillic_seen = false;  // Cyrillic text arrived (a link, a catalog, the keyboard)
ImVector<ImWchar> g_ranges;  // alive until the next bake: the atlas points at them

bool cyrillic_wanted(bool cyrillic_page) { return g_cyrillic_seen || cyrillic_page; }

// `base` without its Cyrillic pairs, or as it is. A plain copy of pairs: ImFontGlyphRangesBuilder
// walks all 65 536 code points, a loop hot enough to make V8 recompile the whole (inlined) layout
// pass with its optimising compiler during start-up, on a core the first frame needs.
void ranges(const ImWchar* base, bool cyrillic, ImVector<ImWchar>* out) {
    out->clear();
    for (const ImWchar* r = base; r[0]; r += 2) {
        if (!cyrillic && r[1] >= 0x0400 && r[0] <= 0x04FF) continue;
        out->push_back(r[0]);
        out->push_back(r[1]);
    }
    out->push_back(0);
}

}  // namespace

bool fonts_set(std::vector<unsigned char> regular, std::vector<unsigned char> medium) {
    g_regular = regular.empty() ? medium : std::move(regular);
    g_medium = medium.empty() ? g_regular : std::move(medium);
    return !g_regular.empty();
}

void fonts_note_text(std::string_view utf8) {
    // U+0400–U+04FF are two UTF-8 bytes led by 0xD0–0xD3.
    for (unsigned char c : utf8)
        if (c >= 0xD0 && c <= 0xD3) {
            g_cyrillic_seen = true;
            return;
        }
}

bool fonts_stale(float dpr, bool cyrillic_page) {
    return dpr != g_baked_dpr || cyrillic_wanted(cyrillic_page) != g_baked_cyrillic;
}

BakedFonts fonts_build(float dpr, bool cyrillic_page) {
    g_baked_dpr = dpr;
    g_baked_cyrillic = cyrillic_wanted(cyrillic_page);
    ranges(kGlyphRanges, g_baked_cyrillic, &g_ranges);
    ImGuiIO& io = ImGui::GetIO();
    io.Fonts->Clear();
    // The atlas is sampled texel for texel (gl_renderer.cpp: nearest filtering, glyphs on whole
    // pixels), so lines are anti-aliased with geometry rather than with baked textured lines,
    // which need bilinear filtering.
    io.Fonts->Flags |= ImFontAtlasFlags_NoBakedLines;
    ImFontConfig cfg;
    cfg.FontDataOwnedByAtlas = false;  // the TTF bytes stay here, to bake again at another DPR
    // Glyphs are snapped to whole pixels and baked once each (no horizontal oversampling): crisp text
    // at every DPR, and half the bake time of 2× oversampling.
    cfg.OversampleH = 1;
    cfg.OversampleV = 1;
    cfg.PixelSnapH = true;
    auto add = [&](std::vector<unsigned char>& ttf, float px) {
        return io.Fonts->AddFontFromMemoryTTF(ttf.data(), int(ttf.size()), px * dpr, &cfg, g_ranges.Data);
    };
    BakedFonts f;
    f.regular = add(g_regular, kBaseFontPx);
    f.medium = add(g_medium, kBaseFontPx + 1);
    f.large = add(g_medium, 22.0f);
    io.Fonts->Build();
    gl_renderer_upload_fonts();
    return f;
}

}  // namespace gpusizer::platform
