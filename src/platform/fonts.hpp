// The UI's fonts: Roboto Regular and Medium (assets/fonts), baked by ImGui 1.86 into one atlas at
// the display's pixel density.
//
// Baking is the largest single cost of the first frame (every glyph rasterized at px × DPR: 20–30 ms
// at DPR 1, 30–50 ms at DPR 3 on the benchmark machine), so only what the page can draw is baked:
// the glyphs of its texts (fonts.cpp), and Cyrillic only once the page needs it (Russian, or
// Cyrillic text arriving from a link, a catalog or the keyboard: the atlas is baked again then).
#pragma once

#include <string_view>
#include <vector>

struct ImFont;

namespace gpusizer::platform {

// The fonts' TTF bytes; one may be empty (the other stands in). False when both are.
bool fonts_set(std::vector<unsigned char> regular, std::vector<unsigned char> medium);

// Text that entered the module (a link, a catalog, typed or pasted text): Cyrillic in it means the
// next frame bakes Cyrillic glyphs.
void fonts_note_text(std::string_view utf8);

// The three faces the UI draws with (the UI keeps them: ui::fonts()).
struct BakedFonts {
    ImFont* regular = nullptr;
    ImFont* medium = nullptr;
    ImFont* large = nullptr;
};

// True when the atlas must be (re)baked for this pixel density, the page's script (Cyrillic for a
// Russian page: the caller says, the platform knows no language) and the text seen so far.
bool fonts_stale(float dpr, bool cyrillic_page);
// Bakes the atlas and uploads it (gl_renderer_upload_fonts).
BakedFonts fonts_build(float dpr, bool cyrillic_page);

}  // namespace gpusizer::platform
