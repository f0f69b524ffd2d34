// Inference: memory per GPU, roofline speed, and capacity (replicas × TP × PP).
#include <algorithm>
#include <cmath>

#include "engine/hardware.hpp"
#include "engine/model_math.hpp"
#include "engine/tasks.hpp"

namespace gpusizer {
namespace {

constexpr double kMaxGpus = 1e6;
constexpr double kNetworkHopSeconds = 20e-6;  // pipeline stage hop across servers (InfiniBand)

// Everything about one replica (TP × PP GPUs of one kind) under one assumption set.
struct Replica {
    const Job* job;
    const GpuSpec* gpu;
    int tp, pp;
    Assumptions a;
    KvLayout kv;
    double usable = 0;        // bytes per GPU after the reserve
    Bytes weights, activations, overhead, kv_ctx, kv_avg;  // per GPU; KV per sequence
    double peak_decode = 0, peak_prefill = 0;
    // Per-replica constants of the cycle model, computed once (the batch search calls it often).
    double dense_read = 0, expert_read = 0;  // bytes per decode step per GPU: always read / all experts
    double kv_read = 0;                      // KV bytes read per sequence per step per GPU
    double decode_flops_token = 0, prefill_flops_prompt = 0;

    double in() const { return std::max(1.0, job->state.in); }
    double out() const { return std::max(1.0, job->state.out); }

    Bytes static_bytes() const { return weights + activations + overhead; }

    double batch_limit_by_memory() const {
        const double free_bytes = usable - static_bytes().value;
        if (free_bytes <= 0) return 0;
        if (kv_ctx.value <= 0) return kMaxGpus;
        return std::floor(free_bytes / kv_ctx.value);
    }

    double allreduce_seconds(double tokens) const {
        if (tp <= 1) return 0;
        const double lat = (nvlink_within(*gpu, tp) ? a.nvlink_latency_us : a.pcie_latency_us) * 1e-6;
        const double bytes = 2.0 * (tp - 1) / tp * tokens * job->model.hidden * 2.0;
        const double layers_per_stage = double(job->model.layers) / pp;
        return 2.0 * layers_per_stage * (lat + bytes / interconnect_bytes_per_s(*gpu, tp));
    }

    // One request cycle of `batch` users: `out` decode steps plus each user's prefill.
    double cycle_seconds(double batch) const {
        const ModelSpec& m = job->model;
        const double split = double(tp) * pp;
        const double bw = memory_bandwidth_bytes_per_s(*gpu) * a.decode_bandwidth_eff;
        const double experts = m.moe ? expert_read * expert_touch_fraction(*m.moe, batch) : expert_read;
        const double step_bytes = dense_read + experts + batch * kv_read;
        const double mem_time = out() * step_bytes / bw;
        const double decode_flops = out() * batch * decode_flops_token / split;
        const double prefill = batch * prefill_flops_prompt / split;
        const double compute_time = decode_flops / (peak_decode * a.decode_compute_eff) +
                                    prefill / (peak_prefill * a.prefill_compute_eff);
        const double comm = out() * allreduce_seconds(batch) + allreduce_seconds(batch * in());
        return pp * (std::max(mem_time, compute_time) + comm) + (pp - 1) * out() * kNetworkHopSeconds;
    }

    double tps_per_user(double batch) const { return out() / cycle_seconds(batch); }
    double tpot_seconds(double batch) const { return cycle_seconds(batch) / out(); }

    double ttft_seconds(double batch) const {
        const double split = double(tp) * pp;
        const double compute = prefill_flops_prompt / split / (peak_prefill * a.prefill_compute_eff);
        const double read = weights.value / (memory_bandwidth_bytes_per_s(*gpu) * a.decode_bandwidth_eff);
        return pp * (std::max(compute, read) + allreduce_seconds(in())) + tpot_seconds(batch);
    }

