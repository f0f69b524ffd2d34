// Hostile inputs (issue 14): huge provider files, figures at the edge of their envelope, text that
// would run as a spreadsheet formula or break a Markdown table, control characters.
#include <chrono>

#include "catalog/catalog_binary.hpp"
#include "helpers.hpp"
#include "report/report.hpp"

using namespace gpusizer;

namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// {"gpus":[{"id":"g0"},{"id":"g1"},...]}: bare ids, the file that froze the page for 9 s.
std::string bare_gpus(int n) {
    std::string s = R"({"gpus":[)";
    for (int i = 0; i < n; ++i) s += (i ? "," : "") + std::string(R"({"id":"g)") + std::to_string(i) + "\"}";
    return s + "]}";
}

std::vector<std::string> provider_errors(const std::string& json) {
    std::vector<std::string> out;
    for (const auto& e : apply_provider_catalog(test::bundled(), json, "provider.json").errors) out.push_back(e.to_string());
    return out;
}

bool has_error(const std::vector<std::string>& errors, const std::string& text) {
    for (const auto& e : errors)
        if (e == text) return true;
    return false;
}

// A complete GPU entry named `id` with one figure replaced by `extra` (a JSON member).
std::string gpu_entry(const std::string& id, const std::string& extra) {
    return R"({"id":")" + id + R"(","name":"G","memory_gib":80,"memory_bandwidth_gbs":2000,"tflops_dense":{"bf16":500},)" +
           R"("sources":"test")" + (extra.empty() ? "" : "," + extra) + "}";
}

}  // namespace

TEST_CASE("a provider file of 100 000 GPUs is refused promptly, with one clear error") {
    const std::string text = bare_gpus(100000);
    CHECK(text.size() < limits::kProviderFileBytes);  // under the size limit: the count limit decides
    const auto t0 = std::chrono::steady_clock::now();
    const CatalogLoad p = apply_provider_catalog(test::bundled(), text, "provider.json");
    const double took = seconds_since(t0);
    MESSAGE("100 000 bare GPU ids (" << text.size() << " bytes): " << took << " s");
    CHECK(took < 2.0);
    CHECK_FALSE(p.ok);
    REQUIRE(p.errors.size() == 1);
    CHECK(p.errors[0].to_string() == "provider.json: gpus: 100000 entries, at most 500");
    CHECK(p.catalog.gpus.size() == test::bundled().gpus.size());  // the base catalog is kept
}

TEST_CASE("a provider file over the size limit is refused before it is parsed") {
    std::string text = bare_gpus(100000);
    while (text.size() <= 64 * 1024 * 1024) text += text;  // 67 MB and more
    const auto t0 = std::chrono::steady_clock::now();
    const CatalogLoad p = apply_provider_catalog(test::bundled(), text, "provider.json");
    const double took = seconds_since(t0);
    MESSAGE(text.size() << " bytes: " << took << " s");
    CHECK(took < 2.0);
    REQUIRE(p.errors.size() == 1);
    CHECK(p.errors[0].to_string() == "provider.json: larger than 2097152 bytes");
    // Same for a complete catalog (--catalog, "mode": "replace").
    CHECK_FALSE(load_catalog(text, "c.json").ok);
}

TEST_CASE("deeply nested JSON is refused before it is parsed") {
    const std::string deep = R"({"gpus":)" + std::string(100000, '[') + std::string(100000, ']') + "}";
    const auto e = provider_errors(deep);
    REQUIRE(e.size() == 1);
    CHECK(e[0] == "provider.json: nested deeper than 32 levels");
}

TEST_CASE("many bad entries give the first 20 errors and one 'and N more'") {
    std::string text = R"({"prices":{)";
    for (int i = 0; i < 1000; ++i) text += (i ? "," : "") + std::string("\"nope") + std::to_string(i) + "\":1";
    text += "}}";
    const auto t0 = std::chrono::steady_clock::now();
    const auto e = provider_errors(text);
    CHECK(seconds_since(t0) < 2.0);
    REQUIRE(e.size() == limits::kErrorsShown + 1);
    CHECK(e.back() == "provider.json: and 980 more problems");
    // 1 001 prices: over the count limit, refused as a whole.
    std::string over = R"({"prices":{)";
    for (int i = 0; i <= 1000; ++i) over += (i ? "," : "") + std::string("\"p") + std::to_string(i) + "\":1";
    CHECK(provider_errors(over + "}}") == std::vector<std::string>{"provider.json: prices: 1001 entries, at most 1000"});
}

