// Speech-to-text (use=asr): seconds of audio one GPU transcribes per second ("× realtime"),
// and the GPUs a day's recordings plus live streams need. Per audio second, one GPU:
//   encoder = encoder FLOPs / (dense peak × encoder efficiency)               compute-bound
//   decoder = decoder steps × max(bytes read per step / bandwidth, launch latency) / batch
//             Whisper: the decoder's weights once per step for the batch, plus each sequence's
//             cross-attention K/V over the 1,500-frame window; transducers (TDT, RNN-T): a tiny
//             prediction network whose steps are bound by kernel launches; CTC: no steps
//   host    = audio decoding and feature extraction on the CPU: a ceiling per GPU
//   × realtime = 1 / (encoder + decoder + host)
// Recorded audio arrives over a working day; a live stream is re-transcribed every update.
#include <algorithm>
#include <cmath>
#include <string>

#include "engine/hardware.hpp"
#include "engine/model_math.hpp"
#include "engine/tasks.hpp"

namespace gpusizer {
namespace {

constexpr double kWorkdayHours = 8;          // recordings are transcribed as they arrive during the day
constexpr double kStreamUpdateSeconds = 2;   // a live caption is refreshed every 2 s ...
constexpr double kStreamBufferSeconds = 15;  // ... by re-decoding a rolling buffer (Whisper streaming)
constexpr double kTransducerStreamFactor = 1.5;  // chunked transducer streaming recomputes left context
constexpr double kSegmentSeconds = 30;       // VAD segments an encoder without a fixed window sees
constexpr double kMaxBatch = 64;             // sequences transcribed together offline, memory permitting
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
    const double peak = peak_flops(g, ComputeKind::bf16) * encoder_compute_eff(a, s.sp->encoder_hidden);
    p.encoder = encoder_factor * s.encoder_flops / peak;
    if (!s.ctc) {
        const double steps = k.tokens_per_s * (s.transformer ? 1.0 : kTransducerStepsPerToken);
        const double bytes = s.decoder_bytes + batch * s.kv_per_seq;
        const double memory = bytes / (memory_bandwidth_bytes_per_s(g) * a.decode_bandwidth_eff);
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

std::vector<CommandLine> speech_command(const Job& job, const Option& o) {
    // (std::string, not a stream: no iostreams in the page's module)
    const std::string batch = std::to_string(std::max(1, o.batch_per_replica));
    std::string c;
    Message note;
    if (job.model.speech->decoder == "transformer") {
        c = "vllm serve " + job.model.id + " --max-num-seqs " + batch +
            " --gpu-memory-utilization " + fmt(memory_utilization(job.state.reserve), 2);
        note = Message(code::cmd_asr_vllm);
    } else {
        c = "python examples/asr/transcribe_speech.py pretrained_name=" + job.model.id +
            " audio_dir=<recordings> batch_size=" + batch;
        note = Message(code::cmd_asr_nemo);
    }
    std::vector<CommandLine> lines{{c, note}};
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

void state_assumptions(const SpeechShape& s, Result& out) {
    const Assumptions a = Assumptions::typical(), lo = Assumptions::optimistic(), hi = Assumptions::pessimistic();
    const int h = s.sp->encoder_hidden;
    auto& said = out.assumptions;
    said.push_back(Message(code::assume_encoder_eff).num("eff", encoder_compute_eff(a, h) * 100).num("hidden", h)
                       .num("low", encoder_compute_eff(hi, h) * 100).num("high", encoder_compute_eff(lo, h) * 100));
    said.push_back(Message(code::assume_decode_eff).num("eff", a.decode_bandwidth_eff * 100)
                       .num("low", hi.decode_bandwidth_eff * 100).num("high", lo.decode_bandwidth_eff * 100));
    said.push_back(Message(code::assume_speech_tokens).num("tokens", kTypical.tokens_per_s)
                       .num("low", kOptimistic.tokens_per_s).num("high", kPessimistic.tokens_per_s));
    said.push_back(Message(code::assume_speech_steps).num("us", kTypical.step_us).num("layer_us", kTypical.layer_us));
    said.push_back(Message(code::assume_speech_host).num("x", kTypical.host_x).num("low", kPessimistic.host_x)
                       .num("high", kOptimistic.host_x));
    said.push_back(Message(code::assume_speech_day).num("hours", kWorkdayHours));
    said.push_back(Message(code::assume_speech_streams).num("update", kStreamUpdateSeconds).num("buffer", kStreamBufferSeconds)
                       .num("window", s.sp->window_seconds).num("transducer", kTransducerStreamFactor));
    said.push_back(Message(code::assume_serve_overhead).num("gb", a.runtime_overhead_gb)
                       .num("low", lo.runtime_overhead_gb).num("high", hi.runtime_overhead_gb));
}

}  // namespace

double encoder_compute_eff(const Assumptions& a, int hidden) {
    // Layers narrower than 2,048 run smaller GEMMs and proportionally more normalisation,
    // convolution and attention glue: the encoder efficiency × hidden/2048, at least half of it.
    return a.encoder_compute_eff * std::clamp(hidden / 2048.0, 0.5, 1.0);
}

void evaluate_speech(const Job& job, Result& out) {
    const State& st = job.state;
    const ModelSpec& m = job.model;
    if (!m.speech) {
        out.warnings.push_back(Message(code::service_not_speech_model).str("model", m.name));
        return;
    }
    const SpeechShape s = shape_of(m, job.wq, kTypical.tokens_per_s);
    const double grow = 1.0 + std::max(0.0, st.growth) / 100.0;
    const double files_rate = std::max(0.0, st.audio_h) * grow / kWorkdayHours;  // audio-s per second
    const double streams = std::max(0.0, st.streams) * grow;
    const Bytes weights = weight_bytes(m, job.wq).total();
    const Assumptions typ = Assumptions::typical();
    out.memory.weights = weights;
    out.memory.kv_cache = Bytes{s.state_per_seq * kMaxBatch};
    out.memory.overhead = Bytes::from_gb(typ.runtime_overhead_gb);
    out.memory_total_gb = {out.memory.total().gb(), out.memory.total().gb(), out.memory.total().gb()};
    explain(job, s, files_rate, streams, out);
    state_assumptions(s, out);

    const int pinned = st.n ? *st.n : 0;
    for (const GpuSpec* gp : job.gpus) {
        const GpuSpec& g = *gp;
        Option o = option_on(g, st, std::max(1, pinned));
        const double free_bytes = o.capacity_gb * kBytesPerGB - weights.value - out.memory.overhead.value;
        const double batch = std::min(kMaxBatch, std::floor(free_bytes / std::max(1.0, s.state_per_seq)));
        o.per_gpu.weights = weights;
        o.per_gpu.overhead = out.memory.overhead;
        o.per_gpu.kv_cache = Bytes{s.state_per_seq * std::max(1.0, batch)};
        const double used = o.per_gpu.total().gb();
        o.per_gpu_gb = {used, used, used};
        if (peak_flops(g, ComputeKind::bf16) <= 0) {
            o.reason = Message(code::reason_no_tensor_figure);
            out.options.push_back(o);
            continue;
        }
        if (batch < 1) {
            o.reason = Message(code::reason_needs_memory).num("need", (weights + out.memory.overhead).gb() + s.state_per_seq / 1e9)
                           .num("have", o.capacity_gb);
            out.options.push_back(o);
            continue;
        }
        o.batch_per_replica = int(batch);
        const SpeechSet sets[3] = {kOptimistic, kTypical, kPessimistic};
        const Assumptions as[3] = {Assumptions::optimistic(), typ, Assumptions::pessimistic()};
        double x[3], need[3], per_stream[3];
        for (int i = 0; i < 3; ++i) {
            const Pace files = pace(s, g, as[i], sets[i], batch, 1, 1);
            const Pace live = pace(s, g, as[i], sets[i], batch, stream_encoder_factor(s), stream_decoder_factor(s));
            x[i] = 1.0 / files.total();
            per_stream[i] = live.total();
            need[i] = files_rate * files.total() + streams * live.total();  // GPU-seconds per second
        }
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
