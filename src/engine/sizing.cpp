// evaluate(): resolves the model and candidate GPUs, runs the task's evaluator, ranks.
#include "engine/sizing.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <map>

#include "engine/custom_model.hpp"
#include "engine/decimal.hpp"
#include "engine/hardware.hpp"
#include "engine/model_fit.hpp"
#include "engine/model_math.hpp"
#include "engine/offload.hpp"
#include "engine/serving_model.hpp"
#include "engine/services.hpp"
#include "engine/tasks.hpp"
#include "engine/vocabulary.hpp"
#include "engine/workload.hpp"

namespace gpusizer {

bool vendor_matches(VendorFilter v, std::string_view gpu_vendor) {
    if (v == VendorFilter::any) return true;
    const std::string_view want = key_of(v);  // "nvidia", "amd": the catalog's vendor, any case
    if (gpu_vendor.size() != want.size()) return false;
    for (size_t i = 0; i < want.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(gpu_vendor[i])) != want[i]) return false;
    return true;
}

double default_tokens(Task t) { return t == Task::train ? 1e12 : 100e6; }
double effective_tokens(const State& s) { return s.tokens ? *s.tokens : default_tokens(s.task); }
double default_horizon_days(Task t) { return t == Task::train ? 90.0 : 30.0; }
// NeMo / Megatron-Bridge at its published speed. Calibration: NeMo 24.07's pre-training table
// (docs/source/performance/performance_summary.md, DGX-H100, FP8): Llama 2 7B on 8 GPUs at 16,847
// tokens/s/GPU is this MFU with the FP8 factor (assumptions.hpp). Its fine-tuning rows are checks.
// QLoRA is not among NeMo's runs: it keeps the fused trainers' figure.
constexpr double kNemoMfu = 0.56;

// Pre-training's steady-state MFU on a GPU: the GEMMs at kEncoderGemmEff of the peak, and the
// memory-bound rest (norms, activations, softmax, the optimizer step, exposed communication) moving
// kGlueBytesPerFlop bytes per model FLOP at the memory bandwidth. So a GPU whose peak grew faster than
// its bandwidth reaches a smaller share of it: an A100 0.56, an H100 0.43 (benchmarks: MosaicML's
// llm-foundry 0.53-0.60 on A100, 0.38-0.43 on H100; Megatron-Core 0.38-0.45 on H100). Calibration:
// llm-foundry's MPT-7B on 8 H100 (10,643 tokens/s/GPU) set kGlueBytesPerFlop (tasks.hpp); the other
// benchmark runs are checks.
double steady_training_mfu(double peak_flops, double bytes_per_s) {
    if (!(peak_flops > 0) || !(bytes_per_s > 0)) return kEncoderGemmEff;
    return 1.0 / (1.0 / kEncoderGemmEff + kGlueBytesPerFlop * peak_flops / bytes_per_s);
}

// A whole pre-training run's GPU-hours against its steady-state speed: failures and restarts,
// checkpoints, evaluation, data stalls and the smaller, slower stages (batch ramp-up, long context).
// Calibration: Meta's Llama 2 70B (A100, 1.72 M hours) and Llama 3.1 70B (H100, 7.0 M hours) imply
// 0.80 and 0.63 of the steady-state speed; 0.70 between them. Model cards' hours of 29 other dense
// runs (checks) imply 0.34-1.03, median 0.68. A fine-tune is short and measured as it runs: 1.
constexpr double kPretrainGoodput = 0.70;

double effective_goodput(const State& s) {
    if (s.goodput) return std::clamp(*s.goodput, 0.05, 1.0);
    return s.task == Task::train ? kPretrainGoodput : 1.0;
}

