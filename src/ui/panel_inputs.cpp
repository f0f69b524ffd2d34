// The three steps of the guide: task → model → load. Each draws from the App's state and
// writes changes back through App::set_state.
#include <algorithm>
#include <cmath>
#include <vector>

#include "engine/custom_model.hpp"
#include "engine/model_math.hpp"
#include "engine/services.hpp"
#include "engine/vocabulary.hpp"
#include "link/link.hpp"
#include "ui/app.hpp"
#include "ui/i18n.hpp"
#include "ui/model_search.hpp"
#include "ui/panels.hpp"
#include "ui/theme.hpp"
#include "ui/widgets.hpp"
#include "ui/host.hpp"

#include <imgui_internal.h>

namespace gpusizer::ui {
namespace {

const TaskPreset* preset_for(const Catalog& c, const State& s) { return guide_preset(c, s); }


void apply_preset(App& app, State& s) {
    if (const TaskPreset* p = preset_for(app.catalog, s)) {
        if (!p->models.empty() && std::find(p->models.begin(), p->models.end(), s.model) == p->models.end())
            s.model = p->models.front();
    }
}

// The article's worked examples, one click away: each states its inputs and where they come from.
struct PlanPreset {
    const char* title;   // English; tr() translates
    const char* link;
    const char* source;  // English; tr() translates
};
const PlanPreset kPlanPresets[] = {
    {"Article: gpt-oss-120b from scratch, 2.1 M H100-hours",
     "v=1&task=train&model=openai/gpt-oss-120b&gpuh=2.1M&gpu=h100-sxm&n=1600",
     "Budget from the gpt-oss model card (arXiv 2508.10925): \"gpt-oss-120b required 2.1 million H100-hours\". "
     "The guide's cluster: 1,600 H100 = 200 HGX servers. Unpin the GPU to compare others."},
    {"Article: fine-tune, ten days of one HGX H100",
     "v=1&task=tune&model=openai/gpt-oss-20b&method=full&gpuh=1920&gpu=h100-sxm&n=8",
     "The guide: fine-tuning takes about ten days of one HGX H100 server = 8 GPUs × 240 h = 1,920 H100-hours; "
     "full fine-tune of gpt-oss-20b (the guide's fine-tuning row). The tokens it buys follow at the stated MFU."},
};

// Chips for the worked examples of this task, and the source of the one in use.
bool draw_plan_presets(App& app, State& s) {
    bool changed = false;
    ChipRow row{ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x};
    const std::string link = encode_link(app.state);
    const PlanPreset* active = nullptr;
    for (const PlanPreset& p : kPlanPresets) {
        const State ps = decode_link(p.link).state;
        if (ps.task != s.task) continue;
        const bool on = encode_link(ps) == link;
        if (on) active = &p;
        if (row.chip_at(tr(p.title), on)) { s = ps; changed = true; }
        hover_tip(tr(p.source));
    }
    if (active) dim_text(std::string(tr("Inputs from: ")) + tr(active->source));
    return changed;
}

// Dataset tokens, or a compute budget in GPU-hours on a named GPU (as model cards publish it).
bool draw_dataset_or_budget(App& app, State& s) {
    bool changed = false;
    bool budget = s.gpuh.has_value();
    if (ImGui::Checkbox(tr("Size by a GPU-hour budget, not a dataset"), &budget)) {
        s.gpuh = budget ? std::optional<double>(1000.0) : std::nullopt;
        changed = true;
    }
    focus_ring();
    if (!s.gpuh) {
        double tokens = effective_tokens(s);  // shown as "10T", typed as "10T" or "1e13"
        if (number_row(tr("Dataset tokens"), "tokens", &tokens, 1e5, 1e14, true, "%.0f", tr("Total tokens in the dataset (one epoch)."))) {
            s.tokens = tokens; changed = true;
        }
        changed |= number_row(tr("Epochs"), "epochs", &s.epochs, 0.1, 20, true, "%.1f", nullptr);
        return changed;
    }
    double gpuh = *s.gpuh;
    if (number_row(tr("GPU-hours"), "gpuh", &gpuh, 1, 1e9, true, "%.0f",
                   tr("Compute as model cards publish it: hours of one GPU type. Typed as 2.1M or 2100000."))) {
        s.gpuh = gpuh; changed = true;
    }
    std::vector<const char*> names;
    int current = 0;
    const GpuSpec* measured_on = app.catalog.find_gpu(s.gpuh_gpu);
    for (const auto& g : app.catalog.gpus) {
        if (&g == measured_on) current = int(names.size());
        names.push_back(g.name.c_str());
    }
    if (!names.empty() && int_combo(tr("Measured on"), "gpuh_gpu", &current, names.data(), int(names.size()),
                                    tr("The GPU the budget was measured on; other GPUs take it in proportion to "
                                       "their dense peak × MFU."))) {
        s.gpuh_gpu = app.catalog.gpus[size_t(current)].id; changed = true;
    }
    if (app.result.tokens > 0)
        dim_text(
            fill(tr("≈ {tokens} tokens at MFU {mfu} %"),
                 {{"{tokens}", text::compact(app.result.tokens, 1, lang())},
                  {"{mfu}", text::number((app.result.mfu > 0 ? app.result.mfu : effective_mfu(s)) * 100, 0, lang())}}));
    return changed;
}

// One line on an imported model's architecture beyond the seven numbers the editor shows.
// `name`: the engine's (a name the link may not use is not shown: custom_model.hpp).
std::string imported_summary(const CustomModel& c, const std::string& name) {
    const text::Lang l = lang();
    std::string t = fill(tr("{name}: vocabulary {vocab}, FFN {inter}"),
                         {{"{name}", name.empty() || name == kUnnamedCustomModel ? tr("Custom model") : name},
                          {"{vocab}", text::number(c.vocab, 0, l)},
                          {"{inter}", text::number(c.intermediate, 0, l)}});
    if (c.moe && c.moe->experts > 0)
        t += " · " + fill(tr("{experts} experts, {topk} per token"),
                          {{"{experts}", std::to_string(c.moe->experts)}, {"{topk}", std::to_string(c.moe->experts_per_token)}});
    if (c.mla && c.mla->kv_lora_rank > 0) t += " · MLA";
    if (c.sliding_window > 0)
        t += " · " + fill(tr("{layers} sliding-window layers"), {{"{layers}", std::to_string(c.sliding_layers)}});
    if (c.linear && c.linear->layers > 0)
        t += " · " + fill(tr("{layers} linear-attention layers"), {{"{layers}", std::to_string(c.linear->layers)}});
    if (c.native) t += " · " + std::string(weight_format_info(*c.native).label);
    return t;
}

// The reverse question under the task chooser: which models run on one GPU (view=models). It
// pins the GPU of the current recommendation (or the first of the catalog) and one card when
// none is pinned yet; the models view lets the user change both.
bool draw_models_chip(App& app, State& s, float x_end) {
    ImGui::Spacing();
    dim_text(tr("Or the other way round"));
    ChipRow row{x_end};
    if (!row.chip_at(tr("What can I run on my GPU?"), s.view == View::models)) return false;
    s.task = Task::infer;
    s.view = View::models;
    if (s.gpu.empty()) {
        const Result& r = app.result;
        if (r.recommended >= 0) s.gpu = r.options[size_t(r.recommended)].gpu_id;
        else if (!app.catalog.gpus.empty()) s.gpu = app.catalog.gpus.front().id;
    }
    if (!s.n) s.n = 1;
    return true;
}

// The article's row for the task: its title, parameter and memory bands, and the GPUs it names.
std::string guide_line(const Catalog& c, const TaskPreset& p) {
    std::string g = std::string(tr("Guide: ")) + (language() == "ru" ? p.title_ru : p.title_en);
    if (p.params_max_b > 0)
        g += " · " + fixed(p.params_min_b, 0) + "–" + fixed(p.params_max_b, 0) + "B " + tr("params");
    const std::string gb = text::unit("GB", lang());
    if (p.vram_max_gb > 0) g += " · " + fixed(p.vram_min_gb, 0) + "–" + fixed(p.vram_max_gb, 0) + " " + gb + " VRAM";
    else if (p.vram_min_gb > 0) g += " · " + fixed(p.vram_min_gb, 0) + "+ " + gb + " VRAM";
    if (!p.gpus.empty()) {
        g += " · GPU:";
        for (const auto& id : p.gpus)
            if (const GpuSpec* gs = c.find_gpu(id))
                g += " " + gs->name.substr(gs->name.rfind("NVIDIA ", 0) == 0 ? 7 : 0) + ",";
        g.pop_back();
    }
    return g;
}

// A use's chip: the article's chat presets, then its own services (step 1: "vector search over the
// knowledge base", "meeting transcription and analytics", "a copilot for developers"), then other
// work. Worded by the use's term (engine/vocabulary.cpp), as the exports' headings are.
const char* use_label(Use u) { return text::message_template(text_of(u), lang()); }

}  // namespace

void draw_task(App& app) {
    step_header(1, tr("Task"));
    State s = app.state;
    bool changed = false;
    const float x_end = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
    auto group = [&](const char* title) {
        ImGui::Spacing();
        dim_text(title);
    };
    group(tr("Inference"));
    {
        ChipRow row{x_end};
        for (const Term<Use>& u : terms<Use>())
            if (use_task(u.value) == Task::infer &&
                row.chip_at(use_label(u.value), s.task == Task::infer && s.use == u.value && s.view == View::options)) {
                s.task = Task::infer; switch_use(s, u.value); s.view = View::options; apply_preset(app, s); changed = true;
            }
    }
    group(tr("Fine-tuning"));
    {
        ChipRow row{x_end};
        const TuneMethod methods[] = {TuneMethod::lora, TuneMethod::qlora, TuneMethod::full};
        const char* labels[] = {"LoRA", "QLoRA", tr("Full fine-tune")};
        for (int i = 0; i < 3; ++i)
            if (row.chip_at(labels[i], s.task == Task::tune && s.method == methods[i])) {
                s.task = Task::tune; s.method = methods[i]; switch_use(s, Use::chat); s.view = View::options;
                apply_preset(app, s);
                changed = true;
            }
    }
    group(tr("Training and other GPU work"));
    {
        ChipRow row{x_end};
        if (row.chip_at(tr("Training from scratch"), s.task == Task::train)) {
            s.task = Task::train; switch_use(s, Use::chat); s.view = View::options; apply_preset(app, s); changed = true;
        }
        for (const Term<Use>& u : terms<Use>())
            if (use_task(u.value) == Task::other && row.chip_at(use_label(u.value), s.task == Task::other && s.use == u.value)) {
                s.task = Task::other; switch_use(s, u.value); s.view = View::options; changed = true;
            }
    }
    changed |= draw_models_chip(app, s, x_end);
    if (const TaskPreset* p = preset_for(app.catalog, app.state); p && app.state.view == View::options) {
        ImGui::Spacing();
        dim_text(guide_line(app.catalog, *p));
        // The article's citation in the page's language (a provider's preset may have it in English only).
        tooltip_on_hover(lang() == text::Lang::ru && !p->source_ru.empty() ? p->source_ru : p->source);
    }
    if (changed) app.set_state(s);
}

// One row of the model list; true when it was clicked.
static bool model_row(const ModelSpec& m, bool is_suggested, bool pinned, bool selected, float row_h) {
    bool clicked = false;
    std::string label = (is_suggested ? "• " : "") + m.name;
    ImGui::PushID(m.id.c_str());
    if (ImGui::Selectable("##row", selected, 0, ImVec2(0, row_h))) clicked = true;
    focus_ring();
    const bool hovered = ImGui::IsItemHovered();
    const ImVec2 row_min = ImGui::GetItemRectMin(), row_max = ImGui::GetItemRectMax();
    ImGui::SameLine(em() * 0.5f);
    ImGui::TextUnformatted(label.c_str());
    ImGui::SameLine();
    // "8.2B · 41k ctx" / "8,2 млрд · контекст 41k": parameters and context in the UI's language.
    // One decimal below 10 of the unit shown: 8.2B, 1.6T (DeepSeek-V4-Pro, not "2T").
    const bool one_decimal = m.params_b < 10 || (m.params_b >= 1000 && m.params_b < 10000);
    std::string meta = text::compact(m.params_b * 1e9, one_decimal ? 1 : 0, lang());
    if (m.active_params_b < m.params_b * 0.95)
        meta += " (" + text::compact(m.active_params_b * 1e9, 1, lang()) + " " + tr("active") + ")";
    if (m.speech) meta += std::string(" · ") + tr("speech-to-text");
    else if (m.embedding) meta += " · " + text::count_of(m.embedding->dimensions, 0, "dimension", lang());
    if (m.max_context > 0 && !m.speech) meta += " · " + std::string(tr("ctx ")) + si(m.max_context, 0);
    meta += " · " + std::string(weight_format_info(m.native_format).label) + " · " + m.license;
    if (m.estimated) meta += std::string(" · ") + tr("estimated");
    if (pinned) meta = std::string(tr("current, not a match")) + " · " + meta;
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette().text_dim), "%s", meta.c_str());  // one line, clipped
    if (hovered) {
        // Beside the whole row, not its meta text; the layout's cursor stays where the row ended (moving
        // it back once drew every later row over this one).
        // A Russian page shows the Russian notes (notes_ru, model-notes-ru.bin); a model without them (a
        // provider's, or before that file is in) shows the English ones, said to be English.
        const bool ru = lang() == text::Lang::ru;
        const std::string notes = ru && !m.notes_ru.empty() ? m.notes_ru : m.notes;
        const std::string label = ru && m.notes_ru.empty() && !m.notes.empty() ? tr("Catalog note (in English): ") : "";
        hover_tip_beside(row_min, row_max, m.id + "\n" + label + notes + "\n" + tr("Source: ") + m.source);
    }
    ImGui::PopID();
    return clicked;
}

