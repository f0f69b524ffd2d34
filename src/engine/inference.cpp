// Inference: the layouts of every GPU, their memory, speed and capacity (replicas × TP × PP),
// the figures' explanations. The serving model itself is in serving_model.cpp.
#include <algorithm>
#include <cmath>

#include "engine/hardware.hpp"
#include "engine/model_math.hpp"
#include "engine/offload.hpp"
#include "engine/serving_model.hpp"
#include "engine/tasks.hpp"

namespace gpusizer {
namespace {

constexpr double kMaxGpus = 1e6;

// Tokens a request's KV holds at its end, on average: its context and what it decodes.
double mean_sequence_tokens(const State& s, const ModelSpec& m) {
    const Workload w = make_workload(s, m);
    return w.context + w.answer();
}

// Tensor-parallel sizes vLLM accepts for this model: heads divisible, KV heads divide or are divided.
bool tp_valid(const ModelSpec& m, int tp, Message* why) {
    if (tp <= 1) return true;
    if (m.heads > 0 && m.heads % tp != 0) {
        *why = Message(code::reason_heads_split).num("heads", m.heads).num("tp", tp);
        return false;
    }
    if (m.attention != AttentionKind::mla && m.kv_heads > 0 && m.kv_heads % tp != 0 && tp % m.kv_heads != 0) {
        *why = Message(code::reason_kv_heads_split).num("kv_heads", m.kv_heads).num("tp", tp);
        return false;
    }
    return true;
}

struct Layout { int tp, pp; };

// TP within a server (1, 2, 4, 8 up to its size), then PP across servers for larger models.
std::vector<Layout> candidate_layouts(const GpuSpec& g, const ModelSpec& m) {
    std::vector<Layout> out;
    const int server = g.max_server_size();
    for (int tp = 1; tp <= server; tp *= 2) out.push_back({tp, 1});
    const int max_pp = std::max(1, std::min(m.layers, 64));
    for (int pp = 2; pp <= max_pp; pp *= 2) out.push_back({server, pp});
    return out;
}

Replicas make_replicas(const Job& job, const GpuSpec& g, Layout l, double batch) {
    return {make_replica(job, g, l.tp, l.pp, Assumptions::optimistic(), batch),
            make_replica(job, g, l.tp, l.pp, Assumptions::typical(), batch),
            make_replica(job, g, l.tp, l.pp, Assumptions::pessimistic(), batch)};
}

// How the typical figures of an option were obtained, numbers substituted (UI tooltips, JSON).
void explain_option(Option& o, const Replica& r, const Cycle& c, double batch) {
    const ServingMemory& m = r.mem;
    o.explanations.push_back({"memory.kv_capacity",
        Message(code::formula_kv_capacity).num("usable_gb", m.usable / kBytesPerGB).num("weights_gb", m.weights.gb())
            .num("activations_gb", m.activations.gb()).num("overhead_gb", m.overhead().gb())
            .num("free_gb", std::max(0.0, m.kv_available()) / kBytesPerGB).num("llamacpp", r.engine.llamacpp ? 1 : 0)
            .num("tokens", r.engine.step_tokens).num("seqs", r.engine.max_seqs).num("kv_gb", o.kv_cache_gb)
            .num("kv_tokens", o.kv_cache_tokens).num("block", r.engine.block_tokens)
            .num("concurrency", o.max_concurrency).num("ctx", r.job->state.ctx),
        {o.kv_cache_gb, o.kv_cache_gb, o.kv_cache_gb}});
    const double in = r.in(), out = r.out();
    o.explanations.push_back({"speed.cycle",
        Message(code::formula_serving_cycle).num("batch", batch).num("in", in).num("out", out)
            .num("decode_ms", c.decode_step * 1e3).num("prefill_ms", c.prefill_step * 1e3)
            .num("budget", r.engine.step_tokens).num("cycle_s", c.seconds).num("tpot_ms", c.tpot * 1e3)
            .num("tps", 1.0 / c.tpot).num("total", batch * out / c.seconds),
        o.decode_tps_per_user});
    o.explanations.push_back({"speed.ttft",
        Message(code::formula_serving_ttft).num("server_ms", r.a.request_overhead_ms)
            .num("queue_ms", c.queue * 1e3).num("rho", c.utilization * 100).num("rate", batch / c.seconds)
            .num("prefill_ms", (c.ttft - c.queue) * 1e3 - r.a.request_overhead_ms).num("ttft_ms", c.ttft * 1e3),
        o.ttft_s});
}

// The KV cache the engine allocates: vLLM gives it every free byte (its start-up log); llama.cpp
// allocates -c = ctx × slots cells.
void fill_kv_capacity(Option& o, const Replica& r, double batch) {
    if (r.engine.llamacpp) {
        o.kv_cache_tokens = std::max(1.0, r.job->state.ctx) * batch;
        o.kv_cache_gb = (r.kv_ctx * batch).gb();
        o.max_concurrency = batch;
        return;
    }
    o.kv_cache_gb = std::max(0.0, r.mem.kv_available()) / kBytesPerGB;
    o.kv_cache_tokens = r.kv_tokens();
    o.max_concurrency = r.max_concurrency();
}

}  // namespace

void fill_from_replicas(Option& o, const Replicas& r, double batch) {
    const Cycle lo = r.lo.cycle(batch), mid = r.mid.cycle(batch), hi = r.hi.cycle(batch);
    o.decode_tps_per_user = {1.0 / hi.tpot, 1.0 / mid.tpot, 1.0 / lo.tpot};
    // Output tokens/s: every replica finishes `batch` answers per cycle.
    const double answers = batch * o.replicas * r.mid.out();
    o.total_tps = {answers / hi.seconds, answers / mid.seconds, answers / lo.seconds};
    o.ttft_s = {lo.ttft, mid.ttft, hi.ttft};
    o.tpot_ms = {lo.tpot * 1e3, mid.tpot * 1e3, hi.tpot * 1e3};
    const auto per_gpu = [&](const Replica& x, const Bytes& kv_seq) { return (x.mem.fixed() + kv_seq * batch).gb(); };
    o.per_gpu_gb = {per_gpu(r.lo, r.lo.kv_avg), per_gpu(r.mid, r.mid.kv_ctx), per_gpu(r.hi, r.hi.kv_ctx)};
    o.per_gpu.weights = r.mid.mem.weights;
    o.per_gpu.kv_cache = r.mid.kv_ctx * batch;
    o.per_gpu.activations = r.mid.mem.activations;
    o.per_gpu.overhead = r.mid.mem.overhead();
    o.per_gpu.weights = o.per_gpu.weights + r.mid.mem.adapters;
    o.per_gpu.kv_cache = o.per_gpu.kv_cache + r.mid.mem.prefix_kv;
    fill_kv_capacity(o, r.mid, batch);
    explain_option(o, r.mid, mid, batch);
    fill_workload(o, r.mid, batch);
}

namespace {

// The option cannot hold one sequence of `ctx` tokens: what it needs and has.
void needs_memory(Option& o, const Replica& mid, const State& s) {
    const double need = (mid.mem.fixed() + mid.kv_ctx).gb();
    o.per_gpu_gb = {need, need, need};
    o.per_gpu.weights = mid.mem.weights;
    o.per_gpu.kv_cache = mid.kv_ctx;
    o.per_gpu.activations = mid.mem.activations;
    o.per_gpu.overhead = mid.mem.overhead();
    o.reason = Message(code::reason_needs_memory_ctx).num("need", need).num("ctx", s.ctx).num("have", o.capacity_gb)
                   .num("memory", o.gpu_memory_gb).num("reserve", s.reserve);
}

// Largest batch per replica meeting the targets within `cap` users, with the engine's sequence
// limit raised when that batch exceeds vLLM's default max_num_seqs (the sampler then needs more).
double size_batch(const Job& job, const GpuSpec& g, Layout l, Replicas& r, double cap) {
    double batch = r.mid.best_batch(std::min(cap, r.mid.batch_limit_by_memory()));
    if (batch > r.mid.engine.max_seqs) {
        r = make_replicas(job, g, l, batch);
        batch = r.mid.best_batch(std::min(batch, r.mid.batch_limit_by_memory()));
    }
    return batch;
}

// The state's rate load for one replica's share of the fleet's rate.
SloLoad slo_load(const State& s, double rps_per_replica) {
    SloLoad l;
    l.rps = rps_per_replica;
    l.burst = s.burst;
    l.pct = s.pct;
    l.ttft_s = s.ttft;
    l.tpot_s = 1.0 / std::max(1e-9, s.tps);
    l.spread = s.spread;
    return l;
}

constexpr int kSloCurvePoints = 12;

// The latency curves of the options a page draws (add_latency_curves): the recommendation's, and the
// first fitting option of each GPU in the ranking (the chart's chips). A curve, two solves and a dozen
// points of the queueing model, costs about as much as sizing its option: the other options go without.
std::vector<bool> options_with_curves(const Result& r) {
    std::vector<bool> wanted(r.options.size(), false);
    std::vector<const std::string*> seen;
    for (std::size_t i = 0; i < r.options.size(); ++i) {
        const Option& o = r.options[i];
        if (!o.slo || !o.fits) continue;
        bool first = true;
        for (const std::string* id : seen) first = first && *id != o.gpu_id;
        if (first) seen.push_back(&o.gpu_id);
        wanted[i] = first || int(i) == r.recommended;
    }
    return wanted;
}

// rps > 0: as many replicas as the rate needs within the percentile targets, plus the spares; with a
// pinned count (`pinned_replicas` > 0), whether those replicas carry the rate (no spare kept).
Option size_for_rate(const Job& job, const GpuSpec& g, Layout l, Replicas& r, Option o, int pinned_replicas) {
    const State& s = job.state;
    SloFigures f;
    f.rps = s.rps * (1.0 + std::max(0.0, s.growth) / 100.0) * std::max(1, s.fanout);
    f.spare = std::max(0, s.spare);
    f.saturation_rps = slo_saturation_rps(r.mid);
    f.rps_max_per_replica = slo_rps_max(r.mid, slo_load(s, 0));
    if (f.rps_max_per_replica <= 0) {
        // Missed even by a lone request: the figures at the asked rate still say by how much.
        const SloPoint lone = slo_point(r.mid, slo_load(s, f.saturation_rps * 1e-6));
        o.replicas = std::max(1, pinned_replicas);
        o.batch_per_replica = 1;
        fill_from_replicas(o, r, 1);
        o.reason = Message(code::reason_misses_slo).num("pct", s.pct).num("tps", 1.0 / lone.tpot_at_pct)
                       .num("target_tps", s.tps).num("ttft", lone.ttft_at_pct).num("target_ttft", s.ttft);
        f.spare = 0;
        f.replicas_needed = o.replicas;
        f.at = slo_point(r.mid, slo_load(s, f.rps / o.replicas));
        o.slo = std::move(f);
        return o;
    }
    if (pinned_replicas > 0) f.spare = 0;
    f.replicas_needed = pinned_replicas > 0
                            ? pinned_replicas
                            : int(std::min(kMaxGpus, std::max(1.0, std::ceil(f.rps / f.rps_max_per_replica))));
    f.rps_max = f.rps_max_per_replica * f.replicas_needed;
    o.replicas = f.replicas_needed + f.spare;
    o.count = o.replicas * l.tp * l.pp;
    if (o.count > kMaxGpus / 10) { o.reason = Message(code::reason_too_many_gpus).num("max", kMaxGpus / 10); return o; }
    o.servers = servers_for_gpus(o.count, g.max_server_size());
    f.at = slo_point(r.mid, slo_load(s, f.rps / f.replicas_needed));
    const double batch = std::max(1.0, std::ceil(f.at.concurrency));
    o.batch_per_replica = int(batch);
    o.users_served = f.at.concurrency * f.replicas_needed;
    fill_from_replicas(o, r, batch);
    // At a rate the batch is sequences of prompt plus answer (slo_slots), not each at the full context.
    auto used = [&](const Replica& x) { return (x.mem.fixed() + x.kv_avg * batch).gb(); };
    o.per_gpu_gb = {used(r.lo), used(r.mid), used(r.hi)};
    o.per_gpu.kv_cache = r.mid.kv_avg * batch + r.mid.mem.prefix_kv;
    o.fits = f.rps <= f.rps_max * (1 + 1e-9);
    if (!o.fits)
        o.reason = Message(code::reason_rate_over).num("max", f.rps_max).num("pct", s.pct).num("rps", f.rps);
    o.slo = std::move(f);
    return o;
}

// Evaluate one GPU with one layout; `pinned` = total GPUs fixed by the user (0: size for the load).
Option evaluate_layout(const Job& job, const GpuSpec& g, Layout l, int pinned) {
    const State& s = job.state;
    const double users = planned_users(s);
    Option o;
    o.gpu_id = g.id;
    o.gpu_name = g.name;
    o.tp = l.tp;
    o.pp = l.pp;
    o.gpu_memory_gb = gpu_memory(g).gb();
    Replicas r = make_replicas(job, g, l, 1);
    o.capacity_gb = r.mid.mem.usable / kBytesPerGB;
    const int per_replica = l.tp * l.pp;
    // A pinned count is what the buyer asked about, also when this layout cannot run at all.
    o.count = pinned > 0 ? pinned : per_replica;
    o.servers = servers_for_gpus(o.count, g.max_server_size());

    Message why;
    if (!tp_valid(job.model, l.tp, &why)) { o.reason = why; return o; }
    if (l.pp > 1 && job.model.layers < l.pp) { o.reason = Message(code::reason_layers_lt_stages); return o; }
    if (r.mid.peak <= 0) { o.reason = Message(code::reason_no_tensor_figure); return o; }
    if (r.mid.batch_limit_by_memory() < 1) { needs_memory(o, r.mid, s); return o; }

    if (pinned > 0) {
        if (pinned % per_replica != 0) { o.reason = Message(code::reason_count_not_multiple); return o; }
        o.replicas = pinned / per_replica;
        o.count = pinned;
        o.servers = servers_for_gpus(pinned, g.max_server_size());
        if (s.rps > 0) return size_for_rate(job, g, l, r, std::move(o), o.replicas);
        const double cap = size_batch(job, g, l, r, kMaxGpus);
        o.users_served = cap * o.replicas;
        const double batch = std::max(1.0, std::min(cap > 0 ? cap : 1.0, std::ceil(users / o.replicas)));
        o.batch_per_replica = int(batch);
        fill_from_replicas(o, r, batch);
        if (cap <= 0) {
            const Cycle one = r.mid.cycle(1);
            o.reason = Message(code::reason_misses_targets).num("tps", 1.0 / one.tpot).num("target_tps", s.tps)
                           .num("ttft", one.ttft).num("target_ttft", s.ttft);
        } else if (o.users_served < users) {
            o.reason = Message(code::reason_serves_fewer).num("served", std::floor(o.users_served)).num("users", users);
        } else {
            o.fits = true;
        }
        return o;
    }

    if (s.rps > 0) return size_for_rate(job, g, l, r, std::move(o), 0);
    const double batch_cap = size_batch(job, g, l, r, users);
    if (batch_cap <= 0) {
        o.replicas = 1;
        o.batch_per_replica = 1;
        fill_from_replicas(o, r, 1);
        const Cycle one = r.mid.cycle(1);
        if (1.0 / one.tpot < s.tps)
            o.reason = Message(code::reason_too_slow).num("tps", 1.0 / one.tpot).num("target", s.tps);
        else
            o.reason = Message(code::reason_ttft_too_long).num("ttft", one.ttft).num("target", s.ttft);
        return o;
    }
    o.replicas = int(std::min(kMaxGpus, std::ceil(users / batch_cap)));
    o.count = o.replicas * per_replica;
    if (o.count > kMaxGpus / 10) { o.reason = Message(code::reason_too_many_gpus).num("max", kMaxGpus / 10); return o; }
    o.servers = servers_for_gpus(o.count, g.max_server_size());
    const double batch = std::ceil(users / o.replicas);
    o.batch_per_replica = int(batch);
    o.users_served = batch_cap * o.replicas;
    fill_from_replicas(o, r, batch);
    o.fits = true;
    return o;
}

void warn_option(const Job& served, const GpuSpec& g, Option& o) {
    warn_low_bandwidth(g, o);
    // An offloaded option runs in llama-server, which keeps the file's layout.
    const ServingEngine engine = o.offload ? llamacpp_engine(1) : serving_engine(g, served.wq, std::max(1, o.batch_per_replica));
    const ExpertPadding pad = expert_padding(served.model, served.wq, g, engine, o.tp);
    if (pad.pads()) {
        const double experts = weight_bytes(served.model, served.wq).routed_experts.gb();
        o.warnings.push_back(Message(code::gpu_experts_padded).num("hidden", pad.hidden).num("padded_hidden", pad.padded_hidden)
                                 .num("width", pad.width).num("padded_width", pad.padded_width)
                                 .num("hidden_pads", pad.padded_hidden > pad.hidden).num("width_pads", pad.padded_width > pad.width)
                                 .num("both", pad.padded_hidden > pad.hidden && pad.padded_width > pad.width)
                                 .num("gb", experts * (pad.ratio() - 1) / (double(o.tp) * std::max(1, o.pp))));
    }
    if (o.tp > 1 && !nvlink_within(g, o.tp))
        o.warnings.push_back(Message(code::gpu_tp_over_pcie).num("tp", o.tp));
    if (g.estimated)
        o.warnings.push_back(Message(code::gpu_estimated).str("gpu", g.name));
}

}  // namespace

namespace {

// The engine behind the job-level memory figures (before any GPU is chosen): the pinned GPU's, else
// vLLM's lean profile (2048 tokens, 256 sequences); llama.cpp for GGUF weights.
ServingEngine reference_engine(const std::vector<const GpuSpec*>& gpus, WeightFormat wq, double users) {
    if (gpus.size() == 1) return serving_engine(*gpus[0], wq, users);
    return serving_engine(false, wq, users);
}

// Activations, CUDA graphs and runtime memory of one unsplit replica under an assumption set.
Bytes job_overhead(const ModelSpec& m, const ServingEngine& e, const Assumptions& a) {
    Bytes b = serving_activations(m, e, 1) * a.serve_activation_factor + Bytes::from_gb(a.runtime_overhead_gb);
    if (!e.llamacpp) b += Bytes::from_gb(a.cuda_graph_gb);
    return b;
}

}  // namespace

Bytes inference_memory_at_context(const ModelSpec& m, const State& s, WeightFormat wq, double ctx) {
    const ServingEngine e = serving_engine(false, wq, planned_users(s));
    return weight_bytes(m, wq).total() + kv_bytes_per_sequence(kv_layout(m, s.kvq), ctx) * planned_users(s) +
           job_overhead(m, e, Assumptions::typical());
}

namespace {

// How the job-level memory figures were obtained (before any GPU is chosen), numbers substituted.
void explain_job_memory(const Job& job, const ServingEngine& engine, const WeightBytes& w, const KvLayout& kv,
                        double users, Result& out) {
    const State& s = job.state;
    const ModelSpec& m = job.model;
    const Assumptions mid = Assumptions::typical(), lo = Assumptions::optimistic(), hi = Assumptions::pessimistic();
    const Bytes kv_avg = kv_bytes_per_sequence(kv, std::min(s.ctx, mean_sequence_tokens(s, m))) * users;
    // Per token of this context, so that it multiplies out to the total: window layers stop growing
    // at their window (gpt-oss-120b: 36 KiB/token at 8k, not the 72 of its first 128 tokens).
    const double per_token = kv_bytes_per_token_at(kv, s.ctx);
    const WeightFormatInfo& wf = weight_format_info(job.wq);
    out.explanations.push_back({"memory.weights",
        Message(code::formula_weights).num("params_b", m.params_b).num("bits", wf.bits_per_weight)
            .str("format", std::string(wf.label)).num("embeddings_gb", (w.input_embedding + w.lm_head).gb())
            .num("total_gb", w.total().gb()),
        {w.total().gb(), w.total().gb(), w.total().gb()}});
    const bool mla = m.attention == AttentionKind::mla && m.mla;
    Message kv_formula(mla ? code::formula_kv_mla : code::formula_kv_heads);
    if (mla) kv_formula.num("rank", m.mla->kv_lora_rank).num("rope", m.mla->qk_rope_head_dim).num("layers", m.layers);
    else kv_formula.num("kv_heads", m.kv_heads).num("head_dim", m.head_dim).num("layers", full_attention_layers(m));
    kv_formula.num("bytes", kv_bytes_per_element(s.kvq)).num("window", kv.window)
        .num("state_gb", Bytes{kv.state_bytes_per_sequence}.gb()).num("kib", per_token / 1024.0)
        .num("ctx", s.ctx).num("users", users).num("total_gb", out.memory.kv_cache.gb());
    out.explanations.push_back({"memory.kv_cache", kv_formula,
                                {kv_avg.gb(), out.memory.kv_cache.gb(), out.memory.kv_cache.gb()}});
    const double act = out.memory.activations.gb();
    out.explanations.push_back({"memory.activations",
        Message(code::formula_activations).num("llamacpp", engine.llamacpp ? 1 : 0).num("tokens", engine.step_tokens)
            .num("seqs", engine.max_seqs).num("vocab", m.vocab).num("total_gb", act),
        {act * lo.serve_activation_factor, act, act * hi.serve_activation_factor}});
    const auto overhead = [&](const Assumptions& a) {
        return job_overhead(m, engine, a).gb() - act * a.serve_activation_factor;
    };
    out.explanations.push_back({"memory.overhead",
        Message(code::formula_overhead).num("llamacpp", engine.llamacpp ? 1 : 0).num("graphs_gb", mid.cuda_graph_gb)
            .num("nccl_gb", mid.nccl_gb).num("runtime_gb", mid.runtime_overhead_gb),
        {overhead(lo), overhead(mid), overhead(hi)}});
    out.explanations.push_back({"parallelism.per_gpu",
        Message(code::formula_split_inference).num("moe", m.moe ? 1 : 0)
            .num("mla", m.attention == AttentionKind::mla ? 1 : 0).num("kv_heads", m.kv_heads)
            .num("state", kv.state_bytes_per_sequence > 0 ? 1 : 0),
        {}});
}

}  // namespace

void evaluate_inference(const Job& job, Result& out) {
    const State& s = job.state;
    const ModelSpec& m = job.model;
    const double users = planned_users(s);
    const KvLayout kv = kv_layout(m, s.kvq);
    const WeightBytes w = weight_bytes(m, job.wq);
    const ServingEngine engine = reference_engine(job.gpus, job.wq, users);
    const Assumptions mid = Assumptions::typical(), lo = Assumptions::optimistic(), hi = Assumptions::pessimistic();
    workload_assumptions(s, make_workload(s, m), out.assumptions);
    out.memory.weights = w.total();
    out.memory.kv_cache = kv_bytes_per_sequence(kv, s.ctx) * users;
    out.memory.activations = serving_activations(m, engine, 1);
    out.memory.overhead = job_overhead(m, engine, mid) - out.memory.activations;
    const Bytes kv_avg = kv_bytes_per_sequence(kv, std::min(s.ctx, mean_sequence_tokens(s, m))) * users;
    out.memory_total_gb = {(w.total() + kv_avg + job_overhead(m, engine, lo)).gb(), out.memory.total().gb(),
                           (w.total() + out.memory.kv_cache + job_overhead(m, engine, hi)).gb()};
    explain_job_memory(job, engine, w, kv, users, out);

    // offload=1 asks what one card does with host RAM: it sizes one GPU (as n=1 would), unless a count
    // is pinned; layouts and replicas of several GPUs answer another question (offload off).
    const int pinned = s.n ? *s.n : s.offload ? 1 : 0;
    auto finish = [&](const GpuSpec& g, Option o, const Job& served) {
        warn_option(served, g, o);
        add_cost(o, g, job.catalog.currency);
        // At a rate, the fleet's tokens are the rate's answers, whatever the replicas could carry.
        const double tokens_per_s = o.slo ? o.slo->rps * answer_tokens(s) : o.total_tps.mid;
        if (o.cost_per_hour && o.fits && tokens_per_s > 0)
            o.cost_per_mtok = *o.cost_per_hour / (tokens_per_s * 3600.0 / 1e6);
        if (o.workload && o.cost_per_mtok) o.workload->cost_per_answer = *o.cost_per_mtok * answer_tokens(s) / 1e6;
        if (o.fits) o.command = serving_command(served, o);
        out.options.push_back(std::move(o));
    };
    // An Option is large: growing the vector would move (or copy) every one already sized.
    out.options.reserve(job.gpus.size() * 8);
    for (const GpuSpec* g : job.gpus) {
        for (Layout l : candidate_layouts(*g, m)) {
            if (pinned > 0 && (l.tp * l.pp > pinned || pinned % (l.tp * l.pp) != 0)) continue;
            finish(*g, evaluate_layout(job, *g, l, pinned), job);
            // Once a layout fits on its own, wider pipelines of the same GPU only add cost.
            if (pinned == 0 && out.options.back().fits && l.pp > 1) break;
        }
        // offload=1: one card with part of the model in host RAM, when the card cannot hold it
        // whole for the load.
        if (s.offload && pinned <= 1 &&
            (s.cpu_layers || make_replica(job, *g, 1, 1, Assumptions::typical(), users).batch_limit_by_memory() < users))
            if (std::optional<Option> o = offload_option(job, *g)) {
                // The command is for the GGUF format the option is served in.
                const Job served{job.state, job.catalog, job.model, o->offload ? o->offload->format : job.wq, job.gpus};
                finish(*g, std::move(*o), served);
            }
    }
}

void add_latency_curves(const Job& job, Result& r) {
    if (job.state.rps <= 0) return;
    const std::vector<bool> wanted = options_with_curves(r);
    for (std::size_t i = 0; i < r.options.size(); ++i) {
        Option& o = r.options[i];
        const GpuSpec* g = wanted[i] ? job.catalog.find_gpu(o.gpu_id) : nullptr;
        if (!g) continue;
        const Replica mid = make_replica(job, *g, o.tp, o.pp, Assumptions::typical(), 1);
        o.slo->curve = slo_curve(mid, slo_load(job.state, 0), kSloCurvePoints);
    }
}

}  // namespace gpusizer
