// "What can I run on my GPU?" (view=models): every catalog model on a pinned GPU, in the first
// weight format that fits the load, or why none does.
#include <nlohmann/json.hpp>

#include "engine/model_fit.hpp"
#include "helpers.hpp"
#include "report/report.hpp"

using namespace gpusizer;

namespace {

const ModelFit* find(const Result& r, const std::string& id) {
    for (const auto& m : r.models)
        if (m.id == id) return &m;
    return nullptr;
}

}  // namespace

TEST_CASE("view=models on one RTX 4090: Qwen3-8B fits, Qwen3-235B-A22B does not, each with its reason") {
    const DecodedLink d = decode_link("v=1&view=models&gpu=rtx-4090&n=1");
    REQUIRE(d.warnings.empty());
    const Result r = evaluate(d.state, test::bundled());
    CHECK(r.models.size() == test::bundled().models.size());
    const ModelFit* small = find(r, "Qwen/Qwen3-8B");
    REQUIRE(small != nullptr);
    CHECK(small->fits);
    CHECK(small->reason.empty());
    CHECK(small->decode_tps_per_user.mid >= d.state.tps);
    CHECK(small->per_gpu_gb.mid <= 24 * 1.073741824 * 0.9);
    // BF16 (16.4 GB of weights) leaves too little KV for 10 users of 8,192 tokens on 24 GB: 8-bit.
    CHECK(small->wq != WeightFormat::bf16);
    const ModelFit* big = find(r, "Qwen/Qwen3-235B-A22B");
    REQUIRE(big != nullptr);
    CHECK_FALSE(big->fits);
    CHECK(big->wq == WeightFormat::int4);  // the last format tried
    CHECK(big->reason.code == code::reason_needs_memory_ctx);
    CHECK(test::param(big->reason, "need") > 100);
    // GigaChat3 (architecture partly inferred, marked estimated) is sized like the others: 10.7 B
    // parameters fit one 24 GB card at 8 bits or less.
    const ModelFit* giga = find(r, "ai-sage/GigaChat3-10B-A1.8B");
    REQUIRE(giga != nullptr);
    CHECK(giga->fits);
    CHECK(giga->per_gpu_gb.mid > 5);
    CHECK(non_finite_figure(r).empty());

    // JSON: models[] with id, fits, wq, per_gpu_gb, decode_tps_per_user, reason.
    const auto j = nlohmann::json::parse(result_json(r, {}));
    REQUIRE(j["models"].is_array());
    bool seen_small = false, seen_big = false;
    for (const auto& m : j["models"]) {
        for (const char* key : {"id", "fits", "wq", "per_gpu_gb", "decode_tps_per_user", "reason"}) CHECK(m.contains(key));
        if (m["id"] == "Qwen/Qwen3-8B") {
            seen_small = true;
            CHECK(m["fits"] == true);
            CHECK(m["reason"].is_null());
            CHECK(m["decode_tps_per_user"].get<double>() > 20);
        }
        if (m["id"] == "Qwen/Qwen3-235B-A22B") {
            seen_big = true;
            CHECK(m["fits"] == false);
            CHECK(m["reason"].get<std::string>().find("GB per GPU") != std::string::npos);
        }
    }
    CHECK(seen_small);
    CHECK(seen_big);
    // Russian reasons too.
    const auto ru = nlohmann::json::parse(result_json(r, {}, 2, Lang::ru));
    for (const auto& m : ru["models"])
        if (m["id"] == "Qwen/Qwen3-235B-A22B") CHECK(m["reason"].get<std::string>().find("ГБ") != std::string::npos);
}

TEST_CASE("view=models: formats tried, the custom model listed, no GPU pinned said") {
    // Native first; 8-bit (FP8 where the GPU has FP8 tensor cores, else INT8); then 4-bit.
    const auto ada = formats_to_try(test::model("Qwen/Qwen3-8B"), test::gpu("rtx-4090"));
    CHECK(ada == std::vector<WeightFormat>{WeightFormat::bf16, WeightFormat::fp8, WeightFormat::int4});
    const auto ampere = formats_to_try(test::model("Qwen/Qwen3-8B"), test::gpu("rtx-3090"));
    CHECK(ampere == std::vector<WeightFormat>{WeightFormat::bf16, WeightFormat::int8, WeightFormat::int4});
    CHECK(formats_to_try(test::model("openai/gpt-oss-20b"), test::gpu("rtx-4090")) == std::vector<WeightFormat>{WeightFormat::mxfp4});

    // The link's custom model is one more row, and two GPUs change the answer for a big model.
    const Result r = evaluate(decode_link("v=1&view=models&model=custom&name=my-70b&params=70&layers=80&hidden=8192&heads=64"
                                          "&kv_heads=8&head_dim=128&inter=28672&vocab=128256&gpu=h100-sxm&n=2").state,
                              test::bundled());
    REQUIRE(!r.models.empty());
    CHECK(r.models.back().id == "custom");
    CHECK(r.models.back().name == "my-70b");
    CHECK(r.models.back().count == 2);
    CHECK(r.models.back().fits);

    // Without a pinned GPU there is nothing to list, and the result says so.
    const Result none = evaluate(decode_link("v=1&view=models").state, test::bundled());
    CHECK(none.models.empty());
    bool said = false;
    for (const auto& w : none.warnings) said = said || w.code == code::models_no_gpu;
    CHECK(said);
    // The usual view has no models[] (null in the JSON).
    CHECK(nlohmann::json::parse(result_json(evaluate(State{}, test::bundled()), {}))["models"].is_null());
}
