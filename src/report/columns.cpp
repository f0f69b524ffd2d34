// The results columns (columns.hpp): one table row per column, in the agreed order.
#include "report/columns.hpp"

#include <cmath>

namespace gpusizer {

namespace {

// The tasks that show a column (bits).
enum TaskBit : unsigned { chat = 1u, asr = 2u, embed = 4u, tune = 8u, train = 16u, other = 32u };
constexpr unsigned kServe = chat | asr | embed, kJob = tune | train, kSplit = kServe | kJob, kAll = kSplit | other;
constexpr unsigned kEverywhere = on_page | in_export | in_summary;

}  // namespace

// How a column's number reads.
enum class CellFormat {
    name,         // the GPU's name
    whole,        // 12, 12 000
    fixed1,       // 12.3
    fixed2,       // 0.25
    compact1,     // 1.5k
    compact2,     // 2.25, 31k
    used_of,      // GB per GPU: "40.1 / 48" (used / usable after the reserve)
    hours,        // a duration given in hours: "3.2 h", "5 days"
    days,         // a duration given in days
    energy,       // MWh
    yes_no,       // fits
    money,        // a price; "no price" without one
    score,        // other work's figure with its unit: "27.8 FP32, TFLOPS"
    notes,        // why not, and the warnings
};

struct ColumnDef {
    ColumnId id;
    const char* header;  // English: the text code (text::ui gives the Russian)
    const char* figure;  // the option's JSON field, when it has an error band
    double (*number)(const Option&);
    bool (*applies)(const Option&);  // false: "—" ("no price" for a cost)
    CellFormat format;
    unsigned tasks, surfaces;
};

namespace {

bool always(const Option&) { return true; }
bool has_speed(const Option& o) { return o.decode_tps_per_user.mid > 0; }
bool transcribes(const Option& o) { return o.audio_x_realtime.mid > 0; }

// The number is the figure; it applies when it is above zero.
#define GS_POSITIVE(expr) [](const Option& o) { return double(expr); }, [](const Option& o) { return (expr) > 0; }
// A layout degree: only for an option that found a layout.
#define GS_LAYOUT(field) [](const Option& o) { return double(o.field); }, [](const Option& o) { return o.count > 0 && o.field > 0; }

const ColumnDef kColumns[] = {
    {ColumnId::gpu, "GPU", nullptr, [](const Option&) { return 0.0; }, always, CellFormat::name, kAll,
     in_export | in_summary},
    {ColumnId::count, "GPUs", "count", GS_POSITIVE(o.count), CellFormat::whole, kAll, kEverywhere},
    // 48 cards are 6 servers: what is bought and racked (engine: servers_for_gpus).
    {ColumnId::servers, "Servers", "servers", GS_POSITIVE(o.servers), CellFormat::whole, kAll, kEverywhere},
    // How each option splits the model: tensor and pipeline parallel degrees, and the copies beside
    // them (serving replicas; data-parallel ranks in training). Other work splits nothing.
    {ColumnId::tp, "TP", nullptr, GS_LAYOUT(tp), CellFormat::whole, kSplit, in_export},
    {ColumnId::pp, "PP", nullptr, GS_LAYOUT(pp), CellFormat::whole, kSplit, in_export},
    {ColumnId::replicas, "Replicas", nullptr, GS_LAYOUT(replicas), CellFormat::whole, kServe, in_export},
    {ColumnId::dp, "DP", nullptr, GS_LAYOUT(dp), CellFormat::whole, kJob, in_export},
    {ColumnId::fits, "Fits", nullptr, [](const Option& o) { return o.fits ? 1.0 : 0.0; }, always, CellFormat::yes_no, kAll,
     in_export | in_summary},
    {ColumnId::per_gpu_gb, "GB/GPU", "per_gpu_gb", GS_POSITIVE(o.per_gpu_gb.mid), CellFormat::used_of, kAll, kEverywhere},
    {ColumnId::x_realtime, "× realtime", "audio_x_realtime", GS_POSITIVE(o.audio_x_realtime.mid), CellFormat::whole, asr,
     kEverywhere},
    {ColumnId::live_streams, "Live streams", "streams_served", [](const Option& o) { return o.streams_served; },
     transcribes, CellFormat::whole, asr, kEverywhere},
    {ColumnId::qps, "QPS", "qps_capacity", GS_POSITIVE(o.qps_capacity.mid), CellFormat::whole, embed, kEverywhere},
    {ColumnId::index_time, "Index time", "index_hours", GS_POSITIVE(o.index_hours.mid), CellFormat::hours, embed,
     kEverywhere},
    {ColumnId::tok_s_user, "tok/s/user", "decode_tps_per_user", GS_POSITIVE(o.decode_tps_per_user.mid),
     CellFormat::fixed1, chat, kEverywhere},
    {ColumnId::ttft, "TTFT, s", "ttft_s", [](const Option& o) { return o.ttft_s.mid; }, has_speed, CellFormat::fixed2, chat,
     on_page | in_export},
    {ColumnId::total_tps, "total tok/s", "total_tps", [](const Option& o) { return o.total_tps.mid; }, has_speed,
     CellFormat::compact1, chat, on_page | in_export},
    {ColumnId::gpu_hours, "GPU-hours", "gpu_hours", GS_POSITIVE(o.gpu_hours.mid), CellFormat::compact2, kJob, kEverywhere},
    // Wall-clock time in the job's own scale (minutes, hours or days).
    {ColumnId::time, "Time", "days", GS_POSITIVE(o.days.mid), CellFormat::days, kJob, kEverywhere},
    {ColumnId::energy, "Energy", nullptr, [](const Option& o) { return o.energy_mwh; }, always, CellFormat::energy, kJob,
     in_export},
    {ColumnId::score, "Score", nullptr, GS_POSITIVE(o.score), CellFormat::score, other, kEverywhere},
    // A job is ranked by what the whole run costs (engine sizing.cpp: better): per run comes first.
    {ColumnId::cost_total, "Per run", "cost_total", [](const Option& o) { return o.cost_total.value_or(1e30); },
     [](const Option& o) { return o.cost_total.has_value(); }, CellFormat::money, kJob, kEverywhere},
    {ColumnId::cost_per_hour, "Cost/h", "cost_per_hour", [](const Option& o) { return o.cost_per_hour.value_or(1e30); },
     [](const Option& o) { return o.cost_per_hour.has_value(); }, CellFormat::money, kAll, kEverywhere},
    {ColumnId::notes, "Why not / notes", nullptr, [](const Option&) { return 0.0; }, always, CellFormat::notes, kAll,
     in_export | in_summary},
};

#undef GS_POSITIVE
#undef GS_LAYOUT

unsigned task_bit(const State& s) {
    switch (s.task) {
        case Task::tune: return tune;
        case Task::train: return train;
        case Task::other: return other;
        case Task::infer: break;
    }
    return s.use == Use::asr ? asr : s.use == Use::embed ? embed : chat;
}

bool is_job(const State& s) { return s.task == Task::tune || s.task == Task::train; }

// The column the engine ranked by (State::sort): cost (per run for a job), the task's speed figure
// (time for a job, the score for other work), or the GPU count.
ColumnId ranked_column(const State& s) {
    if (s.sort == RankBy::gpus) return ColumnId::count;
    if (s.sort == RankBy::cost) return is_job(s) ? ColumnId::cost_total : ColumnId::cost_per_hour;
    if (is_job(s)) return ColumnId::time;
    if (s.task == Task::other) return ColumnId::score;
    return s.use == Use::asr ? ColumnId::x_realtime : s.use == Use::embed ? ColumnId::qps : ColumnId::tok_s_user;
}

}  // namespace

int capacity_decimals(double used_gb, double capacity_gb) {
    return std::abs(capacity_gb - used_gb) < 1.0 ? 1 : 0;
}

std::string option_notes(const Option& o, text::Lang lang) {
    std::string note = text::render(o.reason, lang);
    for (const auto& w : o.warnings) note += (note.empty() ? "" : "; ") + text::render(w, lang);
    return note;
}

std::string ResultColumn::cell(const Option& o) const {
    const double v = def->number(o);
    const CellFormat f = def->format;
    if (f == CellFormat::name) return o.gpu_name;
    if (f == CellFormat::notes) {
        const std::string note = option_notes(o, lang);
        return note.empty() ? std::string(text::dash()) : note;
    }
    if (f == CellFormat::yes_no) return text::ui(o.fits ? "yes" : "no", lang);
    if (!def->applies(o)) return f == CellFormat::money ? text::ui("no price", lang) : std::string(text::dash());
    switch (f) {
        case CellFormat::whole: return text::number(v, 0, lang);
        case CellFormat::fixed1: return text::number(v, 1, lang);
        case CellFormat::fixed2: return text::number(v, 2, lang);
        case CellFormat::compact1: return text::compact(v, 1, lang);
        case CellFormat::compact2: return text::compact(v, 2, lang);
        case CellFormat::used_of:
            return text::number(v, 1, lang) + " / " + text::number(o.capacity_gb, capacity_decimals(v, o.capacity_gb), lang);
        case CellFormat::hours: return text::duration_hours(v, lang);
        case CellFormat::days: return text::duration_hours(v * 24, lang);
        case CellFormat::energy: return text::energy_mwh(v, lang);
        case CellFormat::money: return text::money(v, result->currency, lang);
        case CellFormat::score: return text::number(v, 1, lang) + " " + text::render(o.score_label, lang);
        default: return {};
    }
}

double ResultColumn::number(const Option& o) const { return def->number(o); }

std::vector<ResultColumn> result_columns(const Result& r, text::Lang lang, ColumnSurface where) {
    std::vector<ResultColumn> out;
    const unsigned task = task_bit(r.state);
    const ColumnId ranked = ranked_column(r.state);
    for (const ColumnDef& d : kColumns) {
        if (!(d.tasks & task) || !(d.surfaces & where)) continue;
        std::string header = text::ui(d.header, lang);
        if (d.format == CellFormat::money) header += ", " + r.currency;
        out.push_back({d.id, std::move(header), d.figure, d.id == ranked, &d, &r, lang});
    }
    return out;
}

}  // namespace gpusizer
