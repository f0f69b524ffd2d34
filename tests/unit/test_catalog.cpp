// The bundled catalog and the loader's errors.
#include "helpers.hpp"

using namespace gpusizer;

TEST_CASE("the bundled catalog loads with no error") {
    const CatalogLoad c = load_catalog(bundled_catalog_json(), "data/catalog.json");
    for (const auto& e : c.errors) MESSAGE(e.to_string());
    REQUIRE(c.ok);
    CHECK(c.catalog.schema == 1);
    CHECK(c.catalog.gpus.size() >= 26);
    CHECK(c.catalog.models.size() >= 30);
    CHECK(c.catalog.presets.size() >= 10);
    // Every GPU without a price says why (the loader already insists on a reason for every null).
    for (const auto& g : c.catalog.gpus) {
        INFO(g.id);
        CHECK(g.price.has_value() == g.price_unknown_reason.empty());
    }
}

TEST_CASE("every GPU and model the article names is present") {
    for (const char* id : {"b300", "h200", "rtx-pro-6000", "h100-sxm", "h100-pcie", "rtx-4090", "rtx-4090-48gb", "rtx-a5000",
                           "a100-80gb", "a100-40gb", "l4", "t4", "a2", "rtx-3070", "rtx-3090", "b200", "h100-nvl", "l40s",
                           "a10", "rtx-5090", "rtx-6000-ada", "rtx-a6000", "mi300x", "h800", "a100-pcie-80gb",
                           "a100-pcie-40gb"})
        CHECK_MESSAGE(test::bundled().find_gpu(id) != nullptr, id);
    for (const char* id : {"Qwen/Qwen3-8B", "deepseek-ai/DeepSeek-V2", "deepseek-ai/DeepSeek-V2-Lite", "openai/gpt-oss-20b",
                           "ai-sage/GigaChat3-10B-A1.8B", "Qwen/Qwen3-30B-A3B", "Qwen/Qwen3-Next-80B-A3B-Instruct",
                           "deepseek-ai/DeepSeek-R1-Distill-Qwen-32B", "deepseek-ai/DeepSeek-R1-Distill-Llama-70B",
                           "openai/gpt-oss-120b", "deepseek-ai/DeepSeek-OCR", "Qwen/Qwen3-VL-8B-Instruct",
                           "Qwen/Qwen3.5-397B-A17B", "deepseek-ai/DeepSeek-V3.2", "moonshotai/Kimi-K2.5", "Qwen/Qwen3-235B-A22B",
                           "mistralai/Mistral-7B-Instruct-v0.3", "google/gemma-3-27b-it", "meta-llama/Llama-3.1-8B-Instruct",
                           "meta-llama/Llama-3.1-70B-Instruct", "meta-llama/Llama-3.1-405B-Instruct"})
        CHECK_MESSAGE(test::bundled().find_model(id) != nullptr, id);
    bool server = false;
    for (const auto& s : test::bundled().servers) server = server || (s.id == "dgx-b300" && s.gpus == 8);
    CHECK(server);
}

TEST_CASE("spot checks against datasheets and config.json") {
    // NVIDIA H100 SXM datasheet: 80 GB HBM3, 3.35 TB/s, FP8 3 958 TFLOPS with sparsity → 1 979 dense, 700 W.
    const GpuSpec& h100 = test::gpu("h100-sxm");
    CHECK(h100.memory_gib == 80);
    CHECK(h100.memory_bandwidth_gbs == 3350);
    CHECK(*h100.tflops.fp8 == doctest::Approx(3958 / 2.0).epsilon(0.001));
    CHECK(h100.datasheet_prints_sparse);
    CHECK(h100.tdp_w == 700);
    CHECK(h100.nvlink_gbs == 900);
    // H200 datasheet: 141 GB, 4.8 TB/s, FP64 34, FP64 tensor 67 (the guide's "FP64 34 / FP32 67").
    const GpuSpec& h200 = test::gpu("h200");
    CHECK(h200.memory_gib == 141);
    CHECK(h200.memory_bandwidth_gbs == 4800);
    CHECK(*h200.tflops.fp64 == 34);
    // RTX 4090: 24 GB GDDR6X, 1 008 GB/s (the guide's figure).
    CHECK(test::gpu("rtx-4090").memory_bandwidth_gbs == 1008);
    // Qwen3-8B config.json: 36 layers, hidden 4096, 32 heads, 8 KV heads, head_dim 128.
    const ModelSpec& q = test::model("Qwen/Qwen3-8B");
    CHECK(q.layers == 36); CHECK(q.hidden == 4096); CHECK(q.heads == 32); CHECK(q.kv_heads == 8); CHECK(q.head_dim == 128);
    // DeepSeek-V3 config.json: kv_lora_rank 512, qk_rope_head_dim 64, 256 routed experts, 8 per token, 1 shared.
    const ModelSpec& v3 = test::model("deepseek-ai/DeepSeek-V3");
    REQUIRE(v3.mla); REQUIRE(v3.moe);
    CHECK(v3.mla->kv_lora_rank == 512); CHECK(v3.mla->qk_rope_head_dim == 64);
    CHECK(v3.moe->experts == 256); CHECK(v3.moe->experts_per_token == 8); CHECK(v3.moe->shared_experts == 1);
    CHECK(v3.native_format == WeightFormat::fp8);
    // gpt-oss-120b: 36 layers, 128 experts, 4 per token, window 128 on half the layers, MXFP4.
    const ModelSpec& oss = test::model("openai/gpt-oss-120b");
    CHECK(oss.moe->experts == 128); CHECK(oss.moe->experts_per_token == 4);
    CHECK(oss.sliding_window == 128); CHECK(oss.sliding_layers == 18);
    CHECK(oss.native_format == WeightFormat::mxfp4);
}

