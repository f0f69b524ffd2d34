// "Bring your own model": public config.json files sized through the importer give the catalog
// entry's weights and KV cache, their links reproduce the result without the file, and bad or
// hostile files are refused with the field named.
#include <fstream>
#include <sstream>
#include <tuple>

#include "catalog/hf_config.hpp"
#include "engine/custom_model.hpp"
#include "helpers.hpp"
#include "report/report.hpp"
#include "text/text.hpp"

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

// Catalog entries written from a public config.json kept in tests/data/hf-configs (SOURCE.txt
// says where each comes from): the entry holds the file's architecture, figure by figure.
struct CatalogConfig {
    const char* dir;
    const char* catalog_id;
    const char* variant_id = nullptr;  // the file is this checkpoint's, sized as catalog_id with its own context
};
const CatalogConfig kCatalogConfigs[] = {
    {"bloom", "bigscience/bloom"},
    {"falcon-180B-chat", "tiiuae/falcon-180B-chat"},
    {"Llama-4-Scout-17B-16E-Instruct", "meta-llama/Llama-4-Scout-17B-16E-Instruct"},
    {"Llama-4-Maverick-17B-128E-Instruct", "meta-llama/Llama-4-Maverick-17B-128E-Instruct"},
    {"SmolLM3-3B", "HuggingFaceTB/SmolLM3-3B"},
    {"Qwen3-0.6B", "Qwen/Qwen3-0.6B"},
    {"Qwen3-1.7B", "Qwen/Qwen3-1.7B"},
    {"Qwen3-32B", "Qwen/Qwen3-32B"},
    {"Qwen3-30B-A3B", "Qwen/Qwen3-30B-A3B"},
    {"Qwen3-235B-A22B", "Qwen/Qwen3-235B-A22B"},
    {"Qwen3-Coder-480B-A35B-Instruct", "Qwen/Qwen3-Coder-480B-A35B-Instruct"},
    {"GLM-5", "zai-org/GLM-5"},
    {"MiniMax-M2.5", "MiniMaxAI/MiniMax-M2.5"},
    {"Kimi-K2-Instruct", "moonshotai/Kimi-K2-Instruct"},
    {"Llama-3.1-8B", "meta-llama/Llama-3.1-8B-Instruct"},
    {"Llama-3.1-70B", "meta-llama/Llama-3.1-70B-Instruct"},
    {"Llama-3.1-405B", "meta-llama/Llama-3.1-405B-Instruct"},
    {"Llama-2-7b-hf", "meta-llama/Llama-2-7b-hf"},
    {"Llama-2-13b-hf", "meta-llama/Llama-2-13b-hf"},
    {"Llama-2-70b-hf", "meta-llama/Llama-2-70b-hf"},
    {"Llama-3.2-1B", "meta-llama/Llama-3.2-1B-Instruct"},
    {"Llama-3.2-3B", "meta-llama/Llama-3.2-3B-Instruct"},
    {"Qwen2.5-7B-Instruct", "Qwen/Qwen2.5-7B-Instruct"},
    {"Qwen2.5-14B", "Qwen/Qwen2.5-14B"},
    {"Qwen2.5-32B", "Qwen/Qwen2.5-32B"},
    {"Qwen2.5-72B-Instruct", "Qwen/Qwen2.5-72B-Instruct"},
    {"Qwen2.5-3B-Instruct", "Qwen/Qwen2.5-3B-Instruct"},
    {"Qwen2.5-1.5B-Instruct", "Qwen/Qwen2.5-1.5B-Instruct"},
    {"phi-4", "microsoft/phi-4"},
    {"TinyLlama-1.1B-Chat-v1.0", "TinyLlama/TinyLlama-1.1B-Chat-v1.0"},
    {"Mixtral-8x7B-v0.1", "mistralai/Mixtral-8x7B-Instruct-v0.1"},
    {"Devstral-Small-2507", "mistralai/Mistral-Small-24B-Instruct-2501", "mistralai/Devstral-Small-2507"},
    {"Mixtral-8x22B-v0.1", "mistralai/Mixtral-8x22B-v0.1"},
    {"Llama-3_3-Nemotron-Super-49B-v1", "nvidia/Llama-3_3-Nemotron-Super-49B-v1"},
    {"Nemotron-3-Nano-30B-A3B-BF16", "nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-BF16"},
    {"gemma-4-26B-A4B", "google/gemma-4-26B-A4B-it", "google/gemma-4-26B-A4B"},
};

