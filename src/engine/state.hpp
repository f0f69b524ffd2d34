// The whole configuration a user can set: what the link encodes and the engine reads.
// Optional fields mean "not set: use the default / let the engine choose".
#pragma once

#include <optional>
#include <string>

#include "engine/architecture.hpp"
#include "engine/formats.hpp"

namespace gpusizer {

enum class Task { infer, tune, train, other };
enum class TuneMethod { full, lora, qlora };
// Training framework family: plain Hugging Face Trainer + PEFT, a fused / chunked-loss trainer
// (Unsloth, Liger kernels, torchtune with chunked cross-entropy and activation offload), or NVIDIA NeMo /
// Megatron-Bridge (Megatron-Core with Transformer Engine) at its published benchmark speed. Pre-training
// is Megatron-LM at production scale unless it is `nemo`; hf and fused concern fine-tuning only.
enum class Trainer { hf, fused, nemo };
// The optimizer's bytes per trained parameter in fine-tuning (hf / fused trainers): mixed-precision
// AdamW (FP32 master weights and moments, 12 B beside the BF16 weights and gradients), pure BF16
// AdamW (BF16 moments, no master copy: torchtune's and LitGPT's bf16 default, 4 B), or 8-bit AdamW
// moments (bitsandbytes / torchao) over BF16 weights (2 B).
enum class Optimizer { adamw, bf16, adam8 };
// The preset within the task (`use=`): the inference presets, then other GPU work (vocabulary.cpp).
enum class Use { chat, rag, ocr, general, asr, embed, copilot, reason, agent, render, transcode, image, hpc };
// Other GPU work: a transcoding job's resolution and codec.
enum class Resolution { p720, p1080, p1440, k4, k8 };
enum class VideoCodec { h264, hevc, av1 };
enum class RankBy { cost, speed, gpus };
// Speech-to-text runtime family of a Whisper-type model (speech_pipeline.hpp): Hugging Face
// Transformers (PyTorch eager), CTranslate2 (faster-whisper, WhisperX), whisper.cpp, and an optimised
// server (TensorRT-LLM / Triton, vLLM). Long recordings are cut into 30-s windows in chunks decoded
// as a batch (chunked) or one after another, each window starting where the last one's text ended
// (sequential, Whisper's own long-form algorithm).
enum class AsrRuntime { hf, ct2, cpp, trt };
enum class AsrMode { chunked, sequential };
// How the serving engine schedules prompts (`sched=`): chunks of them ride in the decode steps up to
// the step's token budget (mixed: vLLM V1's chunked prefill, TensorRT-LLM's in-flight batching), or
// prompts run in batches of their own while decoding waits (separate: SGLang's default, without
// --enable-mixed-chunk, and vLLM before V1 without chunked prefill).
enum class Scheduler { mixed, separate };
// Host memory of a partial-offload box (offload=1): dual-channel desktop DDR4-3200 or DDR5-5600.
enum class HostRam { ddr4, ddr5 };
// Which vendors' GPUs to evaluate (`vendor=`): the article names NVIDIA only; AMD runs ROCm.
enum class VendorFilter { any, nvidia, amd };
// Reasoning effort (`think=low|med|high`): a thinking budget by level (workload.cpp); none: `think`
// holds the thinking tokens per answer as a number (0 = no reasoning).
enum class ThinkLevel { none, low, med, high };
// Where a session's KV waits between turns (a result, not an input; workload.hpp).
enum class KvTier { gpu, host, nvme, recompute };

// A model described by the link instead of the catalog: its architecture (0 = not given: KV heads
// = heads, head width = hidden / heads, FFN 4 × hidden, no vocabulary; engine/custom_model.hpp) and
// what a config.json import says besides, so that a shared link reproduces an imported model
// without the file (src/catalog/hf_config.hpp). The link's key for each field: link.cpp.
struct CustomModel : Architecture {
    double params_b = 0, active_b = 0;
    int embed_dim = 0;                        // an embedding model's vector size (use=embed)
    double enc_params_b = 0;                  // speech (Whisper-type encoder-decoder): encoder parameters
    int enc_layers = 0, enc_hidden = 0, dec_layers = 0;
    double native_gb = 0;                     // the checkpoint's weight bytes in its native format
    std::optional<WeightFormat> native;       // the checkpoint's format (default BF16)
    bool experts_only = false;                // the checkpoint quantizes routed experts only
    std::string name;                         // display name
};

// What the results show: the GPUs for one model (default), or the models for one GPU.
enum class View { options, models };

// The load's default lengths. A length nobody named is the model's own when the model was trained for
// fewer tokens (sizing.cpp, fit_default_length): vLLM refuses a longer --max-model-len.
constexpr double kDefaultContext = 8192;
constexpr double kDefaultSequence = 4096;

struct State {
    Task task = Task::infer;
    Use use = Use::chat;                   // preset within the task (its keys: engine/vocabulary.cpp)
    View view = View::options;             // view=models: "what can I run on my GPU?" (model_fit.hpp)
    std::string model = "Qwen/Qwen3-8B";   // catalog id, or "custom"
    CustomModel custom;
    std::optional<WeightFormat> wq;        // default: the model's native format
    KvFormat kvq = KvFormat::bf16;