TEST_CASE("H800 SXM: FP64 cut to 1 TFLOPS, NVLink to 400 GB/s") {
    // NVIDIA H800 Tensor Core GPU datasheet, H800 SXM column (reproduced at mfbz.cn/a/975234.html):
    // FP64 1 TFLOPS, FP64 Tensor Core 1 TFLOPS, NVLink 400 GB/s; memory and other rates as H100 SXM.
    const GpuSpec& h800 = test::gpu("h800");
    const GpuSpec& h100 = test::gpu("h100-sxm");
    CHECK(*h800.tflops.fp64 == 1);
    CHECK(*h800.tflops.fp64_tensor == 1);
    CHECK(h800.nvlink_gbs == 400);
    CHECK(h800.memory_bandwidth_gbs == h100.memory_bandwidth_gbs);
    CHECK(*h800.tflops.bf16 == *h100.tflops.bf16);
    CHECK(*h800.tflops.fp8 == *h100.tflops.fp8);
}

TEST_CASE("A100 PCIe 80GB and 40GB against the A100 datasheet") {
    // NVIDIA A100 datasheet: 80GB PCIe 80 GB HBM2e, 1,935 GB/s, 300 W; 40GB PCIe 40 GB HBM2,
    // 1,555 GB/s, 250 W; both "NVLink Bridge for 2 GPUs: 600 GB/s", PCIe Gen4, SXM peak rates.
    const GpuSpec& p80 = test::gpu("a100-pcie-80gb");
    const GpuSpec& p40 = test::gpu("a100-pcie-40gb");
    CHECK(p80.memory_gib == 80);
    CHECK(p80.memory_bandwidth_gbs == 1935);
    CHECK(p80.tdp_w == 300);
    CHECK(p40.memory_gib == 40);
    CHECK(p40.memory_bandwidth_gbs == 1555);
    CHECK(p40.tdp_w == 250);
    for (const GpuSpec* g : {&p80, &p40}) {
        INFO(g->id);
        CHECK(g->nvlink_gbs == 600);
        CHECK(g->nvlink_pairs_only);
        CHECK(g->pcie_gen == 4);
        CHECK(*g->tflops.bf16 == *test::gpu("a100-80gb").tflops.bf16);
    }
    // RunPod's list prices the 80 GB PCIe card; no provider was found renting the 40 GB one.
    REQUIRE(p80.price.has_value());
    CHECK(p80.price->per_gpu_hour == 1.39);
    CHECK(p80.price_unknown_reason.empty());
    CHECK_FALSE(p40.price.has_value());
    CHECK_FALSE(p40.price_unknown_reason.empty());
}

TEST_CASE("RTX PRO 6000 is the Server Edition") {
    // Server Edition datasheet: 96 GB GDDR7, 1,597 GB/s (the Workstation Edition has 1,792),
    // FP32 120 TFLOPS, up to 600 W, PCIe Gen5, no NVLink.
    const GpuSpec& g = test::gpu("rtx-pro-6000");
    CHECK(g.memory_gib == 96);
    CHECK(g.memory_bandwidth_gbs == 1597);
    CHECK(*g.tflops.fp32 == 120);
    CHECK(g.tdp_w == 600);
    CHECK(g.pcie_gen == 5);
    CHECK(g.nvlink_generation == 0);
    CHECK_FALSE(g.tflops.int8.has_value());  // published for the Workstation Edition only
}

