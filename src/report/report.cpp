#include "report/report.hpp"

#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "link/link.hpp"

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

json state_json(const State& s) {
    json j;
    j["task"] = std::string(task_key(s.task));
    j["use"] = s.use;
    j["model"] = s.model;
    j["wq"] = s.wq ? json(std::string(weight_format_info(*s.wq).key)) : json(nullptr);
    j["kvq"] = std::string(kv_format_key(s.kvq));
    j["ctx"] = num(s.ctx); j["in"] = num(s.in); j["out"] = num(s.out); j["users"] = num(s.users);
    j["tps"] = num(s.tps); j["ttft"] = num(s.ttft); j["growth"] = num(s.growth);
    j["method"] = std::string(method_key(s.method)); j["rank"] = num(s.rank);
    j["tokens"] = num(effective_tokens(s)); j["epochs"] = num(s.epochs); j["seq"] = num(s.seq); j["batch"] = num(s.batch);
    j["ckpt"] = s.ckpt; j["zero"] = s.zero ? json(*s.zero) : json(nullptr); j["mfu"] = num(effective_mfu(s));
    j["days"] = s.days ? num(*s.days) : json(nullptr);
    j["vram"] = num(s.vram); j["streams"] = num(s.streams); j["res"] = s.res; j["codec"] = s.codec;
    j["gpu"] = s.gpu.empty() ? json(nullptr) : json(s.gpu);
    j["n"] = s.n ? json(*s.n) : json(nullptr);
    j["reserve"] = num(s.reserve);
    j["sort"] = std::string(rank_by_key(s.sort));
    if (s.model == "custom")
        j["custom"] = {{"params", s.custom.params_b}, {"active", s.custom.active_b}, {"layers", s.custom.layers},
                       {"hidden", s.custom.hidden}, {"heads", s.custom.heads}, {"kv_heads", s.custom.kv_heads},
                       {"head_dim", s.custom.head_dim}};
    return j;
}

json warnings_json(const std::vector<Warning>& a, const std::vector<Warning>& b) {
    json w = json::array();
    for (const auto* list : {&a, &b})
        for (const auto& x : *list) w.push_back({{"code", x.code}, {"text", x.text}});
    return w;
}

json option_json(const Option& o, const Task task) {
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
    j["reason"] = o.reason.empty() ? json(nullptr) : json(o.reason);
    const bool infer = task == Task::infer, train = task == Task::tune || task == Task::train;
    j["tp"] = infer || train ? json(o.tp) : json(nullptr);
    j["pp"] = infer || train ? json(o.pp) : json(nullptr);
    j["dp"] = train ? json(o.dp) : json(nullptr);
    j["zero"] = train && o.zero >= 0 ? json(o.zero) : json(nullptr);
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
    j["gpu_hours"] = train ? mid_or_null(o.gpu_hours, 1) : json(nullptr);
    j["gpu_hours_range"] = train ? range(o.gpu_hours, 1) : json(nullptr);
    j["days"] = train ? mid_or_null(o.days, 3) : json(nullptr);
    j["days_range"] = train ? range(o.days, 3) : json(nullptr);
    j["energy_mwh"] = train && o.energy_mwh > 0 ? round_to(o.energy_mwh, 3) : json(nullptr);
    j["score"] = task == Task::other ? round_to(o.score, 3) : json(nullptr);
    j["score_label"] = task == Task::other ? json(o.score_label) : json(nullptr);
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
    j["command"] = o.command.empty() ? json(nullptr) : json(o.command);
    json w = json::array();
    for (const auto& x : o.warnings) w.push_back({{"code", x.code}, {"text", x.text}});
    j["warnings"] = w;
    return j;
}

std::string pad(std::string s, size_t width) {
    // Width in code points, so Cyrillic names line up too.
    size_t cps = 0;
    for (unsigned char c : s) cps += (c & 0xC0) != 0x80;
    while (cps++ < width) s += ' ';
    return s;
}

std::string f(double v, int d) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", d, std::isfinite(v) ? v : 0.0);
    return buf;
}

}  // namespace

std::string result_json(const Result& r, const std::vector<Warning>& extra, int indent) {
    json j;
    j["state"] = state_json(r.state);
    j["link"] = encode_link(r.state);
    j["warnings"] = warnings_json(extra, r.warnings);
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
                    {"gpu_hours_range", train ? range(r.gpu_hours, 1) : json(nullptr)}};
    j["weight_format"] = std::string(weight_format_info(r.weight_format).key);
    j["currency"] = r.currency;
    j["recommended"] = r.recommended >= 0 ? json(r.recommended) : json(nullptr);
    json options = json::array();
    for (const auto& o : r.options) options.push_back(option_json(o, r.state.task));
    j["options"] = options;
    json ex = json::array();
    for (const auto& e : r.explanations) ex.push_back({{"key", e.key}, {"formula", e.formula}, {"range", range(e.range, 4)}});
    j["explanations"] = ex;
    j["assumptions"] = r.assumptions;
    return j.dump(indent, ' ', false, json::error_handler_t::replace);
}

