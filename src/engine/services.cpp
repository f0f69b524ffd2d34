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

// A preset's value of one link key: a number of the state, a whole number, or a thinking level.
struct Field {
    const char* key;
    double value;
    double State::*real = nullptr;
    int State::*whole = nullptr;
    ThinkLevel State::*level = nullptr;
};
Field real(const char* key, double State::*f, double v) { return {key, v, f}; }
Field whole(const char* key, int State::*f, int v) { return {key, double(v), nullptr, f}; }
Field level(const char* key, ThinkLevel v) { return {key, double(v), nullptr, nullptr, &State::think_level}; }

// The presets' loads (their reasons are the assume.preset_* messages; docs/ENGINE.md lists them).
// Copilot: completion-shaped. A completion is a few lines (64 tokens) after a prompt of the
// surrounding code plus repository snippets (4,000 of a 16k context); it must appear while the
// developer types (first token within 0.5 s, 30 tokens/s); 50 requests in flight stand for a few
// hundred developers; three quarters of each prompt repeats between keystrokes (prefix cache, each
// developer's own: held per request, not shared).
const std::vector<Field>& preset_fields(Use use) {
    static const std::vector<Field> none;
    static const std::vector<Field> copilot = {
        real("ctx", &State::ctx, 16384), real("in", &State::in, 4000), real("out", &State::out, 64),
        real("users", &State::users, 50), real("tps", &State::tps, 30), real("ttft", &State::ttft, 0.5),
        real("prefix", &State::prefix, 0.75),
    };
    // The article's RAG assistant (link version 2: a version-1 rag link keeps the plain load, link.cpp):
    // a 3,000-token prompt of a system prompt and instructions every request shares (600 tokens: prefix
    // 0.2), four retrieved 512-token passages and the question; a 300-token answer; a conversation of
    // three turns, each follow-up adding its question and the passages retrieved for it (700 tokens),
    // 30 s of reading between turns; a 16k context holds the last turn.
    static const std::vector<Field> rag = {
        real("ctx", &State::ctx, 16384), real("in", &State::in, 3000), real("out", &State::out, 300),
        real("prefix", &State::prefix, 0.2), whole("turns", &State::turns, 3), real("grow", &State::grow, 700),
        real("gap", &State::gap, 30),
    };
    // A reasoning assistant: a chat question (1,000 tokens) whose 800-token answer follows a medium
    // thinking budget; readers wait for the first visible token, so time to first token stays 2 s.
    static const std::vector<Field> reason = {
        real("ctx", &State::ctx, 32768), real("in", &State::in, 1000), real("out", &State::out, 800),
        level("think", ThinkLevel::med), real("tps", &State::tps, 30),
    };
    // A coding agent: a 6,000-token system prompt with tool definitions (80 % of it shared by every
    // session), 25 model calls per session (TraceLab, arXiv 2606.30560: a median of 25 tool calls per
    // Claude Code or Codex session), each adding a tool's output (1,500 tokens) after 3 s of tool
    // execution, short reasoning before each 500-token step (TraceLab: 523 output tokens per call);
    // then 95 % of a call's prompt is cached (TraceLab: 95.8 %), a 128k context.
    static const std::vector<Field> agent = {
        real("ctx", &State::ctx, 131072), real("in", &State::in, 6000), real("out", &State::out, 500),
        real("prefix", &State::prefix, 0.8), whole("turns", &State::turns, 25), real("grow", &State::grow, 1500),
        real("gap", &State::gap, 3), level("think", ThinkLevel::low), real("tps", &State::tps, 30),
    };
    switch (use) {
        case Use::copilot: return copilot;
        case Use::rag: return rag;
        case Use::reason: return reason;
        case Use::agent: return agent;
        default: return none;
    }
}

void set_field(State& s, const Field& f, const State& from) {
    if (f.real) s.*f.real = from.*f.real;
    if (f.whole) s.*f.whole = from.*f.whole;
    if (f.level) s.*f.level = from.*f.level;
}
void set_value(State& s, const Field& f) {
    if (f.real) s.*f.real = f.value;
    if (f.whole) s.*f.whole = int(f.value);
    if (f.level) s.*f.level = ThinkLevel(int(f.value));
}

}  // namespace

bool is_service_use(Use use) { return use == Use::asr || use == Use::embed || use == Use::copilot; }
bool has_use_defaults(Use use) { return is_service_use(use) || !preset_fields(use).empty(); }

std::string_view default_model_for(Use use) {
    if (use == Use::asr) return "openai/whisper-large-v3-turbo";
    if (use == Use::embed) return "BAAI/bge-m3";
    if (use == Use::copilot || use == Use::agent) return "Qwen/Qwen3-Coder-30B-A3B-Instruct";
    return "";
}

void apply_use_defaults(State& s, const std::vector<std::string>& keys) {
    if (!given(keys, "model") && !default_model_for(s.use).empty()) s.model = std::string(default_model_for(s.use));
    for (const Field& f : preset_fields(s.use))
        if (!given(keys, f.key)) set_value(s, f);
}

void switch_use(State& s, Use use) {
    const State plain;
    for (const Field& f : preset_fields(s.use)) set_field(s, f, plain);
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