double effective_mfu(const State& s) {
    if (s.mfu) return std::clamp(*s.mfu, 0.01, 1.0);
    const bool nemo = s.trainer == Trainer::nemo;
    if (nemo && (s.task == Task::train || s.method != TuneMethod::qlora)) return kNemoMfu;
    // Pre-training with no GPU named: the H100 SXM's (989.5 TFLOPS, 3.35 TB/s), the reference.
    if (s.task == Task::train) return steady_training_mfu(989.5e12, 3.35e12);
    if (s.method == TuneMethod::full) return 0.40;
    const bool fused = s.trainer != Trainer::hf;  // measured runs: see training.cpp
    if (s.method == TuneMethod::lora) return fused ? 0.50 : 0.30;
    return fused ? 0.40 : 0.25;
}

std::string fmt(double v, int decimals) {
    if (!std::isfinite(v)) return "n/a";
    return fixed_decimal(v, decimals);
}

int gpus_for_deadline(double gpu_hours, double days) {
    if (!(days > 0) || !(gpu_hours > 0)) return 1;
    return int(std::min(1e9, std::ceil(gpu_hours / (days * 24.0) - 1e-9)));
}
double days_for_gpus(double gpu_hours, int gpus) { return gpus > 0 ? gpu_hours / gpus / 24.0 : 0.0; }
int servers_for_gpus(int gpus, int server_size) {
    if (gpus <= 0) return 0;
    return int(std::ceil(double(gpus) / std::max(1, server_size)));
}

void warn_low_bandwidth(const GpuSpec& g, Option& o) {
    if (g.memory_bandwidth_gbs > 0 && g.memory_bandwidth_gbs < kGuideMinBandwidthGBs)
        o.warnings.push_back(Message(code::gpu_low_bandwidth).num("bw", g.memory_bandwidth_gbs).num("min", kGuideMinBandwidthGBs));
}

double planned_users(const State& s) {
    // At a rate: the requests in flight over the fleet when each one takes its targets' time (Little's
    // law: rate × (time to first token + answer / speed)); the job's memory and the guide's advice
    // speak of these.
    // Each turn's sub-agents (fanout) are requests of their own.
    const double grown = (1.0 + std::max(0.0, s.growth) / 100.0) * std::max(1, s.fanout);
    if (s.rps > 0) return std::max(1.0, std::ceil(s.rps * grown * (s.ttft + answer_tokens(s) / std::max(0.01, s.tps))));
    return std::max(1.0, std::ceil(s.users * grown));
}

const Price* price_in(const GpuSpec& g, const std::string& currency) {
    return g.price && g.price->currency == currency ? &*g.price : nullptr;
}

void add_cost(Option& o, const GpuSpec& g, const std::string& currency) {
    const Price* p = price_in(g, currency);
    if (!p || o.count <= 0) return;
    o.price = *p;
    o.cost_per_hour = p->per_gpu_hour * o.count;
    o.cost_per_month = *o.cost_per_hour * kHoursPerMonth;
}

