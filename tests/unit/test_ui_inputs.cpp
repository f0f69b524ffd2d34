// The UI's pure helpers: model search over the bundled catalog, typed numbers, chart ticks.
#include <algorithm>
#include <cmath>

#include "helpers.hpp"
#include "ui/axis_ticks.hpp"
#include "ui/model_search.hpp"
#include "ui/number_text.hpp"

using namespace gpusizer;
using namespace gpusizer::ui;

namespace {

std::vector<std::string> ids(std::string_view q) {
    std::vector<std::string> out;
    for (const ModelSpec* m : search_models(test::bundled(), q)) out.push_back(m->id);
    return out;
}

bool has(const std::vector<std::string>& v, const std::string& id) { return std::find(v.begin(), v.end(), id) != v.end(); }

}  // namespace

TEST_CASE("model search: the article's spellings find the catalog's models") {
    CHECK(search_key("Qwen/Qwen3.5-397B_A17B") == "qwenqwen35397ba17b");
    CHECK(search_tokens("  gpt oss   120b ") == std::vector<std::string>{"gpt", "oss", "120b"});
    const struct { const char* query; const char* first; } cases[] = {
        {"DeepSeek V3.2", "deepseek-ai/DeepSeek-V3.2"},
        {"Kimi K2.5", "moonshotai/Kimi-K2.5"},
        {"qwen3 30b", "Qwen/Qwen3-30B-A3B"},
        {"gpt oss 120b", "openai/gpt-oss-120b"},
        {"GPT-OSS-120B", "openai/gpt-oss-120b"},
        {"deepseek v3.2 exp", "deepseek-ai/DeepSeek-V3.2"},  // through the catalog's alias
        {"llama 2 70b", "meta-llama/Llama-2-70b-hf"},
        {"qwen2.5 7b", "Qwen/Qwen2.5-7B-Instruct"},
        {"llama 3.2 1b", "meta-llama/Llama-3.2-1B-Instruct"},
        {"scout", "meta-llama/Llama-4-Scout-17B-16E-Instruct"},
        {"glm 5", "zai-org/GLM-5"},
        {"qwen 2.5 72b", "Qwen/Qwen2.5-72B-Instruct"},
        {"mixtral 8x22b", "mistralai/Mixtral-8x22B-v0.1"},
        {"gemma 4", "google/gemma-4-26B-A4B-it"},
        {"nemotron super", "nvidia/Llama-3_3-Nemotron-Super-49B-v1"},
        {"nemotron nano", "nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-BF16"},
        {"deepseek v4 flash", "deepseek-ai/DeepSeek-V4-Flash"},
        {"DeepSeek-V4-Pro", "deepseek-ai/DeepSeek-V4-Pro"},
    };
    for (const auto& c : cases) {
        const auto found = ids(c.query);
        REQUIRE_MESSAGE(!found.empty(), c.query);
        CHECK_MESSAGE(found.front() == c.first, c.query, " -> ", found.front());
    }
    // Only the exact generation: "V3.2" is not V3, "K2.5" is not K2.
    CHECK(ids("DeepSeek V3.2").size() == 1);
    CHECK(ids("Kimi K2.5").size() == 1);
    // "Qwen 3.5" lists every Qwen3.5 size and nothing else.
    const auto q35 = ids("Qwen 3.5");
    CHECK(q35.size() == 5);
    for (const auto& id : q35) CHECK_MESSAGE(id.rfind("Qwen/Qwen3.5-", 0) == 0, id);
    // "Qwen 2.5" lists the Qwen2.5 models (the Coder among them), not the "25" of Qwen3-235B.
    for (const auto& id : ids("Qwen 2.5")) CHECK_MESSAGE(id.find("Qwen2.5-") != std::string::npos, id);
    CHECK(ids("Qwen 2.5").size() == 7);
    // "deepseek-r1 distill" lists the four distilled models.
    const auto r1 = ids("deepseek-r1 distill");
    CHECK(r1.size() == 4);
    for (const auto& id : r1) CHECK_MESSAGE(id.find("R1-Distill") != std::string::npos, id);
    CHECK(has(ids("qwen3 30b"), "Qwen/Qwen3-VL-30B-A3B-Instruct"));
    // Every word must match: a real word plus a missing one finds nothing.
    CHECK(ids("qwen3 llama").empty());
    CHECK(ids("no such model").empty());
    CHECK(ids("").size() == test::bundled().models.size());
    CHECK(ids("   ").size() == test::bundled().models.size());
}

