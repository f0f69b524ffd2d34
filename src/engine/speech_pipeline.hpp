// Whisper-type speech-to-text (an encoder over 30-s windows, an autoregressive decoder with
// cross-attention) as real runtimes run it. Internal to the engine (speech.cpp uses it).
//
// A batch of B windows, K beams each (H = B·K hypotheses):
//   advance   audio seconds one window covers: a clip shorter than the window is padded to it
//             (advance = clip); the Transformers pipeline overlaps chunks by its default stride
//             (chunk_length_s / 6 each side: 20 s of 30); VAD-merged chunks (faster-whisper's batched
//             pipeline) and sequential long-form decoding (each window seeks to the last complete
//             segment's end) cover ~27 s (kWindowFill of 30)
//   tokens    T = speech tokens/s × advance, at most 224 a window (openai/whisper's cap)
//   steps     the longest sequence of the batch: T × (1 + cv·sqrt(2 ln B)) (the expected maximum of
//             B windows whose token counts vary by cv); sequential decoding with temperature
//             fallback re-decodes a share of windows
//   step      max(bytes / (bandwidth × eff), FLOPs / (peak × eff)) + the runtime's host time per step
//             bytes = the decoder's weights once + per hypothesis the cross-attention K/V of the
//             1,500 encoder frames (2 · layers · 1500 · d · 2 B) and its own self-attention K/V;
//             host time = fixed + per decoder layer + per hypothesis (the runtime's loop, launches,
//             beam bookkeeping: what keeps a GPU idle between kernels)
//   encoder   B × window FLOPs / (peak × encoder efficiency)
//   host      B × the runtime's CPU time per window that is not overlapped (feature extraction)
//   × realtime = B × advance / (encoder + steps × step + host)
#pragma once

#include "engine/hardware.hpp"
#include "engine/model_math.hpp"
#include "engine/state.hpp"

namespace gpusizer {

// What a runtime family costs besides the GPU's work, and its defaults.
struct AsrRuntimeProfile {
    AsrRuntime runtime;
    int default_beam;
    int default_batch_chunked;  // windows per batch in the chunked mode (0: as many as memory holds)
    int default_batch_sequential;
    double step_us, layer_us, hypothesis_us;  // host time per decoder step: fixed, per layer, per hypothesis
    double chunk_host_ms, seek_host_ms;       // CPU time per window not overlapped with the GPU: chunked, sequential
    bool fallback;                            // sequential decoding re-decodes failed windows at higher temperature
    bool beams_share_cross_kv;                // the beams of a window share (and read once) its cross-attention K/V
};
const AsrRuntimeProfile& asr_runtime_profile(AsrRuntime r);

// The pipeline a state asks for, with the runtime's defaults filled in.
struct AsrPipeline {
    const AsrRuntimeProfile* runtime = nullptr;
    AsrMode mode = AsrMode::chunked;
    int beam = 1;
    double batch_asked = 0;  // 0: the runtime fills memory
    double advance_s = 30;   // audio seconds per window
    double tokens = 0;       // text tokens per window
};
AsrPipeline asr_pipeline(const State& s);

// Architecture figures of a Whisper-type model that do not depend on the GPU.
struct WhisperShape {
    double frames = 1500;            // encoder frames per window
    double encoder_flops = 0;        // per window
    double decoder_params = 0;
    double decoder_bytes = 0;        // decoder weights read per step
    double cross_kv_bytes = 0;       // per hypothesis per step
    double self_kv_bytes_per_token = 0;
    int decoder_layers = 0;
    ComputeKind compute = ComputeKind::bf16;  // FP16 math; FP32 for an FP32 checkpoint run as is
};
WhisperShape whisper_shape(const ModelSpec& m, WeightFormat wq);
// Memory one window holds while decoded: its cross-attention K/V (per beam where the runtime copies
// it) and each beam's self-attention K/V, grown to twice the window's tokens (at most 448).
double whisper_bytes_per_window(const WhisperShape& w, const AsrPipeline& p);

// Seconds one batch of windows takes on one GPU, split as the explanation shows it.
struct WindowBatch {
    double windows = 1, steps = 0;
    double encoder = 0, decoder = 0, host = 0;  // seconds
    double step_gpu = 0, step_host = 0;         // one decoder step: GPU work, host time
    double total() const { return encoder + decoder + host; }
};
// `host_scale` widens the runtime's host time for the range (versions and CPUs differ).
WindowBatch whisper_batch(const WhisperShape& w, const AsrPipeline& p, const GpuSpec& g, const Assumptions& a,
                          double batch, double encoder_eff, double host_scale = 1.0);
// Seconds of audio one GPU transcribes per second at that batch.
double whisper_x_realtime(const WindowBatch& b, const AsrPipeline& p);

}  // namespace gpusizer
