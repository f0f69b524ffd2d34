#include "ui/widgets.hpp"

#include <imgui_internal.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <unordered_map>

#include "engine/decimal.hpp"
#include "ui/i18n.hpp"
#include "ui/number_text.hpp"
#include "ui/theme.hpp"

namespace gpusizer::ui {

void step_header(int step, const char* title) {
    focus_ring_after_nav();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float r = em() * 0.62f;
    dl->AddCircleFilled(ImVec2(p.x + r, p.y + r), r, palette().accent);
    const std::string n = std::to_string(step);
    const ImVec2 ts = ImGui::CalcTextSize(n.c_str());
    dl->AddText(ImVec2(p.x + r - ts.x / 2, p.y + r - ts.y / 2), IM_COL32(255, 255, 255, 255), n.c_str());
    ImGui::Dummy(ImVec2(2 * r, 2 * r));
    ImGui::SameLine();
    ImGui::PushFont(fonts().medium);
    ImGui::SetCursorPosY(ImGui::GetCursorPosY() + r - ImGui::GetFontSize() / 2);
    ImGui::TextUnformatted(title);
    ImGui::PopFont();
}

namespace {

// The next tooltip / popup window beside r: to its right when it fits in the viewport, else
// below it (above when below does not fit) — never over the figure it explains.
void place_beside(const ImRect& r, const std::string& text, float wrap) {
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    const ImVec2 pad = ImGui::GetStyle().WindowPadding;
    const ImVec2 ts = ImGui::CalcTextSize(text.c_str(), nullptr, false, wrap - pad.x);
    const ImVec2 size(ts.x + pad.x * 2, ts.y + pad.y * 2);
    const float gap = em() * 0.4f;
    const float x0 = vp->WorkPos.x, x1 = x0 + vp->WorkSize.x, y0 = vp->WorkPos.y, y1 = y0 + vp->WorkSize.y;
    ImVec2 pos;
    if (r.Max.x + gap + size.x <= x1) {
        pos = ImVec2(r.Max.x + gap, ImClamp(r.Min.y, y0, ImMax(y0, y1 - size.y)));
    } else {
        pos.x = ImClamp(r.Min.x, x0, ImMax(x0, x1 - size.x));
        const bool below = r.Max.y + gap + size.y <= y1 || r.Min.y - gap - size.y < y0;
        pos.y = below ? r.Max.y + gap : r.Min.y - gap - size.y;
    }
    ImGui::SetNextWindowPos(pos);
}

// Narrow screens get narrower explanations (the popup must fit beside or below the figure).
float tip_wrap() {
    return ImMin(em() * 28, ImGui::GetMainViewport()->WorkSize.x - em() * 1.2f);
}

void tip_body(const std::string& text, float wrap) {
    ImGui::PushTextWrapPos(wrap);
    ImGui::TextUnformatted(text.c_str());
    ImGui::PopTextWrapPos();
}

void hover_tip_at(const ImRect& r, const std::string& text) {
    const float wrap = tip_wrap();
    place_beside(r, text, wrap);
    ImGui::BeginTooltip();
    tip_body(text, wrap);
    ImGui::EndTooltip();
}

// The ⓘ after the last item (drawn, not a font glyph): a click, tap, Enter or Space opens `text`
// in a popup beside the item, which stays until a tap elsewhere or Escape; hovering shows it too.
void info_after_item(const std::string& text) {
    ImGuiWindow* window = ImGui::GetCurrentWindow();
    const ImRect anchor(ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
    const bool anchor_hovered = ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled);
    // Stable per place: the n-th ⓘ of its window in this frame. (Its position in the window's content
    // was the key once, but the layout moves by a pixel against the scroll now and then, and the
    // keyboard focus, which follows the id, was lost when Tab scrolled the page.)
    static int frame = -1;
    static std::unordered_map<ImGuiID, int> counts;  // ⓘs so far this frame, per window
    if (GImGui->FrameCount != frame) {
        frame = GImGui->FrameCount;
        counts.clear();
    }
    const std::string key = "info#" + std::to_string(counts[window->ID]++);
    const std::string popup_key = key + "p";  // the popup's own name, not the ⓘ's
    const char* popup = popup_key.c_str();
    const ImGuiID id = window->GetID(key.c_str());
    const float s = em();
    ImGui::SameLine(0, em() * 0.3f);
    const ImVec2 p = window->DC.CursorPos;
    const ImRect bb(p, ImVec2(p.x + s, p.y + s));
    ImGui::ItemSize(bb);
    bool hovered = false, held = false, pressed = false;
    // (Enter on it is Space to ImGui, web/focus_order.hpp: ButtonBehavior opens it)
    if (ImGui::ItemAdd(bb, id)) {
        pressed = ImGui::ButtonBehavior(bb, id, &hovered, &held);
        const bool open = ImGui::IsPopupOpen(popup);
        const ImU32 col = hovered || open ? palette().accent : palette().text_dim;
        const ImVec2 c = bb.GetCenter();
        const float r = s * 0.42f, lw = ImMax(1.0f, s * 0.08f);
        ImDrawList* dl = window->DrawList;
        dl->AddCircle(c, r, col, 20, lw);
        dl->AddCircleFilled(ImVec2(c.x, c.y - r * 0.48f), lw * 0.9f, col);
        dl->AddLine(ImVec2(c.x, c.y - r * 0.15f), ImVec2(c.x, c.y + r * 0.55f), col, lw * 1.2f);
        focus_ring();
    }
    // The figure itself opens it too when it is plain text (a tap on "12.3 GB" is a question).
    if (anchor_hovered && ImGui::IsMouseClicked(0)) pressed = true;
    if (pressed) ImGui::OpenPopup(popup);
    if (ImGui::IsPopupOpen(popup)) {
        const float wrap = tip_wrap();
        place_beside(anchor, text, wrap);
        if (ImGui::BeginPopup(popup)) {
            tip_body(text, wrap);
            if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) ImGui::CloseCurrentPopup();
            ImGui::EndPopup();
        }
    } else if (anchor_hovered || hovered) {
        hover_tip_at(anchor, text);
    }
}

}  // namespace