TEST_CASE("typed numbers: what the UI shows is accepted") {
    auto val = [](const char* s, bool pct = false) {
        const ParsedNumber p = parse_human_number(s, pct);
        REQUIRE_MESSAGE(p.ok(), s);
        return p.value;
    };
    CHECK(val("100T") == doctest::Approx(1e14));
    CHECK(val("1.5M") == doctest::Approx(1.5e6));
    CHECK(val("32k") == doctest::Approx(32000));
    CHECK(val("2B") == doctest::Approx(2e9));
    CHECK(val("7b") == doctest::Approx(7e9));
    CHECK(val("1,5M") == doctest::Approx(1.5e6));
    CHECK(val("32,768") == doctest::Approx(32768));
    CHECK(val("1,000.5") == doctest::Approx(1000.5));
    CHECK(val(" 32 768 ") == doctest::Approx(32768));
    CHECK(val("32\xC2\xA0" "768") == doctest::Approx(32768));  // no-break space
    CHECK(val("1e13") == doctest::Approx(1e13));
    CHECK(val("2 \xD0\xBC\xD0\xBB\xD0\xBD") == doctest::Approx(2e6));  // "2 млн"
    CHECK(val("-5") == -5);  // parses; the field clamps it visibly
    CHECK(val("15%", true) == 15);
}

TEST_CASE("typed numbers: bad input is refused, with the reason") {
    CHECK(parse_human_number("").error == NumberError::empty);
    CHECK(parse_human_number("   ").error == NumberError::empty);
    for (const char* s : {"abc", "5%", "1kk", "1TTT", "1kMBT", "k", "1e", "--5", "0x10", "inf", "nan", "1,2,3", "1.2.3", "12 abc"})
        CHECK_MESSAGE(parse_human_number(s).error == NumberError::not_a_number, s);
    CHECK(parse_human_number("1e400").error == NumberError::too_large);
    CHECK(parse_human_number("1e300T").error == NumberError::too_large);
    CHECK(parse_human_number("-1e400").error == NumberError::too_large);
    CHECK(clamp_side(-5, 1, 100) == -1);
    CHECK(clamp_side(1e14, 1, 1e12) == 1);
    CHECK(clamp_side(50, 1, 100) == 0);
}

TEST_CASE("typed numbers: shown the way they are typed, and read back to the same value") {
    CHECK(format_human_number(1e13, 0) == "10T");
    CHECK(format_human_number(1.5e6, 0) == "1.5M");
    CHECK(format_human_number(32000, 0) == "32k");
    CHECK(format_human_number(32768, 0) == "32768");
    CHECK(format_human_number(4096, 0) == "4096");
    CHECK(format_human_number(250, 0) == "250");
    CHECK(format_human_number(0.5, 1) == "0.5");
    CHECK(format_human_number(3.0, 1) == "3");
    CHECK(format_human_number(1048576, 0) == "1.049M");
    CHECK(format_human_number(1.23456789e12, 0) == "1.235T");
    for (double v : {1e13, 1.5e6, 32000.0, 32768.0, 250.0, 2e9, 100000.0, 123456.0, 0.5})
        CHECK_MESSAGE(parse_human_number(format_human_number(v, 1)).value == doctest::Approx(v), v);
}

TEST_CASE("chart ticks: round 1-2-5 steps, decimals only when needed, readable log labels") {
    auto labels = [](const std::vector<Tick>& t) {  // the labelled ticks (the others are grid lines only)
        std::vector<std::string> l;
        for (const auto& x : t)
            if (!x.label.empty()) l.push_back(x.label);
        return l;
    };
    CHECK(labels(linear_ticks(0, 1.7, 4)) == std::vector<std::string>{"0", "0.5", "1", "1.5", "2"});
    CHECK(labels(linear_ticks(0, 87, 4)) == std::vector<std::string>{"0", "20", "40", "60", "80", "100"});
    CHECK(labels(linear_ticks(0, 0.07, 4)) == std::vector<std::string>{"0", "0.02", "0.04", "0.06", "0.08"});
    CHECK(labels(linear_ticks(0, 23000, 4)) == std::vector<std::string>{"0", "5k", "10k", "15k", "20k", "25k"});
    const auto ctx = log_ticks(512, 1048576, 12, true);
    CHECK(labels(ctx) == std::vector<std::string>{"512", "1k", "2k", "4k", "8k", "16k", "32k", "64k", "128k", "256k", "512k", "1M"});
    CHECK(labels(log_ticks(512, 1048576, 6, true)) == std::vector<std::string>{"1k", "4k", "16k", "64k", "256k", "1M"});
    CHECK(labels(log_ticks(1, 256, 10, false)) == std::vector<std::string>{"1", "2", "5", "10", "20", "50", "100", "200"});
    CHECK(labels(log_ticks(1, 100000, 6, false)) == std::vector<std::string>{"1", "10", "100", "1k", "10k", "100k"});
    for (const auto& t : log_ticks(8, 128, 6, false)) CHECK(t.value >= 8);
    CHECK(binary_label(32768) == "32k");
    CHECK(binary_label(1536) == "1.5k");
}