TEST_CASE("the largest accepted provider file merges in linear time") {
    // 500 new GPUs, 1 000 prices and order links for them and the bundled ones, 1 000 hidden ids.
    std::string gpus, prices, urls, hide;
    for (int i = 0; i < 500; ++i) {
        const std::string id = "p" + std::to_string(i);
        gpus += (i ? "," : "") + gpu_entry(id, "");
        prices += (i ? "," : "") + ("\"" + id + "\":" + std::to_string(i));
        urls += (i ? "," : "") + ("\"" + id + "\":\"https://provider.example/" + id + "\"");
        if (i % 2) hide += std::string(hide.empty() ? "" : ",") + "\"" + id + "\"";
    }
    const std::string text = R"({"gpus":[)" + gpus + R"(],"prices":{)" + prices + R"(},"order_urls":{)" + urls +
                             R"(},"hide":[)" + hide + "]}";
    const auto t0 = std::chrono::steady_clock::now();
    const CatalogLoad p = apply_provider_catalog(test::bundled(), text, "provider.json");
    MESSAGE("500 GPUs, 500 prices and links, 250 hidden: " << seconds_since(t0) << " s");
    for (const auto& e : p.errors) MESSAGE(e.to_string());
    REQUIRE(p.ok);
    CHECK(p.catalog.gpus.size() == test::bundled().gpus.size() + 250);
    REQUIRE(p.catalog.find_gpu("p4"));
    CHECK(p.catalog.find_gpu("p4")->price->per_gpu_hour == 4);
    CHECK(p.catalog.find_gpu("p4")->order_url == "https://provider.example/p4");
    CHECK(p.catalog.find_gpu("p5") == nullptr);
}

TEST_CASE("figures outside the envelope are refused with the field named") {
    CHECK(has_error(provider_errors(R"({"gpus":[{"id":"h100-sxm","tflops_dense":{"bf16":1e-300}}]})"),
                    "provider.json: gpus[h100-sxm].tflops_dense.bf16: expected 0.01–100000, got 1e-300"));
    CHECK(has_error(provider_errors(R"({"gpus":[)" + gpu_entry("new", R"("price_per_gpu_hour":1e308)") + "]}"),
                    "provider.json: gpus[new].price_per_gpu_hour: expected 0–1e+06, got 1e+308"));
    CHECK(has_error(provider_errors(R"({"prices":{"h100-sxm":1e308}})"), "provider.json: prices.h100-sxm: expected a price 0–1e+06"));
    // Architecture overrides: a given number is at least 1, and the merged entry is checked as a whole.
    CHECK(has_error(provider_errors(R"({"models":[{"id":"Qwen/Qwen3-8B","head_dim":0}]})"),
                    "provider.json: models[Qwen/Qwen3-8B].head_dim: expected 1–100000, got 0"));
    CHECK(has_error(provider_errors(R"({"models":[{"id":"Qwen/Qwen3-8B","kv_heads":5}]})"),
                    "provider.json: models[Qwen/Qwen3-8B].kv_heads: heads (32) must be a multiple of kv_heads (5)"));
    CHECK(has_error(provider_errors(R"({"models":[{"id":"Qwen/Qwen3-8B","heads":12}]})"),
                    "provider.json: models[Qwen/Qwen3-8B].kv_heads: heads (12) must be a multiple of kv_heads (8)"));
    CHECK(has_error(provider_errors(R"({"models":[{"id":"Qwen/Qwen3-8B","kv_heads":64}]})"),
                    "provider.json: models[Qwen/Qwen3-8B].kv_heads: expected 1–32, got 64"));
    // Interleaved experts: the dense layers follow from the step (Maverick: 48 layers, every 2nd, 24 dense).
    const std::string mav = R"({"models":[{"id":"meta-llama/Llama-4-Maverick-17B-128E-Instruct","moe":{"experts":128,)"
                            R"("experts_per_token":1,"shared_experts":1,"expert_intermediate":8192,"dense_layers":20,)"
                            R"("interleave_step":2}}]})";
    CHECK(has_error(provider_errors(mav), "provider.json: models[meta-llama/Llama-4-Maverick-17B-128E-Instruct]."
                                          "moe.dense_layers: experts in one layer of every 2, over 48 layers, leave "
                                          "24 dense layers"));
    // Without dense_layers they follow from the step.
    const std::string derived = R"({"models":[{"id":"meta-llama/Llama-4-Maverick-17B-128E-Instruct","moe":{"experts":128,)"
                                R"("experts_per_token":1,"shared_experts":1,"expert_intermediate":8192,"interleave_step":2}}]})";
    const CatalogLoad d = apply_provider_catalog(test::bundled(), derived, "provider.json");
    REQUIRE(d.ok);
    CHECK(d.catalog.find_model("meta-llama/Llama-4-Maverick-17B-128E-Instruct")->moe->dense_layers == 24);
    // A new model derives kv_heads and head_dim like a catalog entry: hidden 16 over 32 heads is 0.
    CHECK(has_error(provider_errors(R"({"models":[{"id":"m","name":"M","params_b":1,"layers":2,"hidden":16,"heads":32,"source":"s"}]})"),
                    "provider.json: models[m].head_dim: expected 1–100000, got 0"));
    // The same rule in a complete catalog.
    const std::string cat = R"({"schema":1,"catalog_version":"x","gpus":[)" + gpu_entry("g", R"("tflops_dense":{"fp32":0.001})") + "]}";
    CHECK_FALSE(load_catalog(cat, "c.json").ok);
}