// The custom model's seven numbers (model=custom); an imported model's other fields stay as they are.
static bool draw_custom_editor(const App& app, State& s) {
    bool changed = false;
    double p = s.custom.params_b, a = s.custom.active_b > 0 ? s.custom.active_b : s.custom.params_b;
    double layers = s.custom.layers, hidden = s.custom.hidden, heads = s.custom.heads, kv = s.custom.kv_heads;
    double hd = s.custom.head_dim;
    changed |= number_row(tr("Parameters, billions"), "cp", &p, 0.1, 2000, true, "%.1f", nullptr);
    changed |= number_row(tr("Active parameters (MoE), billions"), "ca", &a, 0.1, 2000, true, "%.1f", nullptr);
    changed |= number_row(tr("Layers"), "cl", &layers, 1, 256, false, "%.0f", nullptr);
    changed |= number_row(tr("Hidden size"), "ch", &hidden, 256, 65536, true, "%.0f", nullptr);
    changed |= number_row(tr("Attention heads"), "cH", &heads, 1, 256, false, "%.0f", nullptr);
    changed |= number_row(tr("KV heads"), "ck", &kv, 1, 256, false, "%.0f", nullptr);
    changed |= number_row(tr("Head dim"), "cd", &hd, 16, 512, false, "%.0f", nullptr);
    // In place: an imported model's other fields (experts, MLA, windows, vocabulary…) stay.
    CustomModel& c = s.custom;
    c.params_b = p;
    c.active_b = std::min(a, p);
    c.layers = int(layers);
    c.hidden = int(hidden);
    c.heads = int(heads);
    c.kv_heads = int(std::min(kv, heads));
    c.head_dim = int(hd);
    if (custom_model_specified(c))
        dim_text(imported_summary(c, app.result.model.custom ? app.result.model.name : c.name));
    return changed;
}