    // inference load
    double ctx = kDefaultContext;  // context tokens per sequence (a shorter model's own, when left at it)
    bool ctx_set = false;  // named by the link or the user: sized as asked, never fitted to the model
    double in = 1000;       // average prompt tokens
    double out = 500;       // average answer tokens
    double users = 10;      // concurrent requests
    double tps = 20;        // target answer tokens/s per user
    double ttft = 2;        // target seconds to first token
    double growth = 0;      // % more users to provision for
    // A request rate instead of concurrent users (slo.hpp): rps > 0 sizes the fleet so that the
    // pct-th percentile of TTFT and of time per output token meet ttft and 1 / tps.
    double rps = 0;         // mean requests per second over the whole fleet
    double burst = 1;       // coefficient of variation of inter-arrival times (1 = Poisson)
    double pct = 95;        // the percentile the targets hold at
    double spread = 0;      // coefficient of variation of prompt and answer lengths (0 = fixed)
    Scheduler sched = Scheduler::mixed;  // how prompts share the GPU with decoding
    int spare = 1;          // replicas kept beside those the rate needs (N+1)
    // The request's shape (workload.hpp): prefix cache, sessions, speculation, reasoning, adapters.
    double prefix = 0;      // share of the first prompt of a session already in the prefix cache (0-1)
    int turns = 1;          // turns per session
    double grow = 0;        // new tokens per later turn (the next message or a tool's output)
    double gap = 0;         // seconds between a turn's answer and the next prompt (tool call, reading)
    int fanout = 1;         // requests each turn runs at once (sub-agents)
    int spec = 0;           // draft tokens per step (speculative decoding / MTP); 0 = off
    std::optional<double> accept;  // chance a draft token is accepted; default: by the draft's kind
    double think = 0;       // thinking tokens per answer (a number)
    ThinkLevel think_level = ThinkLevel::none;  // or a level, which `think=low|med|high` sets
    int loras = 0;          // LoRA adapters served on the base model
    int lora_rank = 16;
    std::optional<int> lora_batch;  // adapters one batch mixes (vLLM --max-loras); default min(loras, 8)

    // fine-tune / train
    TuneMethod method = TuneMethod::lora;
    double rank = 16;
    Trainer trainer = Trainer::hf;  // what the memory and speed model assume (nemo: training too)
    Optimizer optim = Optimizer::adamw;  // fine-tuning with hf / fused; pre-training and NeMo: AdamW
    std::optional<double> tokens;  // dataset tokens; default: default_tokens(task)
    double epochs = 1;
    double seq = kDefaultSequence;  // tokens per training sequence (as ctx: a shorter model's own)
    bool seq_set = false;
    double batch = 1;       // micro-batch per GPU, sequences
    bool ckpt = true;       // activation checkpointing
    std::optional<int> zero;    // 0-3; default: smallest stage that fits
    std::optional<double> mfu;  // of a BF16 run, against the BF16 dense peak; default: effective_mfu()
    std::optional<double> goodput;  // share of a run's GPU-hours spent at its steady speed; effective_goodput()
    std::optional<double> days; // deadline
    // A compute budget instead of a dataset, as model cards publish it: GPU-hours on one GPU.
    std::optional<double> gpuh;
    std::string gpuh_gpu = "h100-sxm";

