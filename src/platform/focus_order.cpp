// See focus_order.hpp. The list of this frame's items is filled by ImGui's ItemAdd hook
// (IMGUI_ENABLE_TEST_ENGINE, set for the imgui target in CMakeLists.txt).
#include "platform/focus_order.hpp"

#include <imgui.h>
#include <imgui_internal.h>

#include <string>
#include <vector>

namespace gpusizer::platform {
namespace {

struct FocusItem {
    ImGuiID id;
    ImGuiWindow* window;
    ImRect rect;            // screen rectangle when it was drawn
    ImGuiID focus_scope;
    ImGuiItemFlags flags;
};

std::vector<FocusItem> g_building, g_last;  // this frame's items, last complete frame's

int index_of(ImGuiID id) {
    for (size_t i = 0; i < g_last.size(); ++i)
        if (g_last[i].id == id) return int(i);
    return -1;
}

bool is_child_window_item(ImGuiID id) {
    // EndChild() registers the child itself as a nav item; its contents are in the list already.
    for (ImGuiWindow* w : GImGui->Windows)
        if (w->ChildId == id && (w->Flags & ImGuiWindowFlags_ChildWindow)) return true;
    return false;
}

void focus_item(const FocusItem& it) {
    ImGuiContext& g = *GImGui;
    if (g.ActiveId != 0) ImGui::ClearActiveID();  // leave a text field being edited
    g.NavWindow = it.window;
    ImGui::SetNavID(it.id, ImGuiNavLayer_Main, it.focus_scope, ImGui::WindowRectAbsToRel(it.window, it.rect));
    g.NavDisableHighlight = false;  // the focus ring
    g.NavDisableMouseHover = true;
    // Bring it into view; the main window's scroll change becomes a page scroll (page_view.cpp).
    ImGui::ScrollToRectEx(it.window, it.rect, ImGuiScrollFlags_KeepVisibleEdgeY);
}

}  // namespace

void focus_order_record(ImGuiID id, ImGuiWindow* w, const ImRect& r, ImGuiID scope, int flags) {
    g_building.push_back({id, w, r, scope, flags});
}

void focus_order_begin_frame() {
    GImGui->TestEngineHookItems = true;
    g_last.swap(g_building);
    g_building.clear();
    // Drop items of windows that were not drawn last frame (a closed popup) and child windows themselves.
    std::vector<FocusItem> kept;
    for (const auto& it : g_last)
        if (it.window->Active && !is_child_window_item(it.id)) kept.push_back(it);
    g_last.swap(kept);
}

bool focus_move(bool backward) {
    ImGuiContext& g = *GImGui;
    if (g_last.empty()) return false;
    if (g.OpenPopupStack.Size > 0) ImGui::ClosePopupsOverWindow(nullptr, false);
    // From the focused control, or the one last clicked (ImGui focuses what it activates).
    const int at = index_of(g.NavId);
    int next;
    if (at < 0) next = backward ? int(g_last.size()) - 1 : 0;
    else next = at + (backward ? -1 : 1);
    if (next < 0 || next >= int(g_last.size())) {
        focus_clear();
        return false;
    }
    focus_item(g_last[size_t(next)]);
    return true;
}

void focus_enter(bool from_end) {
    if (g_last.empty()) return;
    focus_item(from_end ? g_last.back() : g_last.front());
}

namespace {
const FocusItem* focused_item() {
    ImGuiContext& g = *GImGui;
    if (g.NavDisableHighlight || g.NavId == 0) return nullptr;
    const int at = index_of(g.NavId);
    return at >= 0 ? &g_last[size_t(at)] : nullptr;
}
}  // namespace

bool focused_item_is_button() {
    const FocusItem* it = focused_item();
    return it && !(it->flags & ImGuiItemFlags_Inputable);
}

bool focused_item_takes_text() {
    const FocusItem* it = focused_item();
    return it && (it->flags & ImGuiItemFlags_Inputable);
}

bool activate_focused_text_field() {
    ImGuiContext& g = *GImGui;
    const FocusItem* it = focused_item();
    static ImGuiID asked = 0;
    static int frames = 0;
    if (!it || !(it->flags & ImGuiItemFlags_Inputable) || g.ActiveId == it->id) {
        asked = 0;
        return false;
    }
    if (asked != it->id) { asked = it->id; frames = 0; }
    if (++frames > 3) return false;  // ImGui did not take it (not drawn): the keys go on regardless
    // Activated as Enter would (NavUpdate turns this into NavActivateInputId): the field selects its
    // text, so the first digit typed replaces the value, as in a browser's own field.
    g.NavNextActivateId = it->id;
    g.NavNextActivateFlags = ImGuiActivateFlags_PreferInput;
    return true;
}

std::string focus_info() {
    const ImGuiContext& g = *GImGui;
    const int at = g.NavDisableHighlight ? -1 : index_of(g.NavId);
    std::string info = std::to_string(at) + "/" + std::to_string(g_last.size());
    if (at < 0) return info;
    // Where it is (physical px of the canvas) and whether it is being edited: tests find a control by
    // Tab and check that keys did not move the focus.
    const ImRect& r = g_last[size_t(at)].rect;
    const auto px = [](float v) { return std::to_string(int(v)); };
    return info + "/" + px(r.Min.x) + "," + px(r.Min.y) + "," + px(r.GetWidth()) + "," + px(r.GetHeight()) + "/" +
           (g.ActiveId == g.NavId ? "editing" : "focused");
}

void focus_clear() {
    ImGuiContext& g = *GImGui;
    g.NavId = 0;
    g.NavDisableHighlight = true;
}

}  // namespace gpusizer::platform

// ImGui's test-engine hooks: only ItemAdd is used.
void ImGuiTestEngineHook_ItemAdd(ImGuiContext* ctx, const ImRect& bb, ImGuiID id) {
    ImGuiContext& g = *ctx;
    const ImGuiItemFlags flags = g.LastItemData.InFlags;
    if (id == 0 || (flags & (ImGuiItemFlags_NoNav | ImGuiItemFlags_Disabled))) return;
    ImGuiWindow* w = g.CurrentWindow;
    if (!w || (w->Flags & (ImGuiWindowFlags_Tooltip | ImGuiWindowFlags_NoNavInputs))) return;
    if (w->DC.NavLayerCurrent != ImGuiNavLayer_Main) return;  // title bars, menus
    gpusizer::platform::focus_order_record(id, w, bb, w->DC.NavFocusScopeIdCurrent, flags);
}
void ImGuiTestEngineHook_ItemInfo(ImGuiContext*, ImGuiID, const char*, ImGuiItemStatusFlags) {}
void ImGuiTestEngineHook_Log(ImGuiContext*, const char*, ...) {}
const char* ImGuiTestEngine_FindItemDebugLabel(ImGuiContext*, ImGuiID) { return nullptr; }
