#include "link/link.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <type_traits>
#include <utility>

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
        {"rps", 0, 10000000, &State::rps, nullptr},
        {"burst", 0, 20, &State::burst, nullptr},
        {"pct", 50, 99.9, &State::pct, nullptr},
        {"spread", 0, 10, &State::spread, nullptr},
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
        {"prefix", 0, 1, &State::prefix, nullptr},
        {"grow", 0, 16777216, &State::grow, nullptr},
        {"gap", 0, 86400, &State::gap, nullptr},
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
        {"window", 1, 1 << 30, nullptr, &CustomModel::sliding_window},
        {"window_layers", 1, 100000, nullptr, &CustomModel::sliding_layers},
        {"indexer", 1, 100000, nullptr, &CustomModel::indexer_head_dim},
        {"attn_layers", 1, 100000, nullptr, &CustomModel::attention_layers},
        {"v_head", 1, 100000, nullptr, &CustomModel::v_head_dim},
        {"win_kv", 1, 100000, nullptr, &CustomModel::window_kv_heads},
        {"win_head", 1, 100000, nullptr, &CustomModel::window_head_dim},
        {"embed", 1, 1000000, nullptr, &CustomModel::embed_dim},
        {"enc_layers", 1, 100000, nullptr, &CustomModel::enc_layers},
        {"enc_hidden", 1, 10000000, nullptr, &CustomModel::enc_hidden},
        {"dec_layers", 1, 100000, nullptr, &CustomModel::dec_layers},
        {"mtp", 1, 1000, nullptr, &CustomModel::mtp_layers},
        {"beam", 1, 16, &State::beam, nullptr},
        {"asr_batch", 1, 4096, &State::asr_batch, nullptr},
        {"spare", 0, 1000, &State::spare, nullptr},
        {"turns", 1, 10000, &State::turns, nullptr},
        {"fanout", 1, 1000, &State::fanout, nullptr},
        {"spec", 0, 16, &State::spec, nullptr},
        {"loras", 0, 100000, &State::loras, nullptr},
        {"lora_rank", 1, 1024, &State::lora_rank, nullptr},
    };
    return keys;
}

