// Partial offload to host RAM, llama.cpp style (see offload.hpp for the assumptions).
#include "engine/offload.hpp"

#include <algorithm>
#include <cmath>

#include "engine/hardware.hpp"
#include "engine/model_math.hpp"
#include "engine/serving_model.hpp"

namespace gpusizer {

int host_ram_mts(HostRam r) { return r == HostRam::ddr5 ? 5600 : 3200; }
double host_ram_gbs(HostRam r) { return 2.0 * 8.0 * host_ram_mts(r) / 1000.0; }
double host_ram_gbs(const State& s) { return s.ram_gbs ? *s.ram_gbs : host_ram_gbs(s.ddr); }

WeightBytes gguf_weight_bytes(const ModelSpec& m, WeightFormat wq) {
    WeightBytes w = weight_bytes(m, wq);
    if (wq != WeightFormat::mxfp4 || !m.moe) return w;
    // An MXFP4 GGUF (ggml-org/gpt-oss-*-GGUF) keeps the experts in MXFP4 and stores every other
    // tensor as Q8_0: gpt-oss-20b is 11.27 GiB there (llama-bench, discussion #15396), 12.9 in BF16.
    const double q8 = weight_format_info(WeightFormat::q8_0).bits_per_weight / 16.0;
    w.input_embedding = w.input_embedding * q8;
    w.lm_head = w.lm_head * q8;
    w.other = w.other * q8;
    return w;
}

double pcie_x16_gbs(int generation) {
    if (generation >= 5) return 63.0;
    if (generation == 4) return 31.5;
    return 15.75;
}

WeightFormat offload_format(const ModelSpec& m, WeightFormat wq) {
    // llama.cpp's MXFP4 file type quantizes expert tensors only: a dense model's stays Q8_0.
    if (wq == WeightFormat::mxfp4 && !m.moe) return WeightFormat::q8_0;
    switch (wq) {
        case WeightFormat::fp8:
        case WeightFormat::int8: return WeightFormat::q8_0;
        case WeightFormat::int4:
        case WeightFormat::nvfp4: return WeightFormat::q4_k_m;
        default: return wq;
    }
}

OffloadSplit offload_split(const ModelSpec& m, WeightFormat wq, int host_layers, bool experts_only, bool output_on_host) {
    const WeightBytes w = gguf_weight_bytes(m, wq);
    OffloadSplit sp;
    sp.layers = std::max(1, m.layers);
    sp.host_layers = std::clamp(host_layers, 0, sp.layers);
    sp.experts_only = experts_only && m.moe;
    sp.output_on_host = !sp.experts_only && (output_on_host || sp.host_layers > 0);
    if (sp.experts_only) {
        // -ngl 999: everything but the first N layers' experts on the GPU, the output layer too
        // (for tied embeddings a GPU copy of the table).
        const int moe_layers = moe_layers_among_first(m, sp.layers);
        const double on_host = moe_layers > 0 ? double(moe_layers_among_first(m, sp.host_layers)) / moe_layers : 0.0;
        sp.host_experts = w.routed_experts * on_host;
        sp.gpu_experts = w.routed_experts - sp.host_experts;
        sp.gpu_dense = w.other + (m.tied_embeddings ? w.input_embedding : w.lm_head);
        sp.host_dense = sp.host_lookup = w.input_embedding;
        return sp;
    }
    // -ngl (layers - N): the first N layers on the CPU, and the output layer whenever -ngl is not
    // above the layer count (N = 0 with the output on the CPU is -ngl = layers).
    const double f = double(sp.host_layers) / sp.layers;
    const bool out = sp.output_on_host;
    sp.host_dense = w.other * f + w.input_embedding + (out ? w.lm_head : Bytes{0});
    sp.host_lookup = out && m.tied_embeddings ? Bytes{0} : w.input_embedding;
    sp.gpu_dense = w.other * (1.0 - f) + (out ? Bytes{0} : m.tied_embeddings ? w.input_embedding : w.lm_head);
    sp.host_experts = w.routed_experts * f;
    sp.gpu_experts = w.routed_experts - sp.host_experts;
    sp.host_kv_share = f;
    return sp;
}

namespace {

Replica offload_replica(const Job& job, const GpuSpec& g, const OffloadSplit& sp, const Assumptions& a, double slots) {
    const State& s = job.state;
    Replica r = make_replica(job, g, 1, 1, a, slots);
    r.engine = llamacpp_engine(slots);
    r.fixed_step = fixed_step_seconds(job.model, job.wq, r.engine, runs_rocm(g), r.pp, a);
    r.w.spec = Speculation{};  // llama-server: no speculation without a named draft model (serving_model.cpp)
    r.mem = serving_memory(job, g, r.engine, 1, 1, a);
    r.mem.weights = sp.gpu_weights();
    r.kv_share = 1.0 - sp.host_kv_share;
    r.kv_ctx = kv_bytes_per_sequence(r.kv, s.ctx) * r.kv_share;
    r.kv_avg = kv_bytes_per_sequence(r.kv, std::min(s.ctx, r.context() + r.out())) * r.kv_share;
    const double kv_read = kv_bytes_per_sequence(r.kv, r.context() + r.out() / 2.0).value;
    r.kv_read = kv_read * r.kv_share;
    r.dense_read = sp.gpu_dense.value;
    r.expert_read = sp.gpu_experts.value;
    r.host_dense_read = (sp.host_dense - sp.host_lookup).value;
    r.host_expert_read = sp.host_experts.value;
    r.host_kv_read = kv_read * sp.host_kv_share;
    r.host_bandwidth = host_ram_gbs(s) * 1e9 * a.host_bandwidth_eff;
    r.pcie_bandwidth = pcie_x16_gbs(g.pcie_gen) * 1e9 * a.pcie_eff;
    // A token's graph leaves the GPU and comes back once per CPU block: every offloaded layer's
    // experts, or the one run of CPU layers.
    const int switches = sp.experts_only ? 2 * moe_layers_among_first(job.model, sp.host_layers) : sp.output_on_host ? 2 : 0;
    r.host_switch_seconds = switches * a.offload_switch_us * 1e-6;
    return r;
}

Replicas offload_replicas(const Job& job, const GpuSpec& g, const OffloadSplit& sp, double slots) {
    return {offload_replica(job, g, sp, Assumptions::optimistic(), slots),
            offload_replica(job, g, sp, Assumptions::typical(), slots),
            offload_replica(job, g, sp, Assumptions::pessimistic(), slots)};
}

double host_kv_gb(const Job& job, const OffloadSplit& sp, double slots) {
    return (kv_bytes_per_sequence(kv_layout(job.model, job.state.kvq), job.state.ctx) * sp.host_kv_share * slots).gb();
}

// The least n in [lo, hi] for which `ok(n)` holds, given that it holds for every n above one where
// it does (more in host RAM never leaves the GPU less room); nullopt when it holds nowhere. A binary
// search: a link may give a model 100 000 layers, and a split is tried for every GPU.
template <class Ok> std::optional<int> least_that(int lo, int hi, Ok&& ok) {
    if (lo > hi || !ok(hi)) return std::nullopt;
    while (lo < hi) {
        const int mid = lo + (hi - lo) / 2;
        if (ok(mid)) hi = mid; else lo = mid + 1;
    }
    return lo;
}

// The least offload that leaves the GPU room for `slots` sequences: experts first for a mixture of
// experts, whole layers otherwise. nullopt when even all layers in host RAM leave no room.
std::optional<OffloadSplit> least_offload(const Job& job, const GpuSpec& g, double slots) {
    const ModelSpec& m = job.model;
    const Assumptions typical = Assumptions::typical();
    const int layers = std::max(1, m.layers);
    auto fits = [&](const OffloadSplit& sp) {
        return offload_replica(job, g, sp, typical, slots).batch_limit_by_memory() >= slots;
    };
    if (m.moe) {
        auto experts = [&](int n) { return offload_split(m, job.wq, n, true); };
        if (const auto n = least_that(0, layers, [&](int k) { return fits(experts(k)); })) return experts(*n);
    }
    // Whole layers, in this order: nothing (step 0), the output layer alone (-ngl = layers, step 1),
    // then N layers with it (step N + 1).
    auto whole = [&](int step) { return offload_split(m, job.wq, std::max(0, step - 1), false, step > 0); };
    if (const auto step = least_that(0, layers + 1, [&](int k) { return fits(whole(k)); })) return whole(*step);
    return std::nullopt;
}

void explain_offload(Option& o, const Replica& r, const State& s) {
    const double gpu_read = r.dense_read + r.expert_read * (r.job->model.moe ? expert_touch_fraction(*r.job->model.moe, 1) : 1);
    const double host_read = r.host_dense_read + r.host_expert_read * (r.job->model.moe ? expert_touch_fraction(*r.job->model.moe, 1) : 1);
    const double host_s = r.host_seconds(1, 1);
    const double step = r.step_seconds(1, 0);
    o.explanations.push_back({"speed.offload",
        Message(code::formula_offload).num("gpu_gb", gpu_read / kBytesPerGB).num("gpu_bw", r.bandwidth / 1e9)
            .num("gpu_ms", (step - host_s) * 1e3).num("host_gb", host_read / kBytesPerGB)
            .str("ddr", s.ddr == HostRam::ddr5 ? "DDR5" : "DDR4").num("mts", host_ram_mts(s.ddr))
            .num("given", s.ram_gbs ? 1 : 0).num("host_bw", r.host_bandwidth / 1e9).num("host_ms", (host_s - r.host_switch_seconds) * 1e3)
            .num("switch_ms", r.host_switch_seconds * 1e3).num("upload_gb", (r.host_dense_read + r.host_expert_read) / kBytesPerGB)
            .num("pcie", r.pcie_bandwidth / 1e9).num("tps", 1.0 / step),
        o.decode_tps_per_user});
}

OffloadInfo offload_info(const OffloadSplit& sp, const State& s, const GpuSpec& g, WeightFormat format) {
    OffloadInfo info;
    info.experts_only = sp.experts_only;
    info.host_layers = sp.host_layers;
    info.output_on_host = sp.output_on_host;
    info.layers = sp.layers;
    info.gpu_weights_gb = sp.gpu_weights().gb();
    info.host_weights_gb = sp.host_weights().gb();
    info.ram_gb = s.ram;
    info.host_bandwidth_gbs = host_ram_gbs(s);
    info.pcie_gbs = pcie_x16_gbs(g.pcie_gen);
    info.format = format;
    return info;
}

}  // namespace

std::optional<Option> offload_option(const Job& plain_job, const GpuSpec& g) {
    const Job job{plain_job.state, plain_job.catalog, plain_job.model, offload_format(plain_job.model, plain_job.wq),
                  plain_job.gpus};
    const State& s = job.state;
    const ModelSpec& m = job.model;
    const bool pinned = !s.gpu.empty();
    const double users = planned_users(s);
    Option o = option_on(g, s, 1);  // one GPU, one replica
    if (m.layers <= 0 || peak_flops(g, ComputeKind::bf16) <= 0) return std::nullopt;

    std::optional<OffloadSplit> sp;
    if (s.cpu_layers) {  // the user's split: sized as given, or refused when the GPU cannot hold it
        const OffloadSplit pinned_split = offload_split(m, job.wq, *s.cpu_layers, m.moe.has_value());
        if (offload_replica(job, g, pinned_split, Assumptions::typical(), 1).batch_limit_by_memory() >= 1) sp = pinned_split;
    } else {
        sp = least_offload(job, g, users);
        if (!sp) sp = least_offload(job, g, 1);  // serves fewer than asked: say how many
    }
    if (!sp) {
        if (!pinned) return std::nullopt;
        const OffloadSplit all = s.cpu_layers ? offload_split(m, job.wq, *s.cpu_layers, m.moe.has_value())
                                              : offload_split(m, job.wq, m.layers, false);
        const Replica r = offload_replica(job, g, all, Assumptions::typical(), 1);
        const double need = (r.mem.fixed() + r.kv_ctx).gb();
        o.per_gpu_gb = {need, need, need};
        o.offload = offload_info(all, s, g, job.wq);  // the split that did not fit
        o.reason = Message(s.cpu_layers ? code::reason_offload_split : code::reason_offload_gpu).num("need", need)
                       .num("have", o.capacity_gb).num("ctx", s.ctx).num("host", all.host_layers);
        return o;
    }
    OffloadInfo info = offload_info(*sp, s, g, job.wq);

    Replicas r = offload_replicas(job, g, *sp, users);
    const double slots = std::max(1.0, std::min(users, r.mid.batch_limit_by_memory()));
    const double cap = r.mid.best_batch(slots);
    const double batch = cap > 0 ? cap : 1;
    r = offload_replicas(job, g, *sp, batch);
    o.batch_per_replica = int(batch);
    o.users_served = cap;
    info.host_kv_gb = host_kv_gb(job, *sp, batch);
    info.host_need_gb = info.host_weights_gb + info.host_kv_gb + kHostReservedGB;
    info.host_share = r.mid.host_seconds(1, 1) / r.mid.step_seconds(1, 0);
    o.offload = info;
    fill_from_replicas(o, r, batch);
    explain_offload(o, r.mid, s);
    // Where a token's time goes, or that llama.cpp holds the whole model on the GPU.
    if (!info.moves_weights())
        o.warnings.push_back(Message(code::offload_none));
    else
        o.warnings.push_back(Message(code::offload_placed).num("experts", info.experts_only ? 1 : 0)
                                 .num("output", info.output_on_host ? 1 : 0).num("host", info.host_layers)
                                 .num("layers", info.layers).num("host_gb", info.host_weights_gb)
                                 .str("ddr", s.ddr == HostRam::ddr5 ? "DDR5" : "DDR4").num("mts", host_ram_mts(s.ddr))
                                 .num("given", s.ram_gbs ? 1 : 0).num("gbs", host_ram_gbs(s))
                                 .num("share", info.host_share * 100));
    if (job.wq != plain_job.wq)
        o.warnings.push_back(Message(code::offload_format).str("from", std::string(weight_format_info(plain_job.wq).label))
                                 .str("to", std::string(weight_format_info(job.wq).label)));
    if (info.host_need_gb > s.ram) {
        o.reason = Message(code::reason_offload_ram).num("need", info.host_need_gb).num("weights", info.host_weights_gb)
                       .num("kv", info.host_kv_gb).num("os", kHostReservedGB)
                       .num("have", s.ram);
    } else if (cap <= 0) {
        const Cycle one = r.mid.cycle(1);
        o.reason = 1.0 / one.tpot < s.tps ? Message(code::reason_too_slow).num("tps", 1.0 / one.tpot).num("target", s.tps)
                                          : Message(code::reason_ttft_too_long).num("ttft", one.ttft).num("target", s.ttft);
    } else if (cap < users) {
        o.reason = Message(code::reason_serves_fewer).num("served", cap).num("users", users);
    } else {
        o.fits = true;
    }
    if (!o.fits && !pinned) return std::nullopt;
    return o;
}

}  // namespace gpusizer
