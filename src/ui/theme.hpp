// Light and dark themes, the provider's accent colour, DPI scaling, and the fonts in use.
#pragma once

#include <imgui.h>

namespace gpusizer::ui {

struct Palette {
    ImU32 text, text_dim, accent, accent_soft, good, bad, warn, warn_bg, card, card_border, grid;
    ImU32 bar[7];  // weights, KV, activations, optimizer, gradients, overhead, free
};

struct Fonts {
    ImFont* regular = nullptr;
    ImFont* medium = nullptr;
    ImFont* large = nullptr;
};

void apply_theme(bool dark, float dpr, unsigned accent_rgb);
const Palette& palette();
Fonts& fonts();
float em();  // one font height in pixels: lay out relative to it, never in fixed pixels

}  // namespace gpusizer::ui