// A focus ring that scales with the screen (ImGui's own nav highlight is 2 device pixels wide).
void focus_ring() {
    if (GImGui->NavDisableHighlight || !ImGui::IsItemFocused()) return;
    const float t = ImMax(2.0f, em() * 0.14f);
    ImRect r(ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
    r.Expand(t * 1.5f);
    ImGui::GetWindowDrawList()->AddRect(r.Min, r.Max, ImGui::GetColorU32(ImGuiCol_NavHighlight),
                                        ImGui::GetStyle().FrameRounding + t, 0, t);
}

void focus_ring_after_nav() {
    // Tab itself is the platform's (src/platform/focus_order.hpp); arrow-key navigation onto a control
    // shows the focus ring too (1.86 keeps it hidden for "inputable" items).
    ImGuiContext& g = *GImGui;
    if (g.NavJustMovedToId != 0 && g.NavDisableHighlight) {
        g.NavDisableHighlight = false;
        g.NavDisableMouseHover = true;
    }
}

void hover_tip_beside(ImVec2 min, ImVec2 max, const std::string& text) {
    if (!text.empty()) hover_tip_at(ImRect(min, max), text);
}

void hover_tip(const std::string& text) {
    if (text.empty() || !ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) return;
    hover_tip_at(ImRect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax()), text);
}

void tooltip_on_hover(const std::string& text) {
    if (text.empty()) return;
    // Controls (buttons, sliders, rows) act on a click, so they keep a hover tooltip; a figure or a
    // label has no action of its own and gets the ⓘ that works by touch and keyboard too.
    if (ImGui::GetItemID() != 0) hover_tip(text);
    else info_after_item(text);
}

