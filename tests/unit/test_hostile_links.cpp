// Hostile inputs, second round (issue 27): links that cost too much to evaluate, custom models a link
// describes, values that carry a URL, names that would reorder or hide text.
#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

#include "catalog/hf_config.hpp"
#include "engine/custom_model.hpp"
#include "helpers.hpp"
#include "report/report.hpp"

using namespace gpusizer;

namespace {

double ms_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

// The costliest links found: custom models at the top of every count (layers, experts, heads),
// with offload=1 (a split searched per GPU), and the load keys (users, n, ctx, tokens, ...) at theirs.
std::vector<std::string> worst_links() {
    const std::string deep = "model=custom&params=1000&layers=100000&hidden=8192&heads=64";
    const std::string thin = "model=custom&params=100&layers=100000&hidden=64&heads=1";
    const std::string moe = "model=custom&params=9999&layers=100000&hidden=64&heads=1&experts=8";
    const std::string wide = "model=custom&params=100000&layers=100000&hidden=64&heads=1&experts=1048576"
                             "&topk=1048576&shared=1048576&expert_inter=100000000&dense_layers=99999";
    const std::string big = "model=custom&params=100000&layers=100000&hidden=10000000&heads=100000";
    std::vector<std::string> links = {
        "v=1&" + deep + "&offload=1",
        "v=1&" + thin + "&offload=1",
        "v=1&" + moe + "&offload=1",
        "v=1&" + moe + "&offload=1&users=1",
        "v=1&" + wide + "&offload=1",
        "v=1&" + thin + "&offload=1&users=10000000&ctx=16777216&ram=65536",
        "v=1&" + moe + "&offload=1&gpu=rtx-3070&ram=1",
        "v=1&" + moe + "&offload=1&view=models&gpu=rtx-3070",
        "v=1&" + deep + "&offload=1&cpu_layers=100000",
        "v=1&users=10000000&ctx=16777216&in=16777216&out=16777216",
        "v=1&n=100000&users=10000000",
        "v=1&" + big + "&n=100000",
        "v=1&task=train&n=100000&tokens=1e16",
        "v=1&task=train&" + big + "&tokens=1e16&seq=16777216&batch=1000000",
        "v=1&task=tune&" + wide + "&n=100000&epochs=10000",
        "v=1&task=train&gpuh=1e12&gpuh_gpu=h100-sxm&" + moe,
        "v=1&use=asr&audio_h=10000000&streams=10000000&asr_batch=4096&beam=16",
        "v=1&use=embed&docs=1e13&doc_tokens=16777216&qps=10000000",
        "v=1&use=copilot&users=10000000&" + wide,
        "v=1&view=models&gpu=h100-sxm&n=100000&offload=1&users=10000000",
        "v=1&task=other&streams=10000000&vram=1000000",
    };
    return links;
}

bool has_warning(const std::vector<Warning>& ws, const char* code) {
    for (const auto& w : ws)
        if (w.code == code) return true;
    return false;
}

std::vector<std::string> provider_errors(const std::string& json) {
    std::vector<std::string> out;
    for (const auto& e : apply_provider_catalog(test::bundled(), json, "p.json").errors) out.push_back(e.to_string());
    return out;
}

}  // namespace

TEST_CASE("no link takes long to evaluate: 100 000 layers with offload=1 and every count at its top") {
    // Natively every one of these takes a few ms; 500 ms leaves room for sanitizers, wasm and a loaded
    // machine (the requirement is 50 ms natively: the message prints the real figure).
    double worst = 0;
    std::string worst_link;
    for (const std::string& link : worst_links()) {
        const State s = decode_link(link).state;
        // The least of five runs: what the link costs, not what the machine's other work adds.
        double ms = 1e9;
        for (int run = 0; run < 5; ++run) {
            const auto t0 = std::chrono::steady_clock::now();
            const Result r = evaluate(s, test::bundled());
            ms = std::min(ms, ms_since(t0));
            if (run == 0) CHECK_MESSAGE(non_finite_figure(r) == "", link);
        }
        INFO(link);
        CHECK(ms < 500);
        if (ms > worst) worst = ms, worst_link = link;
    }
    MESSAGE("slowest evaluation: " << worst << " ms, " << worst_link);
}

