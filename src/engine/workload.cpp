// The request shape of workload.hpp: prefix cache, sessions, fan-out, speculation, reasoning, adapters.
#include "engine/workload.hpp"

#include <algorithm>
#include <cmath>

#include "engine/model_math.hpp"

namespace gpusizer {
namespace {

// Chance a draft token is accepted.
// MTP: DeepSeek-V3 technical report (arXiv 2412.19437, §5.4.3): "the acceptance rate of the second
// token prediction ranges between 85% and 90%"; the low end.
constexpr double kMtpAcceptance = 0.85;
// EAGLE-3 chain drafts, calibration: vLLM V1's sweep (vllm-project/vllm issue #20780, Llama-3.1-8B-
// Instruct, MT-bench, H100, batch 1) measured an acceptance length of 2.36 at 2 draft tokens:
// (1 - a^3) / (1 - a) = 2.36 gives a = 0.77 (at 7 draft tokens it measured 3.54, this a says 3.81).
constexpr double kEagleAcceptance = 0.77;

// Thinking budgets by level. High: DeepSeek-R1's average on AIME, 12K tokens per question (the
// DeepSeek-R1-0528 model card, which reports 23K for the newer model). Low and medium are ours:
// simple questions take hundreds of thinking tokens (OptimalThinkingBench, arXiv 2508.13141), a
// medium budget a third of the high one.
constexpr double kThinkLow = 1000, kThinkMed = 4000, kThinkHigh = 12000;

// Adapted projections per layer and their in + out widths: q, k, v, o and, for a dense MLP, gate, up,
// down (vLLM's LoRA layers; routed experts get none).
double adapted_width_per_layer(const ModelSpec& m) {
    const double q = double(m.heads) * m.head_dim, kv = double(std::max(1, m.kv_heads)) * m.head_dim;
    double w = (m.hidden + q) + 2.0 * (m.hidden + kv) + (q + m.hidden);
    if (!m.moe) w += (m.gated_mlp ? 2.0 : 1.0) * (m.hidden + m.intermediate) + (m.intermediate + m.hidden);
    return w;
}

}  // namespace

double default_acceptance(bool mtp) { return mtp ? kMtpAcceptance : kEagleAcceptance; }

double tokens_per_step(int draft, double accept) {
    if (draft <= 0) return 1;
    const double a = std::clamp(accept, 0.0, 0.999);
    return (1.0 - std::pow(a, draft + 1)) / (1.0 - a);
}

double thinking_tokens(ThinkLevel level) {
    switch (level) {
        case ThinkLevel::low: return kThinkLow;
        case ThinkLevel::med: return kThinkMed;
        case ThinkLevel::high: return kThinkHigh;
        default: return 0;
    }
}

double answer_tokens(const State& s) {
    const double thinking = s.think_level != ThinkLevel::none ? thinking_tokens(s.think_level) : std::max(0.0, s.think);
    return std::max(1.0, s.out) + thinking;
}

double Adapters::distinct_in_batch(double batch) const {
    if (served <= 0) return 0;
    const double n = served, b = std::max(1.0, batch);
    const double distinct = n * (1.0 - std::pow(1.0 - 1.0 / n, b));
    return std::min({distinct, double(std::max(1, slots)), b});
}

Workload make_workload(const State& s, const ModelSpec& m) {
    Workload w;
    const double in = std::max(1.0, s.in);
    w.visible = std::max(1.0, s.out);
    w.thinking = answer_tokens(s) - w.visible;
    w.turns = std::max(1, s.turns);
    w.grow = std::max(0.0, s.grow);
    w.gap_s = std::max(0.0, s.gap);
    w.fanout = std::max(1, s.fanout);
    const double prefix = std::clamp(s.prefix, 0.0, 1.0);
    const double cached_first = in * prefix;
    // Turn k (0-based) attends to in + k (visible + grow) tokens and prefills grow of them (k > 0).
    const double step = w.visible + w.grow, turns = w.turns;
    w.context = in + step * (turns - 1) / 2.0;
    w.prompt = std::max(1.0, ((in - cached_first) + (turns - 1) * w.grow) / turns);
    w.session_tokens = in + step * (turns - 1) + w.answer();
    // The first prompt's cached part is what every session shares (a system prompt, tool definitions);
    // the copilot's is each developer's own repository context, held with each request.
    w.shared_prefix = s.use == Use::copilot ? 0.0 : cached_first;
    w.spec.draft = std::max(0, s.spec);
    w.spec.mtp = m.mtp_layers > 0;
    w.spec.accept = s.accept ? std::clamp(*s.accept, 0.0, 0.999) : default_acceptance(w.spec.mtp);
    w.spec.per_step = tokens_per_step(w.spec.draft, w.spec.accept);
    w.lora.served = std::max(0, s.loras);
    w.lora.rank = std::max(1, s.lora_rank);
    w.lora.slots = w.lora.served > 0 ? std::min(w.lora.served, s.lora_batch ? std::max(1, *s.lora_batch) : 8) : 0;
    w.lora.params_per_adapter = w.lora.served > 0 ? w.lora.rank * adapted_width_per_layer(m) * m.layers : 0;
    return w;
}

}  // namespace gpusizer