TEST_CASE("config.json: a catalog entry written from a public config holds its architecture") {
    for (const auto& c : kCatalogConfigs) {
        INFO(c.dir);
        const ModelSpec& cat = test::model(c.catalog_id);
        const ModelSpec file = import_file(std::string("hf-configs/") + c.dir + "/config.json").model;
        CHECK(cat.layers == file.layers);
        CHECK(cat.hidden == file.hidden);
        CHECK(cat.heads == file.heads);
        CHECK(cat.kv_heads == file.kv_heads);
        CHECK(cat.head_dim == file.head_dim);
        CHECK(cat.vocab == file.vocab);
        CHECK(cat.tied_embeddings == file.tied_embeddings);
        CHECK(cat.gated_mlp == file.gated_mlp);
        CHECK(cat.sliding_window == file.sliding_window);
        CHECK(cat.sliding_layers == file.sliding_layers);
        CHECK(cat.mtp_layers == file.mtp_layers);
        CHECK(cat.native_format == file.native_format);
        if (c.variant_id) {
            const ModelVariant* v = test::bundled().find_variant(c.variant_id);
            REQUIRE(v);
            CHECK(v->model == c.catalog_id);
            // 0: the catalog model's own context, which must then be the file's.
            CHECK((v->max_context ? v->max_context : cat.max_context) == file.max_context);
        } else if (file.max_context > 0) {
            CHECK(cat.max_context == file.max_context);
        }
        REQUIRE(cat.moe.has_value() == file.moe.has_value());
        // An MoE's dense width may be unused (every layer routed): its experts are compared instead.
        auto experts = [](const MoeSpec& m) {
            return std::make_tuple(m.experts, m.experts_per_token, m.shared_experts, m.expert_intermediate, m.dense_layers,
                                   m.interleave_step);
        };
        if (cat.moe) CHECK(experts(*cat.moe) == experts(*file.moe));
        else CHECK(cat.intermediate == file.intermediate);
        REQUIRE(cat.mla.has_value() == file.mla.has_value());
        auto latent = [](const MlaSpec& m) { return std::make_tuple(m.kv_lora_rank, m.qk_rope_head_dim, m.q_lora_rank); };
        if (cat.mla) CHECK(latent(*cat.mla) == latent(*file.mla));
        CHECK(cat.indexer_head_dim == file.indexer_head_dim);
        // The geometry that is not one per model: attending layers, value width, the windows' heads.
        CHECK(cat.attention == file.attention);
        CHECK(cat.attention_layers == file.attention_layers);
        CHECK(cat.v_head_dim == file.v_head_dim);
        CHECK(cat.window_kv_heads == file.window_kv_heads);
        CHECK(cat.window_head_dim == file.window_head_dim);
        REQUIRE(cat.linear.has_value() == file.linear.has_value());
        auto recurrent = [](const LinearAttentionSpec& l) {
            return std::make_tuple(l.layers, l.num_key_heads, l.num_value_heads, l.key_head_dim, l.value_head_dim,
                                   l.conv_kernel, l.state_bytes);
        };
        if (cat.linear) CHECK(recurrent(*cat.linear) == recurrent(*file.linear));
        // The card's rounded count or the file's exact one: within 1.5 % either way.
        CHECK(cat.params_b == doctest::Approx(file.params_b).epsilon(0.015));
        CHECK(cat.active_params_b == doctest::Approx(file.active_params_b).epsilon(0.03));
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
    // A model_type that is not a string (the fuzzer's find: json::value threw, an abort in the page) is no family.
    const std::string numeric_type = R"({"model_type": 1000, "hidden_size": 1024, "num_hidden_layers": 8,
        "num_attention_heads": 8, "vocab_size": 32000, "intermediate_size": 4096, "vision_config": {}})";
    CHECK(import_hf_config(numeric_type).ok);
    CHECK(import_hf_config(R"({"model_type": [1], "text_config": {"hidden_size": 1024, "num_hidden_layers": 8,
        "num_attention_heads": 8, "vocab_size": 32000, "intermediate_size": 4096}})").ok);
    // The catalog's limits, before parsing.
    CHECK(errors(std::string(limits::kProviderFileBytes + 1, ' ')).find("larger than 2097152 bytes") != std::string::npos);
    CHECK(errors(std::string(40, '[') + std::string(40, ']')).find("nested deeper than 32 levels") != std::string::npos);
}

// ---- every family in its own vocabulary (tests/data/hf-configs: public files, SOURCE.txt each) ----