// The weight and KV-cache formats of the model, each with what it costs.
static bool draw_formats(const App& app, State& s) {
    bool changed = false;
    const ModelSpec& m = app.result.model;
    // Weight format: what each one costs for this model.
    int wq = 0;
    const WeightFormat cur = app.result.weight_format;
    std::string preview;
    for (int i = 0; i < kWeightFormatCount; ++i) if (weight_format_at(i) == cur) wq = i;
    auto label_for = [&](WeightFormat f) {
        const double gb = weight_bytes(m, f).total().gb();
        std::string l = std::string(weight_format_info(f).label) + "  —  " + fixed(gb, gb < 10 ? 1 : 0) + " " +
                        text::unit("GB", lang());
        if (f == m.native_format) l += std::string("  (") + tr("native") + ")";
        return l;
    };
    ImGui::TextUnformatted(tr("Weight format"));
    ImGui::SetNextItemWidth(-1);
    preview = label_for(cur);
    const bool wq_open = ImGui::BeginCombo("##wq", preview.c_str());
    if (!wq_open) focus_ring();
    if (wq_open) {
        for (int i = 0; i < kWeightFormatCount; ++i) {
            const WeightFormat f = weight_format_at(i);
            if (ImGui::Selectable(label_for(f).c_str(), i == wq)) {
                s.wq = f == m.native_format ? std::nullopt : std::optional<WeightFormat>(f);
                changed = true;
            }
            tooltip_on_hover(tr(weight_format_info(f).scale_note.data()));  // a literal: null-terminated
        }
        ImGui::EndCombo();
    }
    if (s.task == Task::infer && s.use != Use::asr && s.use != Use::embed) {  // encoders keep no KV cache
        ImGui::TextUnformatted(tr("KV-cache format"));
        ImGui::SetNextItemWidth(-1);
        auto kv_label = [&](KvFormat f) {
            const KvLayout kv = kv_layout(m, f);
            return std::string(kv_format_key(f)) + "  —  " + fixed(kv_bytes_per_token_at(kv, s.ctx) / 1024, 0) +
                   " " + text::unit("KiB", lang()) + "/" + tr("token");
        };
        const bool kv_open = ImGui::BeginCombo("##kvq", kv_label(s.kvq).c_str());
        if (!kv_open) focus_ring();
        if (kv_open) {
            for (int i = 0; i < kKvFormatCount; ++i)
                if (ImGui::Selectable(kv_label(kv_format_at(i)).c_str(), kv_format_at(i) == s.kvq)) {
                    s.kvq = kv_format_at(i);
                    changed = true;
                }
            ImGui::EndCombo();
        }
    }
    return changed;
}

