// The request's shape (engine/workload.hpp): prefix cache, sessions, fan-out, speculative decoding,
// reasoning and LoRA adapters — the arithmetic by hand, then what each does to a served option.
#include "engine/services.hpp"
#include "engine/tasks.hpp"
#include "engine/workload.hpp"
#include "helpers.hpp"

using namespace gpusizer;
using test::option_for;
using test::run;

namespace {
const char* kLlama8b = "v=1&model=meta-llama/Llama-3.1-8B-Instruct&gpu=h100-sxm&n=1";
State state_of(const std::string& link) { return decode_link(link).state; }
}  // namespace

TEST_CASE("speculation: tokens per step of a chain draft") {
    CHECK(tokens_per_step(0, 0.8) == 1);
    // (1 - 0.77^3) / (1 - 0.77) = 0.456533 / 0.23
    CHECK(tokens_per_step(2, 0.77) == doctest::Approx(2.36290).epsilon(1e-4));
    CHECK(tokens_per_step(1, 0.85) == doctest::Approx(1.85));  // DeepSeek-V3's MTP: one draft token
    CHECK(tokens_per_step(4, 0) == 1);                          // nothing accepted: the verified token only
    CHECK(default_acceptance(true) == 0.85);
    CHECK(default_acceptance(false) == 0.77);
}

TEST_CASE("prefix and sessions: what a request prefills and attends to") {
    const ModelSpec& m = test::model("meta-llama/Llama-3.1-8B-Instruct");
    State s = state_of("v=1&in=1000&out=100&prefix=0.5");
    Workload w = make_workload(s, m);
    CHECK(w.prompt == 500);
    CHECK(w.context == 1000);
    CHECK(w.shared_prefix == 500);  // a prefix every request shares
    // 4 turns, 300 new tokens each, the 100-token answer kept: contexts 1000, 1400, 1800, 2200.
    s = state_of("v=1&in=1000&out=100&prefix=0.2&turns=4&grow=300");
    w = make_workload(s, m);
    CHECK(w.context == doctest::Approx(1600));
    CHECK(w.prompt == doctest::Approx((800 + 3 * 300) / 4.0));  // 425
    CHECK(w.session_tokens == doctest::Approx(2300));
    CHECK(w.shared_prefix == 200);  // the system prompt is shared; the session's own history is not
    s.use = Use::copilot;           // each developer's repository context is their own
    CHECK(make_workload(s, m).shared_prefix == 0);
}

TEST_CASE("reasoning levels and the tokens each request decodes") {
    CHECK(answer_tokens(state_of("v=1&out=500")) == 500);
    CHECK(answer_tokens(state_of("v=1&out=500&think=high")) == 12500);
    CHECK(answer_tokens(state_of("v=1&out=500&think=med")) == 4500);
    CHECK(answer_tokens(state_of("v=1&out=500&think=250")) == 750);
}

TEST_CASE("LoRA adapter size and the adapters a batch mixes") {
    const ModelSpec& m = test::model("meta-llama/Llama-3.1-8B-Instruct");
    // Per layer q 4096+4096, k and v 4096+1024 each, o 4096+4096, gate and up 4096+14336, down
    // 14336+4096 = 81,920; × rank 16 × 32 layers = 41.9 M parameters, 83.9 MB in BF16.
    const Workload w = make_workload(state_of("v=1&loras=4&lora_rank=16"), m);
    CHECK(w.lora.params_per_adapter == doctest::Approx(16.0 * 81920 * 32));
    CHECK(w.lora.slots == 4);
    // 8 requests over 4 adapters: 4 (1 - (3/4)^8) distinct on average
    CHECK(w.lora.distinct_in_batch(8) == doctest::Approx(4 * (1 - std::pow(0.75, 8))));
    CHECK(w.lora.distinct_in_batch(1) == doctest::Approx(1));
    const Result r = run(std::string(kLlama8b) + "&loras=4&lora_rank=16");
    const Option* o = option_for(r, "h100-sxm");
    REQUIRE(o);
    REQUIRE(o->workload);
    CHECK(o->workload->adapters_gb == doctest::Approx(4 * 16.0 * 81920 * 32 * 2 / 1e9).epsilon(1e-3));
    CHECK(o->workload->lora_step_pct > 0);
}

TEST_CASE("a cached prefix shortens the first token, not the decode") {
    const std::string base = std::string(kLlama8b) + "&ctx=16384&in=8000&out=200&users=8";
    const Result plain_r = run(base);
    const Option* plain = option_for(plain_r, "h100-sxm");
    const Result cached_r = run(base + "&prefix=0.9");
    const Option* cached = option_for(cached_r, "h100-sxm");
    REQUIRE(plain);
    REQUIRE(cached);
    CHECK(cached->ttft_s.mid < plain->ttft_s.mid * 0.5);
    // Decode still attends to the whole prompt: the per-token time moves by the prefill it no longer shares.
    CHECK(cached->tpot_ms.mid <= plain->tpot_ms.mid);
    CHECK(cached->tpot_ms.mid > plain->tpot_ms.mid * 0.5);
    // One shared copy of the cached 7,200 tokens: more sequences fit the same cache.
    CHECK(cached->max_concurrency > plain->max_concurrency);
}