std::string result_table(const Result& r, const std::vector<Warning>& extra) {
    std::string s;
    s += "gpusizer — " + std::string(task_key(r.state.task)) + ", model " + r.state.model + "\n";
    s += "link: #" + encode_link(r.state) + "\n";
    for (const auto* list : {&extra, &r.warnings})
        for (const auto& w : *list) s += "warning: " + w.text + "\n";
    if (r.model_found)
        s += "memory (one replica, before splitting): " + f(r.memory.total().gb(), 1) + " GB  (range " +
             f(r.memory_total_gb.low, 1) + "–" + f(r.memory_total_gb.high, 1) + ")\n";
    if (r.flops > 0) s += "compute: " + f(r.flops / 1e21, 3) + " ZFLOP\n";
    s += "\n" + pad("GPU", 34) + pad("GPUs", 6) + pad("srv", 5) + pad("fits", 6) + pad("GB/GPU", 9);
    const bool infer = r.state.task == Task::infer, train = r.state.task == Task::tune || r.state.task == Task::train;
    if (infer) s += pad("tok/s/user", 12) + pad("total tok/s", 13) + pad("TTFT s", 8);
    if (train) s += pad("GPU-hours", 12) + pad("days", 9);
    if (r.state.task == Task::other) s += pad("score", 10);
    s += pad("cost/h", 10) + "why not\n";
    for (const auto& o : r.options) {
        s += pad(o.gpu_name.substr(0, 33), 34) + pad(std::to_string(o.count), 6) + pad(std::to_string(o.servers), 5) +
             pad(o.fits ? "yes" : "no", 6) + pad(f(o.per_gpu_gb.mid, 1), 9);
        if (infer) s += pad(f(o.decode_tps_per_user.mid, 1), 12) + pad(f(o.total_tps.mid, 0), 13) + pad(f(o.ttft_s.mid, 2), 8);
        if (train) s += pad(f(o.gpu_hours.mid, 0), 12) + pad(f(o.days.mid, 1), 9);
        if (r.state.task == Task::other) s += pad(f(o.score, 1), 10);
        s += pad(o.cost_per_hour ? f(*o.cost_per_hour, 2) : "-", 10) + o.reason + "\n";
    }
    if (r.recommended >= 0) s += "\nrecommended: " + r.options[size_t(r.recommended)].command + "\n";
    return s;
}

std::string result_markdown(const Result& r) {
    std::string s = "| GPU | GPUs | servers | fits | GB per GPU | tok/s per user | total tok/s | TTFT s | GPU-hours | days | cost/h (" +
                    r.currency + ") | why not |\n|---|---|---|---|---|---|---|---|---|---|---|---|\n";
    for (const auto& o : r.options)
        s += "| " + o.gpu_name + " | " + std::to_string(o.count) + " | " + std::to_string(o.servers) + " | " +
             (o.fits ? "yes" : "no") + " | " + f(o.per_gpu_gb.mid, 1) + " | " + f(o.decode_tps_per_user.mid, 1) + " | " +
             f(o.total_tps.mid, 0) + " | " + f(o.ttft_s.mid, 2) + " | " + f(o.gpu_hours.mid, 0) + " | " + f(o.days.mid, 1) +
             " | " + (o.cost_per_hour ? f(*o.cost_per_hour, 2) : "") + " | " + o.reason + " |\n";
    return s;
}

std::string result_csv(const Result& r) {
    auto q = [](const std::string& v) {
        std::string out = "\"";
        for (char c : v) out += c == '"' ? std::string("\"\"") : std::string(1, c);
        return out + "\"";
    };
    std::string s = "gpu,gpus,servers,fits,gb_per_gpu,tps_per_user,total_tps,ttft_s,gpu_hours,days,cost_per_hour,reason\n";
    for (const auto& o : r.options)
        s += q(o.gpu_id) + "," + std::to_string(o.count) + "," + std::to_string(o.servers) + "," + (o.fits ? "1" : "0") + "," +
             f(o.per_gpu_gb.mid, 3) + "," + f(o.decode_tps_per_user.mid, 3) + "," + f(o.total_tps.mid, 1) + "," +
             f(o.ttft_s.mid, 4) + "," + f(o.gpu_hours.mid, 1) + "," + f(o.days.mid, 3) + "," +
             (o.cost_per_hour ? f(*o.cost_per_hour, 4) : "") + "," + q(o.reason) + "\n";
    return s;
}

}  // namespace gpusizer
