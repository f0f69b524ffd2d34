#include "link/link.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "engine/services.hpp"

namespace gpusizer {
namespace {

// A numeric key: its accepted range and where it lives, a member of the state or of its custom model.
// (Member pointers, not a function per key: the page compiles every function it calls at start-up.)
template <class T> struct FieldKey {
    const char* key;
    T min, max;
    T State::*in_state;
    T CustomModel::*in_custom;
    T* field(State& s) const { return in_state ? &(s.*in_state) : &(s.custom.*in_custom); }
};
using NumberKey = FieldKey<double>;

const std::vector<NumberKey>& number_keys() {
    static const std::vector<NumberKey> keys = {
        {"params", 0.001, 100000, nullptr, &CustomModel::params_b},
        {"active", 0.001, 100000, nullptr, &CustomModel::active_b},
        {"enc_params", 0.0001, 100000, nullptr, &CustomModel::enc_params_b},
        {"native_gb", 0.0001, 10000000, nullptr, &CustomModel::native_gb},
        {"ctx", 1, 16777216, &State::ctx, nullptr},
        {"in", 1, 16777216, &State::in, nullptr},
        {"out", 1, 16777216, &State::out, nullptr},
        {"users", 1, 10000000, &State::users, nullptr},
        {"tps", 0.01, 100000, &State::tps, nullptr},
        {"ttft", 0.001, 86400, &State::ttft, nullptr},
        {"growth", 0, 100000, &State::growth, nullptr},
        {"rank", 1, 65536, &State::rank, nullptr},
        {"epochs", 0.001, 10000, &State::epochs, nullptr},
        {"seq", 1, 16777216, &State::seq, nullptr},
        {"batch", 1, 1000000, &State::batch, nullptr},
        {"vram", 0, 1000000, &State::vram, nullptr},
        // 0 live streams: speech-to-text of recordings only (transcoding counts at least one stream)
        {"streams", 0, 10000000, &State::streams, nullptr},
        {"audio_h", 0, 10000000, &State::audio_h, nullptr},
        {"clip", 0, 3600, &State::clip, nullptr},
        {"speech_tokens", 0.1, 50, &State::speech_tokens, nullptr},
        {"docs", 0, 1e13, &State::docs, nullptr},
        {"doc_tokens", 1, 16777216, &State::doc_tokens, nullptr},
        {"qps", 0, 10000000, &State::qps, nullptr},
        {"prefix_hit", 0, 100, &State::prefix_hit, nullptr},
        {"ram", 1, 65536, &State::ram, nullptr},
        {"reserve", 0, 90, &State::reserve, nullptr},
    };
    return keys;
}

using IntKey = FieldKey<int>;

const std::vector<IntKey>& int_keys() {
    static const std::vector<IntKey> keys = {
        {"layers", 1, 100000, nullptr, &CustomModel::layers},
        {"hidden", 1, 10000000, nullptr, &CustomModel::hidden},
        {"heads", 1, 100000, nullptr, &CustomModel::heads},
        {"kv_heads", 1, 100000, nullptr, &CustomModel::kv_heads},
        {"head_dim", 1, 100000, nullptr, &CustomModel::head_dim},
        // What an imported config.json adds (README: "Bring your own model"); 0 = not given.
        {"inter", 1, 100000000, nullptr, &CustomModel::intermediate},
        {"vocab", 1, 100000000, nullptr, &CustomModel::vocab},
        {"max_ctx", 1, 1 << 30, nullptr, &CustomModel::max_context},
        {"experts", 1, 1 << 20, nullptr, &CustomModel::experts},
        {"topk", 1, 1 << 20, nullptr, &CustomModel::experts_per_token},
        {"shared", 1, 1 << 20, nullptr, &CustomModel::shared_experts},
        {"expert_inter", 1, 100000000, nullptr, &CustomModel::expert_intermediate},
        {"dense_layers", 1, 100000, nullptr, &CustomModel::dense_layers},
        {"kv_lora", 1, 1 << 20, nullptr, &CustomModel::kv_lora_rank},
        {"q_lora", 1, 1 << 20, nullptr, &CustomModel::q_lora_rank},
        {"rope_dim", 1, 1 << 20, nullptr, &CustomModel::rope_dim},
        {"nope_dim", 1, 1 << 20, nullptr, &CustomModel::nope_dim},
        {"v_dim", 1, 1 << 20, nullptr, &CustomModel::v_dim},
        {"window", 1, 1 << 30, nullptr, &CustomModel::window},
        {"window_layers", 1, 100000, nullptr, &CustomModel::window_layers},
        {"lin_layers", 1, 100000, nullptr, &CustomModel::linear_layers},
        {"lin_k_heads", 1, 100000, nullptr, &CustomModel::linear_k_heads},
        {"lin_v_heads", 1, 100000, nullptr, &CustomModel::linear_v_heads},
        {"lin_k_dim", 1, 100000, nullptr, &CustomModel::linear_k_dim},
        {"lin_v_dim", 1, 100000, nullptr, &CustomModel::linear_v_dim},
        {"lin_conv", 1, 1000, nullptr, &CustomModel::linear_conv},
        {"indexer", 1, 100000, nullptr, &CustomModel::indexer_dim},
        {"attn_layers", 1, 100000, nullptr, &CustomModel::attn_layers},
        {"v_head", 1, 100000, nullptr, &CustomModel::v_head},
        {"win_kv", 1, 100000, nullptr, &CustomModel::window_kv},
        {"win_head", 1, 100000, nullptr, &CustomModel::window_head},
        {"lin_state", 2, 4, nullptr, &CustomModel::linear_state},
        {"mlp", 2, 3, nullptr, &CustomModel::mlp_matrices},
        {"embed", 1, 1000000, nullptr, &CustomModel::embed_dim},
        {"enc_layers", 1, 100000, nullptr, &CustomModel::enc_layers},
        {"enc_hidden", 1, 10000000, nullptr, &CustomModel::enc_hidden},
        {"dec_layers", 1, 100000, nullptr, &CustomModel::dec_layers},
        {"beam", 1, 16, &State::beam, nullptr},
        {"asr_batch", 1, 4096, &State::asr_batch, nullptr},
    };
    return keys;
}

// Canonical key order of the link (after "v").
// Keys added after the first release only ever appear when set, so older links keep their form.
const char* const kKeyOrder[] = {"task", "use", "view", "model", "name", "params", "active", "layers", "hidden", "heads",
                                 "kv_heads", "head_dim", "inter", "vocab", "tied", "max_ctx", "experts", "topk", "shared",
                                 "expert_inter", "dense_layers", "kv_lora", "q_lora", "rope_dim", "nope_dim", "v_dim",
                                 "window", "window_layers", "lin_layers", "lin_k_heads", "lin_v_heads", "lin_k_dim",
                                 "lin_v_dim", "lin_conv", "indexer", "attn_layers", "v_head", "win_kv", "win_head", "lin_state", "mlp",
                                 "embed", "enc_params", "enc_layers", "enc_hidden", "dec_layers", "native", "native_gb", "experts_only", "wq", "kvq", "ctx", "in", "out", "users", "tps", "ttft", "growth",
                                 "prefix_hit", "audio_h", "asr_rt", "longform", "beam", "asr_batch", "clip", "speech_tokens", "docs", "doc_tokens", "qps", "offload", "ram", "ddr", "ram_gbs", "cpu_layers",
                                 "method", "rank", "trainer", "tokens", "gpuh", "gpuh_gpu", "epochs", "seq", "batch", "ckpt", "zero", "mfu", "days",
                                 "vram", "streams", "res", "codec", "gpu", "n", "reserve", "sort"};

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}


bool is_id_char(unsigned char c) {
    return std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '/' || c == ':' || c == '+';
}

}  // namespace

