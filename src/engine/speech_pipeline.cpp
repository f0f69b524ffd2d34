// Whisper-type speech-to-text pipelines (speech_pipeline.hpp).
#include "engine/speech_pipeline.hpp"

#include <algorithm>
#include <cmath>

#include "engine/assumptions.hpp"

namespace gpusizer {
namespace {

constexpr double kWindowSeconds = 30;   // Whisper pads every input to 30 s of audio
constexpr double kPipelineStride = 5;   // Transformers pipeline: chunk_length_s / 6 of overlap on each side
constexpr double kWindowFill = 0.9;     // VAD-merged chunks and seek-by-timestamp windows: ~27 s of 30
constexpr double kMaxWindowTokens = 224;  // openai/whisper: sample_len = n_text_ctx (448) // 2
constexpr double kTokenSpread = 0.25;   // coefficient of variation of tokens per window (speaking rate)
constexpr double kFallbackShare = 0.05; // windows re-decoded at a higher temperature (sequential mode)
constexpr double kSelfContextTokens = 448;  // decoder context a hypothesis can fill (n_text_ctx)

// Host time per decoder step and per window of each runtime family: what keeps the GPU idle
// between kernels. Set on published runs (tests/validation/validation.json, family speech, role
// calibration); every other published run of the family is a check.
//   hf   Transformers generate(), PyTorch eager: a Python loop dispatching ~12 kernels a layer, and
//        the timestamp logits processor looping over the batch in Python. Per step 1 ms + 0.76 ms a
//        decoder layer + 50 µs a hypothesis, set on the Transformers (SDPA) row of faster-whisper's
//        benchmark (large-v2, beam 5, RTX 3070 Ti: 1 min 52 s for 13 min of audio); its long-form
//        loop spends ~150 ms of Python per window (slicing features, building prompts, splitting
//        segments), set on the Open ASR Leaderboard's long-form whisper-large-v3-turbo (A100, batch 32)
//   ct2  CTranslate2 (faster-whisper): 2 ms + 0.33 ms a layer per step, set on faster-whisper's own
//        rows of that benchmark (1 min 03 s sequential, 17 s batched, beam 5); ~30 ms of Python per
//        window in the sequential loop (features, compression-ratio check, segments)
//   cpp  whisper.cpp: ggml graphs rebuilt every step (its bench's decode time per token, medium
//        model: 5.15 ms on a V100, 6.46 ms on an RTX 2060, where the weights take ~1.7 and ~4.5 ms:
//        ~110 µs a layer), and the logits of every hypothesis processed on the CPU (softmax and
//        selection over 51,865 tokens: ~1 ms each, an estimate)
//   trt  TensorRT-LLM's Whisper (C++ runtime, CUDA graphs, in-flight batching): ~6 µs a layer, an
//        estimate (the layer overhead of CUDA-graph decoders); its published runs are GPU-bound
// Transformers expands the encoder output per beam, so each hypothesis holds and reads its own
// cross-attention K/V; CTranslate2 and whisper.cpp keep one copy per window for its beams (faster-
// whisper's batch of 8 windows × 5 beams of large-v2 runs in 8 GB, which 40 copies would not fit).
// Defaults are the runtimes' own: faster-whisper and whisper.cpp beam 5; Transformers' pipeline
// greedy (num_beams 1) with batch 24 as insanely-fast-whisper runs it; faster-whisper's batched
// pipeline batch 8; TensorRT-LLM greedy, as many windows as memory holds (MLPerf ran 256-320).
constexpr AsrRuntimeProfile kProfiles[] = {
    // runtime, beam, batch (chunked, sequential), step µs, layer µs, hypothesis µs, host ms (chunk, seek), fallback, shared K/V
    {AsrRuntime::hf, 1, 24, 1, 1000, 760, 50, 12, 150, false, false},
    {AsrRuntime::ct2, 5, 8, 1, 2000, 330, 0, 4, 30, true, true},
    {AsrRuntime::cpp, 5, 1, 1, 500, 110, 1000, 3, 20, true, true},
    {AsrRuntime::trt, 1, 0, 0, 40, 6, 0.2, 0, 0, false, true},
};

double longest_factor(double batch) {
    return batch >= 2 ? 1.0 + kTokenSpread * std::sqrt(2.0 * std::log(batch)) : 1.0;
}

}  // namespace

const AsrRuntimeProfile& asr_runtime_profile(AsrRuntime r) {
    for (const auto& p : kProfiles)
        if (p.runtime == r) return p;
    return kProfiles[1];
}

AsrPipeline asr_pipeline(const State& s) {
    AsrPipeline p;
    p.runtime = &asr_runtime_profile(s.asr_runtime);
    p.mode = s.asr_mode;
    p.beam = s.beam > 0 ? s.beam : p.runtime->default_beam;
    const bool chunked = p.mode == AsrMode::chunked;
    p.batch_asked = s.asr_batch > 0 ? s.asr_batch
                                    : (chunked ? p.runtime->default_batch_chunked : p.runtime->default_batch_sequential);
    if (s.clip > 0 && s.clip < kWindowSeconds)
        p.advance_s = s.clip;  // one padded window per clip, whatever the mode
    else if (chunked && s.asr_runtime == AsrRuntime::hf)
        p.advance_s = kWindowSeconds - 2 * kPipelineStride;
    else
        p.advance_s = kWindowSeconds * kWindowFill;
    p.tokens = std::min(kMaxWindowTokens, std::max(1.0, s.speech_tokens * p.advance_s));
    return p;
}

WhisperShape whisper_shape(const ModelSpec& m, WeightFormat wq) {
    const SpeechSpec& sp = *m.speech;
    WhisperShape w;
    w.frames = sp.frames_per_second * (sp.window_seconds > 0 ? sp.window_seconds : kWindowSeconds);
    w.encoder_flops = 2.0 * sp.encoder_params_b * 1e9 * w.frames + 4.0 * sp.encoder_layers * sp.encoder_hidden * w.frames * w.frames;
    w.decoder_params = std::max(0.0, m.params_b - sp.encoder_params_b) * 1e9;
    w.decoder_bytes = w.decoder_params * weight_format_info(wq).bits_per_weight / 8.0;
    w.decoder_layers = std::max(1, sp.decoder_layers);
    w.compute = wq == WeightFormat::fp32 ? ComputeKind::fp32 : ComputeKind::bf16;
    const double kv_bytes = wq == WeightFormat::fp32 ? 4.0 : 2.0;  // K/V in the activations' precision
    w.cross_kv_bytes = 2.0 * w.decoder_layers * w.frames * m.hidden * kv_bytes;
    w.self_kv_bytes_per_token = 2.0 * w.decoder_layers * m.hidden * kv_bytes;
    return w;
}

double whisper_bytes_per_window(const WhisperShape& w, const AsrPipeline& p) {
    const double cross = p.runtime->beams_share_cross_kv ? 1.0 : p.beam;
    // Runtimes grow the self-attention cache with the text: twice a window's tokens covers its longest.
    const double self_tokens = std::min(kSelfContextTokens, 2.0 * p.tokens);
    return cross * w.cross_kv_bytes + p.beam * w.self_kv_bytes_per_token * self_tokens;
}

WindowBatch whisper_batch(const WhisperShape& w, const AsrPipeline& p, const GpuSpec& g, const Assumptions& a,
                          double batch, double encoder_eff, double host_scale) {
    WindowBatch b;
    b.windows = std::max(1.0, batch);
    const double hyps = b.windows * p.beam;
    const double peak = peak_flops(g, w.compute) * vendor_gemm_share(g, a);
    const double bandwidth = memory_bandwidth_bytes_per_s(g) * a.decode_bandwidth_eff * vendor_bandwidth_share(g, a);
    b.encoder = b.windows * w.encoder_flops / (peak * encoder_eff);
    const double cross_copies = p.runtime->beams_share_cross_kv ? b.windows : hyps;
    const double bytes = w.decoder_bytes + cross_copies * w.cross_kv_bytes + hyps * w.self_kv_bytes_per_token * p.tokens / 2;
    const double flops = 2.0 * w.decoder_params * hyps;
    b.step_gpu = std::max(bytes / bandwidth, flops / (peak * a.decode_compute_eff));
    const AsrRuntimeProfile& rt = *p.runtime;
    b.step_host = host_scale * (rt.step_us + rt.layer_us * w.decoder_layers + rt.hypothesis_us * hyps) * 1e-6;
    const bool refeed = p.mode == AsrMode::sequential && rt.fallback;
    b.steps = std::min(kMaxWindowTokens, p.tokens * longest_factor(b.windows)) * (refeed ? 1.0 + kFallbackShare : 1.0);
    b.decoder = b.steps * (b.step_gpu + b.step_host);
    b.host = host_scale * b.windows * (p.mode == AsrMode::sequential ? rt.seek_host_ms : rt.chunk_host_ms) * 1e-3;
    return b;
}

double whisper_x_realtime(const WindowBatch& b, const AsrPipeline& p) {
    const double t = b.total();
    return t > 0 ? b.windows * p.advance_s / t : 0;
}

}  // namespace gpusizer
