#include "report/report.hpp"

#include <cmath>
#include <nlohmann/json.hpp>

#include "engine/workload.hpp"
#include "link/link.hpp"
#include "report/accuracy.hpp"

namespace gpusizer {
namespace {

using json = nlohmann::json;

// Finite numbers only: NaN or infinity never reach the output (they become null).
json num(double v) { return std::isfinite(v) ? json(v) : json(nullptr); }
json round_to(double v, int decimals) {
    if (!std::isfinite(v)) return nullptr;
    const double p = std::pow(10.0, decimals);
    return std::round(v * p) / p;
}
json opt(const std::optional<double>& v, int decimals = 4) { return v ? round_to(*v, decimals) : json(nullptr); }
json range(const Range& r, int decimals) {
    if (r.mid == 0 && r.low == 0 && r.high == 0) return nullptr;
    return {{"low", round_to(r.low, decimals)}, {"mid", round_to(r.mid, decimals)}, {"high", round_to(r.high, decimals)}};
}
json mid_or_null(const Range& r, int decimals) { return r.mid == 0 && r.high == 0 ? json(nullptr) : round_to(r.mid, decimals); }

// The custom model as its link keys name it (docs/LINK.md); 0 = not given. The numbers come from the
// link's tables (custom_numbers); the JSON object's keys are sorted, so the rows' order does not matter.
json custom_json(const CustomModel& c) {
    json j = {{"name", c.name.empty() ? json(nullptr) : json(c.name)}, {"tied", c.tied_embeddings},
              {"native", c.native ? json(std::string(weight_format_info(*c.native).key)) : json(nullptr)},
              {"experts_only", c.experts_only}};
    for (const CustomNumber& n : custom_numbers(c)) j[n.key] = n.whole ? json(int(n.value)) : json(n.value);
    return j;
}

// An enumerated field as the JSON writes it: its key (engine/vocabulary.cpp), the link's word.
template <class E> std::string key(E v) { return std::string(key_of(v)); }

json state_json(const State& s, double mfu) {
    json j;
    j["task"] = key(s.task);
    j["use"] = key(s.use);
    j["model"] = s.model;
    j["wq"] = s.wq ? json(std::string(weight_format_info(*s.wq).key)) : json(nullptr);
    j["kvq"] = std::string(kv_format_key(s.kvq));
    j["ctx"] = num(s.ctx); j["in"] = num(s.in); j["out"] = num(s.out); j["users"] = num(s.users);
    j["tps"] = num(s.tps); j["ttft"] = num(s.ttft); j["growth"] = num(s.growth);
    j["rps"] = num(s.rps); j["burst"] = num(s.burst); j["pct"] = num(s.pct); j["spread"] = num(s.spread);
    j["spare"] = s.spare;
    j["method"] = key(s.method); j["rank"] = num(s.rank);
    j["trainer"] = key(s.trainer); j["optim"] = key(s.optim);
    j["tokens"] = num(effective_tokens(s)); j["epochs"] = num(s.epochs); j["seq"] = num(s.seq); j["batch"] = num(s.batch);
    j["ckpt"] = s.ckpt; j["zero"] = s.zero ? json(*s.zero) : json(nullptr); j["mfu"] = num(mfu > 0 ? mfu : effective_mfu(s));
    j["goodput"] = num(effective_goodput(s));
    j["days"] = s.days ? num(*s.days) : json(nullptr);
    j["gpuh"] = s.gpuh ? num(*s.gpuh) : json(nullptr);
    j["gpuh_gpu"] = s.gpuh_gpu;
    j["audio_h"] = num(s.audio_h); j["docs"] = num(s.docs); j["doc_tokens"] = num(s.doc_tokens); j["qps"] = num(s.qps);
    j["prefix"] = num(s.prefix); j["turns"] = s.turns; j["grow"] = num(s.grow); j["gap"] = num(s.gap);
    j["fanout"] = s.fanout; j["spec"] = s.spec; j["accept"] = s.accept ? num(*s.accept) : json(nullptr);
    j["think"] = s.think_level != ThinkLevel::none ? json(key(s.think_level)) : num(s.think);
    j["think_tokens"] = num(answer_tokens(s) - std::max(1.0, s.out));
    j["loras"] = s.loras; j["lora_rank"] = s.lora_rank;
    j["lora_batch"] = s.lora_batch ? json(*s.lora_batch) : json(nullptr);
    j["asr_rt"] = key(s.asr_runtime); j["longform"] = key(s.asr_mode); j["sched"] = key(s.sched);
    j["beam"] = s.beam > 0 ? json(s.beam) : json(nullptr); j["asr_batch"] = s.asr_batch > 0 ? json(s.asr_batch) : json(nullptr);
    j["clip"] = num(s.clip); j["speech_tokens"] = num(s.speech_tokens);
    j["offload"] = s.offload; j["ram"] = num(s.ram); j["ddr"] = "ddr" + key(s.ddr);  // "ddr4": the link writes "4"
    j["ram_gbs"] = s.ram_gbs ? num(*s.ram_gbs) : json(nullptr);
    j["cpu_layers"] = s.cpu_layers ? json(*s.cpu_layers) : json(nullptr);
    j["vram"] = num(s.vram); j["streams"] = num(s.streams); j["res"] = key(s.res); j["codec"] = key(s.codec);
    j["gpu"] = s.gpu.empty() ? json(nullptr) : json(s.gpu);
    j["vendor"] = key(s.vendor);
    j["n"] = s.n ? json(*s.n) : json(nullptr);
    j["reserve"] = num(s.reserve);
    j["sort"] = key(s.sort);
    j["view"] = key(s.view);
    if (s.model == "custom") j["custom"] = custom_json(s.custom);
    return j;
}

// A message's parameters as an object: numbers stay numbers, texts and terms are strings.
json params_json(const Message& m) {
    json p = json::object();
    for (const auto& x : m.params) p[x.name] = x.kind == Param::Kind::number ? num(x.number) : json(x.text);
    return p;
}
json message_json(const Message& m, Lang lang) {
    return {{"code", m.code}, {"params", params_json(m)}, {"text", text::render(m, lang)}};
}

json warnings_json(const std::vector<Warning>& a, const std::vector<Warning>& b, Lang lang) {
    json w = json::array();
    for (const auto* list : {&a, &b})
        for (const auto& x : *list) w.push_back(message_json(x, lang));
    return w;
}

json explanations_json(const std::vector<Explanation>& list, Lang lang) {
    json ex = json::array();
    for (const auto& e : list)
        ex.push_back({{"key", e.key}, {"formula", text::render(e.formula, lang)}, {"formula_code", e.formula.code},
                      {"formula_params", params_json(e.formula)}, {"range", range(e.range, 4)}});
    return ex;
}

// The option's price per GPU-hour with its source, and the original when it was converted.
json price_json(const Option& o) {
    return o.price ? json({{"per_gpu_hour", round_to(o.price->per_gpu_hour, 4)},
                           {"currency", o.price->currency},
                           {"source", o.price->source},
                           {"date", o.price->date},
                           {"converted_from", o.price->converted
                                                  ? json({{"per_gpu_hour", round_to(o.price->converted->original, 4)},
                                                          {"currency", o.price->converted->from},
                                                          {"rate", num(o.price->converted->rate)}})
                                                  : json(nullptr)}})
                   : json(nullptr);
}

// Partial offload to host RAM (engine/offload.hpp): the split and the host's share of each token.
json offload_json(const OffloadInfo& f) {
    return {{"mode", f.experts_only ? "experts" : "layers"},
            {"host_layers", f.host_layers},
            {"layers", f.layers},
            {"n_cpu_moe", f.experts_only ? json(f.host_layers) : json(nullptr)},
            {"ngl", f.experts_only || !f.output_on_host ? json(999) : json(f.layers - f.host_layers)},
            {"output_on_host", f.output_on_host},
            {"host_kv_gb", round_to(f.host_kv_gb, 3)},
            {"format", std::string(weight_format_info(f.format).key)},
            {"gpu_weights_gb", round_to(f.gpu_weights_gb, 3)},
            {"host_weights_gb", round_to(f.host_weights_gb, 3)},
            {"host_ram_needed_gb", round_to(f.host_need_gb, 2)},
            {"host_ram_gb", num(f.ram_gb)},
            {"host_bandwidth_gbs", round_to(f.host_bandwidth_gbs, 1)},
            {"pcie_gbs", round_to(f.pcie_gbs, 2)},
            {"host_share_of_token_time", round_to(f.host_share, 3)}};
}

json percentiles_json(const Percentiles& p, int digits) {
    return {{"p50", round_to(p.p50, digits)}, {"p90", round_to(p.p90, digits)}, {"p95", round_to(p.p95, digits)},
            {"p99", round_to(p.p99, digits)}};
}

// Sizing for a request rate (engine/slo.hpp): the fleet, the percentiles at the asked rate (one
// active replica at its share) and the latency-throughput curve of one replica.
json slo_json(const SloFigures& f) {
    json curve = json::array();
    for (const SloPoint& p : f.curve)
        curve.push_back({{"rps", round_to(p.rps, 4)}, {"ttft_s", round_to(p.ttft_at_pct, 4)},
                         {"tpot_s", round_to(p.tpot_at_pct, 5)}, {"concurrency", round_to(p.concurrency, 2)}});
    return {{"rps", round_to(f.rps, 4)},
            {"rps_max", round_to(f.rps_max, 4)},
            {"rps_max_per_replica", round_to(f.rps_max_per_replica, 4)},
            {"saturation_rps_per_replica", round_to(f.saturation_rps, 4)},
            // MLPerf's Server over Offline: the share of the saturation rate usable within the targets
            {"rps_max_over_saturation", f.saturation_rps > 0 ? round_to(f.rps_max_per_replica / f.saturation_rps, 4) : json(nullptr)},
            {"replicas_needed", f.replicas_needed},
            {"spare", f.spare},
            {"utilization", round_to(f.at.utilization, 4)},
            {"concurrency_per_replica", round_to(f.at.concurrency, 2)},
            {"ttft_s", percentiles_json(f.at.ttft_s, 4)},
            {"tpot_s", percentiles_json(f.at.tpot_s, 5)},
            {"ttft_s_at_pct", round_to(f.at.ttft_at_pct, 4)},
            {"tpot_s_at_pct", round_to(f.at.tpot_at_pct, 5)},
            {"curve", curve}};
}

// The request's shape at one option (engine/workload.hpp): prefix, sessions, speculation, reasoning,
// adapters; null for a plain prompt and answer.
json workload_json(const WorkloadFigures& f) {
    return {{"prompt_tokens", round_to(f.prompt, 1)},
            {"context_tokens", round_to(f.context, 1)},
            {"visible_tokens", round_to(f.visible, 1)},
            {"thinking_tokens", round_to(f.thinking, 1)},
            {"tokens_per_step", round_to(f.tokens_per_step, 3)},
            {"spec_speedup", round_to(f.spec_speedup, 3)},
            {"think_s", round_to(f.think_s, 3)},
            {"first_visible_s", round_to(f.first_visible_s, 3)},
            {"cost_per_answer", f.cost_per_answer ? round_to(*f.cost_per_answer, 6) : json(nullptr)},
            {"adapters_gb_per_gpu", round_to(f.adapters_gb, 3)},
            {"adapters_host_gb", round_to(f.adapters_host_gb, 3)},
            {"lora_step_pct", round_to(f.lora_step_pct, 2)},
            {"session_tier", key(f.tier)},
            {"idle_sessions_per_replica", round_to(f.idle_sessions, 2)},
            {"session_gb", round_to(f.session_gb, 3)},
            {"host_ram_gb_per_server", round_to(f.host_ram_gb, 1)},
            {"disk_gb_per_server", round_to(f.disk_gb, 1)},
            {"restore_s", round_to(f.restore_s, 4)},
            {"ttft_turn_s", round_to(f.ttft_turn_s, 4)}};
}

// How the option splits the model (null where the task splits nothing), and its serving figures.
void layout_and_serving_json(json& j, const Option& o, const Task task) {
    const bool infer = task == Task::infer, train = task == Task::tune || task == Task::train;
    j["tp"] = infer || train ? json(o.tp) : json(nullptr);
    j["pp"] = infer || train ? json(o.pp) : json(nullptr);
    j["dp"] = train ? json(o.dp) : json(nullptr);
    j["zero"] = train && o.zero >= 0 ? json(o.zero) : json(nullptr);
    j["ep"] = train ? json(o.ep) : json(nullptr);
    j["replicas"] = infer ? json(o.replicas) : json(nullptr);
    j["batch_per_replica"] = infer && o.batch_per_replica > 0 ? json(o.batch_per_replica) : json(nullptr);
    j["users_served"] = (infer || task == Task::other) && o.users_served > 0 ? round_to(o.users_served, 1) : json(nullptr);
    j["decode_tps_per_user"] = infer ? mid_or_null(o.decode_tps_per_user, 2) : json(nullptr);
    j["decode_tps_per_user_range"] = infer ? range(o.decode_tps_per_user, 2) : json(nullptr);
    j["total_tps"] = infer ? mid_or_null(o.total_tps, 1) : json(nullptr);
    j["total_tps_range"] = infer ? range(o.total_tps, 1) : json(nullptr);
    j["ttft_s"] = infer ? mid_or_null(o.ttft_s, 4) : json(nullptr);
    j["ttft_s_range"] = infer ? range(o.ttft_s, 4) : json(nullptr);
    j["tpot_ms"] = infer ? mid_or_null(o.tpot_ms, 3) : json(nullptr);
    const bool kv = infer && o.kv_cache_tokens > 0;
    j["kv_cache_gb"] = kv ? round_to(o.kv_cache_gb, 3) : json(nullptr);
    j["kv_cache_tokens"] = kv ? json(std::floor(o.kv_cache_tokens)) : json(nullptr);
    j["max_concurrency"] = kv ? round_to(o.max_concurrency, 2) : json(nullptr);
}

// A job's figures (fine-tuning, training), the services' (speech, embeddings) and other work's score.
void job_and_service_json(json& j, const Option& o, const Task task, Lang lang) {
    const bool train = task == Task::tune || task == Task::train;
    j["gpu_hours"] = train ? mid_or_null(o.gpu_hours, 1) : json(nullptr);
    j["gpu_hours_range"] = train ? range(o.gpu_hours, 1) : json(nullptr);
    j["mfu"] = train && o.mfu > 0 ? round_to(o.mfu, 4) : json(nullptr);
    j["days"] = train ? mid_or_null(o.days, 3) : json(nullptr);
    j["days_range"] = train ? range(o.days, 3) : json(nullptr);
    j["energy_mwh"] = train && o.energy_mwh > 0 ? round_to(o.energy_mwh, 3) : json(nullptr);
    // services: speech-to-text (use=asr) and embeddings (use=embed); null elsewhere
    j["audio_x_realtime"] = mid_or_null(o.audio_x_realtime, 1);
    j["audio_x_realtime_range"] = range(o.audio_x_realtime, 1);
    j["streams_served"] = o.audio_x_realtime.mid > 0 ? json(o.streams_served) : json(nullptr);
    j["qps_capacity"] = mid_or_null(o.qps_capacity, 1);
    j["qps_capacity_range"] = range(o.qps_capacity, 1);
    j["index_hours"] = mid_or_null(o.index_hours, 3);
    j["index_hours_range"] = range(o.index_hours, 3);
    j["score"] = task == Task::other ? round_to(o.score, 3) : json(nullptr);
    j["score_label"] = task == Task::other ? json(text::render(o.score_label, lang)) : json(nullptr);
    j["score_label_code"] = task == Task::other ? json(o.score_label.code) : json(nullptr);
}

json option_json(const Option& o, const Task task, Lang lang) {
    json j;
    j["gpu"] = o.gpu_id;
    j["gpu_name"] = o.gpu_name;
    j["count"] = o.count;
    j["servers"] = o.servers;
    j["fits"] = o.fits;
    j["per_gpu_gb"] = o.per_gpu_gb.mid > 0 ? round_to(o.per_gpu_gb.mid, 3) : json(nullptr);
    j["per_gpu_gb_range"] = range(o.per_gpu_gb, 3);
    j["capacity_gb"] = round_to(o.capacity_gb, 3);
    j["gpu_memory_gb"] = round_to(o.gpu_memory_gb, 3);
    j["reason"] = o.reason.empty() ? json(nullptr) : json(text::render(o.reason, lang));
    j["reason_code"] = o.reason.empty() ? json(nullptr) : json(o.reason.code);
    j["reason_params"] = o.reason.empty() ? json(nullptr) : params_json(o.reason);
    layout_and_serving_json(j, o, task);
    job_and_service_json(j, o, task, lang);
    j["practical"] = o.practical;
    j["price"] = price_json(o);
    j["cost_per_hour"] = opt(o.cost_per_hour, 4);
    j["cost_per_month"] = opt(o.cost_per_month, 2);
    j["cost_per_mtok"] = opt(o.cost_per_mtok, 4);
    j["cost_total"] = opt(o.cost_total, 2);
    j["memory_per_gpu"] = {{"weights_gb", round_to(o.per_gpu.weights.gb(), 3)},
                           {"kv_cache_gb", round_to(o.per_gpu.kv_cache.gb(), 3)},
                           {"activations_gb", round_to(o.per_gpu.activations.gb(), 3)},
                           {"optimizer_gb", round_to(o.per_gpu.optimizer.gb(), 3)},
                           {"gradients_gb", round_to(o.per_gpu.gradients.gb(), 3)},
                           {"overhead_gb", round_to(o.per_gpu.overhead.gb(), 3)}};
    j["offload"] = o.offload ? offload_json(*o.offload) : json(nullptr);
    j["slo"] = o.slo ? slo_json(*o.slo) : json(nullptr);
    j["workload"] = o.workload ? workload_json(*o.workload) : json(nullptr);
    j["command"] = o.command.empty() ? json(nullptr) : json(text::command_text(o.command, lang));
    j["warnings"] = warnings_json(o.warnings, {}, lang);
    j["explanations"] = explanations_json(o.explanations, lang);
    return j;
}

// The error band of every estimated figure of the recommended option (report/accuracy.hpp).
json accuracy_json(const Result& r, Lang lang) {
    json list = json::array();
    for (const FigureAccuracy& a : result_accuracy(r)) {
        const bool checked = a.band->n_checks > 0;
        json nearest = nullptr;
        if (a.nearest)
            nearest = {{"id", a.nearest->id}, {"url", a.nearest->source}, {"error_pct", round_to(a.nearest->error_pct, 1)},
                       {"model", a.nearest->model}, {"gpu", a.nearest->gpu}};
        list.push_back({{"figure", a.figure}, {"family", a.band->family}, {"n_checks", a.band->n_checks},
                        {"median_abs_error_pct", checked ? round_to(a.band->median_abs_error_pct, 1) : json(nullptr)},
                        {"worst_error_pct", checked ? round_to(a.band->worst_error_pct, 1) : json(nullptr)},
                        {"tolerance_pct", a.band->tolerance_pct}, {"misses", a.band->misses},
                        {"nearest_source", nearest}, {"text", text::render(accuracy_message(a), lang)}});
    }
    return list;
}

// view=models: one entry per model on the pinned GPU (engine/model_fit.hpp).
json models_json(const std::vector<ModelFit>& models, Lang lang) {
    json out = json::array();
    for (const ModelFit& m : models)
        out.push_back({{"id", m.id}, {"name", m.name}, {"params_b", round_to(m.params_b, 4)}, {"fits", m.fits},
                       {"wq", std::string(weight_format_info(m.wq).key)}, {"native", m.native}, {"count", m.count},
                       {"per_gpu_gb", m.per_gpu_gb.mid > 0 ? round_to(m.per_gpu_gb.mid, 3) : json(nullptr)},
                       {"decode_tps_per_user", mid_or_null(m.decode_tps_per_user, 2)},
                       {"reason", m.reason.empty() ? json(nullptr) : json(text::render(m.reason, lang))},
                       {"reason_code", m.reason.empty() ? json(nullptr) : json(m.reason.code)},
                       {"reason_params", m.reason.empty() ? json(nullptr) : params_json(m.reason)}});
    return out;
}

json result_object(const Result& r, const std::vector<Warning>& extra, Lang lang) {
    json j;
    j["lang"] = text::lang_key(lang);
    j["state"] = state_json(r.state, r.mfu);
    j["link"] = encode_link(r.state);
    j["warnings"] = warnings_json(extra, r.warnings, lang);
    const bool infer = r.state.task == Task::infer, train = r.state.task == Task::tune || r.state.task == Task::train;
    const MemoryBreakdown& m = r.memory;
    const bool has_model = r.model_found && r.state.task != Task::other;
    j["model"] = has_model ? json({{"id", r.model.id}, {"name", r.model.name}, {"params_b", r.model.params_b},
                                   {"active_params_b", r.model.active_params_b}, {"estimated", r.model.estimated}})
                           : json(nullptr);
    j["memory"] = {
        {"weights_gb", has_model ? round_to(m.weights.gb(), 3) : json(nullptr)},
        {"kv_cache_gb", infer && has_model ? round_to(m.kv_cache.gb(), 3) : json(nullptr)},
        {"activations_gb", has_model ? round_to(m.activations.gb(), 3) : json(nullptr)},
        {"optimizer_gb", train && has_model ? round_to(m.optimizer.gb(), 3) : json(nullptr)},
        {"gradients_gb", train && has_model ? round_to(m.gradients.gb(), 3) : json(nullptr)},
        {"overhead_gb", has_model ? round_to(m.overhead.gb(), 3) : json(nullptr)},
        {"total_gb", r.model_found ? round_to(m.total().gb(), 3) : json(nullptr)},
        {"total_gb_range", r.model_found ? range(r.memory_total_gb, 3) : json(nullptr)},
    };
    j["compute"] = {{"flops", train && r.flops > 0 ? num(r.flops) : json(nullptr)},
                    {"gpu_hours", train ? mid_or_null(r.gpu_hours, 1) : json(nullptr)},
                    {"gpu_hours_range", train ? range(r.gpu_hours, 1) : json(nullptr)},
                    {"tokens", train && r.tokens > 0 ? num(r.tokens) : json(nullptr)},
                    {"horizon_days", train && r.horizon_days > 0 ? num(r.horizon_days) : json(nullptr)}};
    j["vector_index_gb"] = r.vector_index_gb > 0 ? round_to(r.vector_index_gb, 3) : json(nullptr);
    j["weight_format"] = std::string(weight_format_info(r.weight_format).key);
    j["currency"] = r.currency;
    j["recommended"] = r.recommended >= 0 ? json(r.recommended) : json(nullptr);
    json options = json::array();
    for (const auto& o : r.options) options.push_back(option_json(o, r.state.task, lang));
    j["options"] = options;
    j["explanations"] = explanations_json(r.explanations, lang);
    j["accuracy"] = accuracy_json(r, lang);
    json assumptions = json::array(), coded = json::array();
    for (const auto& a : r.assumptions) {
        assumptions.push_back(text::render(a, lang));
        coded.push_back({{"code", a.code}, {"params", params_json(a)}});
    }
    j["assumptions"] = assumptions;
    j["assumption_codes"] = coded;
    j["models"] = r.state.view == View::models ? models_json(r.models, lang) : json(nullptr);
    json advice = json::array();
    for (const Advice& a : r.advice)
        advice.push_back({{"topic", a.topic == AdviceTopic::guide ? "guide" : "offload"},
                          {"why", message_json(a.why, lang)},
                          {"action", a.action.empty() ? json(nullptr) : message_json(a.action, lang)},
                          {"link", a.apply ? json(encode_link(*a.apply)) : json(nullptr)}});
    j["advice"] = advice;
    return j;
}

std::string dump(const json& j, int indent) { return j.dump(indent, ' ', false, json::error_handler_t::replace); }

}  // namespace

std::string advice_text(const Advice& a, Lang lang, const std::string& base_url) {
    std::string t = text::render(a.why, lang);
    if (!t.empty() && t.back() != '.') t += '.';  // a reason is a clause; here it is a sentence
    if (!a.action.empty() && a.apply)
        t += std::string(" ") + text::ui("Switch: ", lang) + text::render(a.action, lang) + " (" +
             page_link(base_url, encode_link(*a.apply), lang) + ")";
    return t;
}

std::string result_json(const Result& r, const std::vector<Warning>& extra, int indent, Lang lang) {
    return dump(result_object(r, extra, lang), indent);
}

namespace {
json summary_object(const Result& r, Lang lang) {
    const Summary s = summarize(r, lang);
    json accuracy = json::array();  // [figures, band, nearest run, its URL] per family: few bytes of code
    for (const AccuracyGroup& g : s.accuracy) {
        json row = json::array();
        for (const std::string* v : {&g.labels, &g.band, &g.nearest, &g.url}) row.push_back(*v);
        accuracy.push_back(std::move(row));
    }
    return {{"lang", text::lang_key(lang)}, {"text", s.sentence}, {"columns", s.columns}, {"rows", s.rows},
            {"accuracy_title", s.accuracy_title}, {"accuracy", accuracy}};
}
}  // namespace

std::string page_json(const Result& r, const std::vector<Warning>& extra, Lang lang) {
    json j = result_object(r, extra, lang);
    j["summary"] = summary_object(r, lang);
    return dump(j, -1);
}

std::string mirror_json(const Result& r, Lang lang) {
    json j;
    j["state"] = state_json(r.state, r.mfu);
    j["summary"] = summary_object(r, lang);
    if (r.recommended >= 0) {
        const Option& o = r.options[size_t(r.recommended)];
        j["recommended"] = {{"gpu", o.gpu_id}, {"count", o.count}};
    } else {
        j["recommended"] = nullptr;
    }
    return dump(j, -1);
}

}  // namespace gpusizer
