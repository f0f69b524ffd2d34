// The shape of a served request beyond one prompt and one answer (link keys prefix, turns, grow, gap,
// fanout, spec, accept, think, loras, lora_rank): what each request prefills, attends to and decodes,
// and what speculation and adapters add to a step. Pure arithmetic over the state and the model; the
// serving model (serving_model.hpp) reads it instead of the bare `in` and `out`.
//
// Assumptions (each is said in the result's assumptions with its value):
// - Prefix cache (`prefix`, 0-1): that share of the first prompt of a session is already cached
//   (vLLM's automatic prefix caching, SGLang's radix cache): it is not prefilled, it is still
//   attended. It is a prefix every session shares (system prompt, tool definitions, a RAG corpus's
//   fixed context): one copy of its KV per replica, counted against the cache (the copilot's is each
//   developer's own repository context: held with each request).
// - Sessions (`turns`, `grow`): turn k's prompt is the first prompt plus, per earlier turn, its
//   visible answer and `grow` new tokens (the user's next message or a tool's output). Reasoning is
//   dropped from the history (as Qwen3's and DeepSeek-R1's chat templates do). When the session's KV
//   is kept between turns, a later turn prefills only its `grow` new tokens; figures are the mean
//   over a session's turns. `gap` seconds pass between a turn's answer and the next prompt (a tool
//   call, the user reading): the session's KV idles then, and where it waits (GPU, host RAM, NVMe or
//   nowhere, recomputed) is decided per option (workload.cpp: session_tier).
// - Fan-out (`fanout`): each turn runs that many requests at once (sub-agents), sharing the session's
//   context as a cached prefix: the load's concurrent requests (or the rate) are multiplied by it.
// - Speculative decoding (`spec` draft tokens per step): the model's own multi-token-prediction
//   layers when it has them (config.json num_nextn_predict_layers / mtp_num_hidden_layers), else an
//   EAGLE-3 draft head (one decoder layer). Each step verifies spec + 1 positions per sequence and
//   accepts (1 - a^(spec+1)) / (1 - a) tokens on average, a = the chance each draft token is
//   accepted (`accept`, or the default of the draft's kind). Drafting costs one layer's weights and
//   the output head per draft token, in sequence.
// - Reasoning (`think`): that many thinking tokens are decoded before the visible answer; they take
//   KV, decode time and cost like answer tokens. Levels low / med / high name typical budgets.
// - LoRA adapters (`loras` served, rank `lora_rank`) on every attention and dense MLP projection in
//   BF16: the engine keeps a slot per adapter a batch can mix (vLLM --max-loras) on each GPU, the
//   rest in host RAM; a step reads the adapters its batch uses and runs their shrink and expand
//   products (Punica's SGMV kernels) besides the base model's.
#pragma once

#include "engine/catalog_types.hpp"
#include "engine/state.hpp"

namespace gpusizer {

// The default chance a draft token is accepted: MTP layers and EAGLE-3 heads (workload.cpp cites them).
double default_acceptance(bool mtp);
// Tokens a sequence advances per verify step with `draft` tokens each accepted with chance `accept`.
double tokens_per_step(int draft, double accept);
// Thinking tokens of a level (low / med / high); 0 for none.
double thinking_tokens(ThinkLevel level);
// Tokens decoded per request: the answer and the state's thinking tokens.
double answer_tokens(const State& s);

struct Speculation {
    int draft = 0;          // draft tokens per step; 0 = off
    bool mtp = false;       // the model's own MTP layers draft; else an EAGLE-3 head
    double accept = 0;      // chance each draft token is accepted
    double per_step = 1;    // tokens a sequence advances per step
};

struct Adapters {
    int served = 0;         // adapters the replica serves (host RAM holds them all)
    int rank = 16;
    int slots = 0;          // adapters a batch can mix: one GPU slot each (vLLM --max-loras)
    double params_per_adapter = 0;  // A and B matrices of every adapted projection, all layers
    // Distinct adapters among `batch` requests when each picks one of `served` at random.
    double distinct_in_batch(double batch) const;
};

struct Workload {
    double prompt = 1;          // tokens prefilled per request: the uncached part, mean over turns
    double context = 1;         // tokens of prompt each request attends to (cached and new), mean over turns
    double visible = 1;         // answer tokens the user reads
    double thinking = 0;        // reasoning tokens decoded before them
    double shared_prefix = 0;   // tokens of KV one replica holds once for all requests
    double fanout = 1;          // requests per turn at once
    int turns = 1;
    double grow = 0, gap_s = 0;
    double session_tokens = 1;  // a session's KV at its last turn's end (its largest)
    Speculation spec;
    Adapters lora;

    double answer() const { return visible + thinking; }  // tokens decoded per request
    bool sessions() const { return turns > 1; }
};

Workload make_workload(const State& s, const ModelSpec& m);

}  // namespace gpusizer