TEST_CASE("a packed catalog is held to the same envelope") {
    Catalog c = test::bundled();
    c.gpus.front().tflops.bf16 = 1e-300;
    const CatalogLoad tiny = unpack_catalog(pack_catalog(c), "catalog.bin");
    CHECK_FALSE(tiny.ok);
    REQUIRE(tiny.errors.size() == 1);
    CHECK(tiny.errors[0].message.find(".tflops_dense.bf16: expected 0.01–100000, got 1e-300") != std::string::npos);
    c = test::bundled();
    c.models.front().kv_heads = 5;
    CHECK_FALSE(unpack_catalog(pack_catalog(c), "catalog.bin").ok);
    c = test::bundled();
    c.currency = "<b>";
    CHECK_FALSE(unpack_catalog(pack_catalog(c), "catalog.bin").ok);
}

TEST_CASE("figures at the edges of the envelope give finite results for every task") {
    const std::string edge = R"({"gpus":[)" +
        gpu_entry("slow", R"("memory_gib":0.5,"memory_bandwidth_gbs":1,"tflops_dense":{"fp64":0.01,"fp32":0.01,"bf16":0.01,"fp16":0.01,"fp8":0.01,"int8":0.01},"price_per_gpu_hour":1e6,"tdp_w":100000)") +
        "," + gpu_entry("fast", R"("memory_gib":100000,"memory_bandwidth_gbs":1e6,"tflops_dense":{"fp64":100000,"fp32":100000,"bf16":100000,"fp8":100000},"price_per_gpu_hour":0,"server_sizes":[1,1024])") +
        R"(],"models":[{"id":"huge","name":"H","params_b":100000,"layers":100000,"hidden":10000000,"heads":100000,"kv_heads":1,"head_dim":100000,"source":"s"},)" +
        R"({"id":"tiny","name":"T","params_b":0.001,"layers":1,"hidden":1,"heads":1,"source":"s"}]})";
    const CatalogLoad p = apply_provider_catalog(test::bundled(), edge, "edge.json");
    for (const auto& e : p.errors) MESSAGE(e.to_string());
    REQUIRE(p.ok);
    for (const char* model : {"huge", "tiny", "Qwen/Qwen3-8B"})
        for (const char* task : {"infer", "tune", "train", "other"})
            for (const char* extra : {"", "&gpu=slow", "&gpu=fast", "&ctx=1048576&users=10000000", "&mfu=0.01&tokens=1e15"}) {
                const std::string link = std::string("v=1&task=") + task + "&model=" + model + extra;
                INFO(link);
                const Result r = evaluate(decode_link(link).state, p.catalog);
                CHECK(non_finite_figure(r) == "");
            }
}