TEST_CASE("dense and sparse figures are consistent") {
    for (const auto& g : test::bundled().gpus) {
        INFO(g.id);
        if (g.tflops.fp8 && g.tflops.bf16 && g.architecture != "Ada Lovelace" && g.vendor == "NVIDIA")
            CHECK(*g.tflops.fp8 / *g.tflops.bf16 == doctest::Approx(2.0).epsilon(0.02));  // FP8 = 2 × BF16 (Hopper, Blackwell)
        if (g.tflops.bf16 && g.tflops.tf32 && g.architecture == "Hopper")
            CHECK(*g.tflops.bf16 / *g.tflops.tf32 == doctest::Approx(2.0).epsilon(0.02));
        // Dense H100-class BF16 is below 1 000 TFLOPS: a stored 1 979 would be the sparse figure.
        if (g.architecture == "Hopper" && g.tflops.bf16) CHECK(*g.tflops.bf16 < 1000);
        CHECK(g.memory_gib > 0);
        CHECK(g.memory_bandwidth_gbs > 0);
        CHECK_FALSE(g.source.empty());
    }
    for (const auto& m : test::bundled().models) {
        INFO(m.id);
        CHECK_FALSE(m.source.empty());
        CHECK(m.active_params_b <= m.params_b);
        if (!m.estimated) CHECK(m.layers > 0);
    }
}

TEST_CASE("aliases and case-insensitive ids") {
    CHECK(test::bundled().find_model("qwen/qwen3-8b") == &test::model("Qwen/Qwen3-8B"));
    std::string via;
    const ModelSpec* m = test::bundled().find_model("meta-llama/Meta-Llama-3.1-8B-Instruct", &via);
    REQUIRE(m);
    CHECK(m->id == "meta-llama/Llama-3.1-8B-Instruct");
    CHECK(via == "meta-llama/Meta-Llama-3.1-8B-Instruct");
}

static std::vector<std::string> errors_of(const std::string& json) {
    std::vector<std::string> out;
    for (const auto& e : load_catalog(json, "bad.json").errors) out.push_back(e.to_string());
    return out;
}

TEST_CASE("broken catalog files are rejected with precise errors") {
    CHECK(errors_of("{not json") == std::vector<std::string>{"bad.json: not valid JSON"});
    CHECK(errors_of("[1,2]") == std::vector<std::string>{"bad.json: expected a JSON object at the top, got an array"});
    const auto missing = errors_of(R"({"schema":1,"catalog_version":"x","gpus":[{"id":"g1","name":"G","memory_bandwidth_gbs":100,"tflops_dense":{},"sources":"s"}]})");
    REQUIRE(missing.size() == 1);
    CHECK(missing[0] == "bad.json: gpus[g1].memory_gib: required number is missing");
    const auto wrong_type = errors_of(R"({"schema":1,"catalog_version":"x","gpus":[{"id":"g1","name":"G","memory_gib":"80","memory_bandwidth_gbs":100,"tflops_dense":{"bf16":"fast"},"sources":"s"}]})");
    REQUIRE(wrong_type.size() == 2);
    CHECK(wrong_type[0] == "bad.json: gpus[g1].memory_gib: expected a number, got a string");
    CHECK(wrong_type[1] == "bad.json: gpus[g1].tflops_dense.bf16: expected a number, got a string");
    const auto negative = errors_of(R"({"schema":1,"catalog_version":"x","gpus":[{"id":"g1","name":"G","memory_gib":-1,"memory_bandwidth_gbs":100,"tflops_dense":{},"sources":"s"}]})");
    REQUIRE(negative.size() == 1);
    CHECK(negative[0].find("gpus[g1].memory_gib: expected 0.5–100000, got -1") != std::string::npos);
    const auto dup = errors_of(R"({"schema":1,"catalog_version":"x","gpus":[{"id":"a","name":"A","memory_gib":8,"memory_bandwidth_gbs":100,"tflops_dense":{},"sources":"s"},{"id":"a","name":"B","memory_gib":8,"memory_bandwidth_gbs":100,"tflops_dense":{},"sources":"s"}]})");
    REQUIRE(dup.size() == 1);
    CHECK(dup[0] == "bad.json: gpus[a].id: duplicate id 'a'");
    const auto schema = errors_of(R"({"schema":2,"catalog_version":"x","gpus":[]})");
    REQUIRE(schema.size() == 2);
    CHECK(schema[0] == "bad.json: schema: this calculator reads schema 1");
    const auto nosource = errors_of(R"({"schema":1,"catalog_version":"x","gpus":[{"id":"a","name":"A","memory_gib":8,"memory_bandwidth_gbs":100,"tflops_dense":{}}]})");
    REQUIRE(nosource.size() == 1);
    CHECK(nosource[0] == "bad.json: gpus[a].sources: every entry must cite its sources");
    const auto model = errors_of(R"({"schema":1,"catalog_version":"x","gpus":[{"id":"a","name":"A","memory_gib":8,"memory_bandwidth_gbs":100,"tflops_dense":{},"sources":"s"}],"models":[{"id":"m","name":"M","params_b":7,"active_params_b":9,"layers":32,"hidden":4096,"heads":32,"native_format":"fp3","source":"s"}]})");
    REQUIRE(model.size() == 2);
    CHECK(model[0] == "bad.json: models[m].active_params_b: active parameters exceed total parameters");
    CHECK(model[1] == "bad.json: models[m].native_format: unknown format 'fp3'");
    // A preset's task and use are the link's words (engine/vocabulary.cpp).
    const char* gpu = R"({"id":"a","name":"A","memory_gib":8,"memory_bandwidth_gbs":100,"tflops_dense":{},"sources":"s"})";
    const auto preset = errors_of(std::string(R"({"schema":1,"catalog_version":"x","gpus":[)") + gpu +
                                  R"(],"presets":[{"id":"p","task":"infer","use":"poetry","title_en":"P","title_ru":"P"},)"
                                  R"({"id":"q","task":"serve","title_en":"Q","title_ru":"Q"}]})");
    REQUIRE(preset.size() == 2);
    CHECK(preset[0] == "bad.json: presets[p].use: expected one of chat, rag, ocr, general, asr, embed, copilot, reason, agent, render, "
                       "transcode, image, hpc");
    CHECK(preset[1] == "bad.json: presets[q].task: expected infer, tune, train or other");
    const Catalog& c = test::bundled();
    REQUIRE(!c.presets.empty());
    CHECK(c.presets[0].task == Task::infer);
    CHECK(c.presets[0].use == Use::chat);
}

