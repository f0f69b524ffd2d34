// Error bands in words (accuracy_text.hpp).
#include "report/accuracy_text.hpp"

#include <algorithm>

#include "engine/codes.hpp"

namespace gpusizer {
namespace {

struct FigureName {
    const char* figure;
    const char* label;  // a UI string: text::ui translates it
};
// The names the page gives these figures (panel_results.cpp, panel_services.cpp).
constexpr FigureName kNames[] = {
    {"per_gpu_gb", "Memory per GPU"},          {"kv_cache_tokens", "KV cache, tokens"},
    {"decode_tps_per_user", "Tokens/s per user"}, {"tpot_ms", "Time per output token"},
    {"total_tps", "Total tokens/s"},           {"ttft_s", "Time to first token"},
    {"users_served", "Users served"},          {"audio_x_realtime", "Audio per GPU, × realtime"},
    {"streams_served", "Live streams served"}, {"qps_capacity", "Queries per second"},
    {"index_hours", "Embed the corpus"},       {"gpu_hours", "GPU-hours"},
    {"days", "Time"},                          {"energy_mwh", "Energy"},
    {"count", "GPUs in total"},                {"cost_per_hour", "Cost per hour"},
    {"cost_per_month", "Cost per month"},      {"cost_per_mtok", "Cost per million tokens"},
    {"cost_total", "Cost per run"},
    {"slo_ttft_s", "Time to first token at the percentile"},
    {"slo_tpot_s", "Time per output token at the percentile"},
    {"slo_rps_max", "Requests per second within the targets"},
    {"first_visible_s", "Answer starts after"},   {"spec_speedup", "Speculative decoding"},
    {"lora_step_pct", "LoRA adapters"},           {"ttft_turn_s", "First token of a later turn"},
};

// What the nearest run ran, by the names the result knows: the model's name when it is this
// result's model, else its id without the organisation; the GPU's name when an option has it,
// else its id. A custom model (a config.json) is left out: the run names only its GPU.
std::string run_text(const Result& r, const CheckRun& c) {
    std::string model = c.model, gpu = c.gpu;
    if (model == "custom") model.clear();
    else if (r.model_found && model == r.model.id && !r.model.name.empty()) model = r.model.name;
    else if (const auto slash = model.find('/'); slash != std::string::npos) model = model.substr(slash + 1);
    for (const Option& o : r.options)
        if (!gpu.empty() && o.gpu_id == gpu) {
            gpu = o.gpu_name;
            break;
        }
    if (model.empty() && gpu.empty()) return c.id;
    return model.empty() || gpu.empty() ? model + gpu : model + ", " + gpu;
}

}  // namespace

std::string figure_label(std::string_view figure, text::Lang lang) {
    for (const FigureName& n : kNames)
        if (figure == n.figure) return text::ui(n.label, lang);
    return {};
}

AccuracyLine accuracy_line(const Result& r, const Option& o, std::string_view figure, text::Lang lang) {
    AccuracyLine l;
    l.numbers = figure_accuracy(r, o, figure);
    l.label = figure_label(figure, lang);
    if (l.label.empty()) l.label = std::string(figure);
    if (!l.numbers.band) return l;
    l.band = text::render(accuracy_message(l.numbers), lang);
    if (const CheckRun* c = l.numbers.nearest) {
        l.run = run_text(r, *c);
        const Message nearest = Message(code::accuracy_nearest_run).str("run", l.run).num("error", c->error_pct);
        l.nearest = text::render(nearest, lang);
        l.url = c->source;
    }
    return l;
}

std::vector<AccuracyLine> accuracy_lines(const Result& r, text::Lang lang) {
    std::vector<AccuracyLine> lines;
    if (r.options.empty()) return lines;
    const Option& o = r.options[r.recommended >= 0 ? std::size_t(r.recommended) : 0];
    for (const FigureAccuracy& a : result_accuracy(r)) lines.push_back(accuracy_line(r, o, a.figure, lang));
    return lines;
}

std::vector<AccuracyGroup> accuracy_groups(const std::vector<AccuracyLine>& lines) {
    std::vector<AccuracyGroup> groups;
    for (const AccuracyLine& l : lines) {
        if (!l.numbers.band) continue;
        auto same = std::find_if(groups.begin(), groups.end(),
                                 [&](const AccuracyGroup& g) { return g.family == l.numbers.band->family; });
        if (same != groups.end()) same->labels += " · " + l.label;
        else groups.push_back({l.numbers.band->family, l.label, l.band, l.nearest, l.url});
    }
    return groups;
}

std::string figure_band_text(const Result& r, const Option& o, std::string_view figure, text::Lang lang) {
    const FigureAccuracy a = figure_accuracy(r, o, figure);
    return a.band ? text::render(accuracy_message(a), lang) : std::string();
}

const char* accuracy_note(text::Lang lang) {
    return text::ui("Each estimate's error on published runs that no constant of the engine was set on: "
                    "error = estimate − published, in % of the published figure.", lang);
}

}  // namespace gpusizer