bool chip(const char* label, bool selected, float width) {
    focus_ring_after_nav();
    if (selected) {
        ImGui::PushStyleColor(ImGuiCol_Button, ImGui::ColorConvertU32ToFloat4(palette().accent));
        ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImGui::ColorConvertU32ToFloat4(palette().accent));
        ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 1, 1, 1));
    }
    // (Space or Enter presses it: web/focus_order.hpp)
    const bool clicked = ImGui::Button(label, ImVec2(width, em() * 1.9f));
    focus_ring();
    if (selected) ImGui::PopStyleColor(3);
    return clicked;
}

bool ChipRow::chip_at(const char* label, bool selected) {
    const float w = ImGui::CalcTextSize(label).x + ImGui::GetStyle().FramePadding.x * 2;
    if (!first && ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + w < x_end) ImGui::SameLine();
    first = false;
    return chip(label, selected);
}

void label_with_info(const char* label, const char* help) {
    ImGui::TextUnformatted(label);
    if (help && *help) tooltip_on_hover(help);
}

namespace {

// "%.0f" -> 0, "%.1f" -> 1; other formats (e.g. "%.4g") -> 0.
int decimals_of(const char* fmt) {
    const char* dot = fmt ? std::strstr(fmt, "%.") : nullptr;
    return dot && std::isdigit(static_cast<unsigned char>(dot[2])) && dot[3] == 'f' ? dot[2] - '0' : 0;
}

// A note under a typed field until its next edit: what was typed and what was done with it.
struct FieldNote {
    int kind = 0;          // -1 raised to the minimum, +1 lowered to the maximum, 2 not a number, 3 too large, 4 empty
    double value = 0;      // the value the field kept; a change from elsewhere drops the note
    std::string typed;
};
std::unordered_map<ImGuiID, FieldNote>& notes() {
    static std::unordered_map<ImGuiID, FieldNote> n;
    return n;
}

std::string fill(std::string t, const std::string& a, const std::string& b) {
    for (auto [key, val] : {std::pair<const char*, const std::string*>{"{1}", &a}, {"{2}", &b}})
        if (const size_t at = t.find(key); at != std::string::npos) t.replace(at, 3, *val);
    return t;
}

std::string note_text(const FieldNote& n, int decimals) {
    const std::string v = format_human_number(n.value, decimals);
    std::string typed = n.typed.size() > 24 ? n.typed.substr(0, 23) + "…" : n.typed;
    switch (n.kind) {
        case -1: return fill(tr("Set to {1}, the minimum (typed {2})"), v, typed);
        case 1: return fill(tr("Set to {1}, the maximum (typed {2})"), v, typed);
        case 2: return fill(tr("“{2}” is not a number; kept {1}"), v, typed);
        case 3: return fill(tr("“{2}” is too large a number; kept {1}"), v, typed);
        default: return fill(tr("Nothing typed; kept {1}"), v, typed);
    }
}

}  // namespace