    // services (services.hpp): speech-to-text, embeddings for vector search, code copilot
    double audio_h = 100;     // hours of recorded audio per day to transcribe (use=asr; `streams` = live streams)
    double docs = 1e6;        // passages to embed into the vector index (use=embed)
    double doc_tokens = 512;  // tokens per passage
    double qps = 20;          // search queries per second to embed
    // speech-to-text pipeline (use=asr with a Whisper-type model; speech_pipeline.hpp)
    AsrRuntime asr_runtime = AsrRuntime::ct2;  // faster-whisper: the usual meeting-transcription stack
    AsrMode asr_mode = AsrMode::chunked;       // its batched pipeline (VAD-cut windows, batch 8)
    int beam = 0;               // beam width; 0 = the runtime's default (faster-whisper, whisper.cpp 5; HF, TensorRT 1)
    int asr_batch = 0;          // windows decoded together; 0 = the runtime's default, memory permitting
    double clip = 0;            // average clip length, s (short clips are padded to the 30-s window); 0 = long recordings
    double speech_tokens = 4;   // text tokens per second of speech (English ~150 words/min with timestamps; Russian more)

    // partial offload (offload.hpp): one GPU with layers or MoE experts in host RAM, llama.cpp style
    bool offload = false;
    double ram = 64;                // GB of host RAM
    HostRam ddr = HostRam::ddr4;    // its type: the bandwidth assumption
    std::optional<double> ram_gbs;  // the host RAM's theoretical GB/s instead of the type's (other speeds, 4+ channels)
    std::optional<int> cpu_layers;  // pinned: --n-cpu-moe (MoE) or layers on the CPU (dense); default: the least that fits

    // other GPU work
    double vram = 16;       // GB the scene / batch / dataset needs
    double streams = 8;     // concurrent video streams (transcode); live audio streams (asr)
    Resolution res = Resolution::p1080;
    VideoCodec codec = VideoCodec::h264;

    // pinning and policy
    std::string gpu;            // empty = every GPU
    VendorFilter vendor = VendorFilter::any;  // every GPU of this vendor (a pinned gpu is kept whatever its vendor)
    std::optional<int> n;       // total GPU count, empty = engine chooses
    double reserve = 10;        // % of GPU memory kept free
    RankBy sort = RankBy::cost;
};

// The enums' keys (link, JSON, catalog): engine/vocabulary.hpp, key_of() and from_key().
// True when the GPU's catalog vendor passes the filter (case-insensitive: "NVIDIA", "AMD").
bool vendor_matches(VendorFilter v, std::string_view gpu_vendor);

// Training from scratch defaults to a pretraining-sized corpus (1 T); fine-tuning to 100 M tokens.
double default_tokens(Task t);
double effective_tokens(const State& s);
// MFU of a BF16 dense run against the BF16 dense peak: the user's, or the default for the task,
// method and trainer (0.40 full; LoRA 0.30 hf, 0.50 fused; QLoRA 0.25 hf, 0.40 fused; nemo 0.56 for
// training, full and LoRA, sizing.cpp kNemoMfu; pre-training: the GPU's steady_training_mfu, here
// the H100's). The engine scales it for MoE models and FP8 training (training.cpp: training_mfu_on).
double effective_mfu(const State& s);
// Pre-training's steady-state MFU on a GPU of this BF16 dense peak (FLOP/s) and memory bandwidth
// (bytes/s): GEMMs at 80 % of the peak, the memory-bound rest at the bandwidth (sizing.cpp).
double steady_training_mfu(double peak_flops, double bytes_per_s);
// Share of a run's GPU-hours spent at its steady speed: the user's `goodput`, 0.70 for
// pre-training (a model card's hours against benchmark speed), 1 for fine-tuning.
double effective_goodput(const State& s);
// With no deadline, a plan finishes within this many days: 90 for training, 30 for fine-tuning.
double default_horizon_days(Task t);

}  // namespace gpusizer