TEST_CASE("offload with 100 000 layers still finds the least split") {
    // 100 000 thin layers of a 100 B dense model: the split that fits is found without trying each.
    const Result r = test::run("v=1&model=custom&params=100&layers=100000&hidden=64&heads=1&offload=1&users=1"
                               "&gpu=rtx-4090&ram=1024");
    const Option* o = nullptr;
    for (const auto& x : r.options)
        if (x.offload) o = &x;
    REQUIRE(o != nullptr);
    const int host = o->offload->host_layers;
    CHECK(host > 0);
    CHECK(host < 100000);
    // One layer fewer on the host does not fit: the split is the least.
    const Result fewer = test::run("v=1&model=custom&params=100&layers=100000&hidden=64&heads=1&offload=1&users=1"
                                   "&gpu=rtx-4090&ram=1024&cpu_layers=" + std::to_string(host - 1));
    const Option* f = nullptr;
    for (const auto& x : fewer.options)
        if (x.offload) f = &x;
    REQUIRE(f != nullptr);
    CHECK_FALSE(f->fits);
}

TEST_CASE("a '://' in a value refuses that value, not the whole link") {
    // Before: any "://" made the decoder take the text for a URL without a fragment and drop it all.
    const DecodedLink d = decode_link("v=1&model=custom&name=https://evil.example&params=8&layers=36&hidden=4096"
                                      "&heads=32&users=3");
    CHECK(d.state.model == "custom");
    CHECK(d.state.custom.params_b == 8);
    CHECK(d.state.users == 3);
    CHECK(d.state.custom.name.empty());
    REQUIRE(has_warning(d.warnings, code::link_url_value));
    for (const auto& w : d.warnings)
        if (w.code == code::link_url_value) CHECK(test::param_text(w, "key") == "name");
    // Any key: the pair is refused with the same notice.
    const DecodedLink u = decode_link("v=1&users=http://x&ctx=4096");
    CHECK(u.state.ctx == 4096);
    CHECK(has_warning(u.warnings, code::link_url_value));
    // Whole URLs still work, with or without a query; one without a fragment says so.
    CHECK(decode_link("https://calc.example/?embed=1&lang=ru#v=1&users=7").state.users == 7);
    CHECK(decode_link("#v=1&users=7").state.users == 7);
    CHECK(decode_link("calc.example/#v=1&users=7").state.users == 7);
    const DecodedLink bare = decode_link("https://calc.example/?users=7");
    CHECK(bare.state.users == State{}.users);
    CHECK(has_warning(bare.warnings, code::link_url_without_fragment));
    // A '#' inside a value is that value's problem.
    const DecodedLink hash = decode_link("v=1&users=5&name=a#b&ctx=2048");
    CHECK(hash.state.users == 5);
    CHECK(hash.state.ctx == 2048);
}