TEST_CASE("speculative decoding pays at batch 1 and less as the batch grows") {
    const std::string base = std::string(kLlama8b) + "&ctx=2048&in=100&out=300&tps=1";
    const Result one_r = run(base + "&users=1&spec=4");
    const Option* one = option_for(one_r, "h100-sxm");
    const Result many_r = run(base + "&users=64&spec=4");
    const Option* many = option_for(many_r, "h100-sxm");
    REQUIRE(one);
    REQUIRE(many);
    REQUIRE(one->workload);
    REQUIRE(many->workload);
    CHECK(one->workload->spec_speedup > 1.5);
    CHECK(many->workload->spec_speedup < one->workload->spec_speedup);
    // Accepting nothing, every draft pass is lost: slower, and said so.
    const Result lost = run(base + "&users=1&spec=4&accept=0");
    const Option* o = option_for(lost, "h100-sxm");
    REQUIRE(o);
    CHECK(o->workload->spec_speedup < 1);
    bool warned = false;
    for (const auto& w : o->warnings) warned |= w.code == std::string("spec.slower");
    CHECK(warned);
}

TEST_CASE("reasoning: the answer starts after the thinking is decoded") {
    const Result r = run(std::string(kLlama8b) + "&users=4&out=300&think=2000");
    const Option* o = option_for(r, "h100-sxm");
    REQUIRE(o);
    REQUIRE(o->workload);
    CHECK(o->workload->thinking == 2000);
    CHECK(o->workload->first_visible_s == doctest::Approx(o->ttft_s.mid + 2000 * o->tpot_ms.mid / 1e3).epsilon(0.01));
}

TEST_CASE("sessions: idle KV waits in host RAM when the GPU is full, and comes back over PCIe") {
    // 64 sessions of 30 k tokens, each idle for 10 minutes between turns: far more than an H100 holds.
    const Result r = run(std::string(kLlama8b) + "&ctx=65536&in=20000&out=500&turns=10&grow=1000&gap=600&users=16");
    const Option* o = option_for(r, "h100-sxm");
    REQUIRE(o);
    REQUIRE(o->workload);
    const WorkloadFigures& w = *o->workload;
    CHECK(w.idle_sessions > 16);
    CHECK((w.tier == KvTier::host || w.tier == KvTier::nvme));
    // Llama-3.1-8B keeps 128 KiB per token; a mean session of 20,000 + 1,500 × 4.5 + 500 tokens.
    const double tokens = 20000 + 1500 * 4.5 + 500, bytes = tokens * 131072;
    CHECK(w.session_gb == doctest::Approx(bytes / 1e9).epsilon(0.01));
    if (w.tier == KvTier::host) CHECK(w.restore_s == doctest::Approx(bytes / (63e9 * 0.8)).epsilon(0.01));
    CHECK(w.ttft_turn_s > o->ttft_s.mid);
    CHECK(w.host_ram_gb > 0);
}

TEST_CASE("fan-out: each sub-agent is a request of its own") {
    CHECK(planned_users(state_of("v=1&users=10&fanout=3")) == 30);
    CHECK(planned_users(state_of("v=1&users=10")) == 10);
}