TEST_CASE("provider files extend or replace; errors keep the base catalog") {
    const Catalog& base = test::bundled();
    const CatalogLoad ext = apply_provider_catalog(base, R"({"mode":"extend","currency":"RUB",
        "prices":{"h100-sxm":390},"order_urls":{"h100-sxm":"https://provider.example/order?gpu={gpu}&n={count}"},
        "hide":["rtx-3070"],"gpus":[{"id":"h200","tdp_w":650}]})", "provider.json");
    for (const auto& e : ext.errors) MESSAGE(e.to_string());
    REQUIRE(ext.ok);
    CHECK(ext.catalog.currency == "RUB");
    CHECK(ext.catalog.find_gpu("h100-sxm")->price->per_gpu_hour == 390);
    CHECK(ext.catalog.find_gpu("rtx-3070") == nullptr);
    CHECK(ext.catalog.find_gpu("h200")->tdp_w == 650);
    CHECK(ext.catalog.find_gpu("h200")->memory_gib == 141);  // partial override keeps the rest
    const CatalogLoad bad = apply_provider_catalog(base, R"J({"prices":{"nope":1,"h100-sxm":-3},"order_urls":{"h100-sxm":"javascript:alert(1)"}})J", "p.json");
    CHECK_FALSE(bad.ok);
    REQUIRE(bad.errors.size() == 3);
    // (JSON object keys are read in sorted order)
    CHECK(bad.errors[0].to_string() == "p.json: prices.h100-sxm: expected a price 0–1e+06");
    CHECK(bad.errors[1].to_string() == "p.json: prices.nope: unknown GPU id");
    CHECK(bad.errors[2].to_string() == "p.json: order_urls.h100-sxm: expected an https:// URL of at most 2000 bytes without spaces");
    CHECK(bad.catalog.gpus.size() == base.gpus.size());
    CHECK(bad.catalog.currency == base.currency);
}

// A one-GPU catalog whose entry has `fields` besides the required ones.
static std::string one_gpu(const std::string& fields) {
    return R"({"schema":1,"catalog_version":"x","gpus":[{"id":"g1","name":"G","memory_gib":8,)"
           R"("memory_bandwidth_gbs":100,"sources":"s",)" + fields + "}]}";
}

// The one error of such a catalog, after "bad.json: gpus[g1]." (or how many errors there were).
static std::string only_error(const std::string& fields) {
    const auto e = errors_of(one_gpu(fields));
    const std::string prefix = "bad.json: gpus[g1].";
    if (e.size() != 1 || e[0].rfind(prefix, 0) != 0) return std::to_string(e.size()) + " errors";
    return e[0].substr(prefix.size());
}