TEST_CASE("ids and names never hold '//'; a config.json whose model_type does is sized as itself") {
    CHECK_FALSE(valid_link_id("https://evil.example"));
    CHECK_FALSE(valid_link_id("//evil.example"));
    CHECK(valid_link_id("Qwen/Qwen3-8B"));
    CHECK(provider_errors(R"({"gpus":[{"id":"https://x","name":"X"}]})")
              .front().find("a web address (//) is not an id") != std::string::npos);
    // model_type "evil://x" named the model, the name made its link a "URL", and the page sized Qwen3-8B.
    const std::string config = R"({"model_type":"evil://x","hidden_size":1024,"num_hidden_layers":8,)"
                               R"("num_attention_heads":8,"intermediate_size":4096,"vocab_size":32000})";
    const ConfigImport imp = import_hf_config(config);
    REQUIRE(imp.ok);
    CHECK(imp.model.name.find("//") == std::string::npos);
    const State s = state_with_import(State{}, imp.model);
    CHECK(s.model == "custom");
    CHECK(s.custom.layers == 8);
    CHECK(s.custom.hidden == 1024);
    CHECK(decode_link(encode_link(s)).state.custom.hidden == 1024);
}

TEST_CASE("bidi and zero-width characters are refused where names enter, dropped on the way out") {
    // A provider GPU named with a right-to-left override, a zero-width space, a BOM.
    for (const char* bad : {"\u202e1BG 08 001H", "H\u200b100", "\ufeffH100", "H100\u2066x\u2069", "A\u00adB"}) {
        const auto e = provider_errors(std::string(R"({"gpus":[{"id":"h100-sxm","name":")") + bad + "\"}]}");
        INFO(bad);
        REQUIRE(e.size() == 1);
        CHECK(e[0] == "p.json: gpus[h100-sxm].name: contains invisible or text-direction characters "
                      "(U+200B, U+202E, ...)");
    }
    // Notes, sources and "unknown" reasons too; Cyrillic and typographic characters stay.
    CHECK_FALSE(provider_errors(R"({"gpus":[{"id":"h100-sxm","notes":"a\u200db"}]})").empty());
    CHECK(provider_errors(R"({"gpus":[{"id":"h100-sxm","name":"Н100 — «80 ГБ» × 8"}]})").empty());
    // Link names and config names: the id character set (ASCII) only.
    CHECK(decode_link("v=1&model=custom&name=H%E2%80%AE100").state.custom.name.empty());
    // What leaves: exports and terminal text lose them.
    CHECK(strip_controls("H\u202e100\u200b", true) == "H100");
    CHECK(md_cell("a\u2067b") == "ab");
    CHECK(csv_cell("\u200b=cmd") == "\"'=cmd\"");
}

TEST_CASE("Markdown exports escape Markdown in names: no link, no image") {
    CHECK(md_cell("[Order here](https://evil.example)") == "\\[Order here\\](https://evil.example)");
    CHECK(md_cell("![](https://evil.example/pixel.png)") == "!\\[\\](https://evil.example/pixel.png)");
    CHECK(md_cell("*bold* _it_ `code` ~x~ a\\b") == "\\*bold\\* \\_it\\_ \\`code\\` \\~x\\~ a\\\\b");
    // End to end: a provider GPU name with both.
    const CatalogLoad p = apply_provider_catalog(test::bundled(),
        R"j({"gpus":[{"id":"h100-sxm","name":"H100 [order](https://evil.example) ![](https://evil.example/x.png)"}]})j",
        "p.json");
    REQUIRE(p.ok);
    const std::string md = result_markdown(evaluate(decode_link("v=1&gpu=h100-sxm").state, p.catalog));
    CHECK(md.find(" [order]") == std::string::npos);
    CHECK(md.find("![](") == std::string::npos);
    CHECK(md.find("\\[order\\](https://evil.example)") != std::string::npos);
}

TEST_CASE("a link's custom model passes the checks an imported config.json passes") {
    const std::string base = "v=1&model=custom&params=8&layers=36&hidden=4096&heads=32";
    // kv_heads above heads, active above total, kv_heads that do not divide heads: refused, said.
    const struct { const char* extra; const char* code; const char* key; } bad[] = {
        {"&kv_heads=64", code::model_check_range, "kv_heads"},
        {"&active=20", code::model_check_range, "active"},
        {"&kv_heads=5", code::model_check_kv_heads, ""},
        {"&experts=8&topk=9&expert_inter=1024", code::model_check_range, "topk"},
        {"&experts=8&topk=2&expert_inter=1024&dense_layers=37", code::model_check_range, "dense_layers"},
        {"&experts=8&topk=2&expert_inter=1024&moe_step=2&dense_layers=10", code::model_check_moe_step, ""},
        {"&experts=8&topk=2&expert_inter=1024&moe_step=37", code::model_check_range, "moe_step"},
        {"&hidden=16", code::model_check_range, "head_dim"},
    };
    for (const auto& b : bad) {
        const Result r = test::run(base + b.extra);
        INFO(b.extra);
        CHECK_FALSE(r.model_found);
        CHECK(r.options.empty());
        CHECK(has_warning(r.warnings, code::model_custom_implausible));
        bool named = false;
        for (const auto& w : r.warnings) named = named || (w.code == b.code && test::param_text(w, "key") == b.key);
        CHECK(named);
        // Nor in "what can I run on my GPU?".
        const Result models = test::run(base + b.extra + "&view=models&gpu=h100-sxm");
        CHECK(models.models.size() == test::bundled().models.size());
    }
    // The same figures are fine together.
    CHECK(test::run(base + "&kv_heads=8&active=8").model_found);
}

TEST_CASE("a link cannot pass off a small model as a catalog model, nor a count its architecture cannot hold") {
    // The finding: "meta-llama/Llama-3.1-405B-Instruct" with tiny numbers showed on one RTX A6000 at 63 tok/s.
    const Result r = test::run("v=1&model=custom&name=meta-llama/Llama-3.1-405B-Instruct&params=1&layers=16"
                               "&hidden=2048&heads=16&inter=8192&vocab=32000");
    REQUIRE(r.model_found);
    CHECK(r.model.name == "Custom model");
    const Warning* w = nullptr;
    for (const auto& x : r.warnings)
        if (x.code == code::model_custom_name_taken) w = &x;
    REQUIRE(w != nullptr);
    CHECK(test::param(*w, "catalog_b") == doctest::Approx(405).epsilon(0.01));
    CHECK(test::param(*w, "params_b") == 1);
    CHECK(test::param_text(*w, "name") == "meta-llama/Llama-3.1-405B-Instruct");
    // Its id without the owner is the same claim.
    CHECK(has_warning(test::run("v=1&model=custom&name=Llama-3.1-405B-Instruct&params=1&layers=16&hidden=2048"
                                "&heads=16").warnings, code::model_custom_name_taken));
    // A link with the model's own figures (an imported config.json) keeps the name.
    const Result real = test::run("v=1&model=custom&name=meta-llama/Llama-3.1-405B-Instruct&params=405.8&layers=126"
                                  "&hidden=16384&heads=128&kv_heads=8&inter=53248&vocab=128256");
    CHECK(real.model.name == "meta-llama/Llama-3.1-405B-Instruct");
    CHECK_FALSE(has_warning(real.warnings, code::model_custom_name_taken));
    CHECK_FALSE(has_warning(real.warnings, code::model_custom_params_arch));
    // 405 B of parameters in 2 layers of width 64: said, sized with the link's count.
    const Result far = test::run("v=1&model=custom&params=405&layers=2&hidden=64&heads=1");
    CHECK(far.model_found);
    CHECK(has_warning(far.warnings, code::model_custom_params_arch));
}

TEST_CASE("models under 1 M parameters are refused wherever they come from, with the reason") {
    // A config.json of ~0.1 M parameters: before, it imported and then was not evaluated (the link
    // refused params below 0.001 B without a word in the dialog).
    const ConfigImport imp = import_hf_config(R"({"model_type":"llama","hidden_size":32,"num_hidden_layers":2,)"
                                              R"("num_attention_heads":2,"intermediate_size":64,"vocab_size":1000})");
    CHECK_FALSE(imp.ok);
    REQUIRE(imp.errors.size() == 1);
    CHECK(imp.errors[0].to_string().find("params_b: expected 0.001–100000, got") != std::string::npos);
    CHECK(imp.errors[0].to_string().find("models under 1 M parameters are not sized") != std::string::npos);
    // The link says the same range; a provider's model too.
    CHECK(decode_link("v=1&model=custom&params=0.0005").state.custom.params_b == 0);
    CHECK_FALSE(provider_errors(R"({"models":[{"id":"t","name":"T","params_b":0.0005,"layers":1,"hidden":8,)"
                                R"("heads":1,"source":"s"}]})").empty());
}

TEST_CASE("prices in several currencies: one notice per currency, with its own count and rate") {
    // The bundled USD prices, one GPU in EUR and one in GBP, a page in RUB with rates for two of them.
    const CatalogLoad p = apply_provider_catalog(test::bundled(), R"({"currency":"RUB","rates":{"USD":92.5,"EUR":100},
        "gpus":[{"id":"l4","price_per_gpu_hour":{"value":0.5,"currency":"EUR","source":"s"}},
                {"id":"t4","price_per_gpu_hour":{"value":0.4,"currency":"GBP","source":"s"}}]})", "p.json");
    for (const auto& e : p.errors) MESSAGE(e.to_string());
    REQUIRE(p.ok);
    const Result r = evaluate(decode_link("v=1").state, p.catalog);
    std::vector<std::string> converted, other;
    for (const auto& w : r.warnings) {
        if (w.code == code::price_converted)
            converted.push_back(test::param_text(w, "from") + " " + text::number(test::param(w, "rate"), 1, Lang::en) +
                                " x" + std::to_string(int(test::param(w, "count"))));
        if (w.code == code::price_other_currency)
            other.push_back(test::param_text(w, "other") + " x" + std::to_string(int(test::param(w, "count"))));
    }
    // Before: one notice named USD at 92.5 for all 20 conversions, the euro one included.
    int usd = 0;
    for (const auto& g : test::bundled().gpus) usd += g.price && g.id != "l4" && g.id != "t4";
    CHECK(converted == std::vector<std::string>{"EUR 100.0 x1", "USD 92.5 x" + std::to_string(usd)});
    CHECK(other == std::vector<std::string>{"GBP x1"});
}

TEST_CASE("a rate that would push a price past the envelope is refused, naming the GPU") {
    const CatalogLoad p =
        apply_provider_catalog(test::bundled(), R"({"currency":"XAU","rates":{"USD":1e6}})", "p.json");
    CHECK_FALSE(p.ok);
    REQUIRE(p.errors.size() == 1);
    CHECK(p.errors[0].to_string().rfind("p.json: rates.USD: converts ", 0) == 0);
    CHECK(p.errors[0].to_string().find("XAU per GPU-hour, above the 1e+06 limit") != std::string::npos);
    CHECK(p.catalog.currency == "USD");  // refused as a whole: the bundled catalog stays
    // At the edge it converts.
    CHECK(apply_provider_catalog(test::bundled(), R"({"currency":"XAU","rates":{"USD":1e5}})", "p.json").ok);
}

TEST_CASE("many currencies: the first five named, the rest counted in one notice") {
    std::string gpus;
    const char* ids[] = {"l4", "t4", "a10", "l40s", "rtx-4090", "rtx-3090", "rtx-5090"};
    const char* curs[] = {"AAA", "BBB", "CCC", "DDD", "EEE", "FFF", "GGG"};
    for (int i = 0; i < 7; ++i)
        gpus += std::string(i ? "," : "") + R"({"id":")" + ids[i] +
                R"(","price_per_gpu_hour":{"value":1,"currency":")" + curs[i] + R"(","source":"s"}})";
    const CatalogLoad p =
        apply_provider_catalog(test::bundled(), R"({"currency":"USD","gpus":[)" + gpus + "]}", "p.json");
    REQUIRE(p.ok);
    const Result r = evaluate(decode_link("v=1").state, p.catalog);
    int named = 0;
    const Warning* more = nullptr;
    for (const auto& w : r.warnings) {
        named += w.code == code::price_other_currency;
        if (w.code == code::price_more_currencies) more = &w;
    }
    CHECK(named == 5);
    REQUIRE(more != nullptr);
    CHECK(text::render(*more, Lang::en) ==
          "and 2 more GPUs priced in 2 other currencies, shown without a price in USD");
    CHECK(text::render(*more, Lang::ru) == "и ещё 2 GPU с ценой в 2 других валютах, показаны без цены в USD");
}

