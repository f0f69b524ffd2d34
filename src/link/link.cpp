#include "link/link.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "engine/custom_model.hpp"
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
        {"params", kMinModelParamsB, 100000, nullptr, &CustomModel::params_b},
        {"active", kMinModelParamsB, 100000, nullptr, &CustomModel::active_b},
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
const char* const kKeyOrder[] = {"task",         "use",
                                 "view",         "model",
                                 "name",         "params",
                                 "active",       "layers",
                                 "hidden",       "heads",
                                 "kv_heads",     "head_dim",
                                 "inter",        "vocab",
                                 "tied",         "max_ctx",
                                 "experts",      "topk",
                                 "shared",       "expert_inter",
                                 "dense_layers", "kv_lora",
                                 "q_lora",       "rope_dim",
                                 "nope_dim",     "v_dim",
                                 "window",       "window_layers",
                                 "lin_layers",   "lin_k_heads",
                                 "lin_v_heads",  "lin_k_dim",
                                 "lin_v_dim",    "lin_conv",
                                 "indexer",      "attn_layers",
                                 "v_head",       "win_kv",
                                 "win_head",     "lin_state",
                                 "mlp",          "embed",
                                 "enc_params",   "enc_layers",
                                 "enc_hidden",   "dec_layers",
                                 "native",       "native_gb",
                                 "experts_only", "wq",
                                 "kvq",          "ctx",
                                 "in",           "out",
                                 "users",        "tps",
                                 "ttft",         "growth",
                                 "prefix_hit",   "audio_h",
                                 "asr_rt",       "longform",
                                 "beam",         "asr_batch",
                                 "clip",         "speech_tokens",
                                 "docs",         "doc_tokens",
                                 "qps",          "offload",
                                 "ram",          "ddr",
                                 "ram_gbs",      "cpu_layers",
                                 "method",       "rank",
                                 "trainer",      "tokens",
                                 "gpuh",         "gpuh_gpu",
                                 "epochs",       "seq",
                                 "batch",        "ckpt",
                                 "zero",         "mfu",
                                 "days",         "vram",
                                 "streams",      "res",
                                 "codec",        "gpu",
                                 "vendor",       "n",
                                 "reserve",      "sort"};

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
    // "//" is in no model or GPU id: a name that holds one is a web address ("https://…", "//host").
    return id.find("//") == std::string_view::npos;
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

namespace {

// "https:" and the like: a scheme (RFC 3986) followed by "//".
bool starts_with_scheme(std::string_view text) {
    const auto colon = text.find("://");
    if (colon == std::string_view::npos || colon == 0 || !std::isalpha(static_cast<unsigned char>(text[0])))
        return false;
    for (unsigned char c : text.substr(0, colon))
        if (!(std::isalnum(c) || c == '+' || c == '-' || c == '.')) return false;
    return true;
}

// The pairs of a bare fragment ("v=1&…"), of "#v=1&…", or of a whole URL ("https://…/?q=1#v=1&…").
// A URL without a fragment carries no configuration, and says so. A '#' or "://" further on lies in
// a value, which its key refuses (decode_link), never the whole link.
std::string_view link_pairs(std::string_view text, std::vector<Warning>& warnings) {
    if (starts_with_scheme(text)) {
        const auto hash = text.find('#');
        if (hash != std::string_view::npos) return text.substr(hash + 1);
        warnings.push_back(Message(code::link_url_without_fragment));
        return {};
    }
    const auto hash = text.find('#'), pairs = text.find_first_of("=&");
    const bool before_pairs = pairs == std::string_view::npos || hash < pairs;
    return hash != std::string_view::npos && before_pairs ? text.substr(hash + 1) : text;
}

}  // namespace

namespace {

// One key=value pair being read: its key and value as warnings show them, and the ways to refuse it.
struct Pair {
    const std::string& key;
    const std::string& value;
    std::string shown, shown_value;
    std::vector<Warning>& warnings;

