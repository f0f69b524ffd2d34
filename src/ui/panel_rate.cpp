// Serving at a request rate (engine/slo.hpp): the load rows that switch it on, the headline figures
// at the percentile, and the latency-versus-rate series the chart draws.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "engine/length_presets.hpp"
#include "text/text.hpp"
#include "ui/i18n.hpp"
#include "ui/panels.hpp"
#include "ui/widgets.hpp"

namespace gpusizer::ui {
namespace {

constexpr double kPercentiles[] = {50, 90, 95, 99};
const char* const kPercentileNames[] = {"p50", "p90", "p95", "p99"};

int percentile_index(double pct) {
    int best = 0;
    for (int i = 0; i < 4; ++i)
        if (std::abs(kPercentiles[i] - pct) < std::abs(kPercentiles[best] - pct)) best = i;
    return best;
}

// Request lengths of a kind of traffic (engine/length_presets.hpp): a chip per kind writes the
// prompt and answer means and their spread; its tip says where the figures come from.
bool draw_length_presets(State& s) {
    bool changed = false;
    dim_text(tr("Request lengths like"));
    ChipRow row{ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x};
    std::size_t n = 0;
    const LengthPreset* presets = length_presets(&n);
    for (std::size_t i = 0; i < n; ++i) {
        const LengthPreset& p = presets[i];
        const bool on = s.in == p.in && s.out == p.out && s.spread == p.spread;
        if (row.chip_at(text::message_template(p.name, lang()), on)) {
            s.in = p.in;
            s.out = p.out;
            s.spread = p.spread;
            s.ctx = std::max(s.ctx, p.in + p.out);  // the request must fit its context
            changed = true;
        }
        tooltip_on_hover(std::string(text::message_template(p.basis, lang())) + "\n" + p.source);
    }
    return changed;
}

std::string pct_label(double pct) { return "p" + text::number(pct, pct == double(int(pct)) ? 0 : 1, lang()); }

}  // namespace

namespace {

// How the server fits prompts between running answers (sched=): it moves every latency, not only
// the rate's.
bool draw_scheduler(State& s) {
    int sched = int(s.sched);
    const char* schedulers[] = {tr("Prompts ride in decode steps (vLLM, TensorRT-LLM)"),
                                tr("Prompts in steps of their own (SGLang)")};
    if (int_combo(tr("Scheduler"), "sched", &sched, schedulers, 2,
                  tr("How the server fits new prompts between the running answers: vLLM V1 and TensorRT-LLM put "
                     "prompt chunks into the decode steps; SGLang's default (and vLLM before V1) runs prompts in "
                     "steps of their own while every answer waits, so answers slow more under load."))) {
        s.sched = Scheduler(sched);
        return true;
    }
    return false;
}

}  // namespace

bool draw_rate_load(State& s) {
    bool changed = false;
    bool by_rate = s.rps > 0;
    if (ImGui::Checkbox(tr("Size for a request rate (percentile targets)"), &by_rate)) {
        s.rps = by_rate ? std::max(1.0, std::round(s.users / 10)) : 0;
        changed = true;
    }
    tooltip_on_hover(tr("Instead of concurrent users: requests per second arriving at random, with the time to first "
                   "token and the speed held at a percentile (95 % of requests, 99 %…), as MLPerf's Server scenario "
                   "judges. The fleet gets the replicas the rate needs plus a spare."));
    if (!by_rate) return changed | draw_scheduler(s);
    changed |= draw_length_presets(s);
    changed |= number_row(tr("Requests per second"), "rps", &s.rps, 0.01, 100000, true, "%.2f",
                          tr("Mean requests per second over the whole fleet."));
    int pct = percentile_index(s.pct);
    if (int_combo(tr("Targets hold at"), "pct", &pct, kPercentileNames, 4,
                  tr("The share of requests that must meet the time to first token and the speed."))) {
        s.pct = kPercentiles[pct];
        changed = true;
    }
    changed |= number_row(tr("Burstiness (1 = random arrivals)"), "burst", &s.burst, 0, 20, false, "%.1f",
                          tr("Coefficient of variation of the time between requests: 1 is Poisson (independent "
                             "users), above 1 requests come in bursts."));
    changed |= number_row(tr("Length spread"), "spread", &s.spread, 0, 10, false, "%.1f",
                          tr("Coefficient of variation of prompt and answer lengths: 0 = every request the same "
                             "length, 1 = lengths as varied as their mean."));
    double spare = s.spare;
    if (number_row(tr("Spare replicas"), "spare", &spare, 0, 100, false, "%.0f",
                   tr("Replicas kept beside those the rate needs, for failures and maintenance (N+1)."))) {
        s.spare = int(spare);
        changed = true;
    }
    return changed | draw_scheduler(s);
}

bool draw_rate_figures(const State& s, const Option& o, FigureGrid& cell) {
    if (!o.slo) return false;
    const SloFigures& f = *o.slo;
    const text::Lang L = lang();
    const std::string p = pct_label(s.pct);
    cell(tr("Requests/s within the targets"), text::number(f.rps_max, f.rps_max < 10 ? 2 : 0, L),
         text::number(f.rps_max_per_replica, 2, L) + " " + tr("per replica, of") + " " +
             text::number(f.saturation_rps, 2, L) + " " + tr("at its batch limit") + "\n" + tr("asked:") + " " +
             text::number(f.rps, 2, L),
         "slo_rps_max");
    cell((tr("Time to first token") + std::string(", ") + p).c_str(), text::with_unit(f.at.ttft_at_pct, 2, "s", L),
         "p50 " + text::with_unit(f.at.ttft_s.p50, 3, "s", L) + " · p90 " + text::with_unit(f.at.ttft_s.p90, 3, "s", L) +
             " · p99 " + text::with_unit(f.at.ttft_s.p99, 3, "s", L) + "\n" +
             tr("queueing for the prompt budget and for a batch slot at the asked rate, per active replica"),
         "slo_ttft_s");
    cell((tr("Time per output token") + std::string(", ") + p).c_str(),
         text::with_unit(f.at.tpot_at_pct * 1e3, 1, "ms", L),
         "p50 " + text::with_unit(f.at.tpot_s.p50 * 1e3, 1, "ms", L) + " · p99 " +
             text::with_unit(f.at.tpot_s.p99 * 1e3, 1, "ms", L) + "\n" +
             tr("the step time at the batch this percentile of requests decodes with"),
         "slo_tpot_s");
    cell(tr("Replicas (active + spare)"),
         std::to_string(f.replicas_needed) + " + " + std::to_string(f.spare),
         tr("utilisation of each active replica:") + std::string(" ") +
             text::number(f.at.utilization * 100, 0, L) + " %; " + tr("requests in flight per replica:") + " " +
             text::number(f.at.concurrency, 1, L),
         nullptr);
    return true;
}

void fill_rate_charts(const State& s, const Option& o, App::Series& ttft, App::Series& tpot) {
    ttft = tpot = App::Series{};
    if (!o.slo || o.slo->curve.size() < 2) return;
    const SloFigures& f = *o.slo;
    const double replicas = std::max(1, f.replicas_needed);
    for (const SloPoint& p : f.curve) {
        ttft.x.push_back(p.rps * replicas);
        ttft.y.push_back(p.ttft_at_pct);
        tpot.x.push_back(p.rps * replicas);
        tpot.y.push_back(p.tpot_at_pct * 1000);  // ms: a token's time reads in milliseconds
    }
    ttft.limit = s.ttft;
    tpot.limit = s.tps > 0 ? 1000.0 / s.tps : 0;
    ttft.marker_x = tpot.marker_x = f.rps;
    ttft.log_x = tpot.log_x = false;
}

}  // namespace gpusizer::ui
