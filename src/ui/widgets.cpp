#include "ui/widgets.hpp"

#include <cmath>
#include <cstdio>

#include "ui/i18n.hpp"
#include "ui/theme.hpp"

namespace gpusizer::ui {

void step_header(int step, const char* title) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float r = em() * 0.62f;
    dl->AddCircleFilled(ImVec2(p.x + r, p.y + r), r, palette().accent);
    char n[4];
    std::snprintf(n, sizeof n, "%d", step);
    const ImVec2 ts = ImGui::CalcTextSize(n);
    dl->AddText(ImVec2(p.x + r - ts.x / 2, p.y + r - ts.y / 2), IM_COL32(255, 255, 255, 255), n);
    ImGui::Dummy(ImVec2(2 * r, 2 * r));
    ImGui::SameLine();
    ImGui::PushFont(fonts().medium);
    ImGui::SetCursorPosY(ImGui::GetCursorPosY() + r - ImGui::GetFontSize() / 2);
    ImGui::TextUnformatted(title);
    ImGui::PopFont();
}

void tooltip_on_hover(const std::string& text) {
    if (text.empty() || !ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) return;
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(em() * 28);
    ImGui::TextUnformatted(text.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
}

bool chip(const char* label, bool selected, float width) {
    if (selected) {
        ImGui::PushStyleColor(ImGuiCol_Button, ImGui::ColorConvertU32ToFloat4(palette().accent));
        ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImGui::ColorConvertU32ToFloat4(palette().accent));
        ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 1, 1, 1));
    }
    const bool clicked = ImGui::Button(label, ImVec2(width, em() * 1.9f));
    if (selected) ImGui::PopStyleColor(3);
    return clicked;
}

bool number_row(const char* label, const char* id, double* v, double min, double max, bool log, const char* fmt,
                const char* help, const char* slider_text) {
    ImGui::PushID(id);
    ImGui::TextUnformatted(label);
    tooltip_on_hover(help ? help : "");
    const float full = ImGui::GetContentRegionAvail().x;
    const float field = std::max(em() * 5.5f, full * 0.30f);
    ImGui::SetNextItemWidth(full - field - ImGui::GetStyle().ItemSpacing.x);
    // A format without a conversion is shown as it is ('%' doubled so ImGui prints it literally).
    std::string literal;
    if (slider_text)
        for (const char* c = slider_text; *c; ++c) literal += *c == '%' ? std::string("%%") : std::string(1, *c);
    bool changed = ImGui::SliderScalar("##s", ImGuiDataType_Double, v, &min, &max, slider_text ? literal.c_str() : fmt,
                                       log ? ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp
                                           : ImGuiSliderFlags_AlwaysClamp);
    tooltip_on_hover(help ? help : "");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(field);
    double typed = *v;
    if (ImGui::InputDouble("##t", &typed, 0, 0, fmt, ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_CharsScientific)) {
        *v = std::isfinite(typed) ? std::fmin(max, std::fmax(min, typed)) : *v;
        changed = true;
    }
    ImGui::PopID();
    return changed;
}

bool int_combo(const char* label, const char* id, int* v, const char* const* items, int count, const char* help) {
    ImGui::PushID(id);
    ImGui::TextUnformatted(label);
    tooltip_on_hover(help ? help : "");
    ImGui::SetNextItemWidth(-1);
    const bool changed = ImGui::Combo("##c", v, items, count);
    ImGui::PopID();
    return changed;
}

void figure(const char* label, const std::string& value, const std::string& tip, ImU32 color) {
    ImGui::BeginGroup();
    dim_text(label);
    ImGui::PushFont(fonts().large);
    if (color) ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(color));
    ImGui::TextUnformatted(value.c_str());
    if (color) ImGui::PopStyleColor();
    ImGui::PopFont();
    ImGui::EndGroup();
    tooltip_on_hover(tip);
}

void dim_text(const std::string& text) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette().text_dim));
    ImGui::TextWrapped("%s", text.c_str());
    ImGui::PopStyleColor();
}

void warning_line(const std::string& text) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette().warn));
    ImGui::TextWrapped("! %s", text.c_str());
    ImGui::PopStyleColor();
}

std::string fixed(double v, int decimals) {
    char b[64];
    std::snprintf(b, sizeof b, "%.*f", decimals, std::isfinite(v) ? v : 0.0);
    return b;
}

std::string si(double v, int decimals) {
    const double a = std::fabs(v);
    if (a >= 1e12) return fixed(v / 1e12, decimals) + "T";
    if (a >= 1e9) return fixed(v / 1e9, decimals) + "B";
    if (a >= 1e6) return fixed(v / 1e6, decimals) + "M";
    if (a >= 1e4) return fixed(v / 1e3, decimals) + "k";
    return fixed(v, a < 10 ? decimals : 0);
}

std::string range_text(const Range& r, int decimals, const char* unit) {
    return fixed(r.mid, decimals) + " " + unit + "  (" + tr("range") + " " + fixed(std::fmin(r.low, r.high), decimals) +
           "–" + fixed(std::fmax(r.low, r.high), decimals) + ")";
}

std::string money(double v, const std::string& currency) {
    const char* sym = currency == "USD" ? "$" : currency == "EUR" ? "€" : currency == "RUB" ? "₽" : nullptr;
    const std::string n = v >= 1000 ? si(v, 2) : fixed(v, v < 10 ? 2 : 0);
    if (!sym) return n + " " + currency;
    return currency == "RUB" ? n + " " + sym : std::string(sym) + n;
}

}  // namespace gpusizer::ui