    bool meets_targets(double batch) const {
        return tps_per_user(batch) >= job->state.tps && ttft_seconds(batch) <= job->state.ttft;
    }

    // Largest batch in [1, cap] meeting the targets (both degrade as the batch grows); 0 if none.
    double best_batch(double cap) const {
        if (cap < 1 || !meets_targets(1)) return 0;
        double lo = 1, hi = std::floor(cap);
        if (meets_targets(hi)) return hi;
        while (hi - lo > 1) {
            const double mid = std::floor((lo + hi) / 2);
            (meets_targets(mid) ? lo : hi) = mid;
        }
        return lo;
    }
};

Replica make_replica(const Job& job, const GpuSpec& g, int tp, int pp, const Assumptions& a) {
    const State& s = job.state;
    const ModelSpec& m = job.model;
    Replica r{&job, &g, tp, pp, a, kv_layout(m, s.kvq)};
    const double split = double(tp) * pp;
    r.usable = usable_memory(g, s.reserve).value;
    r.weights = weight_bytes(m, job.wq).total() / split;
    const double frac = kv_fraction_per_tp_rank(r.kv, tp) / pp;
    r.kv_ctx = kv_bytes_per_sequence(r.kv, s.ctx) * frac;
    r.kv_avg = kv_bytes_per_sequence(r.kv, std::min(s.ctx, s.in + s.out)) * frac;
    r.activations = inference_activations(m, s, tp) * a.activation_factor;
    r.overhead = Bytes::from_gb(a.runtime_overhead_gb);
    const ComputeKind ck = weight_format_info(job.wq).compute;
    r.peak_prefill = peak_flops(g, ck);
    // Decode GEMMs of weight-only formats dequantize to BF16; W8A8/FP8/FP4 keep their path.
    r.peak_decode = r.peak_prefill;
    const WeightBytes wb = weight_bytes(m, job.wq);
    r.dense_read = (wb.other + wb.lm_head + (m.tied_embeddings ? wb.input_embedding : Bytes{0})).value / split;
    r.expert_read = wb.routed_experts.value / split;
    r.kv_read = kv_bytes_per_sequence(r.kv, std::max(1.0, s.in) + std::max(1.0, s.out) / 2.0).value * frac;
    r.decode_flops_token = forward_flops_per_token(m, std::max(1.0, s.in) + std::max(1.0, s.out) / 2.0);
    r.prefill_flops_prompt = prefill_flops(m, std::max(1.0, s.in));
    return r;
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

void fill_from_replicas(Option& o, const Replica& lo, const Replica& mid, const Replica& hi, double batch) {
    o.decode_tps_per_user = {hi.tps_per_user(batch), mid.tps_per_user(batch), lo.tps_per_user(batch)};
    const double n = batch * o.replicas;
    o.total_tps = {n * o.decode_tps_per_user.low, n * o.decode_tps_per_user.mid, n * o.decode_tps_per_user.high};
    o.ttft_s = {lo.ttft_seconds(batch), mid.ttft_seconds(batch), hi.ttft_seconds(batch)};
    o.tpot_ms = {lo.tpot_seconds(batch) * 1e3, mid.tpot_seconds(batch) * 1e3, hi.tpot_seconds(batch) * 1e3};
    const auto per_gpu = [&](const Replica& r, const Bytes& kv_seq) {
        return (r.static_bytes() + kv_seq * batch).gb();
    };
    o.per_gpu_gb = {per_gpu(lo, lo.kv_avg), per_gpu(mid, mid.kv_ctx), per_gpu(hi, hi.kv_ctx)};
    o.per_gpu.weights = mid.weights;
    o.per_gpu.kv_cache = mid.kv_ctx * batch;
    o.per_gpu.activations = mid.activations;
    o.per_gpu.overhead = mid.overhead;
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
    const Replica mid = make_replica(job, g, l.tp, l.pp, Assumptions::typical());
    const Replica lo = make_replica(job, g, l.tp, l.pp, Assumptions::optimistic());
    const Replica hi = make_replica(job, g, l.tp, l.pp, Assumptions::pessimistic());
    o.capacity_gb = mid.usable / kBytesPerGB;
    const int per_replica = l.tp * l.pp;
    // A pinned count is what the buyer asked about, also when this layout cannot run at all.
    o.count = pinned > 0 ? pinned : per_replica;
    o.servers = servers_for_gpus(o.count, g.max_server_size());

    Message why;
    if (!tp_valid(job.model, l.tp, &why)) { o.reason = why; return o; }
    if (l.pp > 1 && job.model.layers < l.pp) { o.reason = Message(code::reason_layers_lt_stages); return o; }
    if (mid.peak_prefill <= 0) { o.reason = Message(code::reason_no_tensor_figure); return o; }

    const double mem_batch = mid.batch_limit_by_memory();
    if (mem_batch < 1) {
        const double need = (mid.static_bytes() + mid.kv_ctx).gb();
        o.per_gpu_gb = {need, need, need};
        o.per_gpu.weights = mid.weights;
        o.per_gpu.kv_cache = mid.kv_ctx;
        o.per_gpu.activations = mid.activations;
        o.per_gpu.overhead = mid.overhead;
        o.reason = Message(code::reason_needs_memory_ctx).num("need", need).num("ctx", s.ctx).num("have", o.capacity_gb)
                       .num("memory", o.gpu_memory_gb).num("reserve", s.reserve);
        return o;
    }

    if (pinned > 0) {
        if (pinned % per_replica != 0) { o.reason = Message(code::reason_count_not_multiple); return o; }
        o.replicas = pinned / per_replica;
        o.count = pinned;
        o.servers = servers_for_gpus(pinned, g.max_server_size());
        const double cap = mid.best_batch(mem_batch);
        o.users_served = cap * o.replicas;
        const double batch = std::max(1.0, std::min(cap > 0 ? cap : 1.0, std::ceil(users / o.replicas)));
        o.batch_per_replica = int(batch);
        fill_from_replicas(o, lo, mid, hi, batch);
        if (cap <= 0) {
            o.reason = Message(code::reason_misses_targets).num("tps", mid.tps_per_user(1)).num("target_tps", s.tps)
                           .num("ttft", mid.ttft_seconds(1)).num("target_ttft", s.ttft);
        } else if (o.users_served < users) {
            o.reason = Message(code::reason_serves_fewer).num("served", std::floor(o.users_served)).num("users", users);
        } else {
            o.fits = true;
        }
        return o;
    }

    const double batch_cap = mid.best_batch(std::min(mem_batch, users));
    if (batch_cap <= 0) {
        o.replicas = 1;
        o.batch_per_replica = 1;
        fill_from_replicas(o, lo, mid, hi, 1);
        const double t = mid.tps_per_user(1), f = mid.ttft_seconds(1);
        if (t < s.tps)
            o.reason = Message(code::reason_too_slow).num("tps", t).num("target", s.tps);
        else
            o.reason = Message(code::reason_ttft_too_long).num("ttft", f).num("target", s.ttft);
        return o;
    }
    o.replicas = int(std::min(kMaxGpus, std::ceil(users / batch_cap)));
    o.count = o.replicas * per_replica;
    if (o.count > kMaxGpus / 10) { o.reason = Message(code::reason_too_many_gpus).num("max", kMaxGpus / 10); return o; }
    o.servers = servers_for_gpus(o.count, g.max_server_size());
    const double batch = std::ceil(users / o.replicas);
    o.batch_per_replica = int(batch);
    o.users_served = batch_cap * o.replicas;
    fill_from_replicas(o, lo, mid, hi, batch);
    o.fits = true;
    return o;
}

void warn_option(const GpuSpec& g, Option& o) {
    warn_low_bandwidth(g, o);
    if (o.tp > 1 && !nvlink_within(g, o.tp))
        o.warnings.push_back(Message(code::gpu_tp_over_pcie).num("tp", o.tp));
    if (g.estimated)
        o.warnings.push_back(Message(code::gpu_estimated).str("gpu", g.name));
}

}  // namespace

Bytes inference_memory_at_context(const ModelSpec& m, const State& s, WeightFormat wq, double ctx) {
    return weight_bytes(m, wq).total() + kv_bytes_per_sequence(kv_layout(m, s.kvq), ctx) * planned_users(s) +
           inference_activations(m, s, 1) + Bytes::from_gb(Assumptions::typical().runtime_overhead_gb);
}

void evaluate_inference(const Job& job, Result& out) {
    const State& s = job.state;
    const ModelSpec& m = job.model;
    const double users = planned_users(s);
    const KvLayout kv = kv_layout(m, s.kvq);
    const WeightBytes w = weight_bytes(m, job.wq);
    out.memory.weights = w.total();
    out.memory.kv_cache = kv_bytes_per_sequence(kv, s.ctx) * users;
    out.memory.activations = inference_activations(m, s, 1);
    out.memory.overhead = Bytes::from_gb(Assumptions::typical().runtime_overhead_gb);
    const Bytes kv_avg = kv_bytes_per_sequence(kv, std::min(s.ctx, s.in + s.out)) * users;
    const Assumptions lo = Assumptions::optimistic(), hi = Assumptions::pessimistic();
    out.memory_total_gb = {(w.total() + kv_avg + out.memory.activations * lo.activation_factor).gb() + lo.runtime_overhead_gb,
                           out.memory.total().gb(),
                           (w.total() + out.memory.kv_cache + out.memory.activations * hi.activation_factor).gb() +
                               hi.runtime_overhead_gb};

    const double per_token = kv_bytes_per_sequence(kv, 1).value - kv.state_bytes_per_sequence;
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
    out.explanations.push_back({"memory.kv_cache", kv_formula, {kv_avg.gb(), out.memory.kv_cache.gb(), out.memory.kv_cache.gb()}});
    out.explanations.push_back({"memory.activations",
        Message(code::formula_activations).num("chunk", std::min(std::max(1.0, s.ctx), 8192.0))
            .num("total_gb", out.memory.activations.gb()),
        {out.memory.activations.gb() * lo.activation_factor, out.memory.activations.gb(),
         out.memory.activations.gb() * hi.activation_factor}});
    out.explanations.push_back({"memory.overhead", Message(code::formula_overhead),
        {lo.runtime_overhead_gb, Assumptions::typical().runtime_overhead_gb, hi.runtime_overhead_gb}});
    out.explanations.push_back({"parallelism.per_gpu",
        Message(code::formula_split_inference).num("moe", m.moe ? 1 : 0).num("mla", m.attention == AttentionKind::mla ? 1 : 0)
            .num("kv_heads", m.kv_heads).num("state", kv.state_bytes_per_sequence > 0 ? 1 : 0),
        {}});

    const int pinned = s.n ? *s.n : 0;
    for (const GpuSpec* g : job.gpus) {
        for (Layout l : candidate_layouts(*g, m)) {
            if (pinned > 0 && (l.tp * l.pp > pinned || pinned % (l.tp * l.pp) != 0)) continue;
            Option o = evaluate_layout(job, *g, l, pinned);
            warn_option(*g, o);
            add_cost(o, *g, job.catalog.currency);
            if (o.cost_per_hour && o.fits && o.total_tps.mid > 0)
                o.cost_per_mtok = *o.cost_per_hour / (o.total_tps.mid * 3600.0 / 1e6);
            if (o.fits) o.command = serving_command(job, o);
            out.options.push_back(std::move(o));
            // Once a layout fits on its own, wider pipelines of the same GPU only add cost.
            if (pinned == 0 && out.options.back().fits && l.pp > 1) break;
        }
    }
}

}  // namespace gpusizer