bool valid_link_id(std::string_view id) {
    if (id.empty() || id.size() > 200) return false;
    for (unsigned char c : id)
        if (!is_id_char(c)) return false;
    return true;
}

std::string percent_decode(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (std::string_view::size_type i = 0; i < s.size(); ++i) {
        if (s[i] == '%' && i + 2 < s.size()) {
            const int hi = hex_value(s[i + 1]), lo = hex_value(s[i + 2]);
            if (hi >= 0 && lo >= 0) {
                out.push_back(char(hi * 16 + lo));
                i += 2;
                continue;
            }
        }
        out.push_back(s[i]);
    }
    return out;
}

std::string percent_encode_value(std::string_view s) {
    static const char* hex = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : s) {
        if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~' || c == '/' || c == ':') {
            out.push_back(char(c));
        } else {
            out.push_back('%');
            out.push_back(hex[c >> 4]);
            out.push_back(hex[c & 15]);
        }
    }
    return out;
}

bool parse_number(std::string_view s, double* out) {
    if (s.empty() || s.size() > 40) return false;
    double scale = 1;
    switch (s.back()) {
        case 'k': case 'K': scale = 1e3; break;
        case 'M': scale = 1e6; break;
        case 'B': case 'G': scale = 1e9; break;
        case 'T': scale = 1e12; break;
        default: break;
    }
    if (scale != 1) s.remove_suffix(1);
    if (s.empty()) return false;
    for (char c : s)  // digits, sign, point, exponent only: rejects "inf", "nan", hex floats
        if (!(std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E'))
            return false;
    const std::string text(s);
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (end != text.c_str() + text.size() || !std::isfinite(v)) return false;
    *out = v * scale;
    return std::isfinite(*out);
}

std::string format_number(double v) {
    if (!std::isfinite(v)) return "0";
    // Token-sized numbers get SI suffixes when that is exact at 4 significant digits.
    const struct { double scale; char suffix; } si[] = {{1e12, 'T'}, {1e9, 'B'}, {1e6, 'M'}};
    for (const auto& u : si) {
        if (std::fabs(v) >= u.scale) {
            char buf[32];
            std::snprintf(buf, sizeof buf, "%.4g", v / u.scale);
            double back = 0;
            if (parse_number(buf, &back) && std::fabs(back * u.scale - v) <= 1e-9 * std::fabs(v))
                return std::string(buf) + u.suffix;
        }
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.10g", v);
    return buf;
}

DecodedLink decode_link(std::string_view text) {
    DecodedLink d;
    State& s = d.state;
    const auto hash = text.find('#');
    if (hash != std::string_view::npos) text = text.substr(hash + 1);
    else if (text.find("://") != std::string_view::npos) text = {};  // a URL with no fragment
    if (text.size() > 8192) {
        d.warnings.push_back(Message(code::link_too_long).num("max", 8192));
        text = text.substr(0, 8192);
    }
    auto warn = [&](Message m) { d.warnings.push_back(std::move(m)); };
    bool saw_version = false;
    bool have_model = false;
    std::vector<std::string> seen;

    std::string_view rest = text;
    while (!rest.empty()) {
        const auto amp = rest.find('&');
        std::string_view pair = rest.substr(0, amp);
        rest = amp == std::string_view::npos ? std::string_view{} : rest.substr(amp + 1);
        if (pair.empty()) continue;
        const auto eq = pair.find('=');
        const std::string key = percent_decode(pair.substr(0, eq));
        const std::string value = eq == std::string_view::npos ? "" : percent_decode(pair.substr(eq + 1));
        const std::string shown = key.size() > 40 ? key.substr(0, 40) + "…" : key;
        const std::string shown_value = value.size() > 60 ? value.substr(0, 60) + "…" : value;
        for (const auto& k : seen)
            if (k == key) warn(Message(code::link_duplicate_key).str("key", shown));
        if (seen.size() < 64) seen.push_back(key);
        // `expect` is a term rendered with this message's parameters (values, min, max).
        auto bad_message = [&](const char* expect) {
            return Message(code::link_bad_value).str("key", shown).str("value", shown_value).term("expect", expect);
        };
        auto bad = [&](const char* values) { warn(bad_message(code::expect_one_of).str("values", values)); };
        auto bad_range = [&](const char* expect, double min, double max) {
            warn(bad_message(expect).num("min", min).num("max", max));
        };

        if (key == "v") {
            saw_version = true;
            double v = 0;
            if (!parse_number(value, &v) || v != kLinkVersion)
                warn(Message(code::link_version).str("value", shown_value).num("version", kLinkVersion));
            continue;
        }
        if (key == "task") {
            if (value == "infer") s.task = Task::infer;
            else if (value == "tune") s.task = Task::tune;
            else if (value == "train") s.task = Task::train;
            else if (value == "other") s.task = Task::other;
            else bad("infer, tune, train, other");
            continue;
        }
        if (key == "use") {
            static const char* uses[] = {"chat", "rag", "ocr", "general", "asr", "embed", "copilot",
                                         "render", "transcode", "image", "hpc"};
            bool ok = false;
            for (const char* u : uses) ok = ok || value == u;
            if (ok) s.use = value; else bad("chat, rag, ocr, general, asr, embed, copilot, render, transcode, image, hpc");
            continue;
        }
        if (key == "view") {
            if (value == "models") s.view = View::models;
            else if (value == "options") s.view = View::options;
            else bad("models, options");
            continue;
        }
        if (key == "name") {
            // A display name for a custom model: the id character set, so it needs no escaping anywhere.
            if (valid_link_id(value) && value.size() <= 100) s.custom.name = value;
            else warn(bad_message(code::expect_model_id));
            continue;
        }
        if (key == "native") {
            // BF16 is what a custom model is without the key: one state, one link.
            if (auto f = parse_weight_format(value)) s.custom.native = *f == WeightFormat::bf16 ? std::nullopt : f;
            else bad("fp32 bf16 fp16 fp8 int8 mxfp4 nvfp4 int4 q8_0 q6_k q5_k_m q4_k_m");
            continue;
        }
        if (key == "tied" || key == "experts_only") {
            bool& flag = key == "tied" ? s.custom.tied : s.custom.experts_only;
            if (value == "1") flag = true;
            else if (value == "0") flag = false;
            else bad("0, 1");
            continue;
        }
        if (key == "model") {
            if (valid_link_id(value)) { s.model = value; have_model = true; }
            else warn(bad_message(code::expect_model_id));
            continue;
        }
        if (key == "gpu") {
            if (valid_link_id(value)) s.gpu = value; else warn(bad_message(code::expect_gpu_id));
            continue;
        }
        if (key == "gpuh_gpu") {
            if (valid_link_id(value)) s.gpuh_gpu = value; else warn(bad_message(code::expect_gpu_id));
            continue;
        }
        if (key == "wq") {
            if (auto f = parse_weight_format(value)) s.wq = *f;
            else bad("fp32 bf16 fp16 fp8 int8 mxfp4 nvfp4 int4 q8_0 q6_k q5_k_m q4_k_m");
            continue;
        }
        if (key == "kvq") {
            if (auto f = parse_kv_format(value)) s.kvq = *f; else bad("bf16 fp16 fp8 int8");
            continue;
        }
        if (key == "method") {
            if (value == "full") s.method = TuneMethod::full;
            else if (value == "lora") s.method = TuneMethod::lora;
            else if (value == "qlora") s.method = TuneMethod::qlora;
            else bad("full, lora, qlora");
            continue;
        }
        if (key == "trainer") {
            if (value == "hf") s.trainer = Trainer::hf;
            else if (value == "fused") s.trainer = Trainer::fused;
            else bad("hf, fused");
            continue;
        }
        if (key == "sort") {
            if (value == "cost") s.sort = RankBy::cost;
            else if (value == "speed") s.sort = RankBy::speed;
            else if (value == "gpus") s.sort = RankBy::gpus;
            else bad("cost, speed, gpus");
            continue;
        }
        if (key == "res") {
            if (value == "720p" || value == "1080p" || value == "1440p" || value == "4k" || value == "8k") s.res = value;
            else bad("720p, 1080p, 1440p, 4k, 8k");
            continue;
        }
        if (key == "codec") {
            if (value == "h264" || value == "hevc" || value == "av1") s.codec = value; else bad("h264, hevc, av1");
            continue;
        }
        if (key == "asr_rt") {
            if (value == "hf") s.asr_runtime = AsrRuntime::hf;
            else if (value == "ct2") s.asr_runtime = AsrRuntime::ct2;
            else if (value == "cpp") s.asr_runtime = AsrRuntime::cpp;
            else if (value == "trt") s.asr_runtime = AsrRuntime::trt;
            else bad("hf, ct2, cpp, trt");
            continue;
        }
        if (key == "longform") {
            if (value == "chunk") s.asr_mode = AsrMode::chunked;
            else if (value == "seq") s.asr_mode = AsrMode::sequential;
            else bad("chunk, seq");
            continue;
        }
        if (key == "offload") {
            if (value == "1") s.offload = true;
            else if (value == "0") s.offload = false;
            else bad("0, 1");
            continue;
        }
        if (key == "ddr") {
            if (value == "4" || value == "ddr4") s.ddr = HostRam::ddr4;
            else if (value == "5" || value == "ddr5") s.ddr = HostRam::ddr5;
            else bad("4, 5");
            continue;
        }
        if (key == "ckpt") {
            if (value == "1") s.ckpt = true;
            else if (value == "0") s.ckpt = false;
            else bad("0, 1");
            continue;
        }
        double num = 0;
        const bool is_num = parse_number(value, &num);
        if (key == "zero") {
            if (is_num && num >= 0 && num <= 3 && num == std::floor(num)) s.zero = int(num); else bad("0, 1, 2, 3");
            continue;
        }
        if (key == "n") {
            if (is_num && num >= 1 && num <= 100000 && num == std::floor(num)) s.n = int(num); else bad_range(code::expect_whole, 1, 100000);
            continue;
        }
        if (key == "mfu") {
            // Below 1 % the training time runs away: clamped, and said so.
            if (is_num && num > 0 && num < kMinMfu)
                warn(Message(code::link_mfu_clamped).str("value", shown_value).num("min", kMinMfu));
            if (is_num && num > 0 && num <= 1) s.mfu = std::max(num, kMinMfu); else warn(bad_message(code::expect_fraction));
            continue;
        }
        if (key == "ram_gbs") {
            if (is_num && num >= 1 && num <= 100000) s.ram_gbs = num; else bad_range(code::expect_number, 1, 100000);
            continue;
        }
        if (key == "cpu_layers") {
            if (is_num && num >= 0 && num <= 100000 && num == std::floor(num)) s.cpu_layers = int(num);
            else bad_range(code::expect_whole, 0, 100000);
            continue;
        }
        if (key == "days") {
            if (is_num && num >= 0.01 && num <= 100000) s.days = num; else bad_range(code::expect_number, 0.01, 100000);
            continue;
        }
        if (key == "gpuh") {
            if (is_num && num >= 0.01 && num <= 1e12) s.gpuh = num; else bad_range(code::expect_number, 0.01, 1e12);
            continue;
        }
        if (key == "tokens") {
            if (is_num && num >= 1 && num <= 1e16) s.tokens = num; else bad_range(code::expect_tokens, 1, 1e16);
            continue;
        }
        bool handled = false;
        for (const auto& k : number_keys()) {
            if (key != k.key) continue;
            handled = true;
            if (is_num && num >= k.min && num <= k.max) *k.field(s) = num;
            else bad_range(code::expect_number, k.min, k.max);
        }
        for (const auto& k : int_keys()) {
            if (key != k.key) continue;
            handled = true;
            if (is_num && num >= k.min && num <= k.max && num == std::floor(num)) *k.field(s) = int(num);
            else bad_range(code::expect_whole, k.min, k.max);
        }
        if (!handled) warn(Message(code::link_unknown_key).str("key", shown));
    }
    if (!text.empty() && !saw_version) warn(Message(code::link_no_version).num("version", kLinkVersion));
    // A service preset's defaults (its model, copilot's load) fill the keys the link left out.
    if (is_service_use(s.use)) apply_use_defaults(s, seen);
    // A custom architecture without model=custom is still a custom model: the link meant it.
    if (!have_model && s.custom.params_b > 0) s.model = "custom";
    if (s.in > s.ctx) warn(Message(code::link_prompt_over_context).num("prompt", s.in).num("ctx", s.ctx));
    return d;
}

std::string encode_link(const State& s) {
    // A service preset's defaults are omitted like the plain ones (services.hpp).
    const State def = is_service_use(s.use) ? use_defaults_state(s.use) : State{};
    std::string out = "v=" + std::to_string(kLinkVersion);
    auto put = [&](const char* key, const std::string& value) {
        out += '&';
        out += key;
        out += '=';
        out += percent_encode_value(value);
    };
    State probe = s;  // number_keys() hands out pointers into a mutable state
    State defaults = def;
    // The custom model's keys describe model=custom only: a catalog model's link does not carry
    // the architecture last typed or imported (the page keeps it for when custom is chosen again).
    if (s.model != "custom") probe.custom = defaults.custom;
    for (const char* key : kKeyOrder) {
        const std::string k = key;
        if (k == "task") { if (s.task != def.task) put(key, std::string(task_key(s.task))); continue; }
        if (k == "use") { if (s.use != def.use) put(key, s.use); continue; }
        if (k == "model") { if (s.model != def.model) put(key, s.model); continue; }
        if (k == "view") { if (s.view == View::models) put(key, "models"); continue; }
        const CustomModel& c = probe.custom;
        if (k == "name") { if (!c.name.empty()) put(key, c.name); continue; }
        if (k == "native") { if (c.native) put(key, std::string(weight_format_info(*c.native).key)); continue; }
        if (k == "tied") { if (c.tied) put(key, "1"); continue; }
        if (k == "experts_only") { if (c.experts_only) put(key, "1"); continue; }
        if (k == "wq") { if (s.wq) put(key, std::string(weight_format_info(*s.wq).key)); continue; }
        if (k == "kvq") { if (s.kvq != def.kvq) put(key, std::string(kv_format_key(s.kvq))); continue; }
        if (k == "method") { if (s.method != def.method) put(key, std::string(method_key(s.method))); continue; }
        if (k == "trainer") { if (s.trainer != def.trainer) put(key, std::string(trainer_key(s.trainer))); continue; }
        if (k == "sort") { if (s.sort != def.sort) put(key, std::string(rank_by_key(s.sort))); continue; }
        if (k == "res") { if (s.res != def.res) put(key, s.res); continue; }
        if (k == "codec") { if (s.codec != def.codec) put(key, s.codec); continue; }
        if (k == "asr_rt") { if (s.asr_runtime != def.asr_runtime) put(key, std::string(asr_runtime_key(s.asr_runtime))); continue; }
        if (k == "longform") { if (s.asr_mode != def.asr_mode) put(key, std::string(asr_mode_key(s.asr_mode))); continue; }
        if (k == "gpu") { if (!s.gpu.empty()) put(key, s.gpu); continue; }
        if (k == "ckpt") { if (s.ckpt != def.ckpt) put(key, s.ckpt ? "1" : "0"); continue; }
        if (k == "offload") { if (s.offload) put(key, "1"); continue; }
        if (k == "ddr") { if (s.ddr != def.ddr) put(key, std::string(host_ram_key(s.ddr))); continue; }
        if (k == "zero") { if (s.zero) put(key, std::to_string(*s.zero)); continue; }
        if (k == "n") { if (s.n) put(key, std::to_string(*s.n)); continue; }
        if (k == "mfu") { if (s.mfu) put(key, format_number(*s.mfu)); continue; }
        if (k == "days") { if (s.days) put(key, format_number(*s.days)); continue; }
        if (k == "ram_gbs") { if (s.ram_gbs) put(key, format_number(*s.ram_gbs)); continue; }
        if (k == "cpu_layers") { if (s.cpu_layers) put(key, std::to_string(*s.cpu_layers)); continue; }
        if (k == "tokens") { if (s.tokens) put(key, format_number(*s.tokens)); continue; }
        if (k == "gpuh") { if (s.gpuh) put(key, format_number(*s.gpuh)); continue; }
        if (k == "gpuh_gpu") { if (s.gpuh_gpu != def.gpuh_gpu) put(key, s.gpuh_gpu); continue; }
        for (const auto& nk : number_keys())
            if (k == nk.key && *nk.field(probe) != *nk.field(defaults)) put(key, format_number(*nk.field(probe)));
        for (const auto& ik : int_keys())
            if (k == ik.key && *ik.field(probe) != *ik.field(defaults)) put(key, std::to_string(*ik.field(probe)));
    }
    return out;
}

}  // namespace gpusizer