TEST_CASE("every null figure of a GPU says why in \"unknown\"") {
    const CatalogLoad ok = load_catalog(one_gpu(R"("tflops_dense":{"bf16":10,"fp8":null},"nvlink":null,)"
                                                R"("price_per_gpu_hour":null,"unknown":{"nvlink":"PCIe only",)"
                                                R"("tflops_dense.fp8":"no FP8","price_per_gpu_hour":"no price"})"),
                                        "ok.json");
    for (const auto& e : ok.errors) MESSAGE(e.to_string());
    REQUIRE(ok.ok);
    CHECK(ok.catalog.gpus[0].price_unknown_reason == "no price");

    CHECK(only_error(R"("tflops_dense":{"bf16":10,"fp8":null})") ==
          "tflops_dense.fp8: null without a reason in \"unknown\"");
    CHECK(only_error(R"("tflops_dense":{"bf16":10},"unknown":{"tflops_dense.bf16":"?"})") ==
          "unknown.tflops_dense.bf16: the field is not null: only a null figure takes a reason");
    CHECK(only_error(R"("tflops_dense":{},"unknown":{"tflops_dense.fp9":"?"})") ==
          "unknown.tflops_dense.fp9: names no field of this entry");
    CHECK(only_error(R"("tflops_dense":{"fp8":null},"unknown":{"tflops_dense.fp8":7})") ==
          "unknown.tflops_dense.fp8: expected a string, got a number");
    CHECK(only_error(R"("tflops_dense":{},"unknown":[])") ==
          "unknown: expected an object {field path: reason}, got an array");
    // The hostile-input limits: reasons are text (at most 4000 bytes, no control characters), and
    // an "unknown" longer than any entry could need is refused before its keys are looked up.
    CHECK(only_error(R"("tflops_dense":{"fp8":null},"unknown":{"tflops_dense.fp8":"a\u0007b"})") ==
          "unknown.tflops_dense.fp8: contains control characters");
    const std::string long_reason(limits::kTextChars + 1, 'x');
    CHECK(only_error(R"("tflops_dense":{"fp8":null},"unknown":{"tflops_dense.fp8":")" + long_reason + "\"}") ==
          "unknown.tflops_dense.fp8: longer than 4000 bytes");
    std::string many;
    for (std::size_t i = 0; i <= limits::kUnknownReasons; ++i)
        many += (i ? ",\"f" : "\"f") + std::to_string(i) + "\":\"?\"";
    CHECK(only_error(R"("tflops_dense":{},"unknown":{)" + many + "}") == "unknown: 101 entries, at most 100");
}

TEST_CASE("provider files: a price removes the price's reason; partial overrides need no reasons") {
    const Catalog& base = test::bundled();
    REQUIRE_FALSE(test::gpu("h800").price.has_value());
    REQUIRE_FALSE(test::gpu("h800").price_unknown_reason.empty());
    auto reason = [](const CatalogLoad& p, const char* id) {
        return p.catalog.find_gpu(id)->price_unknown_reason;
    };

    const CatalogLoad listed = apply_provider_catalog(base, R"({"prices":{"h800":2.1}})", "p.json");
    REQUIRE(listed.ok);
    CHECK(reason(listed, "h800").empty());
    const CatalogLoad priced = apply_provider_catalog(
        base, R"({"gpus":[{"id":"h800","price_per_gpu_hour":{"value":2,"source":"list"}}]})", "p.json");
    REQUIRE(priced.ok);
    CHECK(reason(priced, "h800").empty());
    // A partial override may leave a null unexplained, or explain its own.
    CHECK(apply_provider_catalog(base, R"({"gpus":[{"id":"h200","tdp_w":null}]})", "p.json").ok);
    const CatalogLoad withdrawn = apply_provider_catalog(
        base, R"({"gpus":[{"id":"h200","price_per_gpu_hour":null,)"
              R"("unknown":{"price_per_gpu_hour":"not offered"}}]})", "p.json");
    REQUIRE(withdrawn.ok);
    CHECK_FALSE(withdrawn.catalog.find_gpu("h200")->price.has_value());
    CHECK(reason(withdrawn, "h200") == "not offered");
    // A GPU a provider adds is a complete entry: its nulls need reasons.
    const CatalogLoad added = apply_provider_catalog(
        base, R"({"gpus":[{"id":"new","name":"N","memory_gib":8,"memory_bandwidth_gbs":100,)"
              R"("tflops_dense":{"fp8":null},"sources":"s"}]})", "p.json");
    CHECK_FALSE(added.ok);
    REQUIRE(added.errors.size() == 1);
    CHECK(added.errors[0].to_string() ==
          "p.json: gpus[new].tflops_dense.fp8: null without a reason in \"unknown\"");
}

