// Error bands of figures (accuracy.hpp): which family a figure belongs to, and its band.
#include "report/accuracy.hpp"

#include <cmath>
#include <cstring>
#include <optional>

#include "engine/codes.hpp"
#include "engine/tasks.hpp"

namespace gpusizer {
namespace {

using accuracy_data::kCheckCount;
using accuracy_data::kChecks;
using accuracy_data::kFamilies;
using accuracy_data::kFamilyCount;

bool one_of(std::string_view f, std::initializer_list<std::string_view> names) {
    for (std::string_view n : names)
        if (f == n) return true;
    return false;
}

// Figures that follow from the fleet's size or the job's duration: they are as right as the
// speed or time figure that set it (a price is a catalog fact, the count is the estimate).
bool sized_by_estimate(std::string_view f) {
    return one_of(f, {"count", "servers", "replicas", "cost_per_hour", "cost_per_month", "cost_per_mtok", "cost_total"});
}

std::string_view serving_family(const Option& o, std::string_view f) {
    if (o.offload && o.offload->moves_weights() && one_of(f, {"decode_tps_per_user", "tpot_ms", "total_tps", "ttft_s"}))
        return "offload_decode";
    if (one_of(f, {"per_gpu_gb", "kv_cache_tokens", "kv_cache_gb", "max_concurrency"})) return "serving_memory";
    // At a request rate the fleet is sized by the percentiles (engine/slo.hpp).
    if (o.slo && (one_of(f, {"slo_ttft_s", "slo_tpot_s", "slo_rps_max"}) || sized_by_estimate(f)))
        return "serving_percentile";
    // The request's shape (engine/workload.hpp): the answer's start is decode arithmetic; speculation,
    // adapters and a session's restore have families of their own.
    if (f == "spec_speedup") return "speculative";
    if (f == "lora_step_pct") return "lora";
    if (f == "ttft_turn_s") return "session_restore";
    if (one_of(f, {"decode_tps_per_user", "tpot_ms", "first_visible_s"})) return "serving_decode";
    if (f == "ttft_s") return "serving_ttft";
    if (f == "total_tps" || f == "users_served" || sized_by_estimate(f)) return "serving_throughput";
    return {};
}

// The checks of `family` nearest to this configuration: same model (the checkpoint, or the catalog
// entry a variant is sized as) and GPU, then same model, then same GPU, then the first (file order).
const CheckRun* nearest_check(std::string_view family, const Result& r, const std::string& gpu) {
    const CheckRun* best = nullptr;
    int best_score = -1;
    for (std::size_t i = 0; i < kCheckCount; ++i) {
        const CheckRun& c = kChecks[i];
        if (family != c.family) continue;
        const bool model = r.state.model == c.model || (!r.architecture_id.empty() && r.architecture_id == c.model);
        const int score = 2 * model + (gpu == c.gpu);
        if (score > best_score) best = &c, best_score = score;
    }
    return best;
}

}  // namespace

const FamilyBand* family_band(std::string_view family) {
    for (std::size_t i = 0; i < kFamilyCount; ++i)
        if (family == kFamilies[i].family) return &kFamilies[i];
    return nullptr;
}

std::string_view figure_family(const Result& r, const Option& o, std::string_view f) {
    const State& s = r.state;
    switch (s.task) {
        case Task::infer:
            if (s.use == Use::asr)
                return one_of(f, {"audio_x_realtime", "streams_served"}) || sized_by_estimate(f) ? "speech" : "";
            if (s.use == Use::embed)
                return one_of(f, {"qps_capacity", "index_hours"}) || sized_by_estimate(f) ? "embedding" : "";
            return serving_family(o, f);
        case Task::tune:
        case Task::train: {
            if (f == "per_gpu_gb") return s.task == Task::tune ? "finetune_memory" : "training_memory";
            const bool time = one_of(f, {"gpu_hours", "days", "energy_mwh"}) || sized_by_estimate(f);
            return time ? (s.task == Task::tune ? "finetune_time" : "training_time") : "";
        }
        default:
            return {};  // other GPU work: ranked by catalog facts, not estimates
    }
}

FigureAccuracy figure_accuracy(const Result& r, const Option& o, std::string_view figure) {
    FigureAccuracy a;
    a.figure = std::string(figure);
    const std::string_view family = figure_family(r, o, figure);
    if (family.empty()) return a;
    a.band = family_band(family);
    if (a.band && a.band->n_checks > 0) a.nearest = nearest_check(family, r, o.gpu_id);
    return a;
}

namespace {

// Each figure's value in an option (member pointers: a table of constants, no code per figure).
template <typename T>
struct FigureField {
    const char* figure;
    T Option::*field;
};
constexpr FigureField<Range> kRanges[] = {
    {"per_gpu_gb", &Option::per_gpu_gb}, {"decode_tps_per_user", &Option::decode_tps_per_user},
    {"tpot_ms", &Option::tpot_ms}, {"total_tps", &Option::total_tps}, {"ttft_s", &Option::ttft_s},
    {"audio_x_realtime", &Option::audio_x_realtime}, {"qps_capacity", &Option::qps_capacity},
    {"index_hours", &Option::index_hours}, {"gpu_hours", &Option::gpu_hours}, {"days", &Option::days}};
constexpr FigureField<double> kNumbers[] = {
    {"kv_cache_tokens", &Option::kv_cache_tokens}, {"users_served", &Option::users_served},
    {"streams_served", &Option::streams_served}, {"energy_mwh", &Option::energy_mwh}};
constexpr FigureField<std::optional<double>> kCosts[] = {
    {"cost_per_hour", &Option::cost_per_hour}, {"cost_per_month", &Option::cost_per_month},
    {"cost_per_mtok", &Option::cost_per_mtok}, {"cost_total", &Option::cost_total}};

}  // namespace

bool figure_applies(const Option& o, std::string_view f) {
    if (one_of(f, {"slo_ttft_s", "slo_tpot_s", "slo_rps_max"})) return o.slo.has_value();
    if (o.workload) {
        const WorkloadFigures& w = *o.workload;
        if (f == "first_visible_s") return w.thinking > 0;
        if (f == "spec_speedup") return w.tokens_per_step > 1;
        if (f == "lora_step_pct") return w.adapters_host_gb > 0;
        if (f == "ttft_turn_s") return w.ttft_turn_s > 0;
    }
    for (const auto& x : kRanges)
        if (f == x.figure) return (o.*x.field).mid > 0;
    for (const auto& x : kNumbers)
        if (f == x.figure) return o.*x.field > 0;
    for (const auto& x : kCosts)
        if (f == x.figure) return (o.*x.field).value_or(0) > 0;
    return f == "count" && o.count > 0;
}

std::vector<FigureAccuracy> result_accuracy(const Result& r) {
    std::vector<FigureAccuracy> list;
    if (r.options.empty()) return list;
    const Option& o = r.options[r.recommended >= 0 ? std::size_t(r.recommended) : 0];
    static const char* const kFigures[] = {
        "per_gpu_gb", "kv_cache_tokens", "decode_tps_per_user", "tpot_ms", "total_tps", "ttft_s",
        "users_served", "audio_x_realtime", "streams_served", "qps_capacity", "index_hours",
        "gpu_hours", "days", "energy_mwh", "count", "cost_per_hour", "cost_per_month", "cost_per_mtok", "cost_total",
        "slo_ttft_s", "slo_tpot_s", "slo_rps_max", "first_visible_s", "spec_speedup", "lora_step_pct", "ttft_turn_s"};
    for (const char* f : kFigures) {
        if (!figure_applies(o, f)) continue;
        FigureAccuracy a = figure_accuracy(r, o, f);
        if (a.band) list.push_back(std::move(a));
    }
    return list;
}

Message accuracy_message(const FigureAccuracy& a) {
    if (!a.band || a.band->n_checks == 0) return Message(code::accuracy_none);
    return Message(code::accuracy_band).num("median", a.band->median_abs_error_pct).num("n", a.band->n_checks)
        .num("worst", a.band->worst_error_pct).num("misses", a.band->misses);
}

Message accuracy_nearest_message(const FigureAccuracy& a) {
    if (!a.nearest) return Message();
    return Message(code::accuracy_nearest).str("case", a.nearest->id).num("error", a.nearest->error_pct)
        .str("url", a.nearest->source);
}

}  // namespace gpusizer
