// Fine-tuning (full, LoRA, QLoRA) and training from scratch: memory plan, compute, time, cost.
#include <algorithm>
#include <cmath>

#include "engine/hardware.hpp"
#include "engine/model_math.hpp"
#include "engine/tasks.hpp"

namespace gpusizer {
namespace {

constexpr double kQloraBitsPerWeight = 4.127;  // NF4 + double-quantized scales (Dettmers et al. 2023)
constexpr int kMaxTrainingGpus = 65536;

bool is_full(const State& s) { return s.task == Task::train || s.method == TuneMethod::full; }

// Trainable LoRA parameters: rank × (in + out) for every attention and MLP projection.
double lora_params(const ModelSpec& m, double rank) {
    const double h = m.hidden;
    const double q = double(m.heads) * m.head_dim;
    const double kv = double(m.kv_heads) * m.head_dim;
    const double ffn = m.moe ? double(m.moe->shared_experts) * m.moe->expert_intermediate : double(m.intermediate);
    const double per_layer = (h + q) + 2 * (h + kv) + (q + h) + 3 * (h + ffn);
    return std::max(0.0, rank) * per_layer * m.layers;
}

// Activation bytes per GPU for one micro-batch (first pipeline stage holds PP micro-batches in flight).
double activation_bytes(const ModelSpec& m, const State& s, int tp) {
    const double tokens = std::max(1.0, s.batch) * std::max(1.0, s.seq);
    const double h = m.hidden, width = ffn_active_width(m);
    const double layer = tokens * (17.0 * h + 6.0 * width);
    const double kept = s.ckpt ? tokens * 2.0 * h * m.layers + layer : layer * m.layers;
    const double logits = tokens * m.vocab * 6.0;
    return (kept + logits) / std::max(1, tp);
}

struct Plan {
    int tp = 1, pp = 1, dp = 1, zero = 0;
    MemoryBreakdown per_gpu;
};

MemoryBreakdown plan_memory(const Job& job, int tp, int pp, int dp, int zero, const Assumptions& a) {
    const State& s = job.state;
    const ModelSpec& m = job.model;
    const ParamSplit p = split_params(m);
    const double mp = double(tp) * pp;
    MemoryBreakdown b;
    if (is_full(s)) {
        b.weights = Bytes{2.0 * p.total / mp / (zero >= 3 ? dp : 1)};
        b.gradients = Bytes{2.0 * p.total / mp / (zero >= 2 ? dp : 1)};
        b.optimizer = Bytes{12.0 * p.total / mp / (zero >= 1 ? dp : 1)};
    } else {
        double base = 2.0 * p.total;
        if (s.method == TuneMethod::qlora)
            base = (p.total - p.input_embedding - p.lm_head) * kQloraBitsPerWeight / 8.0 + 2.0 * (p.input_embedding + p.lm_head);
        const double adapters = lora_params(m, s.rank);
        b.weights = Bytes{base / mp / (zero >= 3 ? dp : 1) + 2.0 * adapters};
        b.gradients = Bytes{2.0 * adapters};
        b.optimizer = Bytes{12.0 * adapters / (zero >= 1 ? dp : 1)};
    }
    b.activations = Bytes{activation_bytes(m, s, tp) * a.activation_factor};
    b.overhead = Bytes::from_gb(a.train_overhead_gb);
    return b;
}

// Simplest layout that fits n GPUs: pure data parallel + ZeRO first, then TP inside a server
// (NVLink GPUs only), then PP across servers.
bool choose_plan(const Job& job, const GpuSpec& g, int n, Plan* plan) {
    const double usable = usable_memory(g, job.state.reserve).value;
    const int server = g.max_server_size();
    const int max_tp = nvlink_within(g, server) ? std::min(server, n) : nvlink_within(g, 2) ? std::min(2, n) : 1;
    for (int pp = 1; pp <= std::min(n, 64); pp *= 2) {
        for (int tp = 1; tp <= max_tp; tp *= 2) {
            if (n % (tp * pp) != 0) continue;
            if (tp > 1 && job.model.heads % tp != 0) continue;
            if (pp > 1 && job.model.layers < pp) continue;
            const int dp = n / (tp * pp);
            for (int zero = 0; zero <= 3; ++zero) {
                if (job.state.zero && zero != *job.state.zero) continue;
                if (zero > 0 && dp == 1 && !job.state.zero) continue;  // ZeRO shards nothing at DP 1
                const MemoryBreakdown b = plan_memory(job, tp, pp, dp, zero, Assumptions::typical());
                if (b.total().value <= usable) {
                    *plan = {tp, pp, dp, zero, b};
                    return true;
                }
            }
        }
    }
    return false;
}

std::vector<int> candidate_counts(const GpuSpec& g) {
    std::vector<int> counts;
    const int server = g.max_server_size();
    for (int n = 1; n < server; n *= 2) counts.push_back(n);
    for (int n = server; n <= kMaxTrainingGpus; n *= 2) counts.push_back(n);
    return counts;
}

int round_up_to_servers(int n, int server) {
    if (n <= 1) return 1;
    if (n <= server) {
        int p = 1;
        while (p < n) p *= 2;
        return std::min(p, server);
    }
    return int(std::ceil(double(n) / server)) * server;
}

}  // namespace

double training_flops_per_token(const ModelSpec& m, const State& s) {
    const double fwd = forward_flops_per_token(m, std::max(1.0, s.seq) / 2.0);
    const double passes = is_full(s) ? 3.0 : 2.0;  // fwd + bwd (activation grads [+ weight grads])
    return passes * fwd;
}

double training_flops(const ModelSpec& m, const State& s) {
    return training_flops_per_token(m, s) * effective_tokens(s) * std::max(0.0, s.epochs);
}

namespace {

ComputeKind training_compute(WeightFormat wq) {
    return wq == WeightFormat::fp8 ? ComputeKind::fp8 : wq == WeightFormat::fp32 ? ComputeKind::fp32 : ComputeKind::bf16;
}

// A budget of GPU-hours on a named GPU (`gpuh=2.1M&gpuh_gpu=h100-sxm`, as model cards publish
// it) is that GPU's dense peak × MFU × hours of compute; the token count follows from it.
// False when there is no budget, or its GPU is unknown (then a warning, and the dataset is used).
bool budget_flops(const Job& job, Result& out, double* flops) {
    const State& s = job.state;
    if (!s.gpuh) return false;
    const GpuSpec* ref = job.catalog.find_gpu(s.gpuh_gpu);
    const double peak = ref ? peak_flops(*ref, training_compute(job.wq)) : 0;
    if (!ref || peak <= 0) {
        out.warnings.push_back(Message(code::budget_gpu_unknown).str("gpu", s.gpuh_gpu));
        return false;
    }
    *flops = *s.gpuh * kSecondsPerHour * peak * effective_mfu(s);
    out.explanations.push_back({"compute.budget",
        Message(code::formula_flops_budget).num("gpuh", *s.gpuh).str("gpu", ref->name).num("tflops", peak / 1e12)
            .num("mfu", effective_mfu(s) * 100).num("flops", *flops)
            .num("tokens_b", *flops / training_flops_per_token(job.model, s) / 1e9),
        {*flops, *flops, *flops}});
    return true;
}

}  // namespace

void evaluate_training(const Job& job, Result& out) {
    const State& s = job.state;
    const ModelSpec& m = job.model;
    const bool budget = budget_flops(job, out, &out.flops);
    if (!budget) out.flops = training_flops(m, s);
    out.tokens = out.flops / std::max(1.0, training_flops_per_token(m, s));
    out.memory = plan_memory(job, 1, 1, 1, 0, Assumptions::typical());
    const MemoryBreakdown lo = plan_memory(job, 1, 1, 1, 0, Assumptions::optimistic());
    const MemoryBreakdown hi = plan_memory(job, 1, 1, 1, 0, Assumptions::pessimistic());
    out.memory_total_gb = {lo.total().gb(), out.memory.total().gb(), hi.total().gb()};
    const double mfu = effective_mfu(s);
    const ComputeKind ck = training_compute(job.wq);
    // No deadline and no count: the plan finishes within the default horizon, and says so.
    const double deadline = s.days ? *s.days : default_horizon_days(s.task);
    if (!s.days && !s.n) out.horizon_days = deadline;
    const char* method_term = s.task == Task::train ? code::term_pretrain
                              : s.method == TuneMethod::full ? code::term_full_finetune
                              : s.method == TuneMethod::lora ? code::term_lora : code::term_qlora;
    const char* memory_term = is_full(s) ? code::term_memory_full
                              : s.method == TuneMethod::lora ? code::term_memory_lora : code::term_memory_qlora;
    out.explanations.push_back({"compute.flops",
        Message(code::formula_flops).num("factor", is_full(s) ? 6 : 4).num("active_b", compute_params_per_token(m) / 1e9)
            .num("tokens_b", out.tokens / 1e9).num("seq", s.seq).num("flops", out.flops),
        {out.flops, out.flops, out.flops}});
    out.explanations.push_back({"memory.training",
        Message(code::formula_training_memory).term("method", memory_term).num("ckpt", s.ckpt ? 1 : 0)
            .num("batch", s.batch).num("seq", s.seq).num("total_gb", out.memory.total().gb()),
        out.memory_total_gb});
    out.explanations.push_back({"parallelism.per_gpu", Message(code::formula_split_training), {}});
    for (const GpuSpec* gp : job.gpus) {
        const GpuSpec& g = *gp;
        Option o;
        o.gpu_id = g.id;
        o.gpu_name = g.name;
        o.gpu_memory_gb = gpu_memory(g).gb();
        o.capacity_gb = usable_memory(g, s.reserve).gb();
        const double peak = peak_flops(g, ck);
        if (peak <= 0) {
            o.reason = Message(code::reason_no_tensor_figure);
            out.options.push_back(o);
            continue;
        }
        const double hours_mid = out.flops / (peak * mfu) / kSecondsPerHour;
        const Assumptions a_lo = Assumptions::optimistic(), a_hi = Assumptions::pessimistic();
        o.gpu_hours = {out.flops / (peak * mfu * a_lo.mfu_scale) / kSecondsPerHour, hours_mid,
                       out.flops / (peak * mfu * a_hi.mfu_scale) / kSecondsPerHour};

        // Smallest count that fits in memory; then the deadline or the pinned count.
        int n_mem = 0;
        Plan plan;
        for (int n : candidate_counts(g))
            if (choose_plan(job, g, n, &plan)) { n_mem = n; break; }
        int n = n_mem;
        if (s.n) n = *s.n;
        else if (n_mem > 0) n = std::max(n_mem, round_up_to_servers(gpus_for_deadline(hours_mid, deadline), g.max_server_size()));
        n = std::clamp(n, 0, kMaxTrainingGpus);
        if (n_mem == 0 && !s.n) {
            const MemoryBreakdown b = plan_memory(job, 1, 1, kMaxTrainingGpus, 3, Assumptions::typical());
            o.reason = Message(code::reason_no_fit_sharded).num("gpus", kMaxTrainingGpus).num("per_gpu", b.total().gb())
                           .num("activations", b.activations.gb());
            out.options.push_back(o);
            continue;
        }
        o.count = n;
        o.servers = servers_for_gpus(n, g.max_server_size());
        if (n <= 0 || !choose_plan(job, g, n, &plan)) {
            const MemoryBreakdown b = plan_memory(job, 1, 1, std::max(1, n), 3, Assumptions::typical());
            o.reason = Message(code::reason_needs_memory_zero3).num("need", b.total().gb()).num("gpus", n)
                           .num("have", o.capacity_gb);
            o.per_gpu = b;
            o.per_gpu_gb = {b.total().gb(), b.total().gb(), b.total().gb()};
            out.options.push_back(o);
            continue;
        }
        o.tp = plan.tp; o.pp = plan.pp; o.dp = plan.dp; o.zero = plan.zero;
        o.per_gpu = plan.per_gpu;
        o.per_gpu_gb = {plan_memory(job, plan.tp, plan.pp, plan.dp, plan.zero, a_lo).total().gb(), plan.per_gpu.total().gb(),
                        plan_memory(job, plan.tp, plan.pp, plan.dp, plan.zero, a_hi).total().gb()};
        o.days = {days_for_gpus(o.gpu_hours.low, n), days_for_gpus(o.gpu_hours.mid, n), days_for_gpus(o.gpu_hours.high, n)};
        o.energy_mwh = o.gpu_hours.mid * g.tdp_w / 1e6;
        o.fits = true;
        if (n > 1 && !nvlink_within(g, std::min(n, g.max_server_size()))) {
            if (s.task == Task::train) {
                o.fits = false;
                o.reason = Message(code::reason_no_nvlink_training);
            } else {
                o.warnings.push_back(Message(code::gpu_no_nvlink_training));
            }
        }
        if (o.fits && s.days && o.days.mid > *s.days * 1.0001)
            { o.fits = false; o.reason = Message(code::reason_deadline).num("days", o.days.mid).num("deadline", *s.days); }
        else if (o.fits && out.horizon_days > 0 && o.days.mid > out.horizon_days * 1.0001)
            { o.fits = false; o.reason = Message(code::reason_horizon).num("days", o.days.mid).num("horizon", out.horizon_days); }
        // Why several cards, said plainly: one has too little memory for the job.
        if (o.fits && n_mem > 1 && n == n_mem)
            o.warnings.insert(o.warnings.begin(), Message(code::plan_sharded).str("gpu", g.name).num("have", o.capacity_gb).term("method", method_term)
                                     .str("model", m.name).num("need", out.memory.total().gb()).num("count", n));
        warn_low_bandwidth(g, o);
        add_cost(o, g, job.catalog.currency);
        if (o.price) o.cost_total = o.gpu_hours.mid * o.price->per_gpu_hour;
        o.command = training_layout(job, o);
        out.options.push_back(o);
    }
}

}  // namespace gpusizer