// What "Custom model…" starts from: a 7 B model of 32 layers, hidden 4096, 32 heads, 8 KV heads of 128.
static CustomModel starting_custom_model() {
    CustomModel c;
    c.params_b = c.active_b = 7;
    c.layers = 32;
    c.hidden = 4096;
    c.heads = 32;
    c.kv_heads = 8;
    c.head_dim = 128;
    return c;
}

// After the catalog's models: the custom model, an explicit entry (never a silent stand-in for a failed
// search), and the import of a config.json. True when the custom model was chosen.
static bool draw_list_extras(State& s, float row_h) {
    bool changed = false;
    ImGui::Separator();
    if (ImGui::Selectable(tr("Custom model…"), s.model == "custom", 0, ImVec2(0, row_h))) {
        s.model = "custom";
        if (s.custom.params_b <= 0) s.custom = starting_custom_model();
        changed = true;
    }
    focus_ring();
    // A Hugging Face config.json, pasted or dropped: the page's dialog (web/app/) reads it.
    if (ImGui::Selectable(tr("Import a Hugging Face config.json…"), false, 0, ImVec2(0, row_h)))
        host::open_import();
    focus_ring();
    hover_tip(tr("Paste or drop a model's config.json: it is read in this page, never uploaded, and the link carries "
                 "its architecture."));
    return changed;
}