TEST_CASE("huge shared experts: refused by name, no integer overflow (UBSan found n × width in int)") {
    const ConfigImport imp = import_hf_config(R"({"model_type":"deepseek_v3","hidden_size":64,"num_hidden_layers":2,)"
        R"("num_attention_heads":2,"intermediate_size":64,"vocab_size":1000,"n_routed_experts":8,)"
        R"("num_experts_per_tok":2,"moe_intermediate_size":100000,"n_shared_experts":1048576})");
    CHECK_FALSE(imp.ok);
    REQUIRE_FALSE(imp.errors.empty());
    CHECK(imp.errors[0].to_string() == "config.json: n_shared_experts: with moe_intermediate_size 100000, the shared "
                                       "experts are 104857600000 wide, at most 100000000");
    // The same counts in a link are sized in floating point: finite, and said to be far from the count.
    const Result r = test::run("v=1&model=custom&params=1000&layers=100&hidden=8192&heads=64&experts=1048576"
                               "&topk=1048576&shared=1048576&expert_inter=100000000");
    CHECK(non_finite_figure(r) == "");
}

TEST_CASE("every catalog model described by a link passes the link's checks and keeps its name") {
    // No false alarm: the checks refuse contradictions and borrowed names, not real models.
    for (const ModelSpec& m : test::bundled().models) {
        if (m.speech || m.embedding || m.estimated) continue;  // encoders count differently; estimates are rough
        INFO(m.id);
        CustomModel c = custom_from_spec(m);
        c.name = m.id;
        const CustomModelCheck check = check_custom_model(c, test::bundled());
        CHECK(check.usable);
        CHECK(check.model.name == m.id);
        for (const auto& w : check.warnings) CHECK_MESSAGE(false, w.code << " " << text::render(w, Lang::en));
    }
}