namespace {

ConfigImport import_dir(const std::string& dir, bool with_index = true, bool with_quant = true) {
    const std::string base = "hf-configs/" + dir + "/";
    std::string index, quant;
    {
        std::ifstream in(std::string(GPUSIZER_SOURCE_DIR) + "/tests/data/" + base + "model.safetensors.index.json", std::ios::binary);
        if (in && with_index) { std::stringstream s; s << in.rdbuf(); index = s.str(); }
    }
    {
        std::ifstream in(std::string(GPUSIZER_SOURCE_DIR) + "/tests/data/" + base + "hf_quant_config.json", std::ios::binary);
        if (in && with_quant) { std::stringstream s; s << in.rdbuf(); quant = s.str(); }
    }
    const ConfigImport imp = import_hf_config(read_data(base + "config.json"), index, "config.json", "model.safetensors.index.json", quant);
    for (const auto& e : imp.errors) INFO(e.to_string());
    return imp;
}

double kv_at(const ModelSpec& m, double tokens) { return kv_bytes_per_sequence(kv_layout(m, KvFormat::bf16), tokens).value; }

const Message* note(const ConfigImport& imp, const char* code) {
    for (const auto& n : imp.notes)
        if (n.code == code) return &n;
    return nullptr;
}

}  // namespace

TEST_CASE("config.json: hybrid layer plans as the family spells them (Nemotron-H, LFM2, Mamba)") {
    // Nemotron-3-Nano: hybrid_override_pattern MEMEM*E…: 23 Mamba-2, 23 MoE, 6 attention blocks;
    // relu² experts (up and down) and the SSM state in FP32 (mamba_ssm_cache_dtype).
    const ConfigImport nano = import_dir("Nemotron-3-Nano-30B-A3B-BF16");
    REQUIRE(nano.ok);
    const ModelSpec& n = nano.model;
    CHECK(n.layers == 52);
    CHECK(n.attention_layers == 6);
    REQUIRE(n.linear);
    CHECK(n.linear->layers == 23);
    CHECK(n.linear->state_bytes == 4);
    CHECK_FALSE(n.gated_mlp);
    REQUIRE(n.moe);
    CHECK(n.moe->dense_layers == 29);
    CHECK(n.params_b == doctest::Approx(31.6).epsilon(0.01));  // model card: 31.6 B
    CHECK(kv_at(n, 8192) == doctest::Approx(6.0 * 2 * 2 * 128 * 2 * 8192 + 23.0 * 64 * 64 * 128 * 4 + 23.0 * 6144 * 3 * 2));
    CHECK(note(nano, code::config_layer_plan) != nullptr);
    CHECK(note(nano, code::config_state_fp32) != nullptr);
    // Nemotron-H-56B: its config holds Python's Infinity (time_step_limit); 10 attention of 118 blocks.
    const ConfigImport h56 = import_dir("Nemotron-H-56B-Base-8K");
    REQUIRE(h56.ok);
    CHECK(note(h56, code::config_nonfinite) != nullptr);
    CHECK(h56.model.attention_layers == 10);
    CHECK(h56.model.params_b == doctest::Approx(56.0).epsilon(0.01));
    // Qwen3.5 says its DeltaNet state's dtype (mamba_ssm_dtype float32): kept so, said.
    const ConfigImport q35 = import_dir("Qwen3.5-27B");
    REQUIRE(q35.ok);
    REQUIRE(q35.model.linear);
    CHECK(q35.model.linear->state_bytes == 4);
    CHECK(note(q35, code::config_state_fp32) != nullptr);
    // LFM2: 6 attention layers at full_attn_idxs, 10 short convolutions, SwiGLU 8192 wide (12288 × 2/3).
    const ConfigImport lfm = import_dir("LFM2-1.2B");
    REQUIRE(lfm.ok);
    CHECK(lfm.model.intermediate == 8192);
    CHECK(lfm.model.linear->layers == 10);
    CHECK(lfm.model.params_b * 1e9 == doctest::Approx(2340697936.0 / 2).epsilon(1e-4));  // its one BF16 file
    // Mamba: every layer recurrent, no KV cache, exactly its tensors' count.
    const ConfigImport mamba = import_dir("mamba-2.8b-hf");
    REQUIRE(mamba.ok);
    CHECK(mamba.model.params_b * 1e9 == doctest::Approx(2768345600.0).epsilon(1e-12));
    CHECK(kv_layout(mamba.model, KvFormat::bf16).full_bytes_per_token == 0);
    CHECK(kv_at(mamba.model, 1) == kv_at(mamba.model, 100000));  // a fixed state
}