TEST_CASE("presets: rag, reason and agent size unlike a chat-bot, and their links stay short") {
    const State rag = state_of("v=2&use=rag");
    CHECK(rag.turns == 3);
    CHECK(rag.prefix == 0.2);
    CHECK(rag.in == 3000);
    CHECK(encode_link(rag) == "v=2&use=rag");  // written in the version that gave rag its load
    // A version-1 rag link keeps its meaning: the plain load, written out in version 2.
    const State older = state_of("v=1&use=rag&users=40");
    CHECK(older.turns == 1);
    CHECK(older.prefix == 0);
    CHECK(encode_link(older) == "v=2&use=rag&ctx=8192&in=1000&out=500&users=40&prefix=0&turns=1&grow=0&gap=0");
    CHECK(encode_link(state_of(encode_link(older))) == encode_link(older));
    const State agent = state_of("v=1&use=agent&turns=40");
    CHECK(agent.model == "Qwen/Qwen3-Coder-30B-A3B-Instruct");
    CHECK(agent.turns == 40);
    CHECK(agent.think_level == ThinkLevel::low);
    CHECK(encode_link(agent) == "v=1&use=agent&turns=40");
    const State reason = state_of("v=1&use=reason&think=high");
    CHECK(reason.think_level == ThinkLevel::high);
    CHECK(encode_link(reason) == "v=1&use=reason&think=high");
    // Switching back to chat drops the preset's shape.
    State s = agent;
    switch_use(s, Use::chat);
    CHECK(s.turns == 1);
    CHECK(s.prefix == 0);
    CHECK(s.think_level == ThinkLevel::none);
    // The chat-bot and the agent load the GPU differently: the agent's requests attend to far more.
    const Result chat_r = run("v=1&model=Qwen/Qwen3-Coder-30B-A3B-Instruct&gpu=h100-sxm");
    const Option* chat = option_for(chat_r, "h100-sxm");
    const Result agent_r = run("v=1&use=agent&gpu=h100-sxm");
    const Option* ag = option_for(agent_r, "h100-sxm");
    REQUIRE(chat);
    REQUIRE(ag);
    REQUIRE(ag->workload);
    CHECK(ag->workload->context > 10 * 1000);
    // TraceLab's coding agents: 95.8 % of a call's prompt is cached; the preset prefills ~5 % of it.
    CHECK(ag->workload->prompt / ag->workload->context == doctest::Approx(0.05).epsilon(0.05));
    CHECK_FALSE(chat->workload);
}

TEST_CASE("the new keys round-trip, refuse bad values and read the copilot's older prefix_hit") {
    const std::string link = "v=1&prefix=0.5&turns=4&grow=300&gap=10&fanout=2&spec=3&accept=0.6&think=high&loras=5&"
                             "lora_rank=32&lora_batch=2";
    CHECK(encode_link(state_of(link)) == link);
    CHECK(encode_link(state_of("v=1&think=1200")) == "v=1&think=1200");
    const DecodedLink cop = decode_link("v=1&use=copilot&prefix_hit=50");
    CHECK(cop.state.prefix == 0.5);
    CHECK(encode_link(cop.state) == "v=1&use=copilot&prefix=0.5");
    for (const char* bad : {"v=1&prefix=1.5", "v=1&turns=0", "v=1&spec=99", "v=1&think=lots", "v=1&accept=1",
                            "v=1&loras=-1", "v=1&think=none"}) {
        const DecodedLink d = decode_link(bad);
        CHECK_MESSAGE(d.warnings.size() == 1, bad);
        CHECK_MESSAGE(encode_link(d.state) == "v=1", bad);
    }
}

TEST_CASE("the serving command carries speculation, adapters and the KV offload tier") {
    const Result r = run("v=2&use=rag&gpu=h100-sxm&n=1&gap=300&spec=3&loras=12&lora_rank=24");
    const Option* o = option_for(r, "h100-sxm");
    REQUIRE(o);
    REQUIRE(!o->command.empty());
    const std::string& c = o->command[0].shell;
    CHECK(c.find("--speculative-config '{\"method\":\"eagle3\",\"model\":\"<eagle3-head>\",\"num_speculative_tokens\":3}'") !=
          std::string::npos);
    CHECK(c.find("--enable-lora --max-loras 8 --max-lora-rank 32 --max-cpu-loras 12") != std::string::npos);  // 24 -> 32
    REQUIRE(o->workload);
    if (o->workload->tier == KvTier::host || o->workload->tier == KvTier::nvme)
        CHECK(c.find("--kv-offloading-backend native --kv-offloading-size ") != std::string::npos);
    // A model with its own MTP layers drafts with them: no head to fill in.
    const Result ds = run("v=1&model=deepseek-ai/DeepSeek-V3&spec=1&gpu=h200");
    REQUIRE(ds.recommended >= 0);
    const Option& d = ds.options[size_t(ds.recommended)];
    CHECK(d.command[0].shell.find("--speculative-config '{\"method\":\"mtp\",\"num_speculative_tokens\":1}'") !=
          std::string::npos);
}

TEST_CASE("GGUF weights on llama-server are sized without speculation, and the option says so") {
    const Result r = run("v=1&model=meta-llama/Llama-3.1-8B-Instruct&wq=q4_k_m&gpu=rtx-4090&n=1&spec=3");
    const Option* o = option_for(r, "rtx-4090");
    REQUIRE(o);
    CHECK_FALSE(o->workload);  // nothing else shapes the request: no speculation figure
    bool warned = false;
    for (const auto& w : o->warnings) warned |= w.code == std::string("spec.llamacpp");
    CHECK(warned);
    const Result plain = run("v=1&model=meta-llama/Llama-3.1-8B-Instruct&wq=q4_k_m&gpu=rtx-4090&n=1");
    const Option* p = option_for(plain, "rtx-4090");
    REQUIRE(p);
    CHECK(o->decode_tps_per_user.mid == doctest::Approx(p->decode_tps_per_user.mid));
}