// A custom-model key inside one of the architecture's optional groups (experts, MLA, linear layers):
// reading it opens the group; the member's value in a fresh group is the key's "not given" (0, or 2
// bytes of recurrent state), which the link never writes.
template <class G> struct GroupKey {
    const char* key;
    int min, max;
    std::optional<G> Architecture::*group;
    int G::*member;
    int get(const CustomModel& c) const {
        const std::optional<G>& g = c.*group;
        return g && (*g).*member != G{}.*member ? (*g).*member : 0;
    }
    void set(CustomModel& c, int v) const {
        std::optional<G>& g = c.*group;
        if (!g) g.emplace();
        (*g).*member = v;
    }
};
constexpr GroupKey<MoeSpec> kExpertKeys[] = {
    {"experts", 1, 1 << 20, &Architecture::moe, &MoeSpec::experts},
    {"topk", 1, 1 << 20, &Architecture::moe, &MoeSpec::experts_per_token},
    {"shared", 1, 1 << 20, &Architecture::moe, &MoeSpec::shared_experts},
    {"expert_inter", 1, 100000000, &Architecture::moe, &MoeSpec::expert_intermediate},
    {"dense_layers", 1, 100000, &Architecture::moe, &MoeSpec::dense_layers},
    {"moe_step", 1, 100000, &Architecture::moe, &MoeSpec::interleave_step},
};
constexpr GroupKey<MlaSpec> kMlaKeys[] = {
    {"kv_lora", 1, 1 << 20, &Architecture::mla, &MlaSpec::kv_lora_rank},
    {"q_lora", 1, 1 << 20, &Architecture::mla, &MlaSpec::q_lora_rank},
    {"rope_dim", 1, 1 << 20, &Architecture::mla, &MlaSpec::qk_rope_head_dim},
    {"nope_dim", 1, 1 << 20, &Architecture::mla, &MlaSpec::qk_nope_head_dim},
    {"v_dim", 1, 1 << 20, &Architecture::mla, &MlaSpec::v_head_dim},
};
constexpr GroupKey<LinearAttentionSpec> kLinearKeys[] = {
    {"lin_layers", 1, 100000, &Architecture::linear, &LinearAttentionSpec::layers},
    {"lin_k_heads", 1, 100000, &Architecture::linear, &LinearAttentionSpec::num_key_heads},
    {"lin_v_heads", 1, 100000, &Architecture::linear, &LinearAttentionSpec::num_value_heads},
    {"lin_k_dim", 1, 100000, &Architecture::linear, &LinearAttentionSpec::key_head_dim},
    {"lin_v_dim", 1, 100000, &Architecture::linear, &LinearAttentionSpec::value_head_dim},
    {"lin_conv", 1, 1000, &Architecture::linear, &LinearAttentionSpec::conv_kernel},
    {"lin_state", 2, 4, &Architecture::linear, &LinearAttentionSpec::state_bytes},
};
constexpr GroupKey<CompressedAttentionSpec> kCompressedKeys[] = {
    {"csa_layers", 1, 100000, &Architecture::compressed, &CompressedAttentionSpec::csa_layers},
    {"hca_layers", 1, 100000, &Architecture::compressed, &CompressedAttentionSpec::hca_layers},
    {"csa_ratio", 1, 1 << 20, &Architecture::compressed, &CompressedAttentionSpec::csa_ratio},
    {"hca_ratio", 1, 1 << 20, &Architecture::compressed, &CompressedAttentionSpec::hca_ratio},
    {"csa_rope", 1, 1 << 20, &Architecture::compressed, &CompressedAttentionSpec::rope_dim},
    {"index_topk", 1, 1 << 24, &Architecture::compressed, &CompressedAttentionSpec::index_topk},
    {"index_heads", 1, 100000, &Architecture::compressed, &CompressedAttentionSpec::index_heads},
};
template <class F> void for_each_group_key(F&& f) {
    for (const auto& k : kExpertKeys) f(k);
    for (const auto& k : kMlaKeys) f(k);
    for (const auto& k : kLinearKeys) f(k);
    for (const auto& k : kCompressedKeys) f(k);
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
                                 "dense_layers", "moe_step",
                                 "kv_lora",
                                 "q_lora",       "rope_dim",
                                 "nope_dim",     "v_dim",
                                 "window",       "window_layers",
                                 "lin_layers",   "lin_k_heads",
                                 "lin_v_heads",  "lin_k_dim",
                                 "lin_v_dim",    "lin_conv",
                                 "indexer",      "csa_layers",
                                 "hca_layers",   "csa_ratio",
                                 "hca_ratio",    "csa_rope",
                                 "index_topk",   "index_heads",
                                 "attn_layers",
                                 "v_head",       "win_kv",
                                 "win_head",     "lin_state",
                                 "mtp",
                                 "mlp",          "embed",
                                 "enc_params",   "enc_layers",
                                 "enc_hidden",   "dec_layers",
                                 "native",       "native_gb",
                                 "experts_only", "wq",
                                 "kvq",          "ctx",
                                 "in",           "out",
                                 "users",        "tps",
                                 "ttft",         "growth",
                                 "rps",          "burst",
                                 "pct",          "spread",
                                 "sched",
                                 "spare",        "prefix",
                                 "turns",        "grow",
                                 "gap",          "fanout",
                                 "spec",         "accept",
                                 "think",        "loras",
                                 "lora_rank",    "lora_batch",
                                 "audio_h",
                                 "asr_rt",       "longform",
                                 "beam",         "asr_batch",
                                 "clip",         "speech_tokens",
                                 "docs",         "doc_tokens",
                                 "qps",          "offload",
                                 "ram",          "ddr",
                                 "ram_gbs",      "cpu_layers",
                                 "method",       "rank",
                                 "trainer",      "optim",
                                 "tokens",
                                 "gpuh",         "gpuh_gpu",
                                 "epochs",       "seq",
                                 "batch",        "ckpt",
                                 "zero",         "mfu",
                                 "goodput",
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

std::string order_link(std::string_view url_template, std::string_view gpu_id, int count) {
    static const char* hex = "0123456789ABCDEF";
    std::string gpu;  // encodeURIComponent's alphabet: RFC 3986 unreserved characters and !*'()
    for (unsigned char c : gpu_id) {
        if (std::isalnum(c) || (c && std::strchr("-_.~!*'()", c))) {
            gpu.push_back(char(c));
        } else {
            gpu += {'%', hex[c >> 4], hex[c & 15]};
        }
    }
    const std::string n = std::to_string(count);
    const std::pair<std::string_view, const std::string*> marks[] = {
        {"{gpu}", &gpu}, {"%7Bgpu%7D", &gpu}, {"%7bgpu%7d", &gpu}, {"{count}", &n}, {"%7Bcount%7D", &n}, {"%7bcount%7d", &n}};
    std::string out;
    for (size_t i = 0; i < url_template.size();) {
        bool replaced = false;
        for (const auto& [mark, value] : marks) {
            if (url_template.compare(i, mark.size(), mark) != 0) continue;
            out += *value;
            i += mark.size();
            replaced = true;
            break;
        }
        if (!replaced) out.push_back(url_template[i++]);
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
    bool& have_model;  // model= was read: a custom architecture without it is still a custom model

    void warn(Message m) { warnings.push_back(std::move(m)); }
    // `expect` is a term rendered with this message's parameters (values, min, max).
    Message bad_message(const char* expect) const {
        return Message(code::link_bad_value).str("key", shown).str("value", shown_value).term("expect", expect);
    }
    void bad(const std::string& values) { warn(bad_message(code::expect_one_of).str("values", values)); }
    void bad_range(const char* expect, double min, double max) {
        warn(bad_message(expect).num("min", min).num("max", max));
    }
    // A 0/1 flag into `flag`.
    void flag(bool& flag) {
        if (value == "0" || value == "1") flag = value == "1";
        else bad("0, 1");
    }
};

// The formats' keys as a warning lists them ("fp32 bf16 …"), from engine/formats.cpp's tables.
std::string weight_formats_listed() {
    std::string out;
    for (int i = 0; i < kWeightFormatCount; ++i)
        out += (i ? " " : "") + std::string(weight_format_info(weight_format_at(i)).key);
    return out;
}
std::string kv_formats_listed() {
    std::string out;
    for (int i = 0; i < kKvFormatCount; ++i) out += (i ? " " : "") + std::string(kv_format_key(kv_format_at(i)));
    return out;
}

// ---- readers and writers: one per kind of value, shared by the keys of kKeyRules -----------------
// A writer sets `out` and returns true when the state's value differs from what the link omits
// (`def`: State{} or the use preset's defaults); a custom model's fields are compared on `s.custom`,
// which encode_link resets to the default for a catalog model.

// An enumerated field: its words are the vocabulary's keys (engine/vocabulary.cpp).
template <auto F> void read_word(Pair& p, State& s) {
    using E = std::remove_reference_t<decltype(s.*F)>;
    if (const auto v = from_key<E>(p.value)) s.*F = *v;
    else p.bad(keys_listed<E>());
}
template <auto F> bool write_word(const State& s, const State& def, std::string& out) {
    if (s.*F == def.*F) return false;
    out = std::string(key_of(s.*F));
    return true;
}

template <bool State::*F> void read_flag(Pair& p, State& s) { p.flag(s.*F); }
template <bool Architecture::*F> void read_custom_flag(Pair& p, State& s) { p.flag(s.custom.*F); }
template <bool State::*F> bool write_flag(const State& s, const State& def, std::string& out) {
    if (s.*F == def.*F) return false;
    out = s.*F ? "1" : "0";
    return true;
}
template <bool Architecture::*F> bool write_custom_flag(const State& s, const State& def, std::string& out) {
    if (s.custom.*F == def.custom.*F) return false;
    out = s.custom.*F ? "1" : "0";
    return true;
}

template <bool CustomModel::*F> void read_custom_bool(Pair& p, State& s) { p.flag(s.custom.*F); }
template <bool CustomModel::*F> bool write_custom_bool(const State& s, const State& def, std::string& out) {
    if (s.custom.*F == def.custom.*F) return false;
    out = s.custom.*F ? "1" : "0";
    return true;
}

// mlp=2: up and down projections only (relu², GELU MLPs); 3, the default: gate, up and down.
void read_mlp(Pair& p, State& s) {
    double num = 0;
    if (parse_number(p.value, &num) && (num == 2 || num == 3)) s.custom.gated_mlp = num == 3;
    else p.bad_range(code::expect_whole, 2, 3);
}
bool write_mlp(const State& s, const State& def, std::string& out) {
    if (s.custom.gated_mlp == def.custom.gated_mlp) return false;
    out = s.custom.gated_mlp ? "3" : "2";
    return true;
}

// Ids and names: kept verbatim when they hold the id character set (the catalog decides the rest).
template <std::string State::*F> bool write_text(const State& s, const State& def, std::string& out) {
    if (s.*F == def.*F) return false;
    out = s.*F;
    return true;
}
void read_model(Pair& p, State& s) {
    if (valid_link_id(p.value)) s.model = p.value, p.have_model = true;
    else p.warn(p.bad_message(code::expect_model_id));
}
// A card as people write it may hold spaces ("A100 80GB"): read as hyphens, which the catalog's
// loose match ignores (Catalog::find_gpu).
template <std::string State::*F> void read_gpu_id(Pair& p, State& s) {
    std::string id = p.value;
    std::replace(id.begin(), id.end(), ' ', '-');
    if (valid_link_id(id)) s.*F = id;
    else p.warn(p.bad_message(code::expect_gpu_id));
}
// A display name for a custom model: the id character set, so it needs no escaping anywhere.
void read_name(Pair& p, State& s) {
    if (valid_link_id(p.value) && p.value.size() <= 100) s.custom.name = p.value;
    else p.warn(p.bad_message(code::expect_model_id));
}
bool write_name(const State& s, const State& def, std::string& out) {
    if (s.custom.name == def.custom.name) return false;
    out = s.custom.name;
    return true;
}

// Formats (engine/formats.cpp holds their keys).
void read_native(Pair& p, State& s) {
    // BF16 is what a custom model is without the key: one state, one link.
    if (auto f = parse_weight_format(p.value)) s.custom.native = *f == WeightFormat::bf16 ? std::nullopt : f;
    else p.bad(weight_formats_listed());
}
bool write_native(const State& s, const State&, std::string& out) {
    if (s.custom.native) out = std::string(weight_format_info(*s.custom.native).key);
    return s.custom.native.has_value();
}
void read_wq(Pair& p, State& s) {
    if (auto f = parse_weight_format(p.value)) s.wq = *f;
    else p.bad(weight_formats_listed());
}
bool write_wq(const State& s, const State&, std::string& out) {
    if (s.wq) out = std::string(weight_format_info(*s.wq).key);
    return s.wq.has_value();
}
void read_kvq(Pair& p, State& s) {
    if (auto f = parse_kv_format(p.value)) s.kvq = *f;
    else p.bad(kv_formats_listed());
}
bool write_kvq(const State& s, const State& def, std::string& out) {
    out = std::string(kv_format_key(s.kvq));
    return s.kvq != def.kvq;
}

// Numbers with a rule of their own.
bool read_number(const Pair& p, double& num) { return parse_number(p.value, &num); }
void read_zero(Pair& p, State& s) {
    double num = 0;
    if (read_number(p, num) && num == std::floor(num) && num >= 0 && num <= 3) s.zero = int(num);
    else p.bad("0, 1, 2, 3");
}
void read_mfu(Pair& p, State& s) {
    double num = 0;
    const bool is_num = read_number(p, num);
    // Below 1 % the training time runs away: clamped, and said so.
    if (is_num && num > 0 && num < kMinMfu)
        p.warn(Message(code::link_mfu_clamped).str("value", p.shown_value).num("min", kMinMfu));
    if (is_num && num > 0 && num <= 1) s.mfu = std::max(num, kMinMfu);
    else p.warn(p.bad_message(code::expect_fraction));
}
// An optional field is written whenever it is set (no preset sets one).
template <auto F> bool write_optional(const State& s, const State&, std::string& out) {
    const auto& v = s.*F;
    if (!v) return false;
    if constexpr (std::is_same_v<std::remove_cv_t<std::remove_reference_t<decltype(*v)>>, int>) out = std::to_string(*v);
    else out = format_number(*v);
    return true;
}

// think=low|med|high, or thinking tokens per answer as a number (0: none).
void read_think(Pair& p, State& s) {
    double num = 0;
    if (const auto level = from_key<ThinkLevel>(p.value); level && *level != ThinkLevel::none) {
        s.think_level = *level;
        s.think = 0;
    } else if (parse_number(p.value, &num) && num >= 0 && num <= 16777216) {
        s.think_level = ThinkLevel::none;
        s.think = num;
    } else {
        p.bad("low, med, high, " + std::string("0-16777216"));
    }
}
bool write_think(const State& s, const State& def, std::string& out) {
    if (s.think_level == def.think_level && s.think == def.think) return false;
    out = s.think_level != ThinkLevel::none ? std::string(key_of(s.think_level)) : format_number(s.think);
    return true;
}
// prefix_hit=P (the copilot's percentage before version 2): read as prefix=P/100, never written.
void read_prefix_hit(Pair& p, State& s) {
    double num = 0;
    if (parse_number(p.value, &num) && num >= 0 && num <= 100) s.prefix = num / 100.0;
    else p.bad_range(code::expect_number, 0, 100);
}

// The version is read before the pairs (decode_link upgrades older links); here it is only checked.
void read_version(Pair& p, State&) {
    double v = 0;
    if (!parse_number(p.value, &v) || v != std::floor(v) || v < 1 || v > kLinkVersion)
        p.warn(Message(code::link_version).str("value", p.shown_value).num("version", kLinkVersion));
}

// ---- the key table ---------------------------------------------------------------------------------

using Reader = void (*)(Pair&, State&);
using Writer = bool (*)(const State&, const State&, std::string&);
struct KeyRule {
    const char* key;
    Reader read;
    Writer write;  // nullptr: never written by encode_link (v)
};

// Every key that is not a plain number of number_keys(), int_keys() or optional_keys().
const KeyRule kKeyRules[] = {
    {"v", read_version, nullptr},
    {"task", read_word<&State::task>, write_word<&State::task>},
    {"use", read_word<&State::use>, write_word<&State::use>},
    {"view", read_word<&State::view>, write_word<&State::view>},
    {"model", read_model, write_text<&State::model>},
    {"name", read_name, write_name},
    {"tied", read_custom_flag<&Architecture::tied_embeddings>, write_custom_flag<&Architecture::tied_embeddings>},
    {"native", read_native, write_native},
    {"mlp", read_mlp, write_mlp},
    {"experts_only", read_custom_bool<&CustomModel::experts_only>, write_custom_bool<&CustomModel::experts_only>},
    {"wq", read_wq, write_wq},
    {"kvq", read_kvq, write_kvq},
    {"asr_rt", read_word<&State::asr_runtime>, write_word<&State::asr_runtime>},
    {"longform", read_word<&State::asr_mode>, write_word<&State::asr_mode>},
    {"sched", read_word<&State::sched>, write_word<&State::sched>},
    {"offload", read_flag<&State::offload>, write_flag<&State::offload>},
    {"ddr", read_word<&State::ddr>, write_word<&State::ddr>},
    {"method", read_word<&State::method>, write_word<&State::method>},
    {"trainer", read_word<&State::trainer>, write_word<&State::trainer>},
    {"optim", read_word<&State::optim>, write_word<&State::optim>},
    {"gpuh_gpu", read_gpu_id<&State::gpuh_gpu>, write_text<&State::gpuh_gpu>},
    {"ckpt", read_flag<&State::ckpt>, write_flag<&State::ckpt>},
    {"zero", read_zero, write_optional<&State::zero>},
    {"mfu", read_mfu, write_optional<&State::mfu>},
    {"res", read_word<&State::res>, write_word<&State::res>},
    {"codec", read_word<&State::codec>, write_word<&State::codec>},
    {"gpu", read_gpu_id<&State::gpu>, write_text<&State::gpu>},
    {"vendor", read_word<&State::vendor>, write_word<&State::vendor>},
    {"sort", read_word<&State::sort>, write_word<&State::sort>},
    {"think", read_think, write_think},
    {"prefix_hit", read_prefix_hit, nullptr},
};

const KeyRule* find_rule(std::string_view key) {
    for (const KeyRule& r : kKeyRules)
        if (key == r.key) return &r;
    return nullptr;
}

// Optional numbers: unset unless the link gives them, whole ones (`whole`) or real ones (`real`).
struct OptionalKey {
    const char* key;
    double min, max;
    const char* expect;
    std::optional<double> State::*real;
    std::optional<int> State::*whole;
};
const OptionalKey kOptionalKeys[] = {
    {"ram_gbs", 1, 100000, code::expect_number, &State::ram_gbs, nullptr},
    {"cpu_layers", 0, 100000, code::expect_whole, nullptr, &State::cpu_layers},
    {"tokens", 1, 1e16, code::expect_tokens, &State::tokens, nullptr},
    {"gpuh", 0.01, 1e12, code::expect_number, &State::gpuh, nullptr},
    {"days", 0.01, 100000, code::expect_number, &State::days, nullptr},
    {"goodput", 0.05, 1, code::expect_number, &State::goodput, nullptr},
    {"accept", 0, 0.99, code::expect_number, &State::accept, nullptr},
    {"lora_batch", 1, 100000, code::expect_whole, nullptr, &State::lora_batch},
    {"n", 1, 100000, code::expect_whole, nullptr, &State::n},
};

// The flag that says a length was named (ctx, seq), or null for any other key.
bool* length_named(const char* key, State& s) {
    if (std::strcmp(key, "ctx") == 0) return &s.ctx_set;
    if (std::strcmp(key, "seq") == 0) return &s.seq_set;
    return nullptr;
}

// The number tables: false when `p.key` is in none of them.
bool read_number_key(Pair& p, State& s) {
    double num = 0;
    const bool is_num = parse_number(p.value, &num);
    const bool in_range = is_num, whole = is_num && num == std::floor(num);
    for (const auto& k : kOptionalKeys) {
        if (p.key != k.key) continue;
        if (in_range && num >= k.min && num <= k.max && (k.real || whole)) {
            if (k.real) s.*k.real = num;
            else s.*k.whole = int(num);
        } else {
            p.bad_range(k.expect, k.min, k.max);
        }
        return true;
    }
    for (const auto& k : number_keys()) {
        if (p.key != k.key) continue;
        if (is_num && num >= k.min && num <= k.max) {
            *k.field(s) = num;
            if (bool* named = length_named(k.key, s)) *named = true;
        } else {
            p.bad_range(code::expect_number, k.min, k.max);
        }
        return true;
    }
    for (const auto& k : int_keys()) {
        if (p.key != k.key) continue;
        if (whole && num >= k.min && num <= k.max) *k.field(s) = int(num);
        else p.bad_range(code::expect_whole, k.min, k.max);
        return true;
    }
    bool found = false;
    for_each_group_key([&](const auto& k) {
        if (found || p.key != k.key) return;
        found = true;
        if (whole && num >= k.min && num <= k.max) k.set(s.custom, int(num));
        else p.bad_range(code::expect_whole, k.min, k.max);
    });
    return found;
}

// The number tables' value of `key` in `s`, as the link writes it; false when it equals `def`'s.
bool write_number_key(const char* key, State& s, State& def, std::string& out) {
    for (const auto& k : kOptionalKeys) {
        if (std::strcmp(key, k.key) != 0) continue;
        if (k.real && s.*k.real) out = format_number(*(s.*k.real));
        else if (k.whole && s.*k.whole) out = std::to_string(*(s.*k.whole));
        else return false;
        return true;
    }
    for (const auto& nk : number_keys()) {
        if (std::strcmp(key, nk.key) != 0) continue;
        const bool* named = length_named(key, s);  // a named length is written even at its default
        if (*nk.field(s) != *nk.field(def) || (named && *named)) return out = format_number(*nk.field(s)), true;
    }
    for (const auto& ik : int_keys())
        if (std::strcmp(key, ik.key) == 0 && *ik.field(s) != *ik.field(def)) return out = std::to_string(*ik.field(s)), true;
    bool written = false;
    for_each_group_key([&](const auto& k) {
        if (written || std::strcmp(key, k.key) != 0 || k.get(s.custom) == k.get(def.custom)) return;
        out = std::to_string(k.get(s.custom));
        written = true;
    });
    return written;
}

// The link's pairs, percent-decoded, at most 8192 bytes of them (said so when cut).
std::vector<LinkPair> split_pairs(std::string_view text, std::vector<Warning>& warnings) {
    if (text.size() > 8192) {
        warnings.push_back(Message(code::link_too_long).num("max", 8192));
        text = text.substr(0, 8192);
    }
    std::vector<LinkPair> pairs;
    for (std::string_view rest = text; !rest.empty();) {
        const auto amp = rest.find('&');
        const std::string_view pair = rest.substr(0, amp);
        rest = amp == std::string_view::npos ? std::string_view{} : rest.substr(amp + 1);
        if (pair.empty()) continue;
        const auto eq = pair.find('=');
        pairs.push_back({percent_decode(pair.substr(0, eq)),
                         eq == std::string_view::npos ? "" : percent_decode(pair.substr(eq + 1))});
    }
    return pairs;
}

// The version a link was written in: its first `v` that names one; the current one when it names
// none (the warnings say "read as version N").
int link_version(const std::vector<LinkPair>& pairs) {
    for (const LinkPair& p : pairs) {
        double v = 0;
        if (p.key == "v" && parse_number(p.value, &v) && v >= 1 && v <= kLinkVersion && v == std::floor(v)) return int(v);
    }
    return kLinkVersion;
}

// Reads one pair into the state: the key table, then the number tables; anything else is unknown.
void read_pair(Pair& p, State& s) {
    // A web address is no value of any key (ids and names never hold "//"): that pair is refused,
    // whatever its key, and the rest of the link is read.
    if (p.value.find("://") != std::string::npos) {
        p.warn(Message(code::link_url_value).str("key", p.shown).str("value", p.shown_value));
    } else if (const KeyRule* r = find_rule(p.key)) {
        r->read(p, s);
    } else if (!read_number_key(p, s)) {
        p.warn(Message(code::link_unknown_key).str("key", p.shown));
    }
}

}  // namespace

std::vector<CustomNumber> custom_numbers(const CustomModel& c) {
    std::vector<CustomNumber> out;
    for (const auto& k : number_keys())
        if (k.in_custom) out.push_back({k.key, c.*k.in_custom, false});
    for (const auto& k : int_keys())
        if (k.in_custom) out.push_back({k.key, double(c.*k.in_custom), true});
    for_each_group_key([&](const auto& k) { out.push_back({k.key, double(k.get(c)), true}); });
    out.push_back({"mlp", c.gated_mlp ? 0.0 : 2.0, true});
    return out;
}

// No format change yet: version 1 is the only one. A rename adds {2, "old", "new"} here and raises
// kLinkVersion; every version-1 link then reads as it did (tests/links/v1.txt holds them to it).
const std::vector<LinkUpgrade>& link_upgrades() {
    static const std::vector<LinkUpgrade> steps;
    return steps;
}

void upgrade_link(std::vector<LinkPair>& pairs, int version, const std::vector<LinkUpgrade>& steps) {
    for (const LinkUpgrade& step : steps) {
        if (step.version <= version) continue;  // the link already speaks this version
        for (LinkPair& p : pairs) {
            if (p.key != step.old_key || (step.old_value && p.value != step.old_value)) continue;
            p.key = step.new_key;
            if (step.new_value) p.value = step.new_value;
        }
    }
}

DecodedLink decode_link(std::string_view text) {
    DecodedLink d;
    State& s = d.state;
    text = link_pairs(text, d.warnings);
    std::vector<LinkPair> pairs = split_pairs(text, d.warnings);
    upgrade_link(pairs, link_version(pairs));
    bool saw_version = false, have_model = false;
    std::vector<std::string> seen;
    for (const LinkPair& lp : pairs) {
        const std::string& key = lp.key;
        const std::string& value = lp.value;
        Pair p{key, value, key.size() > 40 ? key.substr(0, 40) + "…" : key,
               value.size() > 60 ? value.substr(0, 60) + "…" : value, d.warnings, have_model};
        for (const auto& k : seen)
            if (k == key) p.warn(Message(code::link_duplicate_key).str("key", p.shown));
        if (seen.size() < 64) seen.push_back(key);
        saw_version |= key == "v" && value.find("://") == std::string::npos;
        if (key == "lang" && value.find("://") == std::string::npos) {  // the page's language, not the state's
            if (value == "en" || value == "ru") d.lang = value;  // (LINK.md): never encoded
            else p.bad("en, ru");
            continue;
        }
        read_pair(p, s);
        if (key == "prefix_hit" && seen.size() < 64) seen.push_back("prefix");  // its older name
    }
    auto& w = d.warnings;
    if (!text.empty() && !saw_version) w.push_back(Message(code::link_no_version).num("version", kLinkVersion));
    // A service preset's defaults (its model, copilot's load) fill the keys the link left out.
    // Before version 2 the RAG preset had no load of its own: an older rag link keeps the plain one.
    const bool older_rag = link_version(pairs) < 2 && s.use == Use::rag;
    if (has_use_defaults(s.use) && !older_rag) apply_use_defaults(s, seen);
    // A custom architecture without model=custom is still a custom model: the link meant it.
    if (!have_model && s.custom.params_b > 0) s.model = "custom";
    if (s.in > s.ctx) w.push_back(Message(code::link_prompt_over_context).num("prompt", s.in).num("ctx", s.ctx));
    return d;
}

int link_version_for(const State& s) { return s.use == Use::rag ? 2 : 1; }

std::string encode_link(const State& s) {
    // A preset's defaults are omitted like the plain ones (services.hpp).
    State defaults;
    if (has_use_defaults(s.use)) defaults = use_defaults_state(s.use);
    State probe = s;  // number_keys() hands out pointers into a mutable state
    // The custom model's keys describe model=custom only: a catalog model's link does not carry
    // the architecture last typed or imported (the page keeps it for when custom is chosen again).
    if (s.model != "custom") probe.custom = defaults.custom;
    std::string out = "v=" + std::to_string(link_version_for(s));
    for (const char* key : kKeyOrder) {
        std::string value;
        const KeyRule* r = find_rule(key);
        if (r ? r->write(probe, defaults, value) : write_number_key(key, probe, defaults, value))
            out += std::string("&") + key + "=" + percent_encode_value(value);
    }
    return out;
}

}  // namespace gpusizer