namespace {

double rank_speed(const Option& o) {
    if (o.decode_tps_per_user.mid > 0) return o.decode_tps_per_user.mid;
    if (o.audio_x_realtime.mid > 0) return o.audio_x_realtime.mid;
    if (o.qps_capacity.mid > 0) return o.qps_capacity.mid;
    if (o.days.mid > 0) return -o.days.mid;
    return o.score;
}

// Fitting first; among fits, practical layouts first (practicality.cpp); then the sort key.
// Unpriced options: after priced ones when ranking by cost, by GPU count then memory among themselves;
// ranking by speed or GPUs ignores prices, so no option sinks just for lacking one.
bool better(const Option& a, const Option& b, RankBy by) {
    if (a.fits != b.fits) return a.fits;
    if (!a.fits) {
        // Neither fits: a layout that runs and serves part of the load comes before one that cannot
        // run, and serving more before serving less (4 × H100 for 5,000 users of a 70 B model: TP 4
        // serves 110, two TP-2 replicas 4); otherwise the one nearest to fitting in memory.
        const bool ar = a.users_served > 0, br = b.users_served > 0;
        if (ar != br) return ar;
        if (ar && std::abs(a.users_served - b.users_served) > 1e-9) return a.users_served > b.users_served;
        return a.per_gpu_gb.mid / std::max(1.0, a.capacity_gb) < b.per_gpu_gb.mid / std::max(1.0, b.capacity_gb);
    }
    if (a.practical != b.practical) return a.practical;
    const bool ac = a.cost_per_hour.has_value(), bc = b.cost_per_hour.has_value();
    if (by == RankBy::cost) {
        if (ac != bc) return ac;
        // The cost the table shows: per run for jobs, per hour for a load (other work included: its
        // count already covers the streams; nothing is divided by a figure the table does not show).
        const double ca = a.cost_total ? *a.cost_total : a.cost_per_hour.value_or(0);
        const double cb = b.cost_total ? *b.cost_total : b.cost_per_hour.value_or(0);
        if (ac && std::abs(ca - cb) > 1e-9 * std::max(ca, cb)) return ca < cb;
        if (a.count != b.count) return a.count < b.count;
        // No price to rank by: the smallest hardware that does the job (least memory bought), so an
        // unpriced page answers an 8B chat-bot with a small card, not the biggest one.
        const double ma = a.count * a.gpu_memory_gb, mb = b.count * b.gpu_memory_gb;
        if (!ac && std::abs(ma - mb) > 1e-9) return ma < mb;
        return rank_speed(a) > rank_speed(b);
    }
    if (by == RankBy::gpus && a.count != b.count) return a.count < b.count;
    const double ra = rank_speed(a), rb = rank_speed(b);
    if (std::abs(ra - rb) > 1e-12) return ra > rb;
    return a.count < b.count;
}

// A stable sort by `better`, done on indices: an Option is large (figures, messages, a command),
// and a merge sort would move each one several times; here each moves once.
void sort_options(std::vector<Option>& options, RankBy by) {
    std::vector<std::size_t> order(options.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return better(options[a], options[b], by); });
    std::vector<Option> sorted;
    sorted.reserve(options.size());
    for (std::size_t i : order) sorted.push_back(std::move(options[i]));
    options = std::move(sorted);
}

// The first fitting option in the best class: practical and priced, then practical, then any.
// A provider's page thus recommends among the GPUs it prices whenever one of them fits.
int recommend(const std::vector<Option>& options) {
    auto first = [&](auto&& ok) {
        for (size_t i = 0; i < options.size(); ++i)
            if (options[i].fits && ok(options[i])) return int(i);
        return -1;
    };
    int i = first([](const Option& o) { return o.practical && o.cost_per_hour.has_value(); });
    if (i < 0) i = first([](const Option& o) { return o.practical; });
    if (i < 0) i = first([](const Option&) { return true; });
    return i;
}

// Prices the page cannot show in its currency, and prices it converted: one notice per currency,
// with its own count and rate (a provider file may price GPUs in several), the first few currencies
// by name and the rest counted.
void warn_prices(const std::vector<const GpuSpec*>& gpus, Result& r) {
    struct Seen { int count = 0; double rate = 0; };
    std::map<std::string, Seen> other, converted;  // by currency code: the same order every time
    for (const GpuSpec* g : gpus) {
        if (!g->price) continue;
        if (g->price->currency != r.currency) {
            ++other[g->price->currency].count;
        } else if (g->price->converted) {
            Seen& c = converted[g->price->converted->from];
            ++c.count;
            c.rate = g->price->converted->rate;
        }
    }
    constexpr int kNamed = 5;
    auto say = [&](const std::map<std::string, Seen>& by_currency, bool conversions) {
        int named = 0, rest_gpus = 0;
        for (const auto& [currency, seen] : by_currency) {
            if (named++ >= kNamed) { rest_gpus += seen.count; continue; }
            if (conversions)
                r.warnings.push_back(Message(code::price_converted).num("count", seen.count).str("from", currency)
                                         .num("rate", seen.rate).str("currency", r.currency));
            else
                // (hint: how the provider file would convert them; an embed tells only its host that)
                r.warnings.push_back(Message(code::price_other_currency).num("count", seen.count)
                                         .str("other", currency).str("currency", r.currency).num("hint", 1));
        }
        if (named > kNamed)
            r.warnings.push_back(Message(code::price_more_currencies).num("currencies", named - kNamed)
                                     .num("count", rest_gpus).num("converted", conversions ? 1 : 0)
                                     .str("currency", r.currency));
    };
    say(other, false);
    say(converted, true);
}

}  // namespace

