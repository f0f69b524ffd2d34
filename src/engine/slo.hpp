// Serving against latency targets at a request rate (rps=…): how many requests per second one
// replica sustains while the pct-th percentile of time to first token (TTFT) and of time per output
// token (TPOT) stay within their targets, the percentiles at the asked rate, and the fleet that
// carries it with spares. Internal to the engine; the figures land in Option::slo.
//
// Assumptions (each an approximation, chosen to stay interactive: a few hundred evaluations of the
// replica's step model per layout, no simulation):
// - Open arrivals at λ requests/s per replica with inter-arrival coefficient of variation `burst`
//   (1 = Poisson, as MLPerf's Server scenario and vLLM's benchmark --request-rate use; above 1 bursty).
// - Continuous batching (serving_model.hpp): at a mean of N requests in the replica, each is served
//   in cycle(N).seconds, so λ = N / cycle(N).seconds (Little's law) gives N. The rate at the batch
//   limit (slo_slots) is the replica's saturation rate (its Offline throughput in MLPerf's terms).
// - Prompts queue for the step's token budget as a G/G/1 queue (Kingman: mean wait
//   ρ/(1−ρ)·s·(ca² + cs²)/2, cs = the prompt-length spread), with an exponential tail beyond the
//   share ρ of arrivals that wait at all: P(W > t) = ρ·exp(−tρ/W̄).
// - Near the batch limit, requests also wait for a batch slot: c slots, each held for the residence
//   time, as an M/M/c queue (Erlang C) scaled by (ca² + cs²)/2 (Allen–Cunneen), exponential tail.
// - Prompt and answer lengths are log-normal around their means with coefficient of variation
//   `spread` (0 = fixed lengths, as a random dataset of fixed lengths); a percentile request's
//   prompt is the length at that percentile.
// - The batch a request decodes with fluctuates around N with variance N·(1 + ca²)/2 (Poisson
//   arrivals: the variance of an M/G/∞ count); its TPOT percentile is the step time at the batch of
//   that percentile, the whole of the fluctuation (a request's own averaging over its answer is not
//   credited: an upper bound).
// - Percentiles of TTFT add the percentile waits, the percentile prompt and the percentile rest of
//   the step running on arrival (busy with probability 1 − e^−N; a step caught in proportion to its
//   length, so prompt-carrying steps more often; the rest uniform over the step caught), a bound
//   above the percentile of the sum.
// - No preemption. The batch slots (slo_slots) count each request's KV at its prompt plus its whole
//   answer, so a fleet sized here admits only what its cache holds to the end; vLLM admits by the
//   blocks a request holds now and preempts (recomputes) when running answers outgrow the cache.
//   A fleet below this one would preempt: that is the region past the slots, where the queue model
//   waits instead, and the rate there is never offered as within the targets.
// - Why a queueing approximation and not a simulation: the page evaluates every GPU and layout of
//   the catalog at each change, on a phone; a discrete-event run of a few thousand requests per
//   layout would cost ~10^4 times the step model's evaluations. The checks (the serving_percentile
//   family of docs/VALIDATION.md) state how far the approximation lands from measured percentiles.
#pragma once

#include <vector>

namespace gpusizer {

struct Replica;

// The load and targets (state keys rps, burst, pct, ttft, tps, spread).
struct SloLoad {
    double rps = 0;        // requests per second per replica
    double burst = 1;      // coefficient of variation of inter-arrival times
    double pct = 95;       // the percentile the targets hold at (50–99.9)
    double ttft_s = 2;     // target TTFT at that percentile
    double tpot_s = 0.05;  // target TPOT at that percentile (1 / tokens per second per user)
    double spread = 0;     // coefficient of variation of prompt and answer lengths
};

struct Percentiles {
    double p50 = 0, p90 = 0, p95 = 0, p99 = 0;
};

// One replica at one rate.
struct SloPoint {
    double rps = 0;          // requests per second offered to the replica
    double concurrency = 0;  // mean requests in the replica (N)
    double utilization = 0;  // rps over the saturation rate
    Percentiles ttft_s, tpot_s;
    double ttft_at_pct = 0, tpot_at_pct = 0;  // at the load's percentile
    bool saturated = false;  // at or above the saturation rate: latencies grow without bound (all 0)
};

struct Cycle;
// The q-quantile of the rest of the step running when a request arrives at a replica holding n
// requests on average (busy with probability 1 − e^−n; a step caught in proportion to its length).
double residual_quantile(const Cycle& c, double n, double q);
// z such that Φ(z) = p (0 < p < 1): the standard normal quantile.
double normal_quantile(double p);
// Erlang C: the probability that an arrival waits, c servers at offered load a = λ/μ (a < c).
double erlang_c(double c, double a);

// Requests the replica runs at once: its KV cache over one sequence at prompt plus answer (vLLM
// admits by the blocks a sequence holds, not by the context limit), at most the engine's max_num_seqs.
double slo_slots(const Replica& r);
// The replica's saturation rate: requests per second at its batch limit.
double slo_saturation_rps(const Replica& r);
// Latencies of one replica at `load.rps`.
SloPoint slo_point(const Replica& r, const SloLoad& load);
// The highest rate (requests/s per replica) whose percentile TTFT and TPOT meet the targets; 0 when
// even a lone request misses them.
double slo_rps_max(const Replica& r, const SloLoad& load);
// The latency-throughput curve: `points` rates from 5 % to 98 % of saturation.
std::vector<SloPoint> slo_curve(const Replica& r, const SloLoad& load, int points);

}  // namespace gpusizer