TEST_CASE("log axis ticks: every decade in range is a tick, labels on a fixed stride of powers, never too many") {
    // The days chart: 0.01 to 100,000 days (a 15-minute job beside a 15,000-day one) in room for 3 labels.
    // It used to keep every third decade (0.01, 10) and draw no line for the others.
    const auto days = log_ticks(0.01, 100000, 3, false);
    std::vector<double> values;
    std::vector<std::string> shown;
    for (const auto& t : days) {
        values.push_back(t.value);
        if (!t.label.empty()) shown.push_back(t.label);
    }
    REQUIRE(values.size() == 8);
    for (size_t i = 0; i < values.size(); ++i) CHECK(values[i] == doctest::Approx(std::pow(10.0, int(i) - 2)));
    CHECK(shown == std::vector<std::string>{"1", "1k"});  // exponents divisible by 3 (every other would be 4 labels)
    std::vector<std::string> four;  // with room for 4 labels: every other decade
    for (const auto& t : log_ticks(0.01, 100000, 4, false))
        if (!t.label.empty()) four.push_back(t.label);
    CHECK(four == std::vector<std::string>{"0.01", "1", "100", "10k"});
    // Over many ranges and room: every power in range is a tick, at most max_ticks labels, and the
    // labelled exponents are the multiples of one stride.
    for (bool binary : {false, true})
        for (double lo : {0.001, 0.02, 0.5, 1.0, 3.0, 512.0})
            for (double span : {10.0, 100.0, 1e4, 1e6, 1e8})
                for (int max_ticks : {2, 3, 4, 6, 12}) {
                    const double hi = lo * span;
                    const auto t = log_ticks(lo, hi, max_ticks, binary);
                    const double b = binary ? 2.0 : 10.0;
                    const int e0 = int(std::ceil(std::log(lo) / std::log(b) - 1e-9)), e1 = int(std::floor(std::log(hi) / std::log(b) + 1e-9));
                    int labelled = 0;
                    std::vector<int> exps;
                    for (const auto& x : t) {
                        CHECK(x.value >= lo * (1 - 1e-9));
                        CHECK(x.value <= hi * (1 + 1e-9));
                        labelled += !x.label.empty();
                        const double e = std::log(x.value) / std::log(b);
                        if (std::fabs(e - std::round(e)) < 1e-9) exps.push_back(int(std::round(e)));
                    }
                    CHECK_MESSAGE(labelled <= max_ticks, lo, " ", hi, " ", max_ticks);
                    CHECK_MESSAGE(labelled >= 1, lo, " ", hi, " ", max_ticks);
                    for (int e = e0; e <= e1; ++e)
                        CHECK_MESSAGE(std::count(exps.begin(), exps.end(), e) == 1, "missing power ", e, " in ", lo, "..", hi);
                    // One stride: the gaps between labelled powers are all equal.
                    std::vector<double> at;
                    for (const auto& x : t)
                        if (!x.label.empty()) at.push_back(std::log(x.value) / std::log(b));
                    const bool powers_only = binary || t.size() != size_t(labelled);
                    if (powers_only)
                        for (size_t i = 2; i < at.size(); ++i) CHECK(at[i] - at[i - 1] == doctest::Approx(at[1] - at[0]));
                }
}

TEST_CASE("a number only shown takes the reader's decimal mark; one shown as typed keeps the dot") {
    CHECK(shown_decimal(format_human_number(1.5e6, 0), true) == "1,5M");
    CHECK(shown_decimal("25.4", true) == "25,4");
    CHECK(shown_decimal("25.4", false) == "25.4");
    // Why the typed field keeps the dot: a comma with three digits after it reads as a thousands group.
    CHECK(parse_human_number(format_human_number(1.125e6, 3)).value == doctest::Approx(1.125e6));
}
