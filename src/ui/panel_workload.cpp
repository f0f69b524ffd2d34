// The request's shape (engine/workload.hpp) in the load step: prefix cache, sessions, sub-agents,
// reasoning, speculative decoding, LoRA adapters; and its figures beside the recommendation's.
#include <algorithm>
#include <string>

#include "engine/workload.hpp"
#include "report/report.hpp"
#include "ui/app.hpp"
#include "ui/i18n.hpp"
#include "ui/panels.hpp"
#include "ui/widgets.hpp"

namespace gpusizer::ui {
namespace {

// A whole-number key edited in a number row.
bool whole_row(const char* label, const char* id, int* v, double min, double max, bool log, const char* help) {
    double d = *v;
    if (!number_row(label, id, &d, min, max, log, "%.0f", help)) return false;
    *v = int(d + 0.5);
    return true;
}

bool draw_sessions(State& s) {
    bool changed = whole_row(tr("Turns per session"), "turns", &s.turns, 1, 1000, true,
                             tr("A conversation or an agent's calls to the model. Later turns reuse the session's KV, "
                                "so they prefill only what is new."));
    if (s.turns > 1) {
        changed |= number_row(tr("New tokens per turn"), "grow", &s.grow, 0, 262144, true, "%.0f",
                              tr("The next message or a tool's output. The previous answer stays in the context too."));
        changed |= number_row(tr("Seconds between turns"), "gap", &s.gap, 0, 3600, true, "%.1f",
                              tr("A tool call or the user reading. The session's KV waits meanwhile: in GPU memory, "
                                 "host RAM or NVMe, or it is recomputed."));
    }
    changed |= whole_row(tr("Requests per turn (sub-agents)"), "fanout", &s.fanout, 1, 100, false,
                         tr("Each turn runs this many requests at once; the load counts each of them."));
    return changed;
}

bool draw_reasoning(State& s, float x_end) {
    bool changed = false;
    dim_text(tr("Reasoning before the answer"));
    ChipRow row{x_end};
    const struct { ThinkLevel level; const char* label; } levels[] = {
        {ThinkLevel::none, tr("Off")}, {ThinkLevel::low, tr("Low")}, {ThinkLevel::med, tr("Medium")},
        {ThinkLevel::high, tr("High")}};
    for (const auto& l : levels) {
        const bool on = s.think_level == l.level && (l.level != ThinkLevel::none || s.think == 0);
        if (row.chip_at(l.label, on)) {
            s.think_level = l.level;
            s.think = 0;
            changed = true;
        }
    }
    double tokens = answer_tokens(s) - std::max(1.0, s.out);
    if (number_row(tr("Thinking tokens per answer"), "think", &tokens, 0, 131072, true, "%.0f",
                   tr("Decoded before the visible answer: they take time, KV cache and cost like answer tokens. "
                      "Low 1,000, medium 4,000, high 12,000 (DeepSeek-R1's average on AIME)."))) {
        s.think_level = ThinkLevel::none;
        s.think = tokens;
        changed = true;
    }
    return changed;
}

bool draw_decoding(State& s) {
    bool changed = whole_row(tr("Draft tokens per step (0 = off)"), "spec", &s.spec, 0, 16, false,
                             tr("Speculative decoding: the model's own MTP layers where it has them, else an EAGLE-3 "
                                "head. Faster at small batches; the gain shrinks as the batch grows."));
    changed |= whole_row(tr("LoRA adapters served"), "loras", &s.loras, 0, 10000, true,
                         tr("Adapters on one base model: a batch mixes up to 8 of them on the GPU, the rest wait in "
                            "host RAM."));
    if (s.loras > 0)
        changed |= whole_row(tr("LoRA rank"), "lora_rank", &s.lora_rank, 1, 512, true, nullptr);
    return changed;
}

}  // namespace

bool draw_workload_load(State& s) {
    const bool set = s.prefix > 0 || s.turns > 1 || s.fanout > 1 || s.spec > 0 || s.loras > 0 ||
                     s.think > 0 || s.think_level != ThinkLevel::none;
    if (set) ImGui::SetNextItemOpen(true, ImGuiCond_Appearing);
    if (!ImGui::CollapsingHeader(tr("Sessions, prefix cache, reasoning, speculation, adapters"))) return false;
    const float x_end = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
    double percent = s.prefix * 100;
    bool changed = false;
    if (number_row(tr("Prompt share in the prefix cache, %"), "prefix", &percent, 0, 100, false, "%.0f",
                   tr("Already cached: not prefilled, still attended. A prefix every session shares (system prompt, "
                      "tools), held once."))) {
        s.prefix = percent / 100;
        changed = true;
    }
    changed |= draw_sessions(s);
    changed |= draw_reasoning(s, x_end);
    changed |= draw_decoding(s);
    return changed;
}

void draw_workload_figures(const Option& o, const std::string& currency, FigureGrid& cell) {
    if (!o.workload) return;
    const WorkloadFigures& f = *o.workload;
    const text::Lang L = lang();
    auto own = [&](const char* key) { return formula_of(o.explanations, key); };
    if (f.thinking > 0) {
        cell(tr("Answer starts after"), text::with_unit(f.first_visible_s, 1, "s", L), own("workload.think"),
             "first_visible_s");
        if (f.cost_per_answer)
            cell(tr("Cost per answer"), text::money(*f.cost_per_answer, currency, L),
                 tr("the option's cost per million tokens × the tokens one request decodes, thinking included"),
                 "cost_per_mtok");
    }
    if (f.tokens_per_step > 1)
        cell(tr("Speculative decoding"), text::number(f.spec_speedup, 2, L) + "×", own("workload.spec"), "spec_speedup");
    if (f.ttft_turn_s > 0)
        cell(tr("First token of a later turn"), text::with_unit(f.ttft_turn_s, 2, "s", L), own("workload.session"),
             "ttft_turn_s");
    if (f.adapters_host_gb > 0)
        cell(tr("LoRA adapters"), "+" + text::number(f.lora_step_pct, 1, L) + " %", own("workload.lora"), "lora_step_pct");
}

}  // namespace gpusizer::ui
