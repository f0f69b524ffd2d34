// Plain value types for what the catalog knows: GPUs, servers, models, task presets.
// Filled by the catalog layer from JSON; the engine only reads them.
// A figure the catalog does not know is std::nullopt — never a made-up number.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/architecture.hpp"
#include "engine/formats.hpp"
#include "engine/state.hpp"

namespace gpusizer {

struct DenseTflops {  // dense (no sparsity) tensor / vector rates, TFLOPS (INT8: TOPS)
    std::optional<double> fp64, fp64_tensor, fp32, tf32, bf16, fp16, fp8, fp4, int8;
};

// A price converted by a provider file's exchange rate: what it was before.
struct PriceConversion {
    double original = 0.0;       // per GPU-hour, in `from`
    std::string from;            // currency of the original figure
    double rate = 0.0;           // units of the catalog's currency per one unit of `from`
};

// A price is a number in a named currency. The engine costs an option only when the price's
// currency is the catalog's (display) currency: a dollar figure is never shown as roubles.
struct Price {
    double per_gpu_hour = 0.0;  // in `currency`
    std::string currency;       // three letters; the loader fills the file's currency when absent
    std::string source;         // who quotes it (a list, a median of quotes, a provider file)
    std::string date;
    std::optional<PriceConversion> converted;
};

struct GpuSpec {
    std::string id, name, vendor, architecture, form_factor, memory_type;
    // "consumer" (GeForce: rented one server at a time), "workstation" or "datacenter"; "" = not said.
    std::string segment;
    double memory_gib = 0.0;             // datasheet size, binary GiB
    // What the CUDA runtime reports as total memory (torch.cuda.mem_get_info, the figure vLLM and
    // PyTorch budget against), ECC as clouds ship it; nullopt = not published, the datasheet size is used.
    std::optional<double> cuda_memory_gib;
    double memory_bandwidth_gbs = 0.0;   // GB/s
    DenseTflops tflops;
    bool datasheet_prints_sparse = false;
    int nvlink_generation = 0;           // 0 = PCIe only
    double nvlink_gbs = 0.0;             // per GPU, bidirectional total
    bool nvlink_pairs_only = false;      // NVLink bridge joins pairs of cards only
    int pcie_gen = 4;
    double tdp_w = 0.0;
    int nvenc = 0, nvdec = 0;
    bool av1_encode = false;
    bool graphics = false, rt_cores = false;
    std::vector<int> server_sizes;       // GPUs per server it ships in
    std::optional<Price> price;
    std::string price_unknown_reason;    // why there is no price (the entry's unknown["price_per_gpu_hour"])
    std::string order_url;               // provider's "order" link (template), may be empty
    std::string notes, source;
    bool estimated = false;

    // Largest server it ships in, within the catalog's range 1-1024 (the engine doubles TP up to it).
    int max_server_size() const {
        int best = 1;
        for (int s : server_sizes) best = s > best ? s : best;
        return best < 1024 ? best : 1024;
    }
};


// Speech-to-text models (services.hpp): an audio encoder in front of a text decoder. The
// ModelSpec's layers / hidden / heads describe the decoder for Whisper, the encoder for a
// transducer (whose decoder is a small prediction network and joint).
struct SpeechSpec {
    std::string decoder;            // "transformer" (autoregressive, cross-attention) or "tdt" / "rnnt" / "ctc"
    double encoder_params_b = 0;    // the rest of params_b is the decoder
    int encoder_layers = 0, encoder_hidden = 0;
    double frames_per_second = 0;   // encoder frames per audio second after subsampling (Whisper 50, FastConformer 12.5)
    double window_seconds = 0;      // the encoder always pads its input to this (Whisper 30); 0 = audio length
    int decoder_layers = 0;         // transformer decoder layers (0 for transducers)
};

// Embedding models for vector search: one vector per passage, pooled from the last layer.
struct EmbeddingSpec {
    int dimensions = 0;             // vector size the index stores
    bool bidirectional = true;      // BERT / XLM-R encoders attend both ways; LLM-based embedders are causal
};

// A model of the catalog (or a link's custom model, engine/custom_model.hpp): its architecture and
// what the catalog says about it besides.
struct ModelSpec : Architecture {
    std::string id, name, family, modality, license, notes, source;
    std::string notes_ru;  // the notes in Russian (the model list's tooltip on a Russian page); "" = none
    // The Hugging Face repository of its GGUF in the native format, for llama-server -hf; "" = not known.
    std::string gguf_repo;
    double params_b = 0.0;         // total parameters, billions
    double active_params_b = 0.0;  // per token
    WeightFormat native_format = WeightFormat::bf16;
    bool native_quantizes_experts_only = false;  // gpt-oss MXFP4, Kimi INT4: only routed experts quantized
    AttentionKind attention = AttentionKind::gqa;
    double native_gb = 0;          // the checkpoint's own weight bytes in its native format (GB), 0 = computed
    bool estimated = false;
    std::vector<std::string> estimated_fields;
    bool custom = false;           // described by the link, not the catalog
    std::optional<SpeechSpec> speech;        // speech-to-text models only
    std::optional<EmbeddingSpec> embedding;  // embedding models only
};

struct ServerSpec {
    std::string id, name, gpu_id, notes, source;
    int gpus = 8;
};

// A checkpoint of a catalog model's architecture under another id (a base model and its instruct
// model: the same config.json layers, widths, heads and vocabulary). Sized as that model, and said so.
struct ModelVariant {
    std::string id, model, source;
    int max_context = 0;  // the checkpoint's own context when it differs from the model's (0: the same)
};

struct TaskPreset {
    std::string id;
    Task task = Task::infer;
    std::optional<Use> use;  // none: the preset of its task whatever the use (tune, train)
    std::string title_en, title_ru;
    std::vector<std::string> models;  // suggested model ids
    double params_min_b = 0, params_max_b = 0;
    double vram_min_gb = 0, vram_max_gb = 0;
    std::vector<std::string> gpus;    // suggested GPU ids
    std::string source, source_ru;    // the article it comes from, cited in English and in Russian
};

struct Catalog {
    int schema = 1;
    std::string version;               // catalog date
    std::string currency = "USD";
    std::vector<GpuSpec> gpus;
    std::vector<ServerSpec> servers;
    std::vector<ModelSpec> models;
    std::vector<TaskPreset> presets;
    std::vector<std::pair<std::string, std::string>> aliases;  // old id -> current id
    std::vector<ModelVariant> variants;                         // another checkpoint -> catalog model

    // Case-insensitive, follows aliases; also a card as people write it ("RTX 4090", "A100 40GB").
    const GpuSpec* find_gpu(const std::string& id) const;
    const GpuSpec* find_gpu_by_name(const std::string& typed) const;  // its id or name, spelled loosely
    bool is_gpu_id(const std::string& id) const;  // a GPU's own id (any case): anything else is said
    // The id an owner-less name stands for ("qwen3-8b" -> "Qwen/Qwen3-8B": a model, an alias or a
    // variant), "" when none or several owners' ids end so. find_model and find_variant follow it.
    std::string full_model_id(const std::string& typed) const;
    // Case-insensitive, follows aliases. Sets *via_alias when an alias was used.
    const ModelSpec* find_model(const std::string& id, std::string* via_alias = nullptr) const;
    // Case-insensitive: the variant an id names, if any.
    const ModelVariant* find_variant(const std::string& id) const;
};

}  // namespace gpusizer
