// The link format: round trips, canonical form, bad input, and the frozen corpus.
#include <fstream>
#include <sstream>

#include "helpers.hpp"
#include "report/report.hpp"

using namespace gpusizer;

TEST_CASE("defaults encode to the bare version") {
    CHECK(encode_link(State{}) == "v=1");
    CHECK(decode_link("v=1").warnings.empty());
}

TEST_CASE("round trip: decode(encode(s)) == s, and encode is canonical") {
    const char* links[] = {
        "v=1&task=infer&model=Qwen/Qwen3-8B&ctx=32768&users=50",
        "v=1&task=tune&model=meta-llama/Llama-3.1-70B-Instruct&method=qlora&rank=64&tokens=250M&epochs=3&seq=8192&batch=2&ckpt=0&zero=3&mfu=0.35&gpu=h100-sxm&n=8",
        "v=1&task=train&model=deepseek-ai/DeepSeek-V3&wq=fp8&tokens=14.8T&days=57&gpu=h800&reserve=5",
        "v=1&task=other&use=transcode&streams=200&res=4k&codec=av1&sort=speed",
        "v=1&model=custom&params=70&active=70&layers=80&hidden=8192&heads=64&kv_heads=8&head_dim=128&kvq=fp8",
    };
    for (const char* l : links) {
        const DecodedLink d = decode_link(l);
        CHECK_MESSAGE(d.warnings.empty(), l);
        const std::string canonical = encode_link(d.state);
        const DecodedLink again = decode_link(canonical);
        CHECK(encode_link(again.state) == canonical);
        // Key order and defaults do not change the canonical link.
        const Result a = evaluate(d.state, test::bundled()), b = evaluate(again.state, test::bundled());
        CHECK(result_json(a, {}) == result_json(b, {}));
    }
    // Same state written in another order and with a default spelled out → same link.
    CHECK(encode_link(decode_link("users=50&ctx=32768&v=1&kvq=bf16&task=infer").state) == "v=1&ctx=32768&users=50");
}

TEST_CASE("decoding never fails: bad values and unknown keys are named, the rest is used") {
    const DecodedLink d = decode_link("#v=1&ctx=-5&users=abc&wq=fp3&colour=red&model=Qwen/Qwen3-8B&in=2000");
    CHECK(d.state.ctx == 8192);
    CHECK(d.state.users == 10);
    CHECK_FALSE(d.state.wq.has_value());
    CHECK(d.state.in == 2000);
    REQUIRE(d.warnings.size() == 4);
    const std::pair<const char*, const char*> bad[] = {{"ctx", "-5"}, {"users", "abc"}, {"wq", "fp3"}};
    for (int i = 0; i < 3; ++i) {
        CHECK(d.warnings[size_t(i)].code == code::link_bad_value);
        CHECK(test::param_text(d.warnings[size_t(i)], "key") == bad[i].first);
        CHECK(test::param_text(d.warnings[size_t(i)], "value") == bad[i].second);
    }
    CHECK(d.warnings[3].code == "link.unknown_key");
}

TEST_CASE("lang= is the page's language: accepted without a notice, never part of the state or its link") {
    const DecodedLink ru = decode_link("#v=1&task=train&lang=ru");
    CHECK(ru.warnings.empty());  // it used to be "unknown key 'lang' ignored"
    CHECK(ru.lang == "ru");
    CHECK(ru.state.task == Task::train);
    CHECK(encode_link(ru.state) == "v=1&task=train");
    CHECK(decode_link("v=1&lang=en").lang == "en");
    CHECK(decode_link("v=1").lang.empty());
    const DecodedLink bad = decode_link("v=1&lang=de");
    CHECK(bad.lang.empty());
    REQUIRE(bad.warnings.size() == 1);
    CHECK(bad.warnings[0].code == code::link_bad_value);
    CHECK(test::param_text(bad.warnings[0], "key") == "lang");
}

TEST_CASE("whole URLs, percent-encoding, SI suffixes, huge and non-finite numbers") {
    const DecodedLink d = decode_link("https://calc.example/?embed=1#v=1&model=Qwen%2FQwen3-8B&tokens=1.5B&ctx=1e3");
    CHECK(d.state.model == "Qwen/Qwen3-8B");
    CHECK(*d.state.tokens == 1.5e9);
    CHECK(d.state.ctx == 1000);
    CHECK(decode_link("https://calc.example/").state.ctx == 8192);
    for (const char* bad : {"v=1&ctx=inf", "v=1&ctx=nan", "v=1&ctx=1e400", "v=1&ctx=0x10", "v=1&users=1e308"}) {
        const DecodedLink b = decode_link(bad);
        CHECK_MESSAGE(b.warnings.size() == 1, bad);
        CHECK(std::isfinite(b.state.ctx));
        CHECK(b.state.users == 10);
    }
    double v = 0;
    CHECK(parse_number("14.8T", &v));
    CHECK(v == doctest::Approx(14.8e12));
    CHECK_FALSE(parse_number("", &v));
    CHECK_FALSE(parse_number("T", &v));
    CHECK(format_number(14.8e12) == "14.8T");
    CHECK(format_number(100e6) == "100M");
    CHECK(format_number(32768) == "32768");
    CHECK(format_number(0.35) == "0.35");
}

TEST_CASE("ids are kept verbatim, never substituted") {
    const DecodedLink d = decode_link("v=1&model=acme/Retired-Model&gpu=old-gpu-1");
    CHECK(d.state.model == "acme/Retired-Model");
    CHECK(d.state.gpu == "old-gpu-1");
    CHECK(decode_link("v=1&model=<script>").warnings.size() == 1);
}

TEST_CASE("typical links stay under 600 characters") {
    State s;
    s.task = Task::tune;
    s.model = "deepseek-ai/DeepSeek-R1-Distill-Llama-70B";
    s.wq = WeightFormat::q4_k_m; s.kvq = KvFormat::fp8;
    s.ctx = 131072; s.in = 12000; s.out = 3000; s.users = 250; s.tps = 35; s.ttft = 1.5; s.growth = 50;
    s.method = TuneMethod::qlora; s.rank = 64; s.tokens = 2.5e9; s.epochs = 3; s.seq = 16384; s.batch = 8;
    s.ckpt = false; s.zero = 3; s.mfu = 0.33; s.days = 14; s.gpu = "rtx-pro-6000"; s.n = 64; s.reserve = 15;
    s.sort = RankBy::speed;
    const std::string link = encode_link(s);
    CHECK(link.size() < 600);
    CHECK(encode_link(decode_link(link).state) == link);
}

TEST_CASE("frozen link corpus keeps decoding to the same state") {
    // tests/links/v1.txt: "<link>\t<canonical link>" per line. Released links must never change meaning.
    std::ifstream in(std::string(GPUSIZER_SOURCE_DIR) + "/tests/links/v1.txt");
    REQUIRE(in.good());
    std::string line;
    int n = 0;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        const auto tab = line.find('\t');
        REQUIRE(tab != std::string::npos);
        CHECK_MESSAGE(encode_link(decode_link(line.substr(0, tab)).state) == line.substr(tab + 1), line);
        ++n;
    }
    CHECK(n >= 10);
}