bool number_row(const char* label, const char* id, double* v, double min, double max, bool log, const char* fmt,
                const char* help, const char* slider_text) {
    focus_ring_after_nav();
    ImGui::PushID(id);
    label_with_info(label, help);
    const int decimals = decimals_of(fmt);
    const float full = ImGui::GetContentRegionAvail().x;
    const float field = std::max(em() * 5.5f, full * 0.30f);
    ImGui::SetNextItemWidth(full - field - ImGui::GetStyle().ItemSpacing.x);
    // The slider says what the field says ("10T", "32k"); '%' doubled so ImGui prints it literally.
    const std::string shown = slider_text ? slider_text : shown_decimal(format_human_number(*v, decimals), lang() == text::Lang::ru);
    std::string literal;
    for (char c : shown) literal += c == '%' ? std::string("%%") : std::string(1, c);
    // Typing goes to the field beside it, so the slider takes no text.
    const ImGuiSliderFlags sflags = ImGuiSliderFlags_AlwaysClamp | ImGuiSliderFlags_NoInput |
                                    (log ? ImGuiSliderFlags_Logarithmic : ImGuiSliderFlags_None);
    bool changed = ImGui::SliderScalar("##s", ImGuiDataType_Double, v, &min, &max, literal.c_str(), sflags);
    focus_ring();
    const ImGuiID field_id = ImGui::GetID("##t");
    if (ImGui::IsItemActivated()) notes().erase(field_id);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(field);
    // The text being typed, kept across frames: applied on Enter or when the field loses focus.
    static ImGuiID live_id = 0;
    static std::string live;
    char buf[64];
    const std::string field_text = format_human_number(*v, decimals);
    const std::size_t field_len = std::min(field_text.size(), sizeof buf - 1);
    std::memcpy(buf, field_text.data(), field_len);
    buf[field_len] = '\0';
    if (ImGui::InputText("##t", buf, sizeof buf, ImGuiInputTextFlags_AutoSelectAll)) {
        live_id = field_id;
        live = buf;
    }
    focus_ring();
    if (ImGui::IsItemActivated()) {
        notes().erase(field_id);
        live_id = field_id;
        live = buf;
    }
    if (ImGui::IsItemDeactivated() && live_id == field_id) {
        const std::string typed = live;
        live_id = 0;
        const ParsedNumber p = parse_human_number(typed, std::strchr(label, '%') != nullptr);
        if (typed != format_human_number(*v, decimals)) {  // not just focused and left
            FieldNote n{0, *v, typed};
            if (!p.ok()) {
                n.kind = p.error == NumberError::empty ? 4 : p.error == NumberError::too_large ? 3 : 2;
            } else {
                n.kind = clamp_side(p.value, min, max);
                const double nv = ImClamp(p.value, min, max);
                if (nv != *v) { *v = nv; changed = true; }
                n.value = *v;
            }
            if (n.kind != 0) notes()[field_id] = n;
        }
    }
    if (auto it = notes().find(field_id); it != notes().end()) {
        if (it->second.value != *v) notes().erase(it);
        else warning_line(note_text(it->second, decimals));
    }
    ImGui::PopID();
    return changed;
}

bool int_combo(const char* label, const char* id, int* v, const char* const* items, int count, const char* help) {
    focus_ring_after_nav();
    ImGui::PushID(id);
    label_with_info(label, help);
    ImGui::SetNextItemWidth(-1);
    const bool changed = ImGui::Combo("##c", v, items, count);  // Space or Enter opens it
    focus_ring();
    ImGui::PopID();
    return changed;
}

float figure(const char* label, const std::string& value, const std::string& tip, ImU32 color, float label_height) {
    ImGui::BeginGroup();
    const float top = ImGui::GetCursorPosY();
    dim_text(label);
    const float value_y = top + label_height + ImGui::GetStyle().ItemSpacing.y;
    if (label_height > 0 && ImGui::GetCursorPosY() < value_y) ImGui::SetCursorPosY(value_y);
    const float value_top = ImGui::GetCursorScreenPos().y;
    ImGui::PushFont(fonts().large);
    if (color) ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(color));
    ImGui::TextUnformatted(value.c_str());
    if (color) ImGui::PopStyleColor();
    ImGui::PopFont();
    ImGui::EndGroup();
    // The ⓘ sits after the label and value pair; the explanation opens beside the pair.
    tooltip_on_hover(tip);
    return value_top;
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

// Shown only (ranges, prices, the inputs' notes): in the reader's decimal mark, "24,1–26,8" in Russian.
std::string fixed(double v, int decimals) {
    return shown_decimal(fixed_decimal(std::isfinite(v) ? v : 0.0, decimals), lang() == text::Lang::ru);
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

std::string fill(const char* sentence, std::initializer_list<std::pair<const char*, std::string>> values) {
    std::string s = sentence;
    for (const auto& [name, value] : values)
        for (size_t p = s.find(name); p != std::string::npos; p = s.find(name, p + value.size()))
            s.replace(p, std::strlen(name), value);
    return s;
}

void same_line_if_fits(const char* next_label) {
    const ImGuiStyle& st = ImGui::GetStyle();
    const float w = ImGui::CalcTextSize(next_label, nullptr, true).x + st.FramePadding.x * 2;
    const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    if (ImGui::GetItemRectMax().x + st.ItemSpacing.x + w <= right) ImGui::SameLine();
}

}  // namespace gpusizer::ui
