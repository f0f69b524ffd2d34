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
        "v=1&task=train&model=meta-llama/Llama-3.1-8B-Instruct&tokens=100B&mfu=0.45&goodput=0.85&gpu=h100-sxm&n=64",
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

TEST_CASE("goodput: a share of a run's GPU-hours in (0.05, 1], anything else refused and said") {
    CHECK(decode_link("v=1&task=train&goodput=0.9").state.goodput == 0.9);
    CHECK(decode_link("v=1&task=train&goodput=1").state.goodput == 1.0);
    for (const char* bad : {"0", "0.01", "1.5", "-1", "abc", "nan", ""}) {
        CAPTURE(bad);
        const DecodedLink d = decode_link(std::string("v=1&task=train&goodput=") + bad);
        CHECK_FALSE(d.state.goodput.has_value());
        CHECK_FALSE(d.warnings.empty());
    }
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

// ---- the vocabulary (engine/vocabulary.cpp) and the upgrade step -----------------------------------

template <class E> void check_vocabulary(int values) {
    const Terms<E> rows = terms<E>();
    CHECK(int(rows.count) == values);  // every value of the enum has its row
    for (int i = 0; i < values; ++i) {
        const E v = E(i);
        CHECK(from_key<E>(key_of(v)) == v);  // a row per value, its key read back
        int rows_of_v = 0;
        for (const Term<E>& t : rows) rows_of_v += t.value == v;
        CHECK(rows_of_v == 1);
    }
    CHECK_FALSE(from_key<E>("").has_value());
    CHECK_FALSE(from_key<E>("nonsense").has_value());
}

TEST_CASE("every enumerated field has one table: each value one key, read back") {
    check_vocabulary<Task>(4);
    check_vocabulary<Use>(13);
    check_vocabulary<View>(2);
    check_vocabulary<TuneMethod>(3);
    check_vocabulary<Trainer>(3);
    check_vocabulary<RankBy>(3);
    check_vocabulary<AsrRuntime>(4);
    check_vocabulary<AsrMode>(2);
    check_vocabulary<HostRam>(2);
    check_vocabulary<VendorFilter>(3);
    check_vocabulary<Resolution>(5);
    check_vocabulary<VideoCodec>(3);
    // The keys are public: links, the CLI's JSON and the catalog's presets carry them.
    CHECK(keys_listed<Use>() == "chat, rag, ocr, general, asr, embed, copilot, reason, agent, render, transcode, image, hpc");
    CHECK(keys_listed<View>() == "models, options");
    CHECK(keys_listed<VendorFilter>() == "nvidia, amd, any");
    CHECK(keys_listed<HostRam>() == "4, 5");
    CHECK(from_key<HostRam>("ddr5") == HostRam::ddr5);  // an alias: read, never written
    CHECK(key_of(HostRam::ddr5) == "5");
    // The words people type for a task: read, and the link written with the key.
    const DecodedLink tune = decode_link("v=1&task=finetune&method=qlora");
    CHECK(tune.state.task == Task::tune);
    CHECK(tune.warnings.empty());
    CHECK(encode_link(tune.state).find("task=tune") != std::string::npos);
    CHECK(decode_link("v=1&task=pretrain").state.task == Task::train);
    CHECK(decode_link("v=1&task=inference").state.task == Task::infer);
    CHECK(std::string(text_of(AsrRuntime::ct2)) == code::term_asr_ct2);
    CHECK(std::string(text_of(TuneMethod::qlora)) == code::term_qlora);
    CHECK(use_task(Use::copilot) == Task::infer);
    CHECK(use_task(Use::hpc) == Task::other);
}

TEST_CASE("each use and every enumerated key's value round-trips through the link") {
    for (const Term<Use>& u : terms<Use>()) {
        State s;
        s.task = use_task(u.value);
        s.use = u.value;
        const DecodedLink d = decode_link(encode_link(s));
        CHECK(d.warnings.empty());
        CHECK(d.state.use == u.value);
        CHECK(encode_link(d.state) == encode_link(s));
    }
    for (const Term<Resolution>& r : terms<Resolution>()) {
        const std::string link = std::string("v=1&task=other&use=transcode&res=") + r.key;
        CHECK(decode_link(link).state.res == r.value);
        CHECK(encode_link(decode_link(link).state) == (r.value == Resolution::p1080 ? "v=1&task=other&use=transcode" : link));
    }
    // A bad value lists the table's keys, as the warning always has.
    const DecodedLink bad = decode_link("v=1&use=poetry");
    REQUIRE(bad.warnings.size() == 1);
    CHECK(bad.warnings[0].find("values")->text == "chat, rag, ocr, general, asr, embed, copilot, reason, agent, render, transcode, image, hpc");
    CHECK(bad.state.use == Use::chat);
    // The formats' lists come from engine/formats.cpp's tables, as they read before.
    const DecodedLink formats = decode_link("v=1&wq=fp5&kvq=fp4");
    REQUIRE(formats.warnings.size() == 2);
    CHECK(formats.warnings[0].find("values")->text == "fp32 bf16 fp16 fp8 int8 mxfp4 nvfp4 int4 q8_0 q6_k q5_k_m q4_k_m");
    CHECK(formats.warnings[1].find("values")->text == "bf16 fp16 fp8 int8");
}

TEST_CASE("upgrade step: a link of an older version reads as the current one") {
    // Version 1 is the only one: nothing to upgrade, and every version-1 link is read as it is.
    CHECK(link_upgrades().empty());
    // A made-up history: version 2 renamed `users` to `requests`, version 3 the value `fp8` of `kvq` to `e4m3`.
    const std::vector<LinkUpgrade> steps = {{2, "users", "requests"}, {3, "kvq", "kvq", "fp8", "e4m3"}};
    auto upgraded = [&](int version) {
        std::vector<LinkPair> pairs = {{"v", std::to_string(version)}, {"users", "50"}, {"kvq", "fp8"}, {"kvq", "int8"}};
        upgrade_link(pairs, version, steps);
        std::string out;
        for (const LinkPair& p : pairs) out += p.key + "=" + p.value + ";";
        return out;
    };
    CHECK(upgraded(1) == "v=1;requests=50;kvq=e4m3;kvq=int8;");  // both steps, in order
    CHECK(upgraded(2) == "v=2;users=50;kvq=e4m3;kvq=int8;");     // already speaks version 2
    CHECK(upgraded(3) == "v=3;users=50;kvq=fp8;kvq=int8;");      // current: untouched
    // The real (empty) history changes nothing.
    std::vector<LinkPair> pairs = {{"v", "1"}, {"users", "50"}};
    upgrade_link(pairs, 1);
    CHECK(pairs[1].key == "users");
    CHECK(pairs[1].value == "50");
    // A link of an unknown version is still read, and says so, as before.
    const DecodedLink future = decode_link("v=9&users=50");
    CHECK(future.state.users == 50);
    REQUIRE(future.warnings.size() == 1);
    CHECK(future.warnings[0].code == code::link_version);
}

TEST_CASE("order link: the GPU id encoded as one URL component, both spellings of the marks") {
    // The one substitution (link/order_link): the UI's button and the page's API both call it.
    CHECK(order_link("https://p.example/order?gpu={gpu}&n={count}", "h100-sxm", 8) ==
          "https://p.example/order?gpu=h100-sxm&n=8");
    CHECK(order_link("https://p.example/o?g={gpu}&n={count}&again={gpu}", "acme/x+1 a&b", 2) ==
          "https://p.example/o?g=acme%2Fx%2B1%20a%26b&n=2&again=acme%2Fx%2B1%20a%26b");
    CHECK(order_link("https://p.example/o/%7Bgpu%7D/%7bcount%7d", "b200", 16) == "https://p.example/o/b200/16");
    CHECK(order_link("https://p.example/o?g={GPU}", "b200", 1) == "https://p.example/o?g={GPU}");  // marks are lower case
}