TEST_CASE("config.json: per-layer blocks, interleaved experts, fused widths, old families") {
    // Nemotron NAS: block_configs; 49 attention blocks of 80, FFN widths from ffn_mult.
    const ConfigImport nas = import_dir("Llama-3_3-Nemotron-Super-49B-v1");
    REQUIRE(nas.ok);
    CHECK(nas.model.attention_layers == 49);
    CHECK(nas.model.kv_heads == 8);
    CHECK(nas.model.params_b == doctest::Approx(49.9).epsilon(0.005));
    // Llama 4 Maverick: experts every 2nd layer with a shared expert, dense layers 16384 wide;
    // chunked attention on 36 of 48 layers.
    const ConfigImport mav = import_dir("Llama-4-Maverick-17B-128E-Instruct");
    REQUIRE(mav.ok);
    REQUIRE(mav.model.moe);
    CHECK(mav.model.moe->dense_layers == 24);
    CHECK(mav.model.moe->interleave_step == 2);  // layers 1, 3, … 47 (modeling_llama4.py's moe_layers)
    CHECK(moe_layers_among_first(mav.model, 1) == 0);
    CHECK(moe_layers_among_first(mav.model, 2) == 1);
    CHECK(moe_layers_among_first(mav.model, 47) == 23);
    CHECK(moe_layers_among_first(mav.model, 1000) == 24);
    CHECK(mav.model.moe->shared_experts == 1);
    CHECK(mav.model.intermediate == 16384);
    CHECK(mav.model.sliding_window == 8192);
    CHECK(mav.model.sliding_layers == 36);
    CHECK(mav.model.params_b == doctest::Approx(400).epsilon(0.01));  // model card: 400 B
    CHECK(import_dir("Llama-4-Scout-17B-16E-Instruct").model.params_b == doctest::Approx(109).epsilon(0.03));
    // Molmo and first-generation Qwen write gate + up in one width.
    CHECK(import_dir("Molmo-7B-D-0924-NF4").model.intermediate == 18944);
    CHECK(import_dir("Qwen-72B").model.intermediate == 24576);
    // Falcon (num_kv_heads, 4 × hidden, tied) and BLOOM (n_embed / n_layer): exact.
    const ConfigImport falcon = import_dir("falcon-180B-chat", false);
    REQUIRE(falcon.ok);
    CHECK(falcon.model.kv_heads == 8);
    CHECK(falcon.model.intermediate == 4 * 14848);
    const ConfigImport bloom = import_dir("bloom");
    REQUIRE(bloom.ok);
    CHECK(bloom.model.params_b * 1e9 == doctest::Approx(176247271424.0).epsilon(1e-12));  // its index: 352,494,542,848 B / 2
    // Gemma 4: top_k_experts beside a dense MLP in every layer; global layers 2 KV heads of 512.
    const ConfigImport g4 = import_dir("gemma-4-26B-A4B");
    REQUIRE(g4.ok);
    CHECK(g4.model.moe->experts_per_token == 8);
    CHECK(g4.model.kv_heads == 2);
    CHECK(g4.model.head_dim == 512);
    CHECK(g4.model.window_kv_heads == 8);
    CHECK(g4.model.window_head_dim == 256);
    CHECK(kv_at(g4.model, 8192) == doctest::Approx(25.0 * 8 * 512 * 2 * 1024 + 5.0 * 2 * 1024 * 2 * 8192));
    // MiMo-V2-Flash: moe_layer_freq as a list; sliding layers with their own KV heads; V 128 wide.
    const ConfigImport mimo = import_dir("MiMo-V2-Flash");
    REQUIRE(mimo.ok);
    CHECK(mimo.model.moe->dense_layers == 1);
    CHECK(mimo.model.moe->interleave_step == 1);  // a leading dense layer, then experts in every layer
    CHECK(moe_layers_among_first(mimo.model, 1) == 0);
    CHECK(moe_layers_among_first(mimo.model, 3) == 2);
    CHECK(mimo.model.v_head_dim == 128);
    CHECK(mimo.model.window_kv_heads == 8);
    CHECK(kv_at(mimo.model, 8192) == doctest::Approx(9.0 * 4 * 320 * 2 * 8192 + 39.0 * 8 * 320 * 2 * 128));
}

