// "Bring your own model": public config.json files sized through the importer give the catalog
// entry's weights and KV cache, their links reproduce the result without the file, and bad or
// hostile files are refused with the field named.
#include <fstream>
#include <sstream>

#include "catalog/hf_config.hpp"
#include "engine/custom_model.hpp"
#include "helpers.hpp"
#include "report/report.hpp"

using namespace gpusizer;

namespace {

std::string read_data(const std::string& name) {
    std::ifstream in(std::string(GPUSIZER_SOURCE_DIR) + "/tests/data/" + name, std::ios::binary);
    REQUIRE_MESSAGE(in.good(), name);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

ConfigImport import_file(const std::string& name) {
    const ConfigImport imp = import_hf_config(read_data(name));
    for (const auto& e : imp.errors) INFO(e.to_string());
    REQUIRE(imp.ok);
    return imp;
}

std::string errors_of(const ConfigImport& imp) {
    std::string all;
    for (const auto& e : imp.errors) all += e.to_string() + "\n";
    return all;
}

bool has_note(const ConfigImport& imp, const char* code) {
    for (const auto& n : imp.notes)
        if (n.code == code) return true;
    return false;
}

struct PublicConfig {
    const char* file;
    const char* catalog_id;
    double params;  // published exact count
};
// Qwen3-8B: 8.19 B on the card (16,381,470,720 bytes of BF16 safetensors); DeepSeek-V2-Lite:
// 15.7 B; gpt-oss-20b: 20.91 B (arXiv 2508.10925, table 1).
const PublicConfig kPublic[] = {
    {"Qwen3-8B.config.json", "Qwen/Qwen3-8B", 8190735360.0},
    {"DeepSeek-V2-Lite.config.json", "deepseek-ai/DeepSeek-V2-Lite", 15706484224.0},
    {"gpt-oss-20b.config.json", "openai/gpt-oss-20b", 20914757184.0},
};

}  // namespace

TEST_CASE("config.json: the architecture's parameter count is the published one, exactly") {
    for (const auto& p : kPublic) {
        INFO(p.file);
        const ConfigImport imp = import_file(p.file);
        CHECK(imp.model.params_b * 1e9 == doctest::Approx(p.params).epsilon(1e-12));
        CHECK(has_note(imp, code::config_params_arch));
    }
    // gpt-oss-20b: 3.61 B active without the input embedding (the paper's convention; ours counts it).
    const ConfigImport oss = import_file("gpt-oss-20b.config.json");
    const double input_embedding = 201088.0 * 2880;
    CHECK((oss.model.active_params_b * 1e9 - input_embedding) / 1e9 == doctest::Approx(3.61).epsilon(0.005));
    CHECK(oss.model.native_format == WeightFormat::mxfp4);
    CHECK(oss.model.native_quantizes_experts_only);
    CHECK(oss.model.sliding_window == 128);
    CHECK(oss.model.sliding_layers == 12);
    const ConfigImport lite = import_file("DeepSeek-V2-Lite.config.json");
    REQUIRE(lite.model.mla);
    CHECK(lite.model.mla->kv_lora_rank == 512);
    CHECK(lite.model.mla->q_lora_rank == 0);
    REQUIRE(lite.model.moe);
    CHECK(lite.model.moe->dense_layers == 1);
    CHECK(lite.model.moe->shared_experts == 2);
}

TEST_CASE("config.json: sized through the file, the same weights and KV cache as the catalog entry") {
    for (const auto& p : kPublic) {
        INFO(p.file);
        const ModelSpec& catalog = test::model(p.catalog_id);
        const State s = state_with_import(State{}, import_file(p.file).model);
        const ModelSpec from_file = custom_model(s.custom);
        // KV: the same bytes per token and per sequence, from the architecture alone.
        for (KvFormat kv : {KvFormat::bf16, KvFormat::fp8}) {
            const KvLayout a = kv_layout(from_file, kv), b = kv_layout(catalog, kv);
            CHECK(a.full_bytes_per_token == b.full_bytes_per_token);
            CHECK(a.window_bytes_per_token == b.window_bytes_per_token);
            CHECK(kv_bytes_per_sequence(a, 32768).value == kv_bytes_per_sequence(b, 32768).value);
        }
        // Weights: the same bytes in every format once the count is the same; the catalog keeps the
        // card's rounded count (8.2 B, 15.7 B, 21 B), so the file's exact count differs by < 1.5 %.
        ModelSpec same_count = from_file;
        same_count.params_b = catalog.params_b;
        for (int i = 0; i < kWeightFormatCount; ++i) {
            const WeightFormat f = weight_format_at(i);
            CHECK(weight_bytes(same_count, f).total().value == doctest::Approx(weight_bytes(catalog, f).total().value).epsilon(1e-9));
        }
        const Result file = evaluate(s, test::bundled());
        State by_id;
        by_id.model = p.catalog_id;
        const Result cat = evaluate(by_id, test::bundled());
        CHECK(file.weight_format == cat.weight_format);
        CHECK(file.memory.kv_cache.value == cat.memory.kv_cache.value);
        CHECK(file.memory.weights.value == doctest::Approx(cat.memory.weights.value).epsilon(0.015));
    }
}

TEST_CASE("config.json: the link it produces reproduces the result without the file") {
    for (const auto& p : kPublic) {
        INFO(p.file);
        State asked;
        asked.users = 40;
        asked.ctx = 16384;
        const State s = state_with_import(asked, import_file(p.file).model);
        const std::string link = encode_link(s);
        CHECK(link.find("model=custom") != std::string::npos);
        CHECK(link.size() < 600);
        const DecodedLink d = decode_link(link);
        CHECK(d.warnings.empty());
        CHECK(encode_link(d.state) == link);
        CHECK(result_json(evaluate(s, test::bundled()), {}) == result_json(evaluate(d.state, test::bundled()), {}));
        CHECK(d.state.users == 40);  // the rest of the state is kept
    }
}

TEST_CASE("config.json: the custom-model links of version 1 keep their meaning") {
    // Only the first seven keys: FFN width 4·hidden and no vocabulary, as before.
    const DecodedLink d = decode_link("v=1&model=custom&params=70&layers=80&hidden=8192&heads=64&kv_heads=8&head_dim=128");
    const Result r = evaluate(d.state, test::bundled());
    CHECK(r.model.estimated);
    CHECK(r.model.intermediate == 0);
    CHECK(r.model.vocab == 0);
    bool said = false;
    for (const auto& w : r.warnings) said = said || w.code == code::model_custom;
    CHECK(said);
    // A catalog model's link does not carry a custom model kept in the state.
    State s = d.state;
    s.model = "Qwen/Qwen3-8B";
    CHECK(encode_link(s) == "v=1");
}

TEST_CASE("config.json: model.safetensors.index.json gives the exact count, and says so") {
    const std::string config = read_data("Qwen3-8B.config.json");
    // The published BF16 checkpoint: 16,381,470,720 bytes = 8,190,735,360 parameters × 2 bytes.
    const ConfigImport imp = import_hf_config(config, R"({"metadata": {"total_size": 16381470720}, "weight_map": {"lm_head.weight": "model-00005-of-00005.safetensors"}})");
    REQUIRE(imp.ok);
    CHECK(has_note(imp, code::config_params_index));
    CHECK(imp.model.params_b == doctest::Approx(8.19073536));
    // A vision tower or MTP layers in the checkpoint: the index's count wins, and both are said.
    const ConfigImport more = import_hf_config(config, R"({"metadata": {"total_parameters": 8500000000}})");
    REQUIRE(more.ok);
    CHECK(more.model.params_b == doctest::Approx(8.5));
    CHECK(has_note(more, code::config_params_index_count));
    // A quantized checkpoint's bytes are no parameter count.
    const ConfigImport oss = import_hf_config(read_data("gpt-oss-20b.config.json"), R"({"metadata": {"total_size": 13761264768}})");
    REQUIRE(oss.ok);
    CHECK(has_note(oss, code::config_index_quantized));
    CHECK(oss.model.params_b == doctest::Approx(20.914757184));
    // Broken indexes are refused, named.
    CHECK(errors_of(import_hf_config(config, "{\"metadata\": ")).find("model.safetensors.index.json: not valid JSON") != std::string::npos);
    // An index without a size is ignored, said: the config alone sizes the model.
    const ConfigImport no_size = import_hf_config(config, R"({"weight_map": {}})");
    REQUIRE(no_size.ok);
    CHECK(has_note(no_size, code::config_index_ignored));
    CHECK(no_size.model.params_b * 1e9 == doctest::Approx(8190735360.0).epsilon(1e-12));
    std::string deep(40, '[');
    CHECK(errors_of(import_hf_config(config, deep)).find("nested deeper") != std::string::npos);
}

TEST_CASE("config.json: MoE, MLA, sliding window, hybrid linear attention and a VLM's text_config") {
    // Qwen3-Next-80B-A3B: 36 Gated DeltaNet + 12 gated full-attention layers, 512 experts + 1 shared.
    const ConfigImport next = import_hf_config(R"({"model_type": "qwen3_next", "hidden_size": 2048, "num_hidden_layers": 48,
        "num_attention_heads": 16, "num_key_value_heads": 2, "head_dim": 256, "vocab_size": 151936, "intermediate_size": 5120,
        "num_experts": 512, "num_experts_per_tok": 10, "moe_intermediate_size": 512, "shared_expert_intermediate_size": 512,
        "full_attention_interval": 4, "attn_output_gate": true, "linear_num_key_heads": 16, "linear_num_value_heads": 32,
        "linear_key_head_dim": 128, "linear_value_head_dim": 128, "linear_conv_kernel_dim": 4, "tie_word_embeddings": false,
        "max_position_embeddings": 262144, "decoder_sparse_step": 1, "mlp_only_layers": []})");
    REQUIRE_MESSAGE(next.ok, errors_of(next));
    CHECK(next.model.attention == AttentionKind::hybrid_linear);
    REQUIRE(next.model.linear);
    CHECK(next.model.linear->layers == 36);
    CHECK(next.model.params_b == doctest::Approx(test::model("Qwen/Qwen3-Next-80B-A3B-Instruct").params_b).epsilon(0.01));
    CHECK(kv_layout(next.model, KvFormat::bf16).state_bytes_per_sequence ==
          kv_layout(test::model("Qwen/Qwen3-Next-80B-A3B-Instruct"), KvFormat::bf16).state_bytes_per_sequence);