    void warn(Message m) { warnings.push_back(std::move(m)); }
    // `expect` is a term rendered with this message's parameters (values, min, max).
    Message bad_message(const char* expect) const {
        return Message(code::link_bad_value).str("key", shown).str("value", shown_value).term("expect", expect);
    }
    void bad(const char* values) { warn(bad_message(code::expect_one_of).str("values", values)); }
    void bad_range(const char* expect, double min, double max) {
        warn(bad_message(expect).num("min", min).num("max", max));
    }
    // The value's place among `words`, or -1 (and the warning that lists them).
    int pick(std::initializer_list<const char*> words, const char* listed) {
        int i = 0;
        for (const char* w : words) {
            if (value == w) return i;
            ++i;
        }
        bad(listed);
        return -1;
    }
    // A 0/1 flag into `flag`.
    void flag(bool& flag) {
        if (const int i = pick({"0", "1"}, "0, 1"); i >= 0) flag = i == 1;
    }
};

constexpr const char* kFormats = "fp32 bf16 fp16 fp8 int8 mxfp4 nvfp4 int4 q8_0 q6_k q5_k_m q4_k_m";

// The model, its custom description's words and the GPU ids. False when `p.key` is none of them.
bool decode_model_key(Pair& p, State& s, bool& have_model) {
    const std::string& key = p.key;
    const std::string& value = p.value;
    if (key == "name") {
        // A display name for a custom model: the id character set, so it needs no escaping anywhere.
        if (valid_link_id(value) && value.size() <= 100) s.custom.name = value;
        else p.warn(p.bad_message(code::expect_model_id));
    } else if (key == "native") {
        // BF16 is what a custom model is without the key: one state, one link.
        if (auto f = parse_weight_format(value)) s.custom.native = *f == WeightFormat::bf16 ? std::nullopt : f;
        else p.bad(kFormats);
    } else if (key == "tied" || key == "experts_only") {
        p.flag(key == "tied" ? s.custom.tied : s.custom.experts_only);
    } else if (key == "model") {
        if (valid_link_id(value)) s.model = value, have_model = true;
        else p.warn(p.bad_message(code::expect_model_id));
    } else if (key == "gpu" || key == "gpuh_gpu") {
        if (valid_link_id(value)) (key == "gpu" ? s.gpu : s.gpuh_gpu) = value;
        else p.warn(p.bad_message(code::expect_gpu_id));
    } else if (key == "wq") {
        if (auto f = parse_weight_format(value)) s.wq = *f;
        else p.bad(kFormats);
    } else if (key == "kvq") {
        if (auto f = parse_kv_format(value)) s.kvq = *f;
        else p.bad("bf16 fp16 fp8 int8");
    } else {
        return false;
    }
    return true;
}

// Keys whose value is one of a few words. False when `p.key` is none of them.
bool decode_word_key(Pair& p, State& s) {
    const std::string& key = p.key;
    int i = 0;
    if (key == "task") {
        if ((i = p.pick({"infer", "tune", "train", "other"}, "infer, tune, train, other")) >= 0)
            s.task = std::array{Task::infer, Task::tune, Task::train, Task::other}[size_t(i)];
    } else if (key == "use") {
        if (p.pick({"chat", "rag", "ocr", "general", "asr", "embed", "copilot", "render", "transcode", "image", "hpc"},
                   "chat, rag, ocr, general, asr, embed, copilot, render, transcode, image, hpc") >= 0)
            s.use = p.value;
    } else if (key == "view") {
        if ((i = p.pick({"options", "models"}, "models, options")) >= 0) s.view = i ? View::models : View::options;
    } else if (key == "method") {
        if ((i = p.pick({"full", "lora", "qlora"}, "full, lora, qlora")) >= 0)
            s.method = std::array{TuneMethod::full, TuneMethod::lora, TuneMethod::qlora}[size_t(i)];
    } else if (key == "trainer") {
        if ((i = p.pick({"hf", "fused"}, "hf, fused")) >= 0) s.trainer = i ? Trainer::fused : Trainer::hf;
    } else if (key == "sort") {
        if ((i = p.pick({"cost", "speed", "gpus"}, "cost, speed, gpus")) >= 0)
            s.sort = std::array{RankBy::cost, RankBy::speed, RankBy::gpus}[size_t(i)];
    } else if (key == "res") {
        if (p.pick({"720p", "1080p", "1440p", "4k", "8k"}, "720p, 1080p, 1440p, 4k, 8k") >= 0) s.res = p.value;
    } else if (key == "codec") {
        if (p.pick({"h264", "hevc", "av1"}, "h264, hevc, av1") >= 0) s.codec = p.value;
    } else if (key == "asr_rt") {
        if ((i = p.pick({"hf", "ct2", "cpp", "trt"}, "hf, ct2, cpp, trt")) >= 0)
            s.asr_runtime = std::array{AsrRuntime::hf, AsrRuntime::ct2, AsrRuntime::cpp, AsrRuntime::trt}[size_t(i)];
    } else if (key == "longform") {
        if ((i = p.pick({"chunk", "seq"}, "chunk, seq")) >= 0) s.asr_mode = i ? AsrMode::sequential : AsrMode::chunked;
    } else if (key == "ddr") {
        if ((i = p.pick({"4", "ddr4", "5", "ddr5"}, "4, 5")) >= 0) s.ddr = i >= 2 ? HostRam::ddr5 : HostRam::ddr4;
    } else if (key == "vendor") {
        if ((i = p.pick({"any", "nvidia", "amd"}, "nvidia, amd, any")) >= 0)
            s.vendor = std::array{VendorFilter::any, VendorFilter::nvidia, VendorFilter::amd}[size_t(i)];
    } else if (key == "offload" || key == "ckpt") {
        p.flag(key == "offload" ? s.offload : s.ckpt);
    } else {
        return false;
    }
    return true;
}

// Numeric keys with a rule of their own (optional fields, clamping). False when `p.key` is none of them.
bool decode_special_number(Pair& p, State& s, bool is_num, double num) {
    const std::string& key = p.key;
    const bool whole = is_num && num == std::floor(num);
    auto within = [&](double min, double max) { return is_num && num >= min && num <= max; };
    if (key == "zero") {
        if (whole && within(0, 3)) s.zero = int(num); else p.bad("0, 1, 2, 3");
    } else if (key == "n") {
        if (whole && within(1, 100000)) s.n = int(num); else p.bad_range(code::expect_whole, 1, 100000);
    } else if (key == "mfu") {
        // Below 1 % the training time runs away: clamped, and said so.
        if (is_num && num > 0 && num < kMinMfu)
            p.warn(Message(code::link_mfu_clamped).str("value", p.shown_value).num("min", kMinMfu));
        if (is_num && num > 0 && num <= 1) s.mfu = std::max(num, kMinMfu);
        else p.warn(p.bad_message(code::expect_fraction));
    } else if (key == "ram_gbs") {
        if (within(1, 100000)) s.ram_gbs = num; else p.bad_range(code::expect_number, 1, 100000);
    } else if (key == "cpu_layers") {
        if (whole && within(0, 100000)) s.cpu_layers = int(num); else p.bad_range(code::expect_whole, 0, 100000);
    } else if (key == "days") {
        if (within(0.01, 100000)) s.days = num; else p.bad_range(code::expect_number, 0.01, 100000);
    } else if (key == "gpuh") {
        if (within(0.01, 1e12)) s.gpuh = num; else p.bad_range(code::expect_number, 0.01, 1e12);
    } else if (key == "tokens") {
        if (within(1, 1e16)) s.tokens = num; else p.bad_range(code::expect_tokens, 1, 1e16);
    } else {
        return false;
    }
    return true;
}

// Every other key: the number tables, or an unknown key.
void decode_number_key(Pair& p, State& s) {
    double num = 0;
    const bool is_num = parse_number(p.value, &num);
    if (decode_special_number(p, s, is_num, num)) return;
    bool handled = false;
    for (const auto& k : number_keys()) {
        if (p.key != k.key) continue;
        handled = true;
        if (is_num && num >= k.min && num <= k.max) *k.field(s) = num;
        else p.bad_range(code::expect_number, k.min, k.max);
    }
    for (const auto& k : int_keys()) {
        if (p.key != k.key) continue;
        handled = true;
        if (is_num && num >= k.min && num <= k.max && num == std::floor(num)) *k.field(s) = int(num);
        else p.bad_range(code::expect_whole, k.min, k.max);
    }
    if (!handled) p.warn(Message(code::link_unknown_key).str("key", p.shown));
}

}  // namespace