TEST_CASE("config.json: defaults the file leaves out, and the context YaRN gives, are said") {
    // Qwen3Config's head_dim is 128, not hidden / heads (64): the KV cache follows it.
    const ConfigImport no_head = import_dir("_malformed/no-head-dim");
    REQUIRE(no_head.ok);
    CHECK(no_head.model.head_dim == 128);
    const Message* said = note(no_head, code::config_assumed);
    REQUIRE(said);
    CHECK(test::param_text(*said, "field") == "head_dim");
    // YaRN over 32,768 tokens × 4: 131,072, and no "exceeds maximum context" there.
    const ConfigImport yarn = import_dir("_malformed/rope-yarn");
    REQUIRE(yarn.ok);
    CHECK(yarn.model.max_context == 131072);
    CHECK(note(yarn, code::config_rope_context) != nullptr);
    State s = state_with_import(State{}, yarn.model);
    s.ctx = 131072;
    for (const auto& w : evaluate(s, test::bundled()).warnings) CHECK(w.code != code::model_context_over_max);
    // A FP32 checkpoint is sized as servers load it: 16-bit, said.
    const ConfigImport granite = import_dir("granite-3.1-1b-a400m-instruct");
    REQUIRE(granite.ok);
    CHECK(granite.model.native_format == WeightFormat::fp16);
    CHECK(note(granite, code::config_fp32_served) != nullptr);
    CHECK(granite.model.params_b * 1e9 == doctest::Approx(5338513408.0 / 4));  // the index's F32 bytes / 4
    // The display name follows the corrected count (Qwen-72B's index: 72.3 B).
    CHECK(import_dir("Qwen-72B").model.name == "qwen-72.3B");
}

TEST_CASE("config.json: the index helps when it can, and is set aside, said, when it cannot") {
    CHECK(note(import_dir("Cosmos-Reason2-8B"), code::config_index_ignored) != nullptr);  // total_size 0
    CHECK(note(import_dir("lzlv_70b_fp16_hf"), code::config_index_ignored) != nullptr);   // metadata {}
    // medgemma: total_parameters counts the tied embedding twice; total_size / 2 is the count.
    const ConfigImport med = import_dir("medgemma-27b-it");
    REQUIRE(med.ok);
    CHECK(note(med, code::config_index_tied_twice) != nullptr);
    CHECK(med.model.params_b * 1e9 == doctest::Approx(54864813280.0 / 2));
    // Falcon-180B stores lm_head beside the embedding it ties: counted once.
    const ConfigImport falcon = import_dir("falcon-180B-chat");
    CHECK(falcon.model.params_b == doctest::Approx(import_dir("falcon-180B-chat", false).model.params_b).epsilon(1e-9));
    // An index twice the config's size (an FP32 checkpoint under a bfloat16 config) contradicts it.
    const std::string qwen = read_data("Qwen3-8B.config.json");
    const ConfigImport doubled = import_hf_config(qwen, R"({"metadata": {"total_size": 32762941440}})");
    REQUIRE(doubled.ok);
    CHECK(note(doubled, code::config_index_ignored) != nullptr);
    CHECK(doubled.model.params_b * 1e9 == doctest::Approx(8190735360.0));
    // A VLM's tower counted from vision_config (Qwen3-VL-8B: 8.77 B with it).
    const ConfigImport vl = import_dir("Qwen3-VL-8B-Instruct");
    CHECK(vl.model.params_b == doctest::Approx(test::model("Qwen/Qwen3-VL-8B-Instruct").params_b).epsilon(0.002));
    CHECK(note(vl, code::config_tower_counted) != nullptr);
}

TEST_CASE("config.json: quantization from wherever the checkpoint states it") {
    // ModelOpt keeps it in hf_quant_config.json beside the config: FP8, 72.7 GB, not BF16's 141.
    const ConfigImport fp8 = import_dir("Llama-3.1-70B-Instruct-FP8");
    REQUIRE(fp8.ok);
    CHECK(fp8.model.native_format == WeightFormat::fp8);
    CHECK(weight_bytes(fp8.model, WeightFormat::fp8).total().gb() == doctest::Approx(72.7).epsilon(0.01));
    CHECK(import_dir("Llama-3.1-70B-Instruct-FP8", true, false).model.native_format == WeightFormat::bf16);
    CHECK(import_dir("Qwen3-235B-A22B-NVFP4").model.native_format == WeightFormat::nvfp4);
    // MLX 4-bit, group 64 (quantization, no quant_method): 4.5 bits a weight, embeddings too.
    const ConfigImport mlx = import_dir("Qwen3-14B-MLX-4bit", false);
    REQUIRE(mlx.ok);
    CHECK(mlx.model.native_format == WeightFormat::int4);
    CHECK(mlx.model.native_gb == doctest::Approx(8.3077).epsilon(0.01));  // its index: 8,307,783,680 B
    // bitsandbytes NF4: its index's bytes are the checkpoint's weights.
    const ConfigImport nf4 = import_dir("Molmo-7B-D-0924-NF4");
    CHECK(weight_bytes(nf4.model, nf4.model.native_format).total().value == doctest::Approx(6661964712.0));
    // compressed-tensors W8A8 INT8 (EXAONE): 1.49 GB as its file.
    const ConfigImport w8 = import_dir("EXAONE-4.0-1.2B-W8A8");
    CHECK(w8.model.native_format == WeightFormat::int8);
    CHECK(weight_bytes(w8.model, WeightFormat::int8).total().value == doctest::Approx(1490219184.0).epsilon(0.01));
}