void draw_model(App& app) {
    step_header(2, tr("Model"));
    State s = app.state;
    bool changed = false;
    const TaskPreset* preset = preset_for(app.catalog, s);
    ImGui::SetNextItemWidth(-1);
    ImGui::InputTextWithHint("##search", tr("Search models (name, family, size)"), app.model_search,
                             sizeof app.model_search);
    focus_ring();
    const std::string query = app.model_search;
    const float row_h = em() * 1.5f;
    const float list_h = em() * 10.5f;
    // Matches best first; without a query the task's suggestions lead. The current model is never
    // hidden: when the query filters it out it stays pinned on top, marked as the current one.
    struct Item { const ModelSpec* m; bool suggested; };
    std::vector<Item> items;
    const ModelSpec* current = app.catalog.find_model(s.model);
    // A variant (a base or chat checkpoint) is sized as its catalog model: that row is the current one.
    if (const ModelVariant* v = current ? nullptr : app.catalog.find_variant(s.model)) current = app.catalog.find_model(v->model);
    auto suggested = [&](const ModelSpec& m) {
        return preset && std::find(preset->models.begin(), preset->models.end(), m.id) != preset->models.end();
    };
    const std::vector<const ModelSpec*> found = search_models(app.catalog, query);
    const bool current_found = current && std::find(found.begin(), found.end(), current) != found.end();
    if (current && !current_found) items.push_back({current, suggested(*current)});
    if (query.empty() && preset)
        for (const auto& id : preset->models)
            if (const ModelSpec* m = app.catalog.find_model(id)) items.push_back({m, true});
    for (const ModelSpec* m : found)
        if (!(query.empty() && suggested(*m))) items.push_back({m, suggested(*m)});
    const int matches = int(found.size());
    // Flattened: Tab and the arrow keys move from the search field into the list and out again.
    if (ImGui::BeginChild("models", ImVec2(0, list_h), true, ImGuiWindowFlags_NavFlattened)) {
        // The current model scrolls into view when the list first shows, when the query changes and
        // when the model is changed elsewhere (a link, a task preset) — not after a click in the list.
        static std::string scrolled_for;
        const std::string scroll_key = s.model + "\n" + query;
        if (scroll_key != scrolled_for || ImGui::IsWindowAppearing()) {
            scrolled_for = scroll_key;
            for (size_t i = 0; i < items.size(); ++i)
                if (items[i].m == current) {
                    const float pitch = row_h + ImGui::GetStyle().ItemSpacing.y;
                    ImGui::SetScrollY(ImMax(0.0f, float(i) * pitch - (list_h - pitch) * 0.4f));
                }
        }
        const bool no_match = !query.empty() && matches == 0;
        if (no_match) {
            const std::string q = query.size() > 40 ? query.substr(0, 39) + "…" : query;
            dim_text(std::string(tr("No model matches")) + " “" + q + "”");
        }
        // Rows are one height, so only the visible ones are laid out (the list holds every model).
        ImGuiListClipper clipper;
        clipper.Begin(int(items.size()), row_h + ImGui::GetStyle().ItemSpacing.y);
        while (clipper.Step())
            for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i)
                if (model_row(*items[size_t(i)].m, items[size_t(i)].suggested, i == 0 && current && !current_found,
                              items[size_t(i)].m == current, row_h)) {
                    s.model = items[size_t(i)].m->id;
                    changed = true;
                }
        changed |= draw_list_extras(s, row_h);
        if (changed) scrolled_for = s.model + "\n" + query;  // clicked in the list: it stays where it is
    }
    ImGui::EndChild();
    if (s.model == "custom") changed |= draw_custom_editor(app, s);
    if (s.task != Task::other && app.result.model_found) changed |= draw_formats(app, s);
    if (changed) app.set_state(s);
}

