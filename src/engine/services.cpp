// Preset defaults of the service uses and the dispatch to their evaluators.
#include "engine/services.hpp"

#include <algorithm>

#include "engine/hardware.hpp"
#include "engine/tasks.hpp"

namespace gpusizer {
namespace {

bool given(const std::vector<std::string>& keys, const char* key) {
    return std::find(keys.begin(), keys.end(), key) != keys.end();
}

// Copilot: completion-shaped load. A completion is a few lines (64 tokens) after a prompt of the
// surrounding code plus repository snippets (4,000 of a 16k context); it must appear while the
// developer types (first token within 0.5 s, 30 tokens/s); 50 requests in flight stand for a few
// hundred developers; three quarters of each prompt repeats between keystrokes (prefix cache).
struct Field { const char* key; double State::*field; double value; };
const Field kCopilot[] = {
    {"ctx", &State::ctx, 16384}, {"in", &State::in, 4000}, {"out", &State::out, 64},
    {"users", &State::users, 50}, {"tps", &State::tps, 30}, {"ttft", &State::ttft, 0.5},
    {"prefix_hit", &State::prefix_hit, 75},
};

}  // namespace

bool is_service_use(Use use) { return use == Use::asr || use == Use::embed || use == Use::copilot; }

std::string_view default_model_for(Use use) {
    if (use == Use::asr) return "openai/whisper-large-v3-turbo";
    if (use == Use::embed) return "BAAI/bge-m3";
    if (use == Use::copilot) return "Qwen/Qwen3-Coder-30B-A3B-Instruct";
    return "";
}

void apply_use_defaults(State& s, const std::vector<std::string>& keys) {
    if (!given(keys, "model") && !default_model_for(s.use).empty()) s.model = std::string(default_model_for(s.use));
    if (s.use == Use::copilot)
        for (const Field& f : kCopilot)
            if (!given(keys, f.key)) s.*f.field = f.value;
}

void switch_use(State& s, Use use) {
    const State plain;
    if (s.use == Use::copilot)
        for (const Field& f : kCopilot) s.*f.field = plain.*f.field;
    s.use = use;
    std::vector<std::string> keep;
    if (default_model_for(use).empty()) keep.push_back("model");  // a chat preset keeps the model it had
    apply_use_defaults(s, keep);
}

State use_defaults_state(Use use) {
    State s;
    s.use = use;
    apply_use_defaults(s, {});
    s.use = State{}.use;
    return s;
}

bool evaluate_service(const Job& job, Result& out) {
    const Use use = job.state.use;
    if (use == Use::asr) { evaluate_speech(job, out); return true; }
    if (use == Use::embed) { evaluate_embeddings(job, out); return true; }
    if (use == Use::copilot) { evaluate_copilot(job, out); return true; }
    // A speech or an embedding model is not a chat model: say which preset sizes it.
    if (job.model.speech) {
        out.warnings.push_back(Message(code::service_needs_asr).str("model", job.model.name));
        return true;
    }
    if (job.model.embedding) {
        out.warnings.push_back(Message(code::service_needs_embed).str("model", job.model.name));
        return true;
    }
    return false;
}

Option option_on(const GpuSpec& g, const State& s, int count) {
    Option o;
    o.gpu_id = g.id;
    o.gpu_name = g.name;
    o.gpu_memory_gb = gpu_memory(g).gb();
    o.capacity_gb = usable_memory(g, s.reserve).gb();
    o.count = count;
    o.servers = servers_for_gpus(o.count, g.max_server_size());
    return o;
}

bool scale_to_load(Option& o, const GpuSpec& g, int needed, int pinned) {
    if (pinned == 0) {
        o.count = needed;
        o.servers = servers_for_gpus(o.count, g.max_server_size());
    }
    o.replicas = o.count;
    return pinned > 0 && needed > pinned;
}

}  // namespace gpusizer
