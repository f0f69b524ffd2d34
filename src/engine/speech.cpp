// Speech-to-text (use=asr): seconds of audio one GPU transcribes per second ("× realtime"),
// and the GPUs a day's recordings plus live streams need.
//   Whisper-type models (an encoder over 30-s windows, an autoregressive decoder): the runtime's
//   pipeline, window by window (speech_pipeline.hpp): padding, overlap, the longest sequence of a
//   batch, beams, and the runtime's host time per decoder step.
//   Transducers (TDT, RNN-T) and CTC, per audio second on one GPU:
//     encoder = encoder FLOPs / (dense peak × encoder efficiency)               compute-bound
//     decoder = prediction-network steps × launch latency / batch (CTC: no steps)
//     host    = audio decoding and feature extraction on the CPU: a ceiling per GPU
//     × realtime = 1 / (encoder + decoder + host)
// Recorded audio arrives over a working day; a live stream is re-transcribed every update.
#include <algorithm>
#include <cmath>
#include <string>

#include "engine/hardware.hpp"
#include "engine/model_math.hpp"
#include "engine/speech_pipeline.hpp"
#include "engine/tasks.hpp"

namespace gpusizer {
namespace {

constexpr double kWorkdayHours = 8;          // recordings are transcribed as they arrive during the day
constexpr double kStreamUpdateSeconds = 2;   // a live caption is refreshed every 2 s ...
constexpr double kStreamBufferSeconds = 15;  // ... by re-decoding a rolling buffer (Whisper streaming)
constexpr double kTransducerStreamFactor = 1.5;  // chunked transducer streaming recomputes left context
constexpr double kSegmentSeconds = 30;       // VAD segments an encoder without a fixed window sees
constexpr double kMaxBatch = 64;             // transducer sequences transcribed together offline, memory permitting
constexpr double kMaxServerWindows = 256;    // Whisper windows a runtime batches when it fills memory (MLPerf: 256-320)
constexpr double kTransducerStepsPerToken = 1.5;  // emitted tokens plus the frames a TDT does not skip
constexpr double kActivationBytesPerFrame = 16;   // × encoder width: one segment's live activations (FP16)

// The speech figures of one assumption set (typical, optimistic, pessimistic).
struct SpeechSet {
    double tokens_per_s;  // text tokens per audio second (speech ~150 words/min; Russian takes more)
    double host_x;        // audio decoding + features on the host, × realtime per GPU
    double step_us, layer_us;  // launch latency of a decoder step: fixed + per layer (C++ runtime)
};
constexpr SpeechSet kTypical{4, 30000, 50, 15}, kOptimistic{3, 60000, 25, 8}, kPessimistic{6, 15000, 100, 30};

// Architecture figures of a speech model that do not depend on the GPU.
struct SpeechShape {
    const SpeechSpec* sp;
    double frames;           // encoder frames in one window / segment
    double encoder_flops;    // per audio second
    double decoder_bytes;    // decoder weights read per step (whole batch)
    double kv_per_seq;       // cross + self attention K/V read per step per sequence
    double state_per_seq;    // memory one sequence holds while it is decoded
    int decoder_layers;
    bool transformer, ctc;
    ComputeKind arithmetic = ComputeKind::bf16;
};

SpeechShape shape_of(const ModelSpec& m, WeightFormat wq, double tokens_per_s) {
    const SpeechSpec& sp = *m.speech;
    SpeechShape s{&sp};
    const double window = sp.window_seconds > 0 ? sp.window_seconds : kSegmentSeconds;
    s.frames = sp.frames_per_second * window;
    const double per_frame = 2.0 * sp.encoder_params_b * 1e9 + 4.0 * sp.encoder_layers * sp.encoder_hidden * s.frames;
    s.encoder_flops = per_frame * sp.frames_per_second;  // a fixed window is filled by long recordings
    s.transformer = sp.decoder == "transformer";
    s.ctc = sp.decoder == "ctc";
    const double bytes_per_param = weight_format_info(wq).bits_per_weight / 8.0;
    s.decoder_bytes = std::max(0.0, m.params_b - sp.encoder_params_b) * 1e9 * bytes_per_param;
    s.decoder_layers = s.transformer ? std::max(1, sp.decoder_layers) : 2;  // prediction network + joint
    const double kv_token = s.transformer ? 2.0 * sp.decoder_layers * m.hidden * 2.0 : 0;  // K and V, FP16
    const double avg_tokens = tokens_per_s * window / 2;
    s.kv_per_seq = kv_token * (s.frames + avg_tokens);
    const double max_tokens = m.max_context > 0 ? m.max_context : 448;
    s.state_per_seq = kv_token * (s.frames + (s.transformer ? max_tokens : 0)) +
                      s.frames * sp.encoder_hidden * kActivationBytesPerFrame;
    return s;
}

// GPU-seconds per audio second on one GPU, split as the explanation shows it.
struct Pace {
    double encoder = 0, decoder = 0, host = 0;
    double total() const { return encoder + decoder + host; }
};

Pace pace(const SpeechShape& s, const GpuSpec& g, const Assumptions& a, const SpeechSet& k, double batch,
          double encoder_factor, double decoder_factor) {
    Pace p;
    const double peak = peak_flops(g, s.arithmetic) * encoder_eff_on(a, s.sp->encoder_hidden, g, s.arithmetic) *
                        vendor_gemm_share(g, a);  // ROCm's measured share on AMD GPUs, 1 elsewhere
    p.encoder = encoder_factor * s.encoder_flops / peak;
    if (!s.ctc) {
        const double steps = k.tokens_per_s * (s.transformer ? 1.0 : kTransducerStepsPerToken);
        const double bytes = s.decoder_bytes + batch * s.kv_per_seq;
        const double bandwidth =
            memory_bandwidth_bytes_per_s(g) * a.decode_bandwidth_eff * vendor_bandwidth_share(g, a);
        const double memory = bytes / bandwidth;
        const double launch = (k.step_us + k.layer_us * s.decoder_layers) * 1e-6;
        p.decoder = decoder_factor * steps * std::max(memory, launch) / batch;
    }
    p.host = 1.0 / k.host_x;
    return p;
}

double stream_encoder_factor(const SpeechShape& s) {
    return s.sp->window_seconds > 0 ? s.sp->window_seconds / kStreamUpdateSeconds : kTransducerStreamFactor;
}
double stream_decoder_factor(const SpeechShape& s) {
    return s.transformer ? kStreamBufferSeconds / kStreamUpdateSeconds : 1.0;
}

// Whisper-type models: the runtime's pipeline at the batch memory holds (speech_pipeline.hpp).
struct WhisperFit {
    AsrPipeline files, live;
    WhisperShape shape;
    double window_bytes = 0;  // memory one window (its beams and encoder activations) holds
    int encoder_hidden = 0;
};

WhisperFit whisper_fit(const Job& job) {
    const State& st = job.state;
    WhisperFit f;
    // Whisper's runtimes cast an FP32 checkpoint (whisper-medium's) to FP16 unless told FP32 (wq=fp32), as
    // their commands here do: the shape follows the arithmetic the command runs.
    const bool cast = job.wq == WeightFormat::fp32 && encoder_arithmetic(st) != ComputeKind::fp32;
    f.shape = whisper_shape(job.model, cast ? WeightFormat::fp16 : job.wq);
    f.files = asr_pipeline(st);
    // A live stream re-decodes its rolling buffer every update, one window per stream and update.
    f.live = f.files;
    f.live.mode = AsrMode::chunked;
    f.live.advance_s = kStreamUpdateSeconds;
    f.live.tokens = std::max(1.0, st.speech_tokens * kStreamBufferSeconds);
    const SpeechSpec& sp = *job.model.speech;
    f.encoder_hidden = sp.encoder_hidden;
    f.window_bytes = whisper_bytes_per_window(f.shape, f.files) +
                     f.shape.frames * sp.encoder_hidden * kActivationBytesPerFrame;
    return f;
}

// × realtime of recorded audio and GPU-seconds per second of one live stream, per assumption set.
void whisper_pace(const WhisperFit& f, const Job& job, const GpuSpec& g, double batch, double x[3], double per_stream[3]) {
    const Assumptions as[3] = {Assumptions::optimistic(), Assumptions::typical(), Assumptions::pessimistic()};
    const double host_scale[3] = {0.7, 1.0, 1.5};  // runtime versions and host CPUs differ
    const int h = job.model.speech->encoder_hidden;
    for (int i = 0; i < 3; ++i) {
        const double eff = encoder_eff_on(as[i], h, g, f.shape.compute);
        x[i] = whisper_x_realtime(whisper_batch(f.shape, f.files, g, as[i], batch, eff, host_scale[i]), f.files);
        const double live_x = whisper_x_realtime(whisper_batch(f.shape, f.live, g, as[i], batch, eff, host_scale[i]), f.live);
        per_stream[i] = live_x > 0 ? 1.0 / live_x : 1e9;
    }
}

// The model's short name as the runtimes' own model lists spell it ("large-v3", "large-v3-turbo").
std::string whisper_size(const std::string& id) {
    const auto at = id.find("whisper-");
    return at == std::string::npos ? id : id.substr(at + 8);
}

CommandLine whisper_command(const Job& job, const AsrPipeline& p, const std::string& batch) {
    const std::string beam = std::to_string(p.beam), id = job.model.id;
    // The arithmetic the figures were sized at: FP32 only when the link asks for FP32 weights.
    const bool fp32 = encoder_arithmetic(job.state) == ComputeKind::fp32;
    switch (p.runtime->runtime) {
        case AsrRuntime::ct2:
            return {"python -c \"from faster_whisper import WhisperModel, BatchedInferencePipeline; "
                    "m = BatchedInferencePipeline(WhisperModel('" + whisper_size(id) + "', device='cuda', compute_type='" +
                    (fp32 ? "float32" : "float16") + "')); "
                    "segments, info = m.transcribe('meeting.wav', batch_size=" + batch + ", beam_size=" + beam + ")\"",
                    Message(code::cmd_asr_ct2)};
        case AsrRuntime::hf:
            return {"python -c \"import torch; from transformers import pipeline; "
                    "asr = pipeline('automatic-speech-recognition', '" + id + "', torch_dtype=torch." + (fp32 ? "float32" : "float16") +
                    ", device='cuda:0'); "
                    "print(asr('meeting.wav', chunk_length_s=30, batch_size=" + batch + ", generate_kwargs={'num_beams': " + beam + "}))\"",
                    Message(code::cmd_asr_hf)};
        case AsrRuntime::cpp:
            return {"whisper-cli -m models/ggml-" + whisper_size(id) + ".bin -f meeting.wav -bs " + beam, Message(code::cmd_asr_cpp)};
        case AsrRuntime::trt:
            break;
    }
    return {"vllm serve " + id + (fp32 ? " --dtype float32" : "") + " --max-num-seqs " + batch + " --gpu-memory-utilization " +
                fmt(memory_utilization(job.state.reserve), 2),
            Message(code::cmd_asr_vllm)};
}

// NeMo's script runs the checkpoint's FP32 unless told a compute dtype: the one the figures were sized
// at (BF16, or FP16 on GPUs without BF16 such as the T4 and V100; FP32 when the link asks for it).
std::string nemo_dtype(const Job& job, const Option& o) {
    if (encoder_arithmetic(job.state) == ComputeKind::fp32) return " amp=false compute_dtype=float32";
    const GpuSpec* g = job.catalog.find_gpu(o.gpu_id);
    const bool bf16 = g && g->tflops.bf16 && *g->tflops.bf16 > 0;
    return std::string(" amp=false compute_dtype=") + (bf16 || !g ? "bfloat16" : "float16");
}

std::vector<CommandLine> speech_command(const Job& job, const Option& o) {
    // (std::string, not a stream: no iostreams in the page's module)
    const std::string batch = std::to_string(std::max(1, o.batch_per_replica));
    std::vector<CommandLine> lines;
    if (job.model.speech->decoder == "transformer")
        lines.push_back(whisper_command(job, asr_pipeline(job.state), batch));
    else
        lines.push_back({"python examples/asr/transcribe_speech.py pretrained_name=" + job.model.id +
                             " audio_dir=<recordings> batch_size=" + batch + nemo_dtype(job, o),
                         Message(code::cmd_asr_nemo)});
    if (o.count > 1) lines.push_back({"", Message(code::cmd_replicas).num("replicas", o.count)});
    return lines;
}

void explain(const Job& job, const SpeechShape& s, double files_rate, double streams, Result& out) {
    const SpeechSpec& sp = *s.sp;
    out.explanations.push_back({"speech.encoder",
        Message(code::formula_speech_encoder).num("params_b", sp.encoder_params_b).num("frames", s.frames)
            .num("fps", sp.frames_per_second).num("window", sp.window_seconds).num("gflops", s.encoder_flops / 1e9),
        {s.encoder_flops / 1e9, s.encoder_flops / 1e9, s.encoder_flops / 1e9}});
    const double mb = (s.decoder_bytes / kMaxBatch + s.kv_per_seq) * kTypical.tokens_per_s / 1e6;
    out.explanations.push_back({"speech.decoder",
        Message(s.ctc ? code::formula_speech_ctc : s.transformer ? code::formula_speech_decoder : code::formula_speech_transducer)
            .num("tokens", kTypical.tokens_per_s).num("weights_mb", s.decoder_bytes / 1e6).num("batch", kMaxBatch)
            .num("kv_mb", s.kv_per_seq / 1e6).num("mb", mb).num("steps", kTypical.tokens_per_s * kTransducerStepsPerToken)
            .num("us", kTypical.step_us + kTypical.layer_us * s.decoder_layers),
        {}});
    out.explanations.push_back({"speech.realtime", Message(code::formula_speech_realtime).num("host_x", kTypical.host_x), {}});
    out.explanations.push_back({"speech.load",
        Message(code::formula_speech_load).num("audio_h", job.state.audio_h).num("day", kWorkdayHours)
            .num("rate", files_rate).num("streams", streams).num("enc", stream_encoder_factor(s))
            .num("dec", stream_decoder_factor(s)).num("growth", job.state.growth),
        {}});
}

void explain_whisper(const Job& job, const WhisperFit& f, double files_rate, double streams, Result& out) {
    const SpeechSpec& sp = *job.model.speech;
    out.explanations.push_back({"speech.encoder",
        Message(code::formula_speech_encoder).num("params_b", sp.encoder_params_b).num("frames", f.shape.frames)
            .num("fps", sp.frames_per_second).num("window", sp.window_seconds)
            .num("gflops", f.shape.encoder_flops / sp.window_seconds / 1e9),
        {}});
    out.explanations.push_back({"speech.pipeline",
        Message(code::formula_whisper_pipeline).term("runtime", text_of(f.files.runtime->runtime))
            .term("mode", text_of(f.files.mode)).num("beam", f.files.beam)
            .num("advance", f.files.advance_s).num("tokens", f.files.tokens)
            .num("weights_mb", f.shape.decoder_bytes / 1e6).num("kv_mb", f.shape.cross_kv_bytes / 1e6),
        {}});
    out.explanations.push_back({"speech.load",
        Message(code::formula_speech_load).num("audio_h", job.state.audio_h).num("day", kWorkdayHours)
            .num("rate", files_rate).num("streams", streams).num("enc", 30.0 / kStreamUpdateSeconds)
            .num("dec", kStreamBufferSeconds / kStreamUpdateSeconds).num("growth", job.state.growth),
        {}});
}

// One GPU's batch of windows under the typical assumptions, as its ⓘ explains it.
Explanation whisper_window_explanation(const WhisperFit& f, const GpuSpec& g, double batch) {
    const Assumptions a = Assumptions::typical();
    const double eff = encoder_eff_on(a, f.encoder_hidden, g, f.shape.compute);
    const WindowBatch b = whisper_batch(f.shape, f.files, g, a, batch, eff);
    return {"speech.window",
            Message(code::formula_whisper_window).num("batch", b.windows).num("beam", f.files.beam).num("steps", b.steps)
                .num("step_ms", (b.step_gpu + b.step_host) * 1e3).num("gpu_ms", b.step_gpu * 1e3)
                .num("host_ms", b.step_host * 1e3).num("encoder_s", b.encoder).num("decoder_s", b.decoder)
                .num("cpu_s", b.host).num("x", whisper_x_realtime(b, f.files)),
            {}};
}

void state_assumptions(const SpeechShape& s, const WhisperFit* wf, Result& out) {
    const Assumptions a = Assumptions::typical(), lo = Assumptions::optimistic(), hi = Assumptions::pessimistic();
    const int h = s.sp->encoder_hidden;
    auto& said = out.assumptions;
    said.push_back(Message(code::assume_encoder_eff).num("eff", encoder_compute_eff(a, h) * 100).num("hidden", h)
                       .num("low", encoder_compute_eff(hi, h) * 100).num("high", encoder_compute_eff(lo, h) * 100)
                       .num("fp32", s.arithmetic == ComputeKind::fp32).num("gemm", kEncoderGemmEff * 100));
    said.push_back(Message(code::assume_decode_eff).num("eff", a.decode_bandwidth_eff * 100)
                       .num("low", hi.decode_bandwidth_eff * 100).num("high", lo.decode_bandwidth_eff * 100));
    if (wf) {
        const AsrRuntimeProfile& rt = *wf->files.runtime;
        said.push_back(Message(code::assume_asr_runtime).term("runtime", text_of(rt.runtime))
                           .term("mode", text_of(wf->files.mode)).num("beam", wf->files.beam)
                           .num("batch", wf->files.batch_asked).num("step_us", rt.step_us).num("layer_us", rt.layer_us)
                           .num("hyp_us", rt.hypothesis_us)
                           .num("window_ms", wf->files.mode == AsrMode::sequential ? rt.seek_host_ms : rt.chunk_host_ms));
        said.push_back(Message(code::assume_asr_windows).num("advance", wf->files.advance_s).num("tokens", wf->files.tokens)
                           .num("speech_tokens", out.state.speech_tokens));
    } else {
        said.push_back(Message(code::assume_speech_tokens).num("tokens", kTypical.tokens_per_s)
                           .num("low", kOptimistic.tokens_per_s).num("high", kPessimistic.tokens_per_s));
        said.push_back(Message(code::assume_speech_steps).num("us", kTypical.step_us).num("layer_us", kTypical.layer_us));
        said.push_back(Message(code::assume_speech_host).num("x", kTypical.host_x).num("low", kPessimistic.host_x)
                           .num("high", kOptimistic.host_x));
    }
    said.push_back(Message(code::assume_speech_day).num("hours", kWorkdayHours));
    said.push_back(Message(code::assume_speech_streams).num("update", kStreamUpdateSeconds).num("buffer", kStreamBufferSeconds)
                       .num("window", s.sp->window_seconds).num("transducer", kTransducerStreamFactor));
    said.push_back(Message(code::assume_serve_overhead).num("gb", a.runtime_overhead_gb)
                       .num("low", lo.runtime_overhead_gb).num("high", hi.runtime_overhead_gb));
}

// × realtime per GPU, GPU-seconds a stream takes per second, and GPU-seconds of work per second of
// the day's load, under the optimistic, typical and pessimistic assumptions (index 0, 1, 2).
struct Speed {
    double x[3] = {0, 0, 0}, per_stream[3] = {0, 0, 0}, need[3] = {0, 0, 0};
};

Speed whisper_speed(const WhisperFit& wf, const Job& job, const GpuSpec& g, double batch, double files_rate,
                    double streams) {
    Speed sp;
    whisper_pace(wf, job, g, batch, sp.x, sp.per_stream);
    for (int i = 0; i < 3; ++i) sp.need[i] = files_rate / sp.x[i] + streams * sp.per_stream[i];
    return sp;
}

// Transducers and CTC encoders: files in batches, live streams with their recomputed context.
Speed encoder_speed(const SpeechShape& s, const GpuSpec& g, double batch, double files_rate, double streams) {
    Speed sp;
    const SpeechSet sets[3] = {kOptimistic, kTypical, kPessimistic};
    const Assumptions as[3] = {Assumptions::optimistic(), Assumptions::typical(), Assumptions::pessimistic()};
    for (int i = 0; i < 3; ++i) {
        const Pace files = pace(s, g, as[i], sets[i], batch, 1, 1);
        const Pace live = pace(s, g, as[i], sets[i], batch, stream_encoder_factor(s), stream_decoder_factor(s));
        sp.x[i] = 1.0 / files.total();
        sp.per_stream[i] = live.total();
        sp.need[i] = files_rate * files.total() + streams * live.total();
    }
    return sp;
}

}  // namespace

ComputeKind encoder_arithmetic(const State& s) {
    return s.wq && *s.wq == WeightFormat::fp32 ? ComputeKind::fp32 : ComputeKind::bf16;
}

double encoder_compute_eff(const Assumptions& a, int hidden) {
    // Layers narrower than 2,048 run smaller GEMMs and proportionally more normalisation,
    // convolution and attention glue: the encoder efficiency × hidden/2048, at least half of it.
    return a.encoder_compute_eff * std::clamp(hidden / 2048.0, 0.5, 1.0);
}

// The efficiency above is a 16-bit server's: its tensor-core GEMMs are so fast that the memory-bound
// glue (norms, softmax, GELU, residual adds) takes much of the time. In FP32 the GEMMs run on CUDA
// cores at a peak 2-30x lower (8-16x on T4, A100, H100) while the glue only moves twice the bytes,
// so the glue's share shrinks.
// Split the 16-bit time per FLOP into GEMMs at kEncoderGemmEff of the peak and the rest (glue):
//   1/eff32 = 1/gemm + 2 · (P32 / P16) · (1/eff16 - 1/gemm).
double encoder_eff_on(const Assumptions& a, int hidden, const GpuSpec& g, ComputeKind math) {
    const double eff16 = encoder_compute_eff(a, hidden);
    // A GPU without 16-bit tensor figures runs everything at its FP32 peak: nothing to split.
    if (math != ComputeKind::fp32 || effective_compute(g, ComputeKind::bf16) != ComputeKind::bf16) return eff16;
    const double p16 = peak_flops(g, ComputeKind::bf16), p32 = peak_flops(g, ComputeKind::fp32);
    if (!(p32 > 0)) return eff16;
    const double glue = std::max(0.0, 1.0 / eff16 - 1.0 / kEncoderGemmEff);
    return 1.0 / (1.0 / kEncoderGemmEff + 2.0 * p32 / p16 * glue);
}

void evaluate_speech(const Job& job, Result& out) {
    const State& st = job.state;
    const ModelSpec& m = job.model;
    if (!m.speech) {
        out.warnings.push_back(Message(code::service_not_speech_model).str("model", m.name));
        return;
    }
    SpeechShape s = shape_of(m, job.wq, kTypical.tokens_per_s);
    s.arithmetic = encoder_arithmetic(job.state);
    const bool whisper = s.transformer;
    const WhisperFit wf = whisper ? whisper_fit(job) : WhisperFit{};
    // Memory one batch member holds: a window with its beams (Whisper), a sequence (transducers).
    const double member_bytes = whisper ? wf.window_bytes : s.state_per_seq;
    const double max_members = whisper ? (wf.files.batch_asked > 0 ? wf.files.batch_asked : kMaxServerWindows) : kMaxBatch;
    const double grow = 1.0 + std::max(0.0, st.growth) / 100.0;
    const double files_rate = std::max(0.0, st.audio_h) * grow / kWorkdayHours;  // audio-s per second
    const double streams = std::max(0.0, st.streams) * grow;
    const Bytes weights = weight_bytes(m, job.wq).total();
    const Assumptions typ = Assumptions::typical();
    out.memory.weights = weights;
    out.memory.kv_cache = Bytes{member_bytes * (whisper ? std::max(1.0, wf.files.batch_asked) : kMaxBatch)};
    out.memory.overhead = Bytes::from_gb(typ.runtime_overhead_gb);
    out.memory_total_gb = {out.memory.total().gb(), out.memory.total().gb(), out.memory.total().gb()};
    if (whisper)
        explain_whisper(job, wf, files_rate, streams, out);
    else
        explain(job, s, files_rate, streams, out);
    state_assumptions(s, whisper ? &wf : nullptr, out);

    const int pinned = st.n ? *st.n : 0;
    for (const GpuSpec* gp : job.gpus) {
        const GpuSpec& g = *gp;
        Option o = option_on(g, st, std::max(1, pinned));
        const double free_bytes = o.capacity_gb * kBytesPerGB - weights.value - out.memory.overhead.value;
        const double batch = std::min(max_members, std::floor(free_bytes / std::max(1.0, member_bytes)));
        o.per_gpu.weights = weights;
        o.per_gpu.overhead = out.memory.overhead;
        o.per_gpu.kv_cache = Bytes{member_bytes * std::max(1.0, batch)};
        const double used = o.per_gpu.total().gb();
        o.per_gpu_gb = {used, used, used};
        if (peak_flops(g, s.arithmetic) <= 0) {
            o.reason = Message(code::reason_no_tensor_figure);
            out.options.push_back(o);
            continue;
        }
        if (batch < 1) {
            o.reason = Message(code::reason_needs_memory).num("need", (weights + out.memory.overhead).gb() + member_bytes / 1e9)
                           .num("have", o.capacity_gb);
            out.options.push_back(o);
            continue;
        }
        o.batch_per_replica = int(batch);
        Speed sp;
        if (whisper) {
            sp = whisper_speed(wf, job, g, batch, files_rate, streams);
            o.explanations.push_back(whisper_window_explanation(wf, g, batch));
        } else {
            sp = encoder_speed(s, g, batch, files_rate, streams);
        }
        const auto& x = sp.x;
        const auto& need = sp.need;
        const auto& per_stream = sp.per_stream;
        o.audio_x_realtime = {x[2], x[1], x[0]};
        const int needed = int(std::min(1e6, std::max(1.0, std::ceil(need[1] - 1e-9))));
        const bool short_of_load = scale_to_load(o, g, needed, pinned);
        o.streams_served = std::max(0.0, std::floor((o.count - files_rate / x[1]) / per_stream[1] + 1e-9));
        if (short_of_load)
            o.reason = Message(code::reason_speech_short).num("need", need[1]).num("count", pinned);
        else
            o.fits = true;
        warn_low_bandwidth(g, o);
        add_cost(o, g, job.catalog.currency);
        if (o.fits) o.command = speech_command(job, o);
        out.options.push_back(std::move(o));
    }
}

}  // namespace gpusizer
