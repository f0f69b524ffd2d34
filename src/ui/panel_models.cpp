// "What can I run on my GPU?" (view=models): the pinned GPU and count, then every catalog model
// (and the custom one) with whether it fits the load, in which weight format, how fast, or why
// not. A row opens that model's own sizing on the same GPU, in that format.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "engine/services.hpp"
#include "ui/app.hpp"
#include "ui/i18n.hpp"
#include "ui/panels.hpp"
#include "ui/theme.hpp"
#include "ui/widgets.hpp"

namespace gpusizer::ui {
namespace {

// The GPU and the count the question is about.
bool draw_gpu_choice(App& app, State& s) {
    bool changed = false;
    std::vector<const char*> names;
    int current = -1;
    const GpuSpec* pinned = app.catalog.find_gpu(s.gpu);  // the card a loose name or alias stands for
    for (const auto& g : app.catalog.gpus) {
        if (&g == pinned) current = int(names.size());
        names.push_back(g.name.c_str());
    }
    if (current < 0) current = 0;
    if (!names.empty() && int_combo(tr("GPU"), "models_gpu", &current, names.data(), int(names.size()), nullptr)) {
        s.gpu = app.catalog.gpus[size_t(current)].id;
        changed = true;
    }
    double n = s.n.value_or(1);
    if (number_row(tr("GPUs in total"), "models_n", &n, 1, 64, false, "%.0f", tr("Cards that serve one copy of the model together."))) {
        s.n = int(std::lround(n));
        changed = true;
    }
    return changed;
}

// Fitting models first, the largest first (the most one can run); then the closest to fitting.
std::vector<const ModelFit*> ordered(const std::vector<ModelFit>& models) {
    std::vector<const ModelFit*> out;
    for (const auto& m : models) out.push_back(&m);
    std::stable_sort(out.begin(), out.end(), [](const ModelFit* a, const ModelFit* b) {
        if (a->fits != b->fits) return a->fits;
        if (a->fits) return a->params_b > b->params_b;
        const double ga = a->per_gpu_gb.mid > 0 ? a->per_gpu_gb.mid : 1e30, gb = b->per_gpu_gb.mid > 0 ? b->per_gpu_gb.mid : 1e30;
        return ga < gb;
    });
    return out;
}

std::string format_text(const ModelFit& m) {
    std::string f(weight_format_info(m.wq).label);
    if (m.native) f += std::string(" (") + tr("native") + ")";
    return f;
}

// One row: the model (a button that opens it) and its reason under it; format, memory, speed.
bool draw_row(const ModelFit& m, State& s) {
    bool open = false;
    const text::Lang l = lang();
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::PushID(m.id.c_str());
    const std::string label = (m.fits ? "✓ " : "✕ ") + m.name;
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(m.fits ? palette().good : palette().bad));
    if (ImGui::Selectable(label.c_str(), false, ImGuiSelectableFlags_SpanAllColumns)) {
        s.view = View::options;
        s.model = m.id;
        s.wq = m.native ? std::nullopt : std::optional<WeightFormat>(m.wq);
        open = true;
    }
    ImGui::PopStyleColor();
    focus_ring();
    hover_tip(m.id + "\n" + tr("Open this model's sizing on this GPU"));
    if (!m.reason.empty()) dim_text(message_text(m.reason));
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(format_text(m).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(m.per_gpu_gb.mid > 0 ? text::number(m.per_gpu_gb.mid, 1, l).c_str() : text::dash());
    ImGui::TableNextColumn();
    const bool speed = m.fits && m.decode_tps_per_user.mid > 0;
    ImGui::TextUnformatted(speed ? text::number(m.decode_tps_per_user.mid, 0, l).c_str() : text::dash());
    ImGui::PopID();
    return open;
}

}  // namespace

void draw_models(App& app) {
    State s = app.state;
    bool changed = false;
    const Result& r = app.result;
    const GpuSpec* g = app.catalog.find_gpu(s.gpu);
    const int count = s.n.value_or(1);
    ImGui::PushFont(fonts().large);
    ImGui::TextWrapped("%s", g ? fill(tr("What can I run on {count} × {gpu}?"),
                                      {{"{count}", std::to_string(count)}, {"{gpu}", g->name}})
                                     .c_str()
                               : tr("What can I run on my GPU?"));
    ImGui::PopFont();
    const text::Lang l = lang();
    dim_text(fill(tr("For the load you set: {users} users, {ctx} tokens of context, {tps} tokens/s each. "
                     "Each model in its native weight format, then 8-bit, then 4-bit: the first that fits."),
                  {{"{users}", text::number(r.state.users, 0, l)}, {"{ctx}", text::number(r.state.ctx, 0, l)},
                   {"{tps}", text::number(r.state.tps, 0, l)}}));
    changed |= draw_gpu_choice(app, s);
    if (chip(tr("← Back to the GPU ranking"), false)) {
        s.view = View::options;
        changed = true;
    }
    const int fitting = int(std::count_if(r.models.begin(), r.models.end(), [](const ModelFit& m) { return m.fits; }));
    if (!r.models.empty()) {
        ImGui::Spacing();
        ImGui::PushFont(fonts().medium);
        ImGui::TextUnformatted(fill(tr("{fit} of {all} models run on it"), {{"{fit}", std::to_string(fitting)},
                                                                             {"{all}", std::to_string(r.models.size())}}).c_str());
        ImGui::PopFont();
    }
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchProp;
    if (!r.models.empty() && ImGui::BeginTable("models", 4, flags)) {
        ImGui::TableSetupColumn(tr("Model"), ImGuiTableColumnFlags_WidthStretch, 0.55f);
        ImGui::TableSetupColumn(tr("Format"), ImGuiTableColumnFlags_WidthStretch, 0.2f);
        ImGui::TableSetupColumn(tr("GB/GPU"), ImGuiTableColumnFlags_WidthStretch, 0.12f);
        ImGui::TableSetupColumn(tr("tok/s/user"), ImGuiTableColumnFlags_WidthStretch, 0.13f);
        ImGui::TableHeadersRow();
        for (const ModelFit* m : ordered(r.models)) {
            if (!draw_row(*m, s)) continue;
            changed = true;
            // A speech or an embedding model opens in its own service preset (services.hpp).
            const ModelSpec* spec = app.catalog.find_model(m->id);
            const Use use = spec && spec->speech ? Use::asr : spec && spec->embedding ? Use::embed
                            : is_service_use(s.use) && s.use != Use::copilot ? Use::chat : s.use;
            if (use != s.use) {
                const std::string model = s.model;
                switch_use(s, use);
                s.model = model;
            }
        }
        ImGui::EndTable();
    }
    if (changed) app.set_state(s);
}

}  // namespace gpusizer::ui
