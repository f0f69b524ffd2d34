// Code copilot (use=copilot): the serving model of inference.cpp under a completion-shaped load
// (the preset's defaults in services.cpp: short answers, a tight time to first token, many
// developers) with a prefix cache. The repository context at the head of each prompt repeats
// between keystrokes, so only the rest of the prompt is prefilled: time to first token and the
// prefill share of each cycle shrink. The KV cache is still sized for every sequence's whole
// context; decode reads the K/V of the uncached part only (a slight underestimate, stated).
#include <algorithm>

#include "engine/tasks.hpp"

namespace gpusizer {

void evaluate_copilot(const Job& job, Result& out) {
    const State& st = job.state;
    const double hit = std::clamp(st.prefix_hit, 0.0, 100.0);
    State fresh = st;
    fresh.in = std::max(1.0, st.in * (1.0 - hit / 100.0));
    const Job served{fresh, job.catalog, job.model, job.wq, job.gpus};
    evaluate_inference(served, out);
    const Message said = Message(code::assume_copilot_prefix).num("hit", hit).num("in", st.in).num("fresh", fresh.in);
    out.assumptions.push_back(said);
    out.explanations.push_back({"copilot.prefix_cache", said, {fresh.in, fresh.in, st.in}});
    for (Option& o : out.options)
        if (!o.command.empty() && hit > 0) o.command.push_back({"", Message(code::cmd_copilot_prefix).num("hit", hit)});
}

}  // namespace gpusizer