TEST_CASE("config.json: encoders and Whisper feed the embedding and speech-to-text services") {
    const ConfigImport bert = import_dir("bert-base-uncased");
    REQUIRE(bert.ok);
    CHECK(bert.model.params_b * 1e9 == doctest::Approx(109482240.0).epsilon(1e-12));  // BertModel with the pooler
    REQUIRE(bert.model.embedding);
    CHECK(bert.model.embedding->dimensions == 768);
    const State sb = state_with_import(State{}, bert.model);
    CHECK(sb.use == Use::embed);
    const Result rb = evaluate(sb, test::bundled());
    CHECK(rb.memory.kv_cache.value == 0);  // an encoder keeps no KV cache
    CHECK(rb.vector_index_gb > 0);
    const ConfigImport m3 = import_dir("bge-m3");
    CHECK(m3.model.params_b * 1e9 == doctest::Approx(567754752.0).epsilon(1e-12));
    CHECK(m3.model.max_context == test::model("BAAI/bge-m3").max_context);  // 8194 positions, 8192 tokens
    // Whisper large-v3: the catalog entry's speech figures, its exact count, use=asr.
    const ConfigImport w = import_dir("whisper-large-v3");
    REQUIRE(w.ok);
    CHECK(w.model.params_b * 1e9 == doctest::Approx(1543490560.0).epsilon(1e-12));
    REQUIRE(w.model.speech);
    const SpeechSpec& cat = *test::model("openai/whisper-large-v3").speech;
    CHECK(w.model.speech->encoder_layers == cat.encoder_layers);
    CHECK(w.model.speech->encoder_hidden == cat.encoder_hidden);
    CHECK(w.model.speech->decoder_layers == cat.decoder_layers);
    CHECK(w.model.speech->encoder_params_b == doctest::Approx(cat.encoder_params_b).epsilon(0.002));
    CHECK(w.model.speech->frames_per_second == cat.frames_per_second);
    CHECK(w.model.speech->window_seconds == cat.window_seconds);
    // NomicBERT (nomic-embed-text-v1.5: 137 M on its card; rotary, SwiGLU, no biases) and GTE v1.5
    // (gte-base-en-v1.5: 137 M) and ModernBERT (base: 149 M).
    const ConfigImport nomic = import_hf_config(R"({"model_type": "nomic_bert", "architectures": ["NomicBertModel"], "n_embd": 768,
        "n_head": 12, "n_layer": 12, "n_inner": 3072, "vocab_size": 30528, "n_positions": 8192, "type_vocab_size": 2,
        "activation_function": "swiglu", "qkv_proj_bias": false, "mlp_fc1_bias": false, "mlp_fc2_bias": false})");
    REQUIRE(nomic.ok);
    CHECK(nomic.model.params_b == doctest::Approx(0.137).epsilon(0.01));
    CHECK(nomic.model.embedding->dimensions == 768);
    const ConfigImport gte = import_hf_config(R"({"model_type": "new", "architectures": ["NewModel"], "hidden_size": 768,
        "num_hidden_layers": 12, "num_attention_heads": 12, "intermediate_size": 3072, "vocab_size": 30528,
        "max_position_embeddings": 8192, "type_vocab_size": 2, "position_embedding_type": "rope"})");
    REQUIRE(gte.ok);
    CHECK(gte.model.params_b == doctest::Approx(0.137).epsilon(0.01));
    const ConfigImport modern = import_hf_config(R"({"model_type": "modernbert", "architectures": ["ModernBertModel"],
        "hidden_size": 768, "num_hidden_layers": 22, "num_attention_heads": 12, "intermediate_size": 1152, "vocab_size": 50368,
        "max_position_embeddings": 8192})");
    REQUIRE(modern.ok);
    CHECK(modern.model.params_b == doctest::Approx(0.149).epsilon(0.01));
    const State sw = state_with_import(State{}, w.model);
    CHECK(sw.use == Use::asr);
    const DecodedLink back = decode_link(encode_link(sw));
    CHECK(back.warnings.empty());
    REQUIRE(custom_model(back.state.custom).speech);
    CHECK(evaluate(back.state, test::bundled()).options.size() > 0);
}