namespace {

// The state's model: the link's custom model (checked: custom_model.hpp) or a catalog entry, into
// `r.model` with what is to be said about it. False when there is nothing to size.
bool resolve_model(const State& state, const Catalog& catalog, Result& r) {
    if (state.model == "custom") {
        CustomModelCheck c = check_custom_model(state.custom, catalog);
        r.model = std::move(c.model);
        if (!custom_model_complete(state.custom)) {
            r.warnings.push_back(Message(code::model_custom_incomplete));
            return false;
        }
        for (auto& w : c.warnings) r.warnings.push_back(std::move(w));
        if (!c.usable) return false;
        // A link that gives the FFN width and vocabulary (an imported config.json) assumes nothing.
        if (custom_model_specified(state.custom))
            r.warnings.push_back(Message(code::model_custom_specified).str("model", r.model.name));
        else
            r.warnings.push_back(Message(code::model_custom));
    } else {
        std::string alias;
        const ModelSpec* found = catalog.find_model(state.model, &alias);
        const ModelVariant* variant = found ? nullptr : catalog.find_variant(state.model);
        if (variant) {
            found = catalog.find_model(variant->model);
            if (found) r.warnings.push_back(Message(code::model_variant).str("id", variant->id).str("model", found->id));
        }
        if (!found) {
            r.warnings.push_back(Message(code::model_unknown).str("model", state.model));
            return false;
        }
        if (!alias.empty()) r.warnings.push_back(Message(code::model_alias).str("old", alias).str("new", found->id));
        r.model = *found;
        r.architecture_id = found->id;
        if (variant) {  // the checkpoint asked for, with the architecture it shares: commands serve it
            r.model.id = variant->id;
            r.model.name = variant->id.substr(variant->id.rfind('/') + 1);
            // A shorter (or longer) context than the model it is sized as is its own.
            if (variant->max_context > 0) r.model.max_context = variant->max_context;
        }
    }
    const ModelSpec& m = r.model;
    if (m.estimated) {
        std::string fields;
        for (const auto& f : m.estimated_fields) fields += (fields.empty() ? "" : ", ") + f;
        r.warnings.push_back(Message(code::model_estimated).str("model", m.name).str("fields", fields));
    }
    if (m.layers <= 0 || m.hidden <= 0 || m.params_b <= 0) {
        r.warnings.push_back(Message(code::model_incomplete));
        return false;
    }
    return true;
}

// The pinned GPU (whatever its vendor: the buyer named it), else every GPU of the vendor filter.
std::vector<const GpuSpec*> candidate_gpus(const State& state, const Catalog& catalog, Result& r) {
    std::vector<const GpuSpec*> gpus;
    if (!state.gpu.empty()) {
        if (const GpuSpec* g = catalog.find_gpu(state.gpu)) {
            // A short name the catalog maps to one card (h100 → h100-sxm) is said, not silently taken.
            if (!catalog.is_gpu_id(state.gpu))
                r.warnings.push_back(Message(code::gpu_alias).str("gpu", state.gpu).str("id", g->id).str("name", g->name));
            return {g};
        }
        r.warnings.push_back(Message(code::gpu_unknown).str("gpu", state.gpu));
    }
    for (const auto& g : catalog.gpus)
        if (vendor_matches(state.vendor, g.vendor)) gpus.push_back(&g);
    if (gpus.empty() && !catalog.gpus.empty())
        r.warnings.push_back(
            Message(code::gpu_vendor_none).str("vendor", state.vendor == VendorFilter::amd ? "AMD" : "NVIDIA"));
    return gpus;
}

// ROCm: said once per result that has an AMD option (the efficiencies applied, assumptions.hpp).
void rocm_assumption(const std::vector<const GpuSpec*>& gpus, const State& state, bool moe, std::vector<Message>& said) {
    if (state.task == Task::other) return;  // datasheet rates only: no efficiency is applied there
    for (const GpuSpec* g : gpus)
        if (runs_rocm(*g)) {
            const Assumptions a = Assumptions::typical();
            const Assumptions lo = Assumptions::optimistic(), hi = Assumptions::pessimistic();
            said.push_back(Message(code::assume_rocm).num("bw", a.rocm_bandwidth_share * 100)
                               .num("gemm", a.rocm_gemm_share * 100).num("gemm_low", hi.rocm_gemm_share * 100)
                               .num("gemm_high", lo.rocm_gemm_share * 100)
                               .num("train", state.task == Task::infer ? 0 : 1)
                               .num("moe", state.task == Task::infer && moe ? kRocmMoeLayerFactor : 0));
            return;
        }
}

// The modelling assumptions behind the result, itemised (Result::assumptions).
void say_assumptions(const State& state, const Catalog& catalog, const std::vector<const GpuSpec*>& gpus, Result& r) {
    const Assumptions a = Assumptions::typical();
    const Assumptions lo = Assumptions::optimistic(), hi = Assumptions::pessimistic();
    auto& said = r.assumptions;
    said.push_back(Message(code::assume_reserve).num("reserve", state.reserve));
    said.push_back(Message(code::assume_binary_gb));
    const bool encoder_service = state.use == Use::asr || state.use == Use::embed;  // they state their own
    if (state.task == Task::infer && !encoder_service) {
        said.push_back(Message(code::assume_decode_eff).num("eff", a.decode_bandwidth_eff * 100)
                           .num("low", hi.decode_bandwidth_eff * 100).num("high", lo.decode_bandwidth_eff * 100));
        said.push_back(Message(code::assume_prefill_eff).num("eff", a.prefill_compute_eff * 100)
                           .num("low", hi.prefill_compute_eff * 100).num("high", lo.prefill_compute_eff * 100)
                           .num("lowp", a.lowp_compute_factor * 100).num("fp4", a.fp4_compute_factor * 100));
        said.push_back(Message(code::assume_serve_overhead).num("gb", a.runtime_overhead_gb)
                           .num("graphs", a.cuda_graph_gb).num("nccl", a.nccl_gb)
                           .num("low", lo.runtime_overhead_gb).num("high", hi.runtime_overhead_gb));
        const bool moe = r.model.moe && r.model.moe->experts > 0;
        said.push_back(Message(code::assume_continuous_batching).num("layer_us", a.layer_overhead_us)
                           .num("low", lo.layer_overhead_us).num("high", hi.layer_overhead_us).num("moe", moe)
                           .num("separate", state.sched == Scheduler::separate ? 1 : 0)
                           .num("mxfp4", moe && r.weight_format == WeightFormat::mxfp4 ? 1 + kMxfp4MoeLayerFactor : 0));
        said.push_back(Message(code::assume_ttft_queue).num("ms", a.request_overhead_ms));
        if (state.offload)
            said.push_back(Message(code::assume_offload).str("ddr", state.ddr == HostRam::ddr5 ? "DDR5" : "DDR4")
                               .num("mts", host_ram_mts(state.ddr)).num("gbs", host_ram_gbs(state))
                               .num("given", state.ram_gbs ? 1 : 0)
                               .num("eff", a.host_bandwidth_eff * 100).num("low", hi.host_bandwidth_eff * 100)
                               .num("high", lo.host_bandwidth_eff * 100).num("pcie", a.pcie_eff * 100)
                               .num("switch_us", a.offload_switch_us).num("os", kHostReservedGB));
        said.push_back(Message(code::assume_kv_full_context));
        said.push_back(Message(code::assume_tp_in_server));
        said.push_back(Message(code::assume_mtok_at_load).num("users", planned_users(state)));
    } else if (state.task == Task::tune || state.task == Task::train) {
        training_assumptions(r, catalog, said);
        if (r.horizon_days > 0) said.push_back(Message(code::plan_horizon).num("days", r.horizon_days));
    } else if (state.task == Task::infer) {
        // speech.cpp / embeddings.cpp listed theirs while evaluating
    } else {
        said.push_back(Message(code::assume_other_rules));
    }
    rocm_assumption(gpus, state, r.model.moe && r.model.moe->experts > 0 && !encoder_service, said);
    said.push_back(Message(code::assume_month_rented).num("hours", kHoursPerMonth));
}

// A context (or training sequence) nobody named, longer than the model was trained for, is the
// model's own: the default serves every model, a length it cannot attend is no answer. Said.
void fit_default_length(const ModelSpec& m, Result& r) {
    State& s = r.state;
    const bool chat = s.task == Task::infer && s.use != Use::asr && s.use != Use::embed;
    const bool training = s.task == Task::tune || s.task == Task::train;
    double* length = chat ? &s.ctx : training ? &s.seq : nullptr;
    const bool named = chat ? s.ctx_set : s.seq_set;
    if (!length || named || m.max_context <= 0 || m.max_context >= *length) return;
    r.warnings.push_back(Message(code::model_length_fitted).num("asked", *length).str("model", m.name)
                             .num("max", m.max_context).num("training", training ? 1 : 0));
    *length = m.max_context;
}

// The state's own model on every candidate GPU (evaluate() adds the models view).
Result evaluate_state(const State& asked, const Catalog& catalog) {
    Result r;
    r.state = asked;
    const State& state = r.state;  // the state as sized: fit_default_length may set its length
    r.currency = catalog.currency;
    const ModelSpec* found = nullptr;
    if (state.task != Task::other) {
        if (!resolve_model(state, catalog, r)) {
            r.model_found = false;
            return r;
        }
        found = &r.model;
    }
    const WeightFormat wq = state.wq ? *state.wq : (found ? found->native_format : WeightFormat::bf16);
    r.weight_format = wq;
    if (found) fit_default_length(*found, r);
    // Sized as asked, but said: a model cannot attend past the context it was trained for.
    if (found && found->max_context > 0) {
        const bool infer = state.task == Task::infer;
        const double asked = infer ? state.ctx : state.seq;
        const bool encoder_use = infer && (state.use == Use::asr || state.use == Use::embed);  // no chat context
        if (state.task != Task::other && !encoder_use && asked > found->max_context)
            r.warnings.push_back(Message(infer ? code::model_context_over_max : code::model_sequence_over_max)
                                     .num("asked", asked).str("model", found->name).num("max", found->max_context));
    }

    // DeepSeek V4's serving engines keep its cache in FP8 (its trained format): a 16-bit cache is sized as
    // asked, and said with what FP8 would be.
    if (found && found->compressed && state.task == Task::infer && kv_bytes_per_element(state.kvq) >= 2) {
        const KvLayout kv = kv_layout(*found, state.kvq);
        r.warnings.push_back(Message(code::model_kv_fp8_served).str("model", found->name)
                                 .str("kv", std::string(kv_format_key(state.kvq)))
                                 .num("kv_gb", kv_bytes_per_sequence(kv, state.ctx).gb()).num("ctx", state.ctx));
    }
    // A request whose prompt and answer outgrow its context cannot run: sized at the context, and said.
    const bool chat_load = state.task == Task::infer && state.use != Use::asr && state.use != Use::embed;
    // A session's last turn holds the most: its history, thinking and answer (workload.hpp).
    const Workload work = make_workload(state, r.model);
    if (chat_load && work.session_tokens > state.ctx)
        r.warnings.push_back(Message(code::load_over_context).num("in", work.session_tokens - work.answer())
                                 .num("out", work.answer()).num("ctx", state.ctx).num("need", work.session_tokens));

    const std::vector<const GpuSpec*> gpus = candidate_gpus(state, catalog, r);

    static const ModelSpec kNoModel{};
    const Job job{r.state, catalog, found ? *found : kNoModel, wq, gpus};
    switch (state.task) {
        case Task::infer: if (!evaluate_service(job, r)) evaluate_inference(job, r); break;
        case Task::tune:
        case Task::train: evaluate_training(job, r); break;
        case Task::other: evaluate_other_work(job, r); break;
    }
    note_software_stack(catalog, r.state, r.options);
    mark_impractical(catalog, r.state, r.options);
    sort_options(r.options, state.sort);
    r.recommended = recommend(r.options);
    if (state.task == Task::infer) add_latency_curves(job, r);
    if (r.recommended > 0 && state.sort != RankBy::cost)
        r.warnings.push_back(Message(code::price_recommend_priced).str("currency", r.currency));
    warn_prices(gpus, r);
    if (r.recommended >= 0) r.gpu_hours = r.options[size_t(r.recommended)].gpu_hours;
    // The MFU said beside the figures: the recommended GPU's (a budget's: its own GPU's, training.cpp).
    if (r.recommended >= 0 && r.options[size_t(r.recommended)].mfu > 0 && !r.state.gpuh)
        r.mfu = r.options[size_t(r.recommended)].mfu;

    say_assumptions(state, catalog, gpus, r);
    advise(catalog, r);
    return r;
}

}  // namespace