DecodedLink decode_link(std::string_view text) {
    DecodedLink d;
    State& s = d.state;
    text = link_pairs(text, d.warnings);
    if (text.size() > 8192) {
        d.warnings.push_back(Message(code::link_too_long).num("max", 8192));
        text = text.substr(0, 8192);
    }
    bool saw_version = false, have_model = false;
    std::vector<std::string> seen;
    for (std::string_view rest = text; !rest.empty();) {
        const auto amp = rest.find('&');
        const std::string_view pair = rest.substr(0, amp);
        rest = amp == std::string_view::npos ? std::string_view{} : rest.substr(amp + 1);
        if (pair.empty()) continue;
        const auto eq = pair.find('=');
        const std::string key = percent_decode(pair.substr(0, eq));
        const std::string value = eq == std::string_view::npos ? "" : percent_decode(pair.substr(eq + 1));
        Pair p{key, value, key.size() > 40 ? key.substr(0, 40) + "…" : key,
               value.size() > 60 ? value.substr(0, 60) + "…" : value, d.warnings};
        for (const auto& k : seen)
            if (k == key) p.warn(Message(code::link_duplicate_key).str("key", p.shown));
        if (seen.size() < 64) seen.push_back(key);
        // A web address is no value of any key (ids and names never hold "//"): that pair is refused,
        // whatever its key, and the rest of the link is read.
        if (value.find("://") != std::string::npos) {
            p.warn(Message(code::link_url_value).str("key", p.shown).str("value", p.shown_value));
        } else if (key == "v") {
            saw_version = true;
            double v = 0;
            if (!parse_number(value, &v) || v != kLinkVersion)
                p.warn(Message(code::link_version).str("value", p.shown_value).num("version", kLinkVersion));
        } else if (key == "lang") {  // the page's language, not the state's (LINK.md): never encoded
            if (const int i = p.pick({"en", "ru"}, "en, ru"); i >= 0) d.lang = i ? "ru" : "en";
        } else if (!decode_model_key(p, s, have_model) && !decode_word_key(p, s)) {
            decode_number_key(p, s);
        }
    }
    auto& w = d.warnings;
    if (!text.empty() && !saw_version) w.push_back(Message(code::link_no_version).num("version", kLinkVersion));
    // A service preset's defaults (its model, copilot's load) fill the keys the link left out.
    if (is_service_use(s.use)) apply_use_defaults(s, seen);
    // A custom architecture without model=custom is still a custom model: the link meant it.
    if (!have_model && s.custom.params_b > 0) s.model = "custom";
    if (s.in > s.ctx) w.push_back(Message(code::link_prompt_over_context).num("prompt", s.in).num("ctx", s.ctx));
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
        if (k == "vendor") { if (s.vendor != def.vendor) put(key, std::string(vendor_key(s.vendor))); continue; }
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
