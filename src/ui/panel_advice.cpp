// Where the answer departs from the article or from the offload question (engine/advice.cpp): the
// engine's sentence, and its switch as a button that applies the state the engine proposes.
#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <optional>
#include <string>

#include "ui/app.hpp"
#include "ui/i18n.hpp"
#include "ui/panels.hpp"
#include "ui/theme.hpp"
#include "ui/widgets.hpp"

namespace gpusizer::ui {
namespace {

// The label broken into lines no wider than `width` (at spaces), so that a long switch stays
// inside a phone's column as a taller button instead of running off the screen.
std::string wrap_words(const std::string& label, float width) {
    std::string out, line;
    size_t at = 0;
    while (at <= label.size()) {
        size_t space = label.find(' ', at);
        if (space == std::string::npos) space = label.size();
        const std::string word = label.substr(at, space - at);
        const std::string wider = line.empty() ? word : line + " " + word;
        if (!line.empty() && ImGui::CalcTextSize(wider.c_str()).x > width) {
            out += line + "\n";
            line = word;
        } else {
            line = wider;
        }
        at = space + 1;
    }
    return out + line;
}

// An accent button for a switch: a Tab stop, Enter or Space press it, its text wraps.
bool switch_button(const std::string& label) {
    const ImVec2 pad = ImGui::GetStyle().FramePadding;
    const std::string text = wrap_words(label, ImGui::GetContentRegionAvail().x - pad.x * 2);
    const ImVec2 size = ImGui::CalcTextSize(text.c_str());
    ImGui::PushStyleColor(ImGuiCol_Button, ImGui::ColorConvertU32ToFloat4(palette().accent));
    ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImGui::ColorConvertU32ToFloat4(palette().accent));
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 1, 1, 1));
    const bool clicked = ImGui::Button(text.c_str(), ImVec2(0, std::max(em() * 1.9f, size.y + pad.y * 2)));
    ImGui::PopStyleColor(3);
    focus_ring();
    return clicked;
}

}  // namespace

std::optional<State> draw_advice(const App& app, AdviceTopic topic) {
    std::optional<State> chosen;
    int shown = 0;
    for (const Advice& a : app.result.advice) {
        if (a.topic != topic) continue;
        ImGui::PushID(shown++);
        ImGui::Spacing();
        ImGui::TextWrapped("%s", message_text(a.why).c_str());
        if (a.apply && !a.action.empty() && switch_button(message_text(a.action))) chosen = *a.apply;
        ImGui::PopID();
    }
    return chosen;
}

}  // namespace gpusizer::ui