    // Mistral 7B v0.1: sliding_window without layer_types windows every layer.
    const ConfigImport mistral = import_hf_config(R"({"model_type": "mistral", "hidden_size": 4096, "num_hidden_layers": 32,
        "num_attention_heads": 32, "num_key_value_heads": 8, "vocab_size": 32000, "intermediate_size": 14336,
        "sliding_window": 4096, "tie_word_embeddings": false})");
    REQUIRE(mistral.ok);
    CHECK(mistral.model.sliding_layers == 32);
    CHECK(mistral.model.params_b == doctest::Approx(7.2416).epsilon(1e-4));  // 7,241,732,096
    // Qwen2-style sliding_window with use_sliding_window false windows nothing; Qwen2 has q/k/v biases.
    const ConfigImport qwen2 = import_hf_config(R"({"model_type": "qwen2", "hidden_size": 3584, "num_hidden_layers": 28,
        "num_attention_heads": 28, "num_key_value_heads": 4, "vocab_size": 152064, "intermediate_size": 18944,
        "sliding_window": 131072, "use_sliding_window": false, "max_window_layers": 28, "tie_word_embeddings": false})");
    REQUIRE(qwen2.ok);
    CHECK(qwen2.model.sliding_layers == 0);
    CHECK(qwen2.model.params_b * 1e9 == doctest::Approx(7615616512.0).epsilon(1e-12));  // Qwen2.5-7B

    // A VLM (Qwen2.5-VL layout): the language model from text_config, said.
    const ConfigImport vlm = import_hf_config(R"({"model_type": "qwen2_5_vl", "architectures": ["Qwen2_5_VLForConditionalGeneration"],
        "text_config": {"model_type": "qwen2_5_vl_text", "hidden_size": 3584, "num_hidden_layers": 28, "num_attention_heads": 28,
        "num_key_value_heads": 4, "vocab_size": 152064, "intermediate_size": 18944}, "tie_word_embeddings": false,
        "vision_config": {"depth": 32}})");
    REQUIRE_MESSAGE(vlm.ok, errors_of(vlm));
    CHECK(has_note(vlm, code::config_text_config));
    CHECK(vlm.model.params_b == doctest::Approx(qwen2.model.params_b));
}

