// An option's figures of the request's shape (workload.hpp): what speculation, reasoning and adapters
// do to it, and where a session's KV waits between turns.
#include <algorithm>
#include <cmath>

#include "engine/hardware.hpp"
#include "engine/offload.hpp"
#include "engine/serving_model.hpp"

namespace gpusizer {
namespace {

// Host RAM a server gives the KV tier, per GPU: half of a DGX H100's 2 TB over its 8 GPUs (NVIDIA
// DGX H100 datasheet: 2 TB system memory); the rest is the OS, the engine and page cache.
constexpr double kHostKvGbPerGpu = 128;
// NVMe tier: one drive per GPU read at a PCIe 4.0 x4 link's 7.88 GB/s (DGX H100: 8 × 3.84 TB U.2
// NVMe data drives), the link's bound, not a drive's measured speed.
constexpr double kNvmeGbsPerGpu = 7.88;
// Host-to-GPU copies of KV blocks reach 0.8 of a PCIe x16 link's rate: vLLM's offloading connector
// measured ~50 GB/s one way on an H100's PCIe 5.0 x16 (63 GB/s; vLLM blog, 2025-12-29). Calibration.
constexpr double kKvCopyPcieShare = 0.8;

bool shaped(const Workload& w) {
    return w.sessions() || w.spec.draft > 0 || w.thinking > 0 || w.lora.served > 0 || w.fanout > 1 || w.prompt < w.context;
}

// Where the idle sessions of one replica wait, and what bringing one back costs.
void session_tier(WorkloadFigures& f, const Replica& r, const Option& o, const Cycle& c, double batch) {
    const Workload& w = r.w;
    const double gpus = double(r.tp) * r.pp;
    const double turn_s = c.ttft + w.answer() * c.tpot;
    f.idle_sessions = w.gap_s > 0 ? batch * w.gap_s / turn_s : 0.0;
    const Bytes per_gpu = kv_bytes_per_sequence(r.kv, r.context() + w.answer()) * r.kv_share;
    f.session_gb = per_gpu.gb() * gpus;
    const double idle_per_gpu = f.idle_sessions * per_gpu.gb();
    const double free_per_gpu = (r.mem.kv_available() - (r.kv_avg * batch).value) / kBytesPerGB;
    // Recomputing a session's context: its prompt through the step budget at this load.
    const double budget = r.engine.step_tokens;
    const double recompute = r.context() / budget * r.step_seconds(batch, budget);
    const double gpus_per_server = std::min<double>(o.count, r.gpu->max_server_size());
    if (idle_per_gpu <= std::max(0.0, free_per_gpu)) {
        f.tier = KvTier::gpu;
    } else {
        const double host_bw = pcie_x16_gbs(r.gpu->pcie_gen) * 1e9 * kKvCopyPcieShare;
        const bool host_holds = idle_per_gpu <= kHostKvGbPerGpu;
        const double restore = per_gpu.value / (host_holds ? host_bw : kNvmeGbsPerGpu * 1e9);
        if (recompute < restore) {
            f.tier = KvTier::recompute;
            f.restore_s = recompute;
        } else {
            f.tier = host_holds ? KvTier::host : KvTier::nvme;
            f.restore_s = restore;
            f.host_ram_gb = std::min(idle_per_gpu, kHostKvGbPerGpu) * gpus_per_server;
            f.disk_gb = std::max(0.0, idle_per_gpu - kHostKvGbPerGpu) * gpus_per_server;
        }
    }
    f.ttft_turn_s = c.ttft + f.restore_s;
}

}  // namespace

void fill_workload(Option& o, const Replica& r, double batch) {
    const Workload& w = r.w;
    if (r.engine.llamacpp && r.job->state.spec > 0) o.warnings.push_back(Message(code::spec_llamacpp));
    if (!shaped(w)) return;
    const Cycle c = r.cycle(batch);
    WorkloadFigures f;
    f.prompt = w.prompt;
    f.context = w.context;
    f.visible = w.visible;
    f.thinking = w.thinking;
    f.tokens_per_step = w.spec.per_step;
    if (w.spec.draft > 0) {
        Replica plain = r;
        plain.w.spec = Speculation{};
        const double plain_tpot = plain.cycle(batch).tpot;
        f.spec_speedup = plain_tpot / c.tpot;
        if (f.spec_speedup < 1)
            o.warnings.push_back(Message(code::spec_slower).num("speedup", f.spec_speedup).num("batch", batch)
                                     .num("draft", w.spec.draft));
        o.explanations.push_back({"workload.spec",
            Message(code::formula_spec).num("draft", w.spec.draft).num("accept", w.spec.accept * 100)
                .num("mtp", w.spec.mtp ? 1 : 0).num("per_step", w.spec.per_step).num("batch", batch)
                .num("plain_ms", plain_tpot * 1e3).num("tpot_ms", c.tpot * 1e3).num("speedup", f.spec_speedup),
            {f.spec_speedup, f.spec_speedup, f.spec_speedup}});
    }
    f.think_s = w.thinking * c.tpot;
    f.first_visible_s = c.ttft + f.think_s;
    if (w.thinking > 0)
        o.explanations.push_back({"workload.think",
            Message(code::formula_think).num("think", w.thinking).num("tpot_ms", c.tpot * 1e3).num("think_s", f.think_s)
                .num("ttft", c.ttft).num("visible_s", f.first_visible_s).num("answer", w.answer()),
            {f.first_visible_s, f.first_visible_s, f.first_visible_s}});
    if (w.lora.served > 0) {
        f.adapters_gb = r.mem.adapters.gb();
        f.adapters_host_gb = w.lora.served * w.lora.params_per_adapter * 2 / kBytesPerGB;
        const double decoding = std::max(1.0, batch);
        const double step = r.step_seconds(decoding, 0);
        Replica plain = r;
        plain.w.lora = Adapters{};
        f.lora_step_pct = (step / plain.step_seconds(decoding, 0) - 1.0) * 100.0;
        o.explanations.push_back({"workload.lora",
            Message(code::formula_lora).num("loras", w.lora.served).num("rank", w.lora.rank).num("slots", w.lora.slots)
                .num("mb", w.lora.params_per_adapter * 2 / 1e6).num("gpu_gb", f.adapters_gb)
                .num("distinct", w.lora.distinct_in_batch(decoding)).num("batch", batch).num("pct", f.lora_step_pct),
            {f.lora_step_pct, f.lora_step_pct, f.lora_step_pct}});
    }
    if (w.sessions()) {
        session_tier(f, r, o, c, batch);
        o.explanations.push_back({"workload.session",
            Message(code::formula_session).num("turns", w.turns).num("grow", w.grow).num("context", w.context)
                .num("prompt", w.prompt).num("gap", w.gap_s).num("idle", f.idle_sessions).num("session_gb", f.session_gb)
                .term("tier", text_of(f.tier)).num("restore_ms", f.restore_s * 1e3).num("ttft", f.ttft_turn_s)
                .num("host_gb", f.host_ram_gb).num("disk_gb", f.disk_gb),
            {f.ttft_turn_s, f.ttft_turn_s, f.ttft_turn_s}});
    }
    o.workload = f;
}

}  // namespace gpusizer