TEST_CASE("another checkpoint of a catalog model's architecture is sized as it, and said so") {
    // The base models' config.json equal their instruct models' in every dimension the engine reads.
    const ModelVariant* v = test::bundled().find_variant("META-LLAMA/Llama-3.1-8B");
    REQUIRE(v);
    CHECK(v->model == "meta-llama/Llama-3.1-8B-Instruct");
    CHECK(v->source.find("config.json") != std::string::npos);
    CHECK(test::bundled().find_model("meta-llama/Llama-3.1-8B") == nullptr);  // not a rename
    const Result r = test::run("v=1&task=train&model=meta-llama/Llama-3.1-70B&tokens=15T&gpu=h100-sxm&n=2048");
    CHECK(r.model.id == "meta-llama/Llama-3.1-70B");  // the checkpoint asked for, sized as the instruct model
    CHECK(r.model.name == "Llama-3.1-70B");
    CHECK(r.model.layers == 80);
    bool said = false;
    for (const Message& m : r.warnings) said = said || m.code == code::model_variant;
    CHECK(said);
    const Result same = test::run("v=1&task=train&model=meta-llama/Llama-3.1-70B-Instruct&tokens=15T&gpu=h100-sxm&n=2048");
    REQUIRE(!r.options.empty());
    REQUIRE(!same.options.empty());
    CHECK(r.options[0].gpu_hours.mid == same.options[0].gpu_hours.mid);
    // A checkpoint with its own context keeps it, and its serving command names it.
    const Result llama3 = test::run("v=1&model=meta-llama/Meta-Llama-3-8B-Instruct&ctx=32768&gpu=h100-sxm&n=1");
    CHECK(llama3.model.max_context == 8192);
    bool over = false;
    for (const Message& m : llama3.warnings) over = over || m.code == code::model_context_over_max;
    CHECK(over);
    REQUIRE(!llama3.options.empty());
    REQUIRE(!llama3.options[0].command.empty());
    CHECK(llama3.options[0].command[0].shell.find("vllm serve meta-llama/Meta-Llama-3-8B-Instruct") != std::string::npos);
    const Result within = test::run("v=1&model=meta-llama/Meta-Llama-3-8B-Instruct&ctx=8192&gpu=h100-sxm&n=1");
    for (const Message& m : within.warnings) CHECK(m.code != code::model_context_over_max);
    CHECK(errors_of(R"({"schema":1,"catalog_version":"x","gpus":[{"id":"g1","name":"G","memory_gib":8,"memory_bandwidth_gbs":100,"tflops_dense":{},"sources":"s"}],"models":[],"aliases":{"a/b":{"same_architecture_as":"c/d","sources":"s","max_context":0}}})") ==
          std::vector<std::string>{"bad.json: aliases.a/b: max_context must be a whole number of tokens from 1 to 2^30"});
    // A variant must name a catalog model and cite its sources.
    const std::string gpu = R"("gpus":[{"id":"g1","name":"G","memory_gib":8,"memory_bandwidth_gbs":100,"tflops_dense":{},"sources":"s"}])";
    CHECK(errors_of(R"({"schema":1,"catalog_version":"x",)" + gpu + R"(,"aliases":{"a/b":{"same_architecture_as":"c/d","sources":"s"}}})") ==
          std::vector<std::string>{"bad.json: aliases.a/b: points to unknown model 'c/d'"});
    CHECK(errors_of(R"({"schema":1,"catalog_version":"x",)" + gpu + R"(,"aliases":{"a/b":{"same_architecture_as":"c/d"}}})") ==
          std::vector<std::string>{"bad.json: aliases.a/b: every entry must cite its sources (text or an object of texts)"});
}