// Partial offload (engine/offload.hpp): one card with part of the model in the host's RAM. When that
// card misses the load, the results say what it delivers, with a switch (draw_advice).
static bool draw_offload(State& s) {
    bool changed = false;
    bool offload = s.offload;
    if (ImGui::Checkbox(tr("Offload to host RAM (llama.cpp, one GPU)"), &offload)) { s.offload = offload; changed = true; }
    focus_ring();
    hover_tip(tr("For a model one card cannot hold: llama.cpp keeps MoE experts or whole layers in the computer's RAM and "
                 "reads them from there. Slower, often enough for one or two users."));
    if (!s.offload) return changed;
    changed |= number_row(tr("Host RAM, GB"), "ram", &s.ram, 4, 4096, true, "%.0f",
                          tr("Installed RAM; 4 GB of it is kept for the system."));
    int ddr = int(s.ddr);
    const char* types[] = {tr("DDR4-3200, two channels (51 GB/s)"), tr("DDR5-5600, two channels (90 GB/s)")};
    if (int_combo(tr("Host RAM type"), "ddr", &ddr, types, 2,
                  tr("Decode reads the offloaded weights from RAM at this rate (about 65 % of it is reached).")))
        { s.ddr = HostRam(ddr); changed = true; }
    return changed;
}

// The GPU to pin (or every GPU) and, beside it, the vendors to consider: the article names NVIDIA
// only; AMD GPUs run ROCm at its measured efficiencies (engine/assumptions.hpp).
static bool draw_gpu_choice(App& app, State& s) {
    bool changed = false;
    const float x0 = ImGui::GetCursorScreenPos().x, gap = ImGui::GetStyle().ItemSpacing.x;
    const float full = ImGui::GetContentRegionAvail().x;
    const float vendor_w = std::max(em() * 6.5f, full * 0.3f), gpu_w = full - vendor_w - gap;
    auto beside = [&] {  // the vendor's column, on the line of the last item (screen coordinates)
        ImGui::SameLine();
        ImGui::SetCursorScreenPos(ImVec2(x0 + gpu_w + gap, ImGui::GetCursorScreenPos().y));
    };
    ImGui::TextUnformatted(tr("GPU"));
    beside();
    ImGui::TextUnformatted(tr("Vendor"));
    tooltip_on_hover(tr("The article names NVIDIA GPUs only. AMD GPUs run ROCm (vLLM and PyTorch have ROCm builds) "
                        "at the efficiencies measured on it, as the assumptions say."));
    std::string preview = s.gpu.empty() ? tr("Every GPU") : s.gpu;
    const GpuSpec* pinned = app.catalog.find_gpu(s.gpu);
    if (pinned) preview = pinned->name;
    ImGui::SetNextItemWidth(gpu_w);
    const bool gpu_open = ImGui::BeginCombo("##gpu", preview.c_str());
    if (!gpu_open) focus_ring();
    if (gpu_open) {
        if (ImGui::Selectable(tr("Every GPU"), s.gpu.empty())) { s.gpu.clear(); changed = true; }
        for (const auto& g : app.catalog.gpus)
            if (ImGui::Selectable(g.name.c_str(), &g == pinned)) { s.gpu = g.id; changed = true; }
        ImGui::EndCombo();
    }
    beside();
    int vendor = int(s.vendor);
    const char* vendors[] = {tr("Any vendor"), "NVIDIA", "AMD"};
    ImGui::SetNextItemWidth(vendor_w);
    if (ImGui::Combo("##vendor", &vendor, vendors, 3)) { s.vendor = VendorFilter(vendor); changed = true; }
    focus_ring();
    return changed;
}

// A combo over an enumerated field's keys, in its table's order (engine/vocabulary.cpp).
template <class E> static bool key_combo(const char* label, const char* id, E* v) {
    const Terms<E> rows = terms<E>();
    const char* items[16];
    int current = 0, n = 0;
    for (const Term<E>& row : rows) {
        if (row.value == *v) current = n;
        if (n < 16) items[n++] = row.key;
    }
    if (!int_combo(label, id, &current, items, n, nullptr)) return false;
    *v = rows.first[current].value;
    return true;
}

// Other GPU work: the memory the work holds, or transcoding's streams, resolution and codec.
static bool draw_other_work_load(State& s) {
    bool changed = false;
    if (s.use != Use::transcode)
        return number_row(tr("Memory the scene / batch needs, GB"), "vram", &s.vram, 1, 1000, true, "%.0f", nullptr);
    changed |= number_row(tr("Concurrent streams"), "streams", &s.streams, 1, 10000, true, "%.0f", nullptr);
    changed |= key_combo(tr("Resolution"), "res", &s.res);
    changed |= key_combo(tr("Codec"), "codec", &s.codec);
    return changed;
}