TEST_CASE("config.json: files that are not a model's config, and families not sized yet, say what to do") {
    auto refusal = [](const std::string& text) {
        const ConfigImport imp = import_hf_config(text);
        REQUIRE_FALSE(imp.ok);
        REQUIRE(imp.refusals.size() == 1);
        return imp.refusals.front();
    };
    const Message lora = refusal(read_data("hf-configs/_malformed/lora-adapter-config/config.json"));
    CHECK(lora.code == code::config_is_adapter);
    const std::string en = text::render(lora, Lang::en), ru = text::render(lora, Lang::ru);
    CHECK(en.find("meta-llama/Llama-3.2-3B") != std::string::npos);
    CHECK(en.find("method=lora") != std::string::npos);
    CHECK(ru.find("адаптер") != std::string::npos);
    CHECK(refusal(R"({"tokenizer_class": "LlamaTokenizer", "model_max_length": 4096, "bos_token": "<s>"})").code == code::config_is_tokenizer);
    CHECK(refusal(R"({"metadata": {"total_size": 1}, "weight_map": {}})").code == code::config_is_index);
    CHECK(refusal(R"({"producer": {"name": "modelopt"}, "quantization": {"quant_algo": "FP8"}})").code == code::config_is_quant_file);
    const Message t5 = refusal(R"({"model_type": "t5", "d_model": 512, "num_layers": 6, "num_heads": 8, "vocab_size": 32128})");
    CHECK(t5.code == code::config_family_unsupported);
    const std::string t5_en = text::render(t5, Lang::en);
    CHECK(t5_en.find("'t5' is not supported yet") != std::string::npos);
    CHECK(t5_en.find("nearest supported family") != std::string::npos);
    CHECK(text::render(t5, Lang::ru).find("пока не поддерживается") != std::string::npos);
    // An unknown family with the standard fields is read as a standard decoder, and that is said.
    const ConfigImport odd = import_hf_config(R"({"model_type": "brand_new", "hidden_size": 1024, "num_hidden_layers": 2,
        "num_attention_heads": 8, "vocab_size": 32000, "intermediate_size": 4096})");
    REQUIRE(odd.ok);
    CHECK(note(odd, code::config_family_generic) != nullptr);
}

TEST_CASE("config.json: the custom-model keys an import adds round-trip through the link") {
    for (const char* dir : {"Nemotron-3-Nano-30B-A3B-BF16", "gemma-4-26B-A4B", "MiMo-V2-Flash", "bge-m3", "whisper-large-v3",
                            "Qwen3-14B-MLX-4bit", "mamba-2.8b-hf", "Llama-3_3-Nemotron-Super-49B-v1"}) {
        INFO(dir);
        const ConfigImport imp = import_dir(dir);
        REQUIRE(imp.ok);
        const State s = state_with_import(State{}, imp.model);
        const std::string link = encode_link(s);
        const DecodedLink d = decode_link(link);
        CHECK(d.warnings.empty());
        CHECK(encode_link(d.state) == link);
        const ModelSpec back = custom_model(d.state.custom);
        CHECK(kv_layout(back, KvFormat::bf16).full_bytes_per_token == kv_layout(imp.model, KvFormat::bf16).full_bytes_per_token);
        CHECK(kv_layout(back, KvFormat::bf16).window_bytes_per_token == kv_layout(imp.model, KvFormat::bf16).window_bytes_per_token);
        CHECK(kv_layout(back, KvFormat::bf16).state_bytes_per_sequence == kv_layout(imp.model, KvFormat::bf16).state_bytes_per_sequence);
        CHECK(weight_bytes(back, back.native_format).total().value ==
              doctest::Approx(weight_bytes(imp.model, imp.model.native_format).total().value).epsilon(1e-9));
    }
}