Result evaluate(const State& state, const Catalog& catalog) {
    Result r = evaluate_state(state, catalog);
    // The reverse question is answered beside the state's own model, whatever became of it.
    if (state.view == View::models) {
        r.models = fit_models(state, catalog);
        if (state.gpu.empty() || !catalog.find_gpu(state.gpu)) r.warnings.push_back(Message(code::models_no_gpu));
    }
    return r;
}

std::string non_finite_figure(const Result& r) {
    std::string bad;
    auto check = [&bad](double v, const std::string& name) { if (bad.empty() && !std::isfinite(v)) bad = name; };
    auto check_range = [&check](const Range& x, const std::string& name) {
        check(x.low, name + ".low");
        check(x.mid, name + ".mid");
        check(x.high, name + ".high");
    };
    check(r.memory.total().value, "memory");
    check_range(r.memory_total_gb, "memory_total_gb");
    check(r.flops, "flops");
    check(r.vector_index_gb, "vector_index_gb");
    check_range(r.gpu_hours, "gpu_hours");
    for (size_t i = 0; i < r.options.size() && bad.empty(); ++i) {
        const Option& o = r.options[i];
        const std::string at = "options[" + std::to_string(i) + "].";
        check_range(o.per_gpu_gb, at + "per_gpu_gb");
        check_range(o.decode_tps_per_user, at + "decode_tps_per_user");
        check_range(o.total_tps, at + "total_tps");
        check_range(o.ttft_s, at + "ttft_s");
        check_range(o.tpot_ms, at + "tpot_ms");
        check_range(o.gpu_hours, at + "gpu_hours");
        check_range(o.days, at + "days");
        check_range(o.audio_x_realtime, at + "audio_x_realtime");
        check_range(o.qps_capacity, at + "qps_capacity");
        check_range(o.index_hours, at + "index_hours");
        check(o.streams_served, at + "streams_served");
        check(o.capacity_gb, at + "capacity_gb");
        check(o.users_served, at + "users_served");
        check(o.energy_mwh, at + "energy_mwh");
        check(o.score, at + "score");
        for (const auto& [cost, name] : {std::pair{o.cost_per_hour, "cost_per_hour"}, std::pair{o.cost_per_month, "cost_per_month"},
                                         std::pair{o.cost_per_mtok, "cost_per_mtok"}, std::pair{o.cost_total, "cost_total"}})
            if (cost) check(*cost, at + name);
        if (bad.empty() && (o.count < 0 || o.servers < 0)) bad = at + "count";
    }
    for (const auto& e : r.explanations) check_range(e.range, "explanations." + e.key);
    for (size_t i = 0; i < r.models.size() && bad.empty(); ++i) {
        check_range(r.models[i].per_gpu_gb, "models[" + std::to_string(i) + "].per_gpu_gb");
        check_range(r.models[i].decode_tps_per_user, "models[" + std::to_string(i) + "].decode_tps_per_user");
    }
    return bad;
}

}  // namespace gpusizer
