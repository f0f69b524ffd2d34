// How right the recommendation's figures are (report/accuracy_text.hpp): each figure's error band
// under its explanation, and the section "How right are these figures" beside the assumptions.
#include <imgui.h>

#include <string>

#include "report/accuracy_text.hpp"
#include "ui/app.hpp"
#include "ui/i18n.hpp"
#include "ui/panels.hpp"
#include "ui/theme.hpp"
#include "ui/widgets.hpp"
#include "ui/host.hpp"

namespace gpusizer::ui {

std::string with_band(const Result& r, const Option& o, const char* figure, const std::string& tip) {
    const std::string band = figure_band_text(r, o, figure, lang());
    if (band.empty()) return tip;
    return tip.empty() ? band : tip + "\n\n" + band;
}

// One family: the figures it covers, their band, and the nearest published run with a button
// that opens its source (a new tab; not an order, so an embedding page hears nothing).
void draw_accuracy(App& app) {
    if (result_accuracy(app.result).empty()) return;  // work ranked by catalog facts: nothing estimated
    // A collapsing header that ImGui's log opens for the frame it captures (the canvasText test hook;
    // CollapsingHeader itself never opens for it): the section's words are checked like the rest.
    const ImGuiTreeNodeFlags header = ImGuiTreeNodeFlags_Framed | ImGuiTreeNodeFlags_NoTreePushOnOpen;
    if (!ImGui::TreeNodeEx(tr("How right are these figures"), header)) return;
    dim_text(accuracy_note(lang()));
    for (const AccuracyGroup& g : accuracy_groups(accuracy_lines(app.result, lang()))) {
        ImGui::PushID(g.family.c_str());
        ImGui::Spacing();
        ImGui::PushFont(fonts().medium);
        ImGui::TextWrapped("%s", g.labels.c_str());
        ImGui::PopFont();
        ImGui::TextWrapped("%s", g.band.c_str());
        if (!g.nearest.empty()) {
            dim_text(g.nearest);
            if (ImGui::Button(tr("Open the nearest published run"))) host::open_url(g.url, false);
            tooltip_on_hover(g.url);
        }
        ImGui::PopID();
    }
}

}  // namespace gpusizer::ui