TEST_CASE("config.json: DeepSeek V4-Flash's parameters, checkpoint and compressed KV, as published") {
    // deepseek-ai/DeepSeek-V4-Flash's config.json (tests/data/hf-configs/DeepSeek-V4-Flash/SOURCE.txt).
    const ConfigImport imp = import_file("hf-configs/DeepSeek-V4-Flash/config.json");
    const ModelSpec& m = imp.model;
    // The card and the paper (§4.2.1): "284B total parameters, of which 13B are activated for each
    // token". Counted tensor by tensor from the reference inference/model.py: 284.33 B without the MTP
    // layer, 13.27 B a token (the embedding left out, the head in).
    CHECK(m.params_b == doctest::Approx(284.33).epsilon(0.002));
    CHECK(m.active_params_b == doctest::Approx(13.8).epsilon(0.01));  // the engine's active count keeps the embedding
    CHECK(compute_params_per_token(m) / 1e9 == doctest::Approx(13.27).epsilon(0.01));
    REQUIRE(m.compressed);
    CHECK(m.compressed->csa_layers == 21);  // compress_ratios: 2 window-only, 21 × 4, 20 × 128 (and the MTP's 0)
    CHECK(m.compressed->hca_layers == 20);
    CHECK(m.compressed->index_topk == 512);
    CHECK(m.sliding_window == 128);
    CHECK(m.sliding_layers == 43);
    CHECK(m.mtp_layers == 1);
    // MXFP4 experts (expert_dtype "fp4") beside FP8: its download's index says 159,609,485,896 bytes
    // with the 3.6 GB MTP layer; the rest counted 16-bit, as experts-only checkpoints are, is ~1 % over.
    CHECK(m.native_format == WeightFormat::mxfp4);
    CHECK(m.native_quantizes_experts_only);
    CHECK(weight_bytes(m, m.native_format).total().gb() == doctest::Approx(159.61).epsilon(0.03));
    // KV per token, BF16: 21 × (1,024 + 256) / 4 + 20 × 1,024 / 128 = 6,880 B (vLLM's blog arithmetic:
    // 6.72 GiB a sequence at 1 M); FP8 entries of 584 B (448 FP8 + 64 × 2 BF16 + 8 scale bytes, SGLang's
    // assert) with FP4 indexer keys of 68 B: 21 × 652 / 4 + 20 × 584 / 128 = 3,514.25 B.
    CHECK(kv_layout(m, KvFormat::bf16).full_bytes_per_token == doctest::Approx(6880));
    CHECK(kv_layout(m, KvFormat::fp8).full_bytes_per_token == doctest::Approx(3514.25));
    CHECK(kv_layout(m, KvFormat::fp8).window_bytes_per_token == doctest::Approx(584.0 * 43));
    // The compressor's FP32 state: 21 CSA layers × 80 KiB + 20 HCA layers × 512 KiB = 11.64 MiB.
    CHECK(kv_layout(m, KvFormat::bf16).state_bytes_per_sequence == doctest::Approx(21 * 81920.0 + 20 * 524288.0));
    // A decode step reads the 512 selected CSA entries, not all of them: at 1 M tokens it reads
    // 21 × 584 × (262,144 − 512) / 4 … less than it stores.
    const KvLayout fp8 = kv_layout(m, KvFormat::fp8);
    const double stored = kv_bytes_per_sequence(fp8, 1048576).value, read = kv_read_bytes_per_sequence(fp8, 1048576).value;
    CHECK(stored - read == doctest::Approx(21 * 584.0 / 4 * (1048576 - 512 * 4)));
    CHECK(kv_read_bytes_per_sequence(fp8, 1000).value == doctest::Approx(kv_bytes_per_sequence(fp8, 1000).value));
    // The shared link carries the architecture: the same KV without the file.
    const State s = state_with_import(State{}, m);
    const DecodedLink d = decode_link(encode_link(s));
    CHECK(d.warnings.empty());
    const ModelSpec back = custom_model(d.state.custom);
    CHECK(kv_layout(back, KvFormat::fp8).full_bytes_per_token == doctest::Approx(3514.25));
    CHECK(kv_read_bytes_per_sequence(kv_layout(back, KvFormat::fp8), 1048576).value == doctest::Approx(read));
}

TEST_CASE("config.json: a DeepSeek V4 config without one compress ratio per layer is refused with the field named") {
    std::string v4 = read_data("hf-configs/DeepSeek-V4-Flash/config.json");
    const std::string full = "\"compress_ratios\": [";
    const auto at = v4.find(full);
    REQUIRE(at != std::string::npos);
    const ConfigImport bad = import_hf_config(v4.substr(0, at) + "\"compress_ratios\": [0, 4, 7], \"x\": [" + v4.substr(at + full.size()));
    CHECK_FALSE(bad.ok);
    bool named = false;
    for (const auto& e : bad.errors) named = named || e.field == "compress_ratios";
    CHECK(named);
}