// The framework the memory and speed assume: three for fine-tuning; for pre-training, Megatron-LM at
// production scale (the trainer's default, hf) or NeMo at its published speed.
bool draw_trainer(State& s) {
    if (s.task == Task::tune) {
        int trainer = int(s.trainer);
        const char* trainers[] = {tr("Hugging Face Trainer + PEFT"), tr("Fused: Unsloth, Liger, torchtune"),
                                  tr("NVIDIA NeMo / Megatron-Bridge")};
        if (!int_combo(tr("Trainer"), "trainer", &trainer, trainers, 3,
                       tr("Plain Hugging Face keeps the full logits in FP32 and the checkpoints on the GPU; "
                          "fused trainers chunk the loss and offload checkpoints, and run LoRA faster; "
                          "NeMo runs at its published speed (MFU 56 %).")))
            return false;
        s.trainer = Trainer(trainer);
        return true;
    }
    int nemo = s.trainer == Trainer::nemo ? 1 : 0;
    const char* frameworks[] = {tr("Megatron-LM at production scale"), tr("NVIDIA NeMo / Megatron-Bridge")};
    if (!int_combo(tr("Framework"), "trainer", &nemo, frameworks, 2,
                   tr("MFU 40 %: a production run on thousands of GPUs (Llama 3 405B); NeMo's benchmarks: 56 %.")))
        return false;
    s.trainer = nemo ? Trainer::nemo : Trainer::hf;
    return true;
}

// The optimizer's bytes per trained parameter: fine-tuning with the Hugging Face or fused trainers
// only (pre-training and NeMo size Megatron's mixed-precision AdamW).
bool draw_optimizer(State& s) {
    if (s.task != Task::tune || s.trainer == Trainer::nemo) return false;
    int optim = int(s.optim);
    const char* optimizers[] = {tr("AdamW, mixed precision (FP32 master)"), tr("AdamW, pure BF16"), tr("8-bit AdamW")};
    if (!int_combo(tr("Optimizer"), "optim", &optim, optimizers, 3,
                   tr("Bytes per trained parameter beside its BF16 weight and gradient: mixed precision keeps FP32 "
                      "master weights and moments (12 B), pure BF16 its moments in BF16 (4 B), 8-bit AdamW in "
                      "8 bits (2 B).")))
        return false;
    s.optim = Optimizer(optim);
    return true;
}

// Fine-tuning and training: rank and trainer, the plan, the data, the batch, MFU, checkpointing,
// sharding and a deadline.
bool draw_training_load(App& app, State& s) {
    bool changed = false;
    if (s.task == Task::tune && s.method != TuneMethod::full)
        changed |= number_row(tr("LoRA rank"), "rank", &s.rank, 1, 512, true, "%.0f", nullptr);
    changed |= draw_trainer(s);
    changed |= draw_optimizer(s);
    changed |= draw_plan_presets(app, s);
    changed |= draw_dataset_or_budget(app, s);
    double seq = s.seq_set ? s.seq : std::min(s.seq, app.result.state.seq);  // as ctx above
    if (number_row(tr("Sequence length"), "seq", &seq, 128, 131072, true, "%.0f", nullptr)) {
        s.seq = seq;
        s.seq_set = changed = true;
    }
    changed |= number_row(tr("Micro-batch per GPU"), "batch", &s.batch, 1, 64, true, "%.0f", nullptr);
    double mfu = (s.mfu || app.result.mfu <= 0 ? effective_mfu(s) : app.result.mfu) * 100;
    if (number_row(tr("Hardware efficiency (MFU), %"), "mfu", &mfu, 5, 70, false, "%.0f",
                   tr("Share of the BF16 dense peak a run reaches at its steady speed. Pre-training: each GPU's "
                      "own (A100 56 %, H100 43 %: the memory-bound work grows with peak / bandwidth); less for MoE. "
                      "A value set here holds on every GPU. FP8 adds its speed-up."))) {
        s.mfu = mfu / 100; changed = true;
    }
    double goodput = effective_goodput(s) * 100;
    if (number_row(tr("Goodput, %"), "goodput", &goodput, 5, 100, false, "%.0f",
                   tr("Share of a run's GPU-hours spent at its steady speed: failures, restarts, checkpoints, "
                      "evaluation and data stalls take the rest. Pre-training 70 % (model cards' hours against "
                      "benchmark speed); 100 % sizes the steady speed alone, as benchmarks measure it."))) {
        s.goodput = goodput / 100; changed = true;
    }
    bool ckpt = s.ckpt;
    if (ImGui::Checkbox(tr("Activation checkpointing"), &ckpt)) { s.ckpt = ckpt; changed = true; }
    focus_ring();
    int zero = s.zero ? *s.zero + 1 : 0;
    const char* zeros[] = {tr("ZeRO: automatic"), "ZeRO-0 (DDP)", "ZeRO-1", "ZeRO-2", "ZeRO-3 / FSDP"};
    if (int_combo(tr("Sharding"), "zero", &zero, zeros, 5, nullptr)) {
        s.zero = zero == 0 ? std::nullopt : std::optional<int>(zero - 1);
        changed = true;
    }
    bool deadline = s.days.has_value();
    if (ImGui::Checkbox(tr("Deadline"), &deadline)) { s.days = deadline ? std::optional<double>(30) : std::nullopt; changed = true; }
    focus_ring();
    if (s.days) {
        double d = *s.days;
        if (number_row(tr("Days"), "days", &d, 1, 365, true, "%.0f", nullptr)) { s.days = d; changed = true; }
    }
    return changed;
}