TEST_CASE("config.json: quantization_config gives the checkpoint's format") {
    const std::string base = R"("model_type": "llama", "hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32,
        "num_key_value_heads": 8, "vocab_size": 128256, "intermediate_size": 14336, "tie_word_embeddings": false)";
    auto format_of = [&](const std::string& q) {
        const ConfigImport imp = import_hf_config("{" + base + ", \"quantization_config\": " + q + "}");
        REQUIRE_MESSAGE(imp.ok, errors_of(imp));
        return imp;
    };
    CHECK(format_of(R"({"quant_method": "fp8", "fmt": "e4m3", "weight_block_size": [128, 128]})").model.native_format == WeightFormat::fp8);
    CHECK(format_of(R"({"quant_method": "awq", "bits": 4, "group_size": 128})").model.native_format == WeightFormat::int4);
    CHECK(format_of(R"({"quant_method": "gptq", "bits": 8})").model.native_format == WeightFormat::int8);
    CHECK(format_of(R"({"quant_method": "compressed-tensors", "format": "nvfp4-pack-quantized"})").model.native_format == WeightFormat::nvfp4);
    CHECK(format_of(R"({"quant_method": "compressed-tensors", "config_groups": {"group_0": {"weights": {"num_bits": 8, "type": "float"}}}})")
              .model.native_format == WeightFormat::fp8);
    CHECK(format_of(R"({"quant_method": "modelopt", "quant_algo": "NVFP4"})").model.native_format == WeightFormat::nvfp4);
    const ConfigImport odd = format_of(R"({"quant_method": "hqq", "nbits": 3})");
    CHECK(odd.model.native_format == WeightFormat::bf16);
    CHECK(has_note(odd, code::config_quant_unknown));
    // The catalog's Llama 3.1 8B: 8.03 B.
    CHECK(format_of("{}").model.params_b * 1e9 == doctest::Approx(8030261248.0).epsilon(1e-12));
}

