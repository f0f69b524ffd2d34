// Code copilot (use=copilot): the serving model of inference.cpp under a completion-shaped load
// (the preset's defaults in services.cpp: short answers, a tight time to first token, many
// developers) with a prefix cache. The repository context at the head of each prompt repeats
// between keystrokes: the workload's prefix (workload.hpp) leaves only the rest to prefill, while
// decode still attends to the whole prompt.
#include <algorithm>

#include "engine/tasks.hpp"

namespace gpusizer {

void evaluate_copilot(const Job& job, Result& out) {
    const State& st = job.state;
    const double hit = std::clamp(st.prefix, 0.0, 1.0) * 100.0;
    evaluate_inference(job, out);
    const double fresh = std::max(1.0, st.in * (1.0 - hit / 100.0));
    const Message said = Message(code::assume_copilot_prefix).num("hit", hit).num("in", st.in).num("fresh", fresh);
    out.explanations.push_back({"copilot.prefix_cache", said, {fresh, fresh, st.in}});
    for (Option& o : out.options)
        if (!o.command.empty() && hit > 0) o.command.push_back({"", Message(code::cmd_copilot_prefix).num("hit", hit)});
}

}  // namespace gpusizer