// The collapsed section: memory reserve, GPU choice, a fixed count, the ranking key, offload.
bool draw_hardware_options(App& app, State& s) {
    bool changed = false;
    const bool more = ImGui::CollapsingHeader(tr("GPU, count, memory reserve and offload"));
    focus_ring();
    if (!more) return false;
    changed |= number_row(tr("Memory reserve, %"), "reserve", &s.reserve, 0, 50, false, "%.0f",
                          tr("Share of each GPU's memory kept free (vLLM --gpu-memory-utilization = 1 - reserve)."));
    changed |= draw_gpu_choice(app, s);
    bool pin = s.n.has_value();
    if (ImGui::Checkbox(tr("Fix the GPU count"), &pin)) { s.n = pin ? std::optional<int>(8) : std::nullopt; changed = true; }
    focus_ring();
    if (s.n) {
        double n = *s.n;
        if (number_row(tr("GPUs in total"), "n", &n, 1, 4096, true, "%.0f", nullptr)) { s.n = int(std::lround(n)); changed = true; }
    }
    int sort = int(s.sort);
    const char* sorts[] = {tr("Rank by cost"), tr("Rank by speed"), tr("Rank by fewest GPUs")};
    if (int_combo(tr("Ranking"), "sort", &sort, sorts, 3, nullptr)) { s.sort = RankBy(sort); changed = true; }
    if (s.task == Task::infer && s.use != Use::asr && s.use != Use::embed) changed |= draw_offload(s);
    return changed;
}

void draw_load(App& app) {
    step_header(app.state.task == Task::other ? 2 : 3, load_step_title(app.state.task));  // other work: no model
    State s = app.state;
    bool changed = false;
    if (s.task == Task::infer && draw_service_load(app, s, changed)) {
        // speech-to-text or embeddings: their own load (panel_services.cpp)
    } else if (s.task == Task::infer) {
        draw_copilot_note(s);
        // A context nobody named shows what was sized: the model's own when it is shorter.
        double ctx = s.ctx_set ? s.ctx : std::min(s.ctx, app.result.state.ctx);
        if (number_row(tr("Context per request, tokens"), "ctx", &ctx, 256, 1048576, true, "%.0f",
                       tr("Maximum tokens one conversation holds (prompt + answer). Sizes the KV cache."))) {
            s.ctx = ctx;
            s.ctx_set = changed = true;
        }
        changed |= number_row(tr("Average prompt, tokens"), "in", &s.in, 1, 262144, true, "%.0f",
                              tr("Prefill work per request: drives time to first token."));
        changed |= number_row(tr("Average answer, tokens"), "out", &s.out, 1, 32768, true, "%.0f", nullptr);
        if (s.rps <= 0)
            changed |= number_row(tr("Concurrent users"), "users", &s.users, 1, 100000, true, "%.0f",
                                  tr("Requests in flight at the same time."));
        changed |= number_row(tr("Target speed per user, tokens/s"), "tps", &s.tps, 1, 200, true, "%.0f",
                              tr("Reading speed is ~5-10 tokens/s; 20+ feels instant."));
        changed |= number_row(tr("Target time to first token, s"), "ttft", &s.ttft, 0.1, 60, true, "%.1f", nullptr);
        changed |= draw_rate_load(s);
        // At a rate the reserve is more requests per second (the fleet is sized for rps × (1 + growth)).
        changed |= number_row(s.rps > 0 ? tr("Growth reserve, % more requests") : tr("Growth reserve, % more users"),
                              "growth", &s.growth, 0, 500, false, "%.0f", tr("The guide: keep a reserve for load growth."));
        changed |= draw_workload_load(s);
    } else if (s.task == Task::tune || s.task == Task::train) {
        changed |= draw_training_load(app, s);
    } else {
        changed |= draw_other_work_load(s);
    }
    ImGui::Spacing();
    // A link that pins the GPU, the count or an offload opens the section it set.
    if (!s.gpu.empty() || s.n || s.offload || s.vendor != VendorFilter::any)
        ImGui::SetNextItemOpen(true, ImGuiCond_Appearing);
    changed |= draw_hardware_options(app, s);
    if (changed) app.set_state(s);
}

const char* load_step_title(Task t) {
    switch (t) {
        case Task::infer: return tr("Load");
        case Task::tune: return tr("Dataset and training setup");
        case Task::train: return tr("Dataset and training setup");
        case Task::other: return tr("Workload");
    }
    return tr("Load");
}

}  // namespace gpusizer::ui
