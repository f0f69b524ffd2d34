// Where the answer departs from the article's advice, said where the buyer sees it, with a switch.
//
// The article (its step-2 table, the catalog's presets) gives each task a memory band, a few GPUs and
// NVIDIA only. The engine sizes what the buyer asked for, so its answer can differ; each difference
// is said with what the guide assumes and a one-click switch that applies that assumption:
//  * guide.memory: the job needs more than the band. The guide's band holds its models at 4-bit
//    weights with a few users (7-20 B in 8-24 GB: 20 B at 4.16 bits is 10.4 GB, plus a few users'
//    KV cache). Switch: 4-bit weights (INT4 AWQ/GPTQ, unless the format already has 5 bits or
//    fewer) and the most users, up to the asked ones, that fit a card of the band's top size less
//    the reserve. No switch when not even one user fits (the model is bigger than the band's).
//  * guide.vendor: the answer is a GPU the article does not name, of a vendor other than NVIDIA
//    (the article: "NVIDIA GPUs cover every task"). Switch: vendor=nvidia.
//  * guide.gpus: the answer is an NVIDIA GPU the article does not name for the task; it ranks
//    first by the sort key, which is said. Switch: pin the article's best-ranked fitting GPU.
//    Left out while a guide.memory switch is offered (that one changes the answer first) and when
//    the buyer pinned a GPU (their choice).
//  * offload (offload=1 on a pinned GPU): when its one-card option misses the load, what one card
//    with host RAM delivers, and a switch to size for that (users, speed, time to first token), or
//    for the host RAM it needs.
#include <algorithm>
#include <cmath>

#include "engine/hardware.hpp"
#include "engine/tasks.hpp"

