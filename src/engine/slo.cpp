// Latency percentiles at a request rate (see slo.hpp for the assumptions).
#include "engine/slo.hpp"

#include <algorithm>
#include <cmath>

#include "engine/serving_model.hpp"

namespace gpusizer {
namespace {

constexpr double kQuantiles[4] = {0.50, 0.90, 0.95, 0.99};
constexpr int kSolveSteps = 22;  // bisection steps: the range / 4 million, well below any figure shown

double clamp_pct(double pct) { return std::clamp(pct, 50.0, 99.9) / 100.0; }

// A log-normal length of mean `mean` and coefficient of variation `cv` at quantile q.
double length_at(double mean, double cv, double q) {
    if (cv <= 0) return mean;
    const double sigma = std::sqrt(std::log1p(cv * cv));
    return mean * std::exp(normal_quantile(q) * sigma - 0.5 * sigma * sigma);
}

// The replica's cycle at a mean of n requests in it. Each figure at one load reads the same cycle:
// it is computed once there and handed on (a cycle is the costly part of every solve below).
Cycle cycle_at(const Replica& r, double n) { return r.cycle(std::max(1.0, n)); }

// Requests per second a replica serves at a mean of n requests in it (Little's law over a cycle).
double rate_at(const Cycle& c, double n) { return n / c.seconds; }
double rate_at(const Replica& r, double n) { return rate_at(cycle_at(r, n), n); }

// The mean number of requests in the replica at `rps`: rate_at grows with n up to the batch limit,
// nearly in proportion, so regula falsi (Illinois) finds it in a few steps where bisection takes 20.
double concurrency_at(const Replica& r, double rps, double limit) {
    double lo = 0, hi = limit, f_lo = -rps, f_hi = rate_at(r, limit) - rps;
    if (f_hi <= 0) return limit;
    int side = 0;
    for (int i = 0; i < kSolveSteps; ++i) {
        const double n = hi - f_hi * (hi - lo) / (f_hi - f_lo);
        const double f = rate_at(r, n) - rps;
        if (std::abs(f) <= 1e-4 * rps || hi - lo <= 1e-6 * limit) return n;
        if (f < 0) {
            lo = n, f_lo = f;
            if (side == -1) f_hi *= 0.5;  // Illinois: halve the stale end's value
            side = -1;
        } else {
            hi = n, f_hi = f;
            if (side == 1) f_lo *= 0.5;
            side = 1;
        }
    }
    return 0.5 * (lo + hi);
}

// The q-quantile of a wait that is 0 with probability 1 − p_wait and exponential of mean `scale`
// beyond.
double wait_quantile(double p_wait, double scale, double q) {
    if (p_wait <= 1.0 - q || scale <= 0) return 0;
    return scale * std::log(p_wait / (1.0 - q));
}

// Time per output token at quantile q: the step time at the batch of that quantile (slo.hpp).
double tpot_quantile(const Replica& r, double n, double limit, double burst, double q) {
    const double spread_n = std::sqrt(n * 0.5 * (1.0 + burst * burst));
    return r.cycle(std::min(limit, std::max(1.0, n + normal_quantile(q) * spread_n))).tpot;
}

// Time to first token at quantile q, given the waits' shapes (slo.hpp).
struct Waits {
    double prefill_p = 0, prefill_scale = 0;  // waiting for the step budget
    double slot_p = 0, slot_scale = 0;        // waiting for a batch slot
};

}  // namespace

// The rest of the step running when a request arrives, at quantile q. The replica is busy with
// probability 1 − e^−n (n requests in it on average; Poisson arrivals see the time average). An
// arrival lands in a step with the probability of that step's share of time, so in a step carrying a
// prompt chunk with the cycle's prefill share (longer steps catch more arrivals), and the rest of the
// step it lands in is uniform over that step's length. (Its mean over a busy replica is the cycle's
// residual: half the length-weighted step.)
double residual_quantile(const Cycle& c, double n, double q) {
    const double busy = 1.0 - std::exp(-std::max(0.0, n));
    if (!(busy > 0) || q <= 1.0 - busy) return 0;
    const double target = std::min(1.0, (q - (1.0 - busy)) / busy);  // quantile within a busy replica
    const double w = std::clamp(c.prefill_share, 0.0, 1.0);
    const double p = std::max(c.prefill_step, 1e-12), d = std::max(c.decode_step, 1e-12);
    // The mixture's CDF is linear up to the shorter step, then linear in the longer one alone.
    const double shorter = std::min(p, d), longer = std::max(p, d);
    const double w_short = p <= d ? w : 1.0 - w, w_long = 1.0 - w_short;
    const double at_shorter = shorter * (w / p + (1.0 - w) / d);
    if (target <= at_shorter) return target / (w / p + (1.0 - w) / d);
    return w_long > 0 ? longer * std::min(1.0, (target - w_short) / w_long) : shorter;
}

namespace {

// c: the cycle at n (cycle_at).
double ttft_quantile(const Replica& r, const Cycle& c, double n, const SloLoad& load, const Waits& w, double q) {
    // The prompt's own prefill: its chunks, each a step carrying up to the budget of its tokens beside
    // the running sequences' decode; a longer prompt than the mean adds the difference.
    const double budget = r.prompt_budget(n);
    auto own = [&](double tokens) {
        const double chunks = std::ceil(tokens / budget);
        return chunks * r.prompt_step(n, tokens / chunks);
    };
    const double longer = own(length_at(r.in(), load.spread, q)) - own(r.in());
    return c.ttft - c.queue - c.residual + residual_quantile(c, n, q) + longer +
           wait_quantile(w.prefill_p, w.prefill_scale, q) +
           wait_quantile(w.slot_p, w.slot_scale, q);
}

Waits waits_at(const Replica& r, const Cycle& c, double n, double limit, const SloLoad& load) {
    Waits w;
    const double variability = 0.5 * (load.burst * load.burst + load.spread * load.spread);
    // Prompts for the step's token budget (G/G/1, Kingman).
    const double budget = r.prompt_budget(n);
    const double service = r.in() / budget * r.prompt_step(n, budget);
    const double rho = std::min(0.999, load.rps * service);
    const double mean_wait = rho / (1.0 - rho) * service * variability;
    w.prefill_p = rho;
    w.prefill_scale = rho > 0 ? mean_wait / rho : 0;
    // Requests for a batch slot (M/M/c, Erlang C, scaled by the variability).
    const double slots = std::floor(limit);
    const double residence = c.seconds;
    const double offered = load.rps * residence;
    if (slots >= 1 && offered < slots) {
        w.slot_p = erlang_c(slots, offered);
        w.slot_scale = variability * residence / (slots - offered);
    }
    return w;
}

}  // namespace

double normal_quantile(double p) {
    // Acklam's rational approximation (relative error below 1.2e-9).
    static const double a[] = {-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
                               1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00};
    static const double b[] = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                               6.680131188771972e+01, -1.328068155288572e+01};
    static const double c[] = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                               -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00};
    static const double d[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                               3.754408661907416e+00};
    p = std::clamp(p, 1e-12, 1.0 - 1e-12);
    const double low = 0.02425;
    if (p < low || p > 1 - low) {
        const double q = std::sqrt(-2 * std::log(p < low ? p : 1 - p));
        const double z = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
                         ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
        return p < low ? z : -z;
    }
    const double q = p - 0.5, r = q * q;
    return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
           (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

double erlang_c(double c, double a) {
    if (a <= 0) return 0;
    if (a >= c) return 1;
    // Far below the slot count nobody waits (the probability is below e^-30): skip the sum.
    if (a < c - 8.0 * std::sqrt(c) - 8.0) return 0;
    double blocking = 1;  // Erlang B by its recurrence, stable for any c
    const long slots = long(std::min(c, 1e6));
    for (long k = 1; k <= slots; ++k) blocking = a * blocking / (double(k) + a * blocking);
    return blocking / (1.0 - a / c * (1.0 - blocking));
}

double slo_slots(const Replica& r) {
    const double per_sequence = r.kv_avg.value;  // KV of one sequence at its prompt plus answer
    const double by_memory = per_sequence > 0 ? std::floor(r.mem.kv_available() / per_sequence) : 1e9;
    return std::max(0.0, std::min(by_memory, r.engine.max_seqs));
}

double slo_saturation_rps(const Replica& r) {
    const double limit = slo_slots(r);
    return limit >= 1 ? rate_at(r, limit) : 0;
}

SloPoint slo_point(const Replica& r, const SloLoad& load) {
    SloPoint p;
    p.rps = std::max(0.0, load.rps);
    const double limit = slo_slots(r);
    const double saturation = slo_saturation_rps(r);
    if (limit < 1 || saturation <= 0) return p;
    p.utilization = p.rps / saturation;
    p.saturated = p.rps >= saturation;
    if (p.saturated) return p;  // the queue grows without bound: no percentile exists
    const double n = concurrency_at(r, p.rps, limit);
    p.concurrency = n;
    const Cycle c = cycle_at(r, n);
    const Waits w = waits_at(r, c, n, limit, load);
    auto tpot_q = [&](double q) { return tpot_quantile(r, n, limit, load.burst, q); };
    double* ttft[4] = {&p.ttft_s.p50, &p.ttft_s.p90, &p.ttft_s.p95, &p.ttft_s.p99};
    double* tpot[4] = {&p.tpot_s.p50, &p.tpot_s.p90, &p.tpot_s.p95, &p.tpot_s.p99};
    for (int i = 0; i < 4; ++i) {
        *ttft[i] = ttft_quantile(r, c, n, load, w, kQuantiles[i]);
        *tpot[i] = tpot_q(kQuantiles[i]);
    }
    const double q = clamp_pct(load.pct);
    p.ttft_at_pct = ttft_quantile(r, c, n, load, w, q);
    p.tpot_at_pct = tpot_q(q);
    return p;
}

double slo_rps_max(const Replica& r, const SloLoad& load) {
    const double saturation = slo_saturation_rps(r);
    if (saturation <= 0) return 0;
    const double limit = slo_slots(r), q = clamp_pct(load.pct);
    // Searched over the requests in flight, not the rate: the rate at n is one cycle (Little's law),
    // where the rate's own n would be a solve per step of the search. Both grow together.
    auto meets = [&](double n) {  // slo_point's figures at the load's percentile only
        SloLoad at = load;
        const Cycle c = cycle_at(r, n);
        at.rps = rate_at(c, n);
        if (at.rps >= saturation) return false;
        return tpot_quantile(r, n, limit, load.burst, q) <= load.tpot_s &&
               ttft_quantile(r, c, n, at, waits_at(r, c, n, limit, at), q) <= load.ttft_s;
    };
    double lo = std::min(1e-3, limit), hi = limit;
    if (!meets(lo)) return 0;
    // Halving the ratio, not the difference: from 10^-3 requests to the batch limit the answer is
    // within 0.1 % (figures show 3 digits) in ~15 steps instead of ~30.
    for (int i = 0; i < kSolveSteps && hi > lo * 1.001; ++i) {
        const double mid = std::sqrt(lo * hi);
        (meets(mid) ? lo : hi) = mid;
    }
    return rate_at(r, lo);
}

std::vector<SloPoint> slo_curve(const Replica& r, const SloLoad& load, int points) {
    std::vector<SloPoint> curve;
    const double saturation = slo_saturation_rps(r), limit = slo_slots(r), q = clamp_pct(load.pct);
    if (saturation <= 0 || limit < 1 || points < 2) return curve;
    curve.reserve(std::size_t(points));
    // Sampled by the requests in flight n, which give the rate in one cycle (Little's law) where
    // sampling by rate would be a solve per point. The points aim at rates evenly spread from 5 % to
    // 98 % of saturation: the cycle's length is taken as linear in n between the two ends (solved
    // exactly), and each point's rate is then computed, not assumed.
    const double n_low = concurrency_at(r, 0.05 * saturation, limit);
    const double n_high = concurrency_at(r, 0.98 * saturation, limit);
    const double t_low = cycle_at(r, n_low).seconds, t_high = cycle_at(r, n_high).seconds;
    const double slope = n_high > n_low ? (t_high - t_low) / (n_high - n_low) : 0.0;
    const double base = t_low - slope * n_low;
    auto n_for = [&](double rate) {  // rate = n / (base + slope·n), solved for n
        const double denominator = 1.0 - rate * slope;
        const double n = denominator > 0 ? rate * base / denominator : n_high;
        return std::clamp(std::isfinite(n) ? n : n_high, n_low, n_high);
    };
    // The chart's figures only: the rate, the requests in flight and the two latencies at the load's
    // percentile (slo_point would add the four percentiles of each, unused here).
    for (int i = 0; i < points; ++i) {
        SloPoint p;
        p.concurrency = i == 0 ? n_low : i == points - 1 ? n_high : n_for(saturation * (0.05 + 0.93 * i / (points - 1)));
        const Cycle c = cycle_at(r, p.concurrency);
        SloLoad at = load;
        at.rps = p.rps = rate_at(c, p.concurrency);
        p.utilization = p.rps / saturation;
        p.ttft_at_pct = ttft_quantile(r, c, p.concurrency, at, waits_at(r, c, p.concurrency, limit, at), q);
        p.tpot_at_pct = tpot_quantile(r, p.concurrency, limit, load.burst, q);
        curve.push_back(p);
    }
    return curve;
}

}  // namespace gpusizer