TEST_CASE("a length left at its default is the model's own when the model was trained for fewer tokens") {
    auto said = [](const Result& r, const char* code) {
        for (const Message& m : r.warnings)
            if (m.code == code) return true;
        return false;
    };
    // Llama 2 was trained for 4,096 tokens (config.json max_position_embeddings): the default 8,192
    // would size a KV cache it cannot fill and a `--max-model-len` vLLM refuses.
    const Result llama2 = test::run("v=1&model=meta-llama/Llama-2-7b-hf&users=4&gpu=h100-sxm&n=1");
    CHECK(llama2.state.ctx == 4096);
    CHECK(said(llama2, code::model_length_fitted));
    CHECK_FALSE(said(llama2, code::model_context_over_max));
    REQUIRE(!llama2.options.empty());
    CHECK(llama2.options[0].command[0].shell.find("--max-model-len 4096") != std::string::npos);
    // 32 layers × 32 KV heads × (128 + 128) × 2 bytes = 524,288 bytes a token, × 4,096 × 4 users.
    CHECK(llama2.options[0].kv_cache_gb >= 524288.0 * 4096 * 4 / 1e9 * 0.999);
    // A context asked for is sized as asked, and said to be past the model's.
    const Result asked = test::run("v=1&model=meta-llama/Llama-2-7b-hf&ctx=16384&users=4&gpu=h100-sxm&n=1");
    CHECK(asked.state.ctx == 16384);
    CHECK(said(asked, code::model_context_over_max));
    CHECK_FALSE(said(asked, code::model_length_fitted));
    // Named at the default's own value, it is as asked too, and the link keeps it.
    const Result eight = test::run("v=1&model=meta-llama/Llama-2-7b-hf&ctx=8192&users=4&gpu=h100-sxm&n=1");
    CHECK(eight.state.ctx == 8192);
    CHECK(said(eight, code::model_context_over_max));
    CHECK(encode_link(decode_link("v=1&model=meta-llama/Llama-2-7b-hf&ctx=8192").state).find("ctx=8192") != std::string::npos);
    CHECK(encode_link(decode_link("v=1&model=meta-llama/Llama-2-7b-hf").state).find("ctx=") == std::string::npos);
    // Training: BLOOM's 2,048-token sequences instead of the default 4,096.
    const Result bloom = test::run("v=1&task=train&model=bigscience/bloom&tokens=366B&gpu=a100-80gb&n=384");
    CHECK(bloom.state.seq == 2048);
    CHECK(said(bloom, code::model_length_fitted));
    // A model with a longer context keeps the default.
    const Result qwen = test::run("v=1&model=Qwen/Qwen3-8B&users=4&gpu=h100-sxm&n=1");
    CHECK(qwen.state.ctx == kDefaultContext);
    CHECK_FALSE(said(qwen, code::model_length_fitted));
}

TEST_CASE("a short GPU name the catalog maps to one card is said, not silently taken") {
    auto alias_said = [](const Result& r) {
        for (const Message& m : r.warnings)
            if (m.code == code::gpu_alias) return true;
        return false;
    };
    const Result h100 = test::run("v=1&model=Qwen/Qwen3-8B&gpu=h100");
    REQUIRE(!h100.options.empty());
    CHECK(h100.options[0].gpu_id == "h100-sxm");
    CHECK(alias_said(h100));
    // Its own id, in any case, needs no word.
    const Result own = test::run("v=1&model=Qwen/Qwen3-8B&gpu=H100-SXM");
    REQUIRE(!own.options.empty());
    CHECK(own.options[0].gpu_id == "h100-sxm");
    CHECK_FALSE(alias_said(own));
}

