// The memory breakdown bar and a line chart, drawn with ImDrawList (no plotting library).
#include <algorithm>
#include <cmath>

#include "ui/app.hpp"
#include "ui/i18n.hpp"
#include "ui/panels.hpp"
#include "ui/theme.hpp"
#include "ui/widgets.hpp"

namespace gpusizer::ui {

void draw_memory_bar(const App& app, const Option& o) {
    const MemoryBreakdown& m = o.per_gpu;
    const double parts[6] = {m.weights.gb(), m.kv_cache.gb(), m.activations.gb(), m.optimizer.gb(), m.gradients.gb(), m.overhead.gb()};
    const char* names[6] = {tr("weights"), tr("KV cache"), tr("activations"), tr("optimizer"), tr("gradients"), tr("overhead")};
    const double total_gpu = o.gpu_memory_gb;
    if (total_gpu <= 0) return;
    dim_text(std::string(tr("Memory per GPU")) + " — " + o.gpu_name + ", " + fixed(total_gpu, 1) + " " + text::unit("GB", lang()));
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float w = ImGui::GetContentRegionAvail().x, h = em() * 1.3f;
    double used = 0;
    for (double v : parts) used += v;
    const double scale = w / std::max(total_gpu, used);
    dl->AddRectFilled(p, ImVec2(p.x + w, p.y + h), palette().bar[6], 4);
    float x = p.x;
    for (int i = 0; i < 6; ++i) {
        const float seg = float(parts[i] * scale);
        if (seg <= 0.5f) continue;
        dl->AddRectFilled(ImVec2(x, p.y), ImVec2(x + seg, p.y + h), palette().bar[i]);
        x += seg;
    }
    // The reserve line: usable capacity.
    const float cap_x = p.x + float(o.capacity_gb * scale);
    dl->AddLine(ImVec2(cap_x, p.y - 3), ImVec2(cap_x, p.y + h + 3), palette().text, 2);
    ImGui::Dummy(ImVec2(w, h));
    if (ImGui::IsItemHovered()) {
        std::string tip;
        for (int i = 0; i < 6; ++i)
            if (parts[i] > 0) tip += std::string(names[i]) + ": " + fixed(parts[i], 2) + " " + text::unit("GB", lang()) + "\n";
        tip += std::string(tr("usable after reserve")) + ": " + fixed(o.capacity_gb, 1) + " " + text::unit("GB", lang());
        tooltip_on_hover(tip);
    }
    // Legend
    bool first = true;
    const float end_x = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
    for (int i = 0; i < 6; ++i) {
        if (parts[i] <= 0) continue;
        const std::string label = std::string(names[i]) + " " + fixed(parts[i], parts[i] < 10 ? 1 : 0);
        const float item_w = em() * 0.9f + ImGui::CalcTextSize(label.c_str()).x + em() * 0.8f;
        if (!first && ImGui::GetItemRectMax().x + item_w < end_x) ImGui::SameLine(0, em() * 0.8f);
        first = false;
        const ImVec2 q = ImGui::GetCursorScreenPos();
        ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(q.x, q.y + em() * 0.2f), ImVec2(q.x + em() * 0.7f, q.y + em() * 0.9f), palette().bar[i], 2);
        ImGui::Dummy(ImVec2(em() * 0.8f, em()));
        ImGui::SameLine(0, em() * 0.2f);
        ImGui::TextUnformatted(label.c_str());
    }
    (void)app;
}

void draw_chart(App& app) {
    const bool infer = app.state.task == Task::infer;
    if (app.state.task == Task::other) return;
    if (infer) {
        ImGui::RadioButton(tr("Memory vs context"), &app.chart_kind, 0);
        ImGui::SameLine();
        ImGui::RadioButton(tr("Speed vs users"), &app.chart_kind, 1);
    } else {
        app.chart_kind = 1;
        dim_text(tr("Days to finish vs GPUs"));
    }
    if (infer && app.chart_kind == 1 && app.speed_chart_pending) fill_speed_chart(app);
    const App::Series& s = app.chart[app.chart_kind];
    if (s.x.size() < 2) return;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 p0 = ImGui::GetCursorScreenPos();
    const float w = ImGui::GetContentRegionAvail().x, h = em() * 9;
    const float left = em() * 3.4f, bottom = em() * 1.4f;
    const ImVec2 a(p0.x + left, p0.y + em() * 0.5f), b(p0.x + w - em() * 0.5f, p0.y + h - bottom);
    double ymax = s.limit;
    for (double y : s.y) ymax = std::max(ymax, y);
    ymax = ymax > 0 ? ymax * 1.1 : 1;
    const double x0 = s.x.front(), x1 = s.x.back();
    auto fx = [&](double x) {
        const double t = s.log_x ? (std::log(x) - std::log(x0)) / (std::log(x1) - std::log(x0)) : (x - x0) / (x1 - x0);
        return a.x + float(t) * (b.x - a.x);
    };
    auto fy = [&](double y) { return b.y - float(y / ymax) * (b.y - a.y); };
    for (int i = 0; i <= 4; ++i) {
        const double y = ymax * i / 4;
        dl->AddLine(ImVec2(a.x, fy(y)), ImVec2(b.x, fy(y)), palette().grid);
        const std::string t = si(y, 0);
        dl->AddText(ImVec2(a.x - ImGui::CalcTextSize(t.c_str()).x - em() * 0.3f, fy(y) - em() * 0.5f), palette().text_dim, t.c_str());
    }
    for (size_t i = 0; i < s.x.size(); i += std::max<size_t>(1, s.x.size() / 6)) {
        const std::string t = si(s.x[i], 0);
        dl->AddText(ImVec2(fx(s.x[i]) - ImGui::CalcTextSize(t.c_str()).x / 2, b.y + em() * 0.2f), palette().text_dim, t.c_str());
    }
    if (s.limit > 0) dl->AddLine(ImVec2(a.x, fy(s.limit)), ImVec2(b.x, fy(s.limit)), palette().bad, 1.5f);
    for (size_t i = 1; i < s.x.size(); ++i)
        dl->AddLine(ImVec2(fx(s.x[i - 1]), fy(s.y[i - 1])), ImVec2(fx(s.x[i]), fy(s.y[i])), palette().accent, 2.5f);
    ImGui::Dummy(ImVec2(w, h));
    if (ImGui::IsItemHovered()) {
        // Nearest point under the pointer.
        const float mx = ImGui::GetIO().MousePos.x;
        size_t best = 0;
        for (size_t i = 0; i < s.x.size(); ++i)
            if (std::fabs(fx(s.x[i]) - mx) < std::fabs(fx(s.x[best]) - mx)) best = i;
        dl->AddCircleFilled(ImVec2(fx(s.x[best]), fy(s.y[best])), em() * 0.3f, palette().accent);
        const char* xl = infer ? (app.chart_kind == 0 ? tr("context tokens") : tr("users")) : tr("GPUs");
        const char* yl = infer ? (app.chart_kind == 0 ? "GB" : tr("tok/s per user")) : tr("days");
        tooltip_on_hover(std::string(xl) + " " + si(s.x[best], 1) + ": " + fixed(s.y[best], 1) + " " + yl);
    }
    dim_text(infer ? (app.chart_kind == 0 ? tr("Memory of one replica (GB) as the context grows; red: memory of the recommended GPUs")
                                          : tr("Tokens/s per user on the recommended GPUs as users grow; red: your target"))
                   : tr("Days for the whole run as the GPU count grows; red: your deadline"));
}

}  // namespace gpusizer::ui