namespace gpusizer {
namespace {

bool named_by(const TaskPreset& p, const std::string& gpu_id) {
    return std::find(p.gpus.begin(), p.gpus.end(), gpu_id) != p.gpus.end();
}

// The GPUs the article names for the task, joined: catalog names without the "NVIDIA " the
// article leaves out and without a trailing remark in parentheses.
std::string named_list(const Catalog& c, const TaskPreset& p) {
    std::string list;
    for (const auto& id : p.gpus)
        if (const GpuSpec* g = c.find_gpu(id)) {
            std::string name = g->name.rfind("NVIDIA ", 0) == 0 ? g->name.substr(7) : g->name;
            const auto paren = name.find(" (");
            if (paren != std::string::npos && name.back() == ')') name.resize(paren);
            list += (list.empty() ? "" : ", ") + name;
        }
    return list;
}

const char* rank_term(const State& s, const Option& o) {
    if (s.sort == RankBy::speed) return code::term_rank_speed;
    if (s.sort == RankBy::gpus) return code::term_rank_gpus;
    return o.cost_total ? code::term_rank_cost_run : code::term_rank_cost_hour;
}

// The first fitting, practical option (in ranked order) that passes `ok`.
template <class F> const Option* first_fit(const Result& r, F ok) {
    for (const Option& o : r.options)
        if (o.fits && o.practical && ok(o)) return &o;
    return nullptr;
}

bool llm_inference(const State& s) {
    const bool llm_use = s.use == Use::chat || s.use == Use::rag || s.use == Use::ocr || s.use == Use::general;
    return s.task == Task::infer && !s.offload && llm_use;
}

// Users (1 … the asked ones) whose memory at `wq` fits `cap_gb`; 0 when not even one does.
int guide_users(const ModelSpec& m, State s, WeightFormat wq, double cap_gb) {
    const int asked = int(std::max(1.0, s.rps > 0 ? planned_users(s) : std::floor(s.users)));
    s.rps = 0;  // memory for a number of requests in flight, however they arrive
    auto fits = [&](double u) {
        s.users = u;
        return inference_memory_at_context(m, s, wq, s.ctx).gb() <= cap_gb;
    };
    if (!fits(1)) return 0;
    if (fits(asked)) return asked;
    int lo = 1, hi = asked;  // fits(lo), !fits(hi)
    while (hi - lo > 1) {
        const int mid = lo + (hi - lo) / 2;
        (fits(mid) ? lo : hi) = mid;
    }
    return lo;
}

void advise_memory(const TaskPreset& p, Result& r) {
    const State& s = r.state;
    const double need = r.memory_total_gb.mid;
    if (!llm_inference(s) || !r.model_found || p.vram_max_gb <= 0 || need <= p.vram_max_gb) return;
    const WeightFormatInfo& now = weight_format_info(r.weight_format);
    const WeightFormat wq = now.bits_per_weight <= 5 ? r.weight_format : WeightFormat::int4;
    const double cap = p.vram_max_gb * (1 - std::clamp(s.reserve, 0.0, 90.0) / 100);
    const int users = guide_users(r.model, s, wq, cap);
    State one = s;
    one.users = 1;
    one.rps = 0;
    Advice a;
    a.why = Message(code::guide_memory).num("lo", p.vram_min_gb).num("hi", p.vram_max_gb).num("pmin", p.params_min_b)
                .num("pmax", p.params_max_b).str("format", std::string(now.label)).num("users", planned_users(s))
                .num("rps", s.rps)
                .num("need", need).num("fits", users > 0 ? 1 : 0).str("model", r.model.name)
                .num("min_gb", inference_memory_at_context(r.model, one, wq, s.ctx).gb());
    if (r.recommended >= 0) {
        const Option& o = r.options[size_t(r.recommended)];
        a.why.num("count", o.count).str("gpu", o.gpu_name);
    }
    // At a rate the load is the rate: the switch changes the weights only.
    const bool fewer_users = s.rps <= 0 && users < s.users;
    if (users > 0 && (wq != r.weight_format || fewer_users)) {
        State g = s;
        g.wq = wq == r.model.native_format ? std::nullopt : std::optional<WeightFormat>(wq);
        if (fewer_users) g.users = users;
        a.action = Message(code::switch_guide_format).str("format", std::string(weight_format_info(wq).label))
                       .num("users", users).num("rps", s.rps);
        a.apply = g;
    }
    r.advice.push_back(std::move(a));
}

// The answer's GPU is not one the article names for the task: its vendor, or the article's pick.
void advise_gpus(const Catalog& c, const TaskPreset& p, Result& r) {
    const State& s = r.state;
    if (r.recommended < 0 || p.gpus.empty() || !s.gpu.empty()) return;
    const Option& rec = r.options[size_t(r.recommended)];
    const GpuSpec* g = c.find_gpu(rec.gpu_id);
    if (!g || named_by(p, rec.gpu_id)) return;
    Advice a;
    if (!vendor_matches(VendorFilter::nvidia, g->vendor)) {
        const Option* alt = first_fit(r, [&](const Option& o) {
            const GpuSpec* x = c.find_gpu(o.gpu_id);
            return x && vendor_matches(VendorFilter::nvidia, x->vendor);
        });
        a.why = Message(code::guide_vendor).str("gpu", rec.gpu_name).str("vendor", g->vendor)
                    .term("key", rank_term(s, rec));
        if (alt) a.why.num("alt_count", alt->count).str("alt_gpu", alt->gpu_name);
        State n = s;
        n.vendor = VendorFilter::nvidia;
        a.action = Message(code::switch_vendor_nvidia);
        if (alt) a.action.num("count", alt->count).str("gpu", alt->gpu_name);
        a.apply = n;
        r.advice.push_back(std::move(a));
        return;
    }
    for (const Advice& m : r.advice)
        if (m.apply) return;  // a memory switch changes the answer first
    const Option* alt = first_fit(r, [&](const Option& o) { return named_by(p, o.gpu_id); });
    a.why = Message(code::guide_gpus).str("gpu", rec.gpu_name).str("named", named_list(c, p))
                .term("key", rank_term(s, rec));
    if (alt) {
        a.why.num("alt_count", alt->count).str("alt_gpu", alt->gpu_name);
        State pin = s;
        pin.gpu = alt->gpu_id;
        a.action = Message(code::switch_guide_gpu).num("count", alt->count).str("gpu", alt->gpu_name);
        a.apply = pin;
    }
    r.advice.push_back(std::move(a));
}

// Offload on a pinned GPU whose one-card option misses the load: what it delivers, and a switch.
void advise_offload(Result& r) {
    const State& s = r.state;
    if (!s.offload || s.task != Task::infer || s.gpu.empty() || r.recommended >= 0) return;
    const Option* o = nullptr;
    for (const Option& x : r.options)
        if (x.offload) o = &x;
    if (!o || o->fits) return;
    Advice a;
    a.topic = AdviceTopic::offload;
    const std::string& why = o->reason.code;
    if (why == code::reason_offload_ram) {
        a.why = o->reason;
        const double need = o->offload->host_need_gb;
        State more = s;
        more.ram = std::min(65536.0, std::ceil(need / 16) * 16);
        a.action = Message(code::switch_offload_ram).num("ram", more.ram);
        a.apply = more;
    } else if (why == code::reason_too_slow || why == code::reason_ttft_too_long || why == code::reason_serves_fewer) {
        const double served = std::max(1.0, std::floor(o->users_served));
        const double tps = std::floor(o->decode_tps_per_user.mid * 10) / 10;
        const double ttft = std::ceil(o->ttft_s.mid * 10) / 10;
        a.why = Message(code::offload_relax).str("gpu", o->gpu_name).num("host_gb", o->offload->host_weights_gb)
                    .num("tps", o->decode_tps_per_user.mid).num("ttft", o->ttft_s.mid).num("served", served)
                    .num("users", planned_users(s)).num("target_tps", s.tps).num("target_ttft", s.ttft);
        State fit = s;
        fit.users = std::min(s.users, served);
        fit.growth = 0;
        if (tps < s.tps) fit.tps = std::max(0.1, tps);
        if (ttft > s.ttft) fit.ttft = ttft;
        a.action = Message(code::switch_offload_load).num("users", fit.users).num("tps", fit.tps);
        a.apply = fit;
    } else {
        a.why = o->reason;  // the card is too small even with every layer in host RAM: nothing to switch
    }
    r.advice.push_back(std::move(a));
}

}  // namespace

const TaskPreset* guide_preset(const Catalog& c, const State& s) {
    for (const auto& p : c.presets)
        if (p.task == s.task && (p.use == s.use || s.task == Task::tune || s.task == Task::train)) return &p;
    return nullptr;
}

void note_software_stack(const Catalog& catalog, const State& s, std::vector<Option>& options) {
    const Assumptions a = Assumptions::typical();
    for (Option& o : options) {
        const GpuSpec* g = catalog.find_gpu(o.gpu_id);
        if (!g || !runs_rocm(*g)) continue;
        o.warnings.push_back(Message(code::gpu_rocm).num("bw", a.rocm_bandwidth_share * 100)
                                 .num("gemm", a.rocm_gemm_share * 100).num("applied", s.task == Task::other ? 0 : 1));
    }
}

void advise(const Catalog& catalog, Result& r) {
    if (r.state.view != View::options) return;
    if (const TaskPreset* p = guide_preset(catalog, r.state)) {
        advise_memory(*p, r);
        advise_gpus(catalog, *p, r);
    }
    advise_offload(r);
}

}  // namespace gpusizer