TEST_CASE("a card and a model as people write them are found") {
    const Catalog& c = test::bundled();
    auto id_of = [&](const char* typed) {
        const GpuSpec* g = c.find_gpu(typed);
        return g ? g->id : std::string("none");
    };
    CHECK(id_of("rtx4090") == "rtx-4090");
    CHECK(id_of("NVIDIA GeForce RTX 4090") == "rtx-4090");
    CHECK(id_of("RTX 4090 48GB") == "rtx-4090-48gb");
    CHECK(id_of("A100 SXM 80GB") == "a100-80gb");  // its name
    CHECK(id_of("a100-pcie-40GB") == "a100-pcie-40gb");
    CHECK(id_of("Instinct MI300X") == "mi300x");
    CHECK(id_of("Tesla T4") == "t4");
    CHECK(id_of("H100 80GB") == "h100-sxm");  // an alias, spelled loosely
    CHECK(id_of("rtx 409") == "none");
    CHECK(id_of("L4") == "l4");
    CHECK(id_of("NVIDIA L4 24GB") == "l4");
    // A model number is not cut: a letter alone names no card (it was "L4 24GB" less its digits).
    CHECK(id_of("l") == "none");
    CHECK(id_of("t") == "none");
    CHECK(id_of("Tesla T") == "none");
    CHECK(id_of("rtx") == "none");
    CHECK(id_of("A100 SXM") == "none");  // two cards' names read so: neither is taken
    CHECK(id_of("a10") == "a10");        // a prefix of another card's id is its own card
    CHECK(id_of("---") == "none");
    CHECK(id_of("") == "none");
    CHECK(id_of(std::string(300, 'x').c_str()) == "none");
    // Only a card's own id is taken without a word; a name spelled otherwise is said.
    CHECK(c.is_gpu_id("RTX-4090"));
    CHECK_FALSE(c.is_gpu_id("rtx 4090"));
    CHECK_FALSE(c.is_gpu_id("h100"));
    // A space in a link's GPU is read as a hyphen ("A100 40GB" is then the id itself)...
    const Result spaced = test::run("v=1&model=Qwen/Qwen3-8B&gpu=A100%2040GB");
    REQUIRE(!spaced.options.empty());
    CHECK(spaced.options[0].gpu_id == "a100-40gb");
    CHECK(spaced.warnings.empty());
    // ...and a card's name spelled otherwise is said.
    const Result named = test::run("v=1&model=Qwen/Qwen3-8B&gpu=NVIDIA%20GeForce%20RTX%204090");
    REQUIRE(!named.options.empty());
    CHECK(named.options[0].gpu_id == "rtx-4090");
    REQUIRE(named.warnings.size() == 1);
    CHECK(named.warnings[0].code == code::gpu_alias);
    // An id without its owner, when one owner's id ends so.
    CHECK(c.full_model_id("qwen3-8b") == "Qwen/Qwen3-8B");
    CHECK(c.full_model_id("Llama-3.1-8B") == "meta-llama/Llama-3.1-8B");  // a variant
    CHECK(c.full_model_id("Qwen/Qwen3-8B").empty());                      // has an owner: as typed
    CHECK(c.full_model_id("qwen3").empty());
    REQUIRE(c.find_model("QWEN3-32B"));
    CHECK(c.find_model("QWEN3-32B")->id == "Qwen/Qwen3-32B");
    REQUIRE(c.find_variant("deepseek-r1"));
    CHECK(c.find_variant("deepseek-r1")->model == "deepseek-ai/DeepSeek-V3");
    const Result r = test::run("v=1&model=llama-3.3-70b-instruct&gpu=h200");
    CHECK(r.model.id == "meta-llama/Llama-3.3-70B-Instruct");
    // A GPU's short name is no model (it has no owner to add), and says so instead of looping.
    CHECK(c.find_model("h100") == nullptr);
    CHECK(c.find_variant("a6000") == nullptr);
    const Result gpu_as_model = test::run("v=1&model=h100");
    CHECK(gpu_as_model.options.empty());
    REQUIRE(!gpu_as_model.warnings.empty());
    CHECK(gpu_as_model.warnings[0].code == code::model_unknown);
    const Result custom_named = test::run("v=1&model=custom&name=a100&params=8&layers=32&hidden=4096&heads=32");
    CHECK(custom_named.model.name == "a100");
}

TEST_CASE("an id without its owner is taken only when every id ending so stands for one model") {
    Catalog c = test::bundled();
    // Another owner's alias to the same model is the same model.
    c.aliases.emplace_back("acme/Qwen3-8B", "Qwen/Qwen3-8B");
    CHECK(c.full_model_id("qwen3-8b") == "Qwen/Qwen3-8B");
    // Another owner's alias to another model makes the name ambiguous: nothing is taken.
    c.aliases.emplace_back("other/Qwen3-14B", "Qwen/Qwen3-32B");
    CHECK(c.full_model_id("Qwen3-14B").empty());
    CHECK(c.find_model("Qwen3-14B") == nullptr);
    CHECK(c.find_model("Qwen/Qwen3-14B") != nullptr);  // its full id still names it
    // A provider's variant without an owner is found by its exact name, without a loop.
    c.variants.push_back(ModelVariant{"my-llama", "meta-llama/Llama-3.1-8B-Instruct", "x"});
    CHECK(c.find_model("my-llama") == nullptr);
    REQUIRE(c.find_variant("MY-LLAMA"));
    CHECK(c.find_variant("MY-LLAMA")->model == "meta-llama/Llama-3.1-8B-Instruct");
}

TEST_CASE("a provider's aliases are checked like the bundled ones and replace them") {
    const Catalog& base = test::bundled();
    const CatalogLoad own = apply_provider_catalog(base, R"({"mode":"extend","aliases":{"h100":"h100-pcie"}})", "p.json");
    REQUIRE(own.ok);
    CHECK(own.catalog.find_gpu("h100")->id == "h100-pcie");
    const CatalogLoad bad = apply_provider_catalog(base, R"({"mode":"extend","aliases":{
        "x/gpu":{"same_architecture_as":"h100-sxm","sources":"s"},
        "x/num":{"same_architecture_as":"Qwen/Qwen3-8B","sources":5},
        "h200x":"nope"}})", "p.json");
    CHECK_FALSE(bad.ok);
    std::vector<std::string> said;
    for (const auto& e : bad.errors) said.push_back(e.to_string());
    CHECK(said == std::vector<std::string>{  // in the order of the keys
                      "p.json: aliases.h200x: points to unknown id 'nope'",
                      "p.json: aliases.x/gpu: points to unknown model 'h100-sxm'",
                      "p.json: aliases.x/num: every entry must cite its sources (text or an object of texts)"});
}