TEST_CASE("ids, names, currency and order links are checked at load") {
    CHECK(has_error(provider_errors(R"({"gpus":[)" + gpu_entry("a b", "") + "]}"),
                    "provider.json: gpus[a b].id: expected 1-100 letters, digits or - _ . / : +"));
    CHECK(has_error(provider_errors(R"({"gpus":[)" + gpu_entry(std::string(101, 'x'), "") + "]}"),
                    "provider.json: gpus[" + std::string(101, 'x') + "].id: expected 1-100 letters, digits or - _ . / : +"));
    // An id quoted in an error is clipped: a megabyte key gives a short line.
    const auto long_key = provider_errors(R"({"prices":{")" + std::string(1 << 20, 'k') + R"(":1}})");
    REQUIRE(long_key.size() == 1);
    CHECK(long_key[0] == "provider.json: prices." + std::string(120, 'k') + "…: unknown GPU id");
    CHECK(has_error(provider_errors(R"({"gpus":[{"id":"h100-sxm","name":"H\u001b[31m"}]})"),
                    "provider.json: gpus[h100-sxm].name: contains control characters"));
    CHECK(has_error(provider_errors(R"({"gpus":[{"id":"h100-sxm","name":")" + std::string(201, 'n') + "\"}]}"),
                    "provider.json: gpus[h100-sxm].name: longer than 200 bytes"));
    for (const char* cur : {"usd", "US$", "EURO", "", "<b>"})
        CHECK(has_error(provider_errors(std::string(R"({"currency":")") + cur + "\"}"),
                        std::string("provider.json: currency: expected a three-letter code A-Z such as USD, got '") + cur + "'"));
    CHECK(provider_errors(R"({"currency":"EUR"})").empty());
    for (const char* url : {"http://provider.example/", "javascript:alert(1)", "https://a b", "https://"})
        CHECK(has_error(provider_errors(std::string(R"({"gpus":[{"id":"h100-sxm","order_url":")") + url + "\"}]}"),
                        "provider.json: gpus[h100-sxm].order_url: expected an https:// URL of at most 2000 bytes without spaces"));
    CHECK(provider_errors(R"({"gpus":[{"id":"h100-sxm","order_url":"https://provider.example/?gpu={gpu}"}]})").empty());
}

TEST_CASE("exports are safe by construction: formulas defused, Markdown escaped") {
    CHECK(csv_cell("=HYPERLINK(\"x\")") == "\"'=HYPERLINK(\"\"x\"\")\"");
    for (const char* f : {"+1", "-1", "@SUM(A1)", "\tx", "\rx"}) CHECK(csv_cell(f).substr(0, 2) == "\"'");
    CHECK(csv_cell("H100 80 GB") == "\"H100 80 GB\"");
    CHECK(csv_cell("—") == "\"—\"");
    CHECK(md_cell("a|b\nc <script>&") == "a\\|b c &lt;script&gt;&amp;");
    // End to end: a provider GPU whose name is a formula and HTML.
    const CatalogLoad p = apply_provider_catalog(test::bundled(),
        R"({"gpus":[{"id":"h100-sxm","name":"=cmd|'/c calc'!A1 <img src=x>"}]})", "provider.json");
    REQUIRE(p.ok);
    const Result r = evaluate(decode_link("v=1&model=Qwen/Qwen3-8B&gpu=h100-sxm").state, p.catalog);
    const std::string csv = result_csv(r), md = result_markdown(r);
    CHECK(csv.find("\"'=cmd|'/c calc'!A1 <img src=x>\"") != std::string::npos);
    CHECK(csv.find(",\"=cmd") == std::string::npos);
    CHECK(md.find("=cmd\\|'/c calc'!A1 &lt;img src=x&gt;") != std::string::npos);
    CHECK(md.find("<img") == std::string::npos);
}

TEST_CASE("text for a terminal loses its control characters") {
    CHECK(strip_controls("a\x1b[31mb\x07\x7f", true) == "a[31mb");
    CHECK(strip_controls("line\n\tnext\r", true) == "line\n\tnext");
    CHECK(strip_controls("line\n\tnext", false) == "linenext");
    CHECK(strip_controls("x\xc2\x9b" "1m y", true) == "x1m y");  // C1 CSI
    CHECK(strip_controls("Привет ×", true) == "Привет ×");        // other UTF-8 untouched
}

TEST_CASE("an MFU below 1 % is clamped with a warning") {
    const DecodedLink d = decode_link("v=1&task=train&model=Qwen/Qwen3-8B&mfu=0.0001");
    REQUIRE(d.state.mfu);
    CHECK(*d.state.mfu == 0.01);
    bool warned = false;
    for (const auto& w : d.warnings) warned = warned || w.code == "link.mfu_clamped";
    CHECK(warned);
    CHECK(decode_link("v=1&task=train&mfu=0.01").warnings.empty());
}