TEST_CASE("config.json: bad and hostile files are refused with the field named") {
    auto errors = [](const std::string& text) { return errors_of(import_hf_config(text)); };
    CHECK(errors("not json").find("config.json: not valid JSON") != std::string::npos);
    CHECK(errors("[1, 2]").find("expected a JSON object") != std::string::npos);
    CHECK(errors(R"({"hidden_size": 4096})").find("config.json: num_hidden_layers: required whole number is missing") != std::string::npos);
    CHECK(errors(R"({"hidden_size": "4096", "num_hidden_layers": 2, "num_attention_heads": 2, "vocab_size": 10, "intermediate_size": 8})")
              .find("config.json: hidden_size: expected a whole number, got a string") != std::string::npos);
    CHECK(errors(R"({"hidden_size": 64, "num_hidden_layers": 2.5, "num_attention_heads": 2, "vocab_size": 10, "intermediate_size": 8})")
              .find("num_hidden_layers: expected a whole number 1–100000, got 2.5") != std::string::npos);
    CHECK(errors(R"({"hidden_size": 64, "num_hidden_layers": 4, "num_attention_heads": 2, "vocab_size": 10, "intermediate_size": 8,
                     "sliding_window": 8, "layer_types": ["sliding_attention", "full_attention"]})")
              .find("layer_types: expected one entry per layer (4), got 2") != std::string::npos);
    CHECK(errors(R"({"hidden_size": 64, "num_hidden_layers": 2, "num_attention_heads": 2, "vocab_size": 10})")
              .find("intermediate_size: required for the dense MLP layers") != std::string::npos);
    CHECK(errors(R"({"text_config": {"hidden_size": 64, "num_hidden_layers": 2, "num_attention_heads": 2, "vocab_size": 10,
                     "intermediate_size": 8, "num_key_value_heads": 0}})")
              .find("config.json: text_config.num_key_value_heads: expected a whole number 1–100000, got 0") != std::string::npos);
    // The catalog's envelope: KV heads must divide the heads.
    CHECK(errors(R"({"hidden_size": 64, "num_hidden_layers": 2, "num_attention_heads": 4, "num_key_value_heads": 3, "vocab_size": 10,
                     "intermediate_size": 8})").find("kv_heads") != std::string::npos);
    // The catalog's limits, before parsing.
    CHECK(errors(std::string(limits::kProviderFileBytes + 1, ' ')).find("larger than 2097152 bytes") != std::string::npos);
    CHECK(errors(std::string(40, '[') + std::string(40, ']')).find("nested deeper than 32 levels") != std::string::npos);
}