namespace gpusizer {

void workload_assumptions(const State& s, const Workload& w, std::vector<Message>& said) {
    // What the preset changes against a plain chat-bot, first (services.cpp holds its values).
    if (s.use == Use::rag)
        said.push_back(Message(code::assume_preset_rag).num("in", s.in).num("prefix", s.prefix * 100).num("turns", w.turns)
                           .num("grow", w.grow));
    if (s.use == Use::reason)
        said.push_back(Message(code::assume_preset_reason).num("think", w.thinking).num("answer", w.answer()));
    if (s.use == Use::agent)
        said.push_back(Message(code::assume_preset_agent).num("turns", w.turns).num("grow", w.grow).num("gap", w.gap_s));
    if (s.prefix > 0)
        said.push_back(Message(code::assume_prefix).num("prefix", s.prefix * 100).num("in", s.in)
                           .num("shared", w.shared_prefix).num("turns", w.turns));
    if (w.sessions())
        said.push_back(Message(code::assume_sessions).num("turns", w.turns).num("grow", w.grow).num("out", w.visible)
                           .num("gap", w.gap_s).num("context", w.context).num("prompt", w.prompt)
                           .num("host_gb", kHostKvGbPerGpu).num("nvme_gbs", kNvmeGbsPerGpu));
    if (w.fanout > 1) said.push_back(Message(code::assume_fanout).num("fanout", w.fanout));
    if (w.spec.draft > 0)
        said.push_back(Message(code::assume_spec).num("draft", w.spec.draft).num("mtp", w.spec.mtp ? 1 : 0)
                           .num("accept", w.spec.accept * 100).num("per_step", w.spec.per_step)
                           .num("given", s.accept ? 1 : 0));
    if (w.thinking > 0)
        said.push_back(Message(code::assume_think).num("think", w.thinking).num("out", w.visible)
                           .str("level", s.think_level == ThinkLevel::none ? "" : std::string(key_of(s.think_level))));
    if (w.lora.served > 0)
        said.push_back(Message(code::assume_lora).num("loras", w.lora.served).num("rank", w.lora.rank)
                           .num("slots", w.lora.slots).num("mb", w.lora.params_per_adapter * 2 / 1e6));
}

}  // namespace gpusizer
