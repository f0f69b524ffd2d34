// The article's services as presets of inference: speech-to-text (use=asr), embeddings for
// vector search (use=embed) and the code copilot (use=copilot).
#include "engine/model_fit.hpp"
#include "engine/services.hpp"
#include "engine/speech_pipeline.hpp"
#include "helpers.hpp"
#include "report/report.hpp"

using namespace gpusizer;
using test::option_for;
using test::run;

namespace {
bool has_warning(const std::vector<Warning>& w, const char* code) {
    for (const auto& m : w)
        if (m.code == code) return true;
    return false;
}
std::string command_of(const Option& o) { return text::command_text(o.command, text::Lang::en); }
}  // namespace

TEST_CASE("a service link omits the preset's model and load, and decodes them back") {
    const DecodedLink asr = decode_link("v=1&use=asr");
    CHECK(asr.warnings.empty());
    CHECK(asr.state.model == "openai/whisper-large-v3-turbo");
    CHECK(encode_link(asr.state) == "v=1&use=asr");
    const DecodedLink cop = decode_link("v=1&use=copilot&users=80");
    CHECK(cop.state.model == "Qwen/Qwen3-Coder-30B-A3B-Instruct");
    CHECK(cop.state.out == 64);
    CHECK(cop.state.ttft == 0.5);
    CHECK(cop.state.prefix == 0.75);
    CHECK(cop.state.users == 80);  // a key the link gives wins over the preset
    CHECK(encode_link(cop.state) == "v=1&use=copilot&users=80");
    // A chat link with the copilot's numbers keeps them explicit.
    CHECK(encode_link(decode_link("v=1&out=64").state) == "v=1&out=64");
    CHECK(decode_link("v=1&use=embed&docs=5M&qps=200").state.docs == 5e6);
}

TEST_CASE("switching the use resets the old preset's load and applies the new one") {
    State s;
    switch_use(s, Use::copilot);
    CHECK(s.out == 64);
    CHECK(s.model == "Qwen/Qwen3-Coder-30B-A3B-Instruct");
    switch_use(s, Use::chat);
    CHECK(s.out == State{}.out);
    CHECK(s.prefix == 0);
}

TEST_CASE("speech-to-text: × realtime per GPU, GPUs for a day's recordings, live streams") {
    const Result r = run("v=1&use=asr&audio_h=2000&streams=0");
    const Option* h100 = option_for(r, "h100-sxm");
    const Option* t4 = option_for(r, "t4");
    REQUIRE(h100); REQUIRE(t4);
    CHECK(h100->fits);
    CHECK(h100->audio_x_realtime.mid > t4->audio_x_realtime.mid);
    CHECK(h100->audio_x_realtime.low <= h100->audio_x_realtime.mid);
    CHECK(h100->audio_x_realtime.mid <= h100->audio_x_realtime.high);
    // 2000 h over an 8-hour day = 250 s of audio per second.
    CHECK(t4->count == int(std::ceil(250.0 / t4->audio_x_realtime.mid - 1e-9)));
    // The default stack is faster-whisper's batched pipeline; the optimised server is vLLM's.
    CHECK(h100->command.front().shell.find("from faster_whisper import WhisperModel, BatchedInferencePipeline") != std::string::npos);
    CHECK(h100->command.front().shell.find("batch_size=8, beam_size=5") != std::string::npos);
    const Result served = run("v=1&use=asr&asr_rt=trt&gpu=h100-sxm");
    const Option* trt = option_for(served, "h100-sxm");
    REQUIRE(trt);
    REQUIRE(!trt->command.empty());
    CHECK(trt->command.front().shell.rfind("vllm serve openai/whisper-large-v3-turbo", 0) == 0);
    // Live streams cost more than recordings: Whisper re-encodes its 30 s window every update.
    const Result live = run("v=1&use=asr&audio_h=0&streams=40&gpu=l4");
    REQUIRE(!live.options.empty());
    CHECK(live.options[0].streams_served >= 40);
    CHECK(live.options[0].streams_served < 40 * 2 + live.options[0].count * 40);
    const Result parakeet = run("v=1&use=asr&model=nvidia/parakeet-tdt-0.6b-v3&gpu=a100-80gb");
    REQUIRE(!parakeet.options.empty());
    CHECK(parakeet.options[0].command.front().shell.find("transcribe_speech.py") != std::string::npos);
    CHECK(parakeet.options[0].audio_x_realtime.mid > option_for(r, "a100-80gb")->audio_x_realtime.mid);
    CHECK(non_finite_figure(r).empty());
}

TEST_CASE("embeddings: index hours, queries per second and the vector index beside them") {
    const Result r = run("v=1&use=embed&docs=10M&doc_tokens=512&qps=500");
    CHECK(r.vector_index_gb == doctest::Approx(10e6 * 1024 * 4 / 1e9));  // bge-m3: 1024 dimensions, float32
    const Option* l4 = option_for(r, "l4");
    const Option* h100 = option_for(r, "h100-sxm");
    REQUIRE(l4); REQUIRE(h100);
    CHECK(l4->fits);
    CHECK(l4->qps_capacity.mid >= 500);
    CHECK(l4->index_hours.mid > h100->index_hours.mid * h100->count / l4->count);
    CHECK(l4->command.front().shell.rfind("text-embeddings-router --model-id BAAI/bge-m3", 0) == 0);
    // Passages longer than the model reads become several vectors.
    const Result e5 = run("v=1&use=embed&model=intfloat/multilingual-e5-large&doc_tokens=2000&docs=1000");
    CHECK(has_warning(e5.warnings, code::service_passage_split));
    CHECK(e5.vector_index_gb == doctest::Approx(4000.0 * 1024 * 4 / 1e9));
    // The 8B embedder does not fit a 16 GB T4 in BF16.
    const Result big = run("v=1&use=embed&model=Qwen/Qwen3-Embedding-8B");
    const Option* t4 = option_for(big, "t4");
    REQUIRE(t4);
    CHECK_FALSE(t4->fits);
}

TEST_CASE("embeddings with FP32 weights run FP32 math, not the 16-bit tensor peak") {
    // sentence-transformers' default: an A100 does 19.5 TFLOPS in FP32 against 312 in BF16 (its datasheet).
    const Result bf16_run = run("v=1&use=embed&docs=1M&doc_tokens=256&gpu=a100-80gb&n=1");
    const Option* bf16 = option_for(bf16_run, "a100-80gb");
    const Result fp32_run = run("v=1&use=embed&docs=1M&doc_tokens=256&wq=fp32&gpu=a100-80gb&n=1");
    const Option* fp32 = option_for(fp32_run, "a100-80gb");
    REQUIRE(bf16); REQUIRE(fp32);
    // bge-m3 (hidden 1,024) reaches 25 % of the 16-bit peak; in FP32 its GEMMs run at 80 % of 19.5 TFLOPS beside the
    // same memory-bound glue at twice the bytes: 1 / (1/0.8 + 2 * 19.5/312 * (1/0.25 - 1/0.8)) = 62.7 % of the FP32 peak.
    const double eff32 = 1.0 / (1.0 / 0.8 + 2.0 * 19.5 / 312.0 * (1.0 / 0.25 - 1.0 / 0.8));
    CHECK(eff32 == doctest::Approx(0.6275).epsilon(0.001));
    CHECK(fp32->index_hours.mid == doctest::Approx(bf16->index_hours.mid * 312.0 / 19.5 * 0.25 / eff32).epsilon(0.01));
    bool said = false;
    for (const auto& m : fp32_run.assumptions) said = said || (m.code == code::assume_encoder_eff && m.find("fp32")->number == 1);
    CHECK(said);
    // The command runs what was sized: TEI's FP16 default, or FP32 when the figures are FP32's.
    CHECK(fp32->command.front().shell.find("--dtype float32") != std::string::npos);
    CHECK(bf16->command.front().shell.find("--dtype") == std::string::npos);
}

// The first command line of the option on `gpu` for `link`; empty when there is none.
static std::string first_command(const std::string& link, const char* gpu) {
    const Result r = run(link);
    const Option* o = option_for(r, gpu);
    return o && !o->command.empty() ? o->command.front().shell : std::string();
}

TEST_CASE("an FP32 Whisper is commanded in FP32, as it was sized") {
    const std::string large = "v=1&use=asr&model=openai/whisper-large-v3&gpu=a100-80gb";
    CHECK(first_command(large + "&wq=fp32&asr_rt=hf", "a100-80gb").find("torch_dtype=torch.float32") != std::string::npos);
    CHECK(first_command(large + "&wq=fp32&asr_rt=ct2", "a100-80gb").find("compute_type='float32'") != std::string::npos);
    CHECK(first_command(large + "&wq=fp32&asr_rt=trt", "a100-80gb").find("vllm serve openai/whisper-large-v3 --dtype float32") == 0);
    CHECK(first_command(large + "&asr_rt=ct2", "a100-80gb").find("compute_type='float16'") != std::string::npos);
    // whisper-medium's checkpoint is FP32: without wq=fp32 its runtimes cast it to FP16, and so is it sized.
    const std::string medium = "v=1&use=asr&model=openai/whisper-medium&asr_rt=ct2&gpu=t4";
    const Result cast = run(medium), fp16 = run(medium + "&wq=fp16");
    REQUIRE(option_for(cast, "t4")); REQUIRE(option_for(fp16, "t4"));
    CHECK(option_for(cast, "t4")->audio_x_realtime.mid == doctest::Approx(option_for(fp16, "t4")->audio_x_realtime.mid));
    CHECK(first_command(medium, "t4").find("compute_type='float16'") != std::string::npos);
    // NeMo runs a checkpoint's FP32 unless told: its command names the dtype the figures were sized at.
    const std::string parakeet = "v=1&use=asr&model=nvidia/parakeet-tdt-0.6b-v3";
    CHECK(first_command(parakeet + "&gpu=a100-80gb", "a100-80gb").find("amp=false compute_dtype=bfloat16") != std::string::npos);
    CHECK(first_command(parakeet + "&gpu=t4", "t4").find("amp=false compute_dtype=float16") != std::string::npos);
    CHECK(first_command(parakeet + "&wq=fp32&gpu=a100-80gb", "a100-80gb").find("compute_dtype=float32") != std::string::npos);
}

TEST_CASE("a model of the wrong kind is named, never sized as something else") {
    CHECK(run("v=1&use=asr&model=Qwen/Qwen3-8B").options.empty());
    CHECK(has_warning(run("v=1&use=asr&model=Qwen/Qwen3-8B").warnings, code::service_not_speech_model));
    CHECK(has_warning(run("v=1&use=embed&model=openai/whisper-medium").warnings, code::service_not_embedding_model));
    const Result chat = run("v=1&model=BAAI/bge-m3");
    CHECK(chat.options.empty());
    CHECK(has_warning(chat.warnings, code::service_needs_embed));
}

TEST_CASE("copilot: the prefix cache shortens the first token, not the KV memory") {
    const Result cached = run("v=1&use=copilot&gpu=h100-sxm");
    const Result cold = run("v=1&use=copilot&gpu=h100-sxm&prefix_hit=0");
    REQUIRE(cached.recommended >= 0);
    REQUIRE(cold.recommended >= 0);
    const Option& a = cached.options[size_t(cached.recommended)];
    const Option& b = cold.options[size_t(cold.recommended)];
    CHECK(a.ttft_s.mid < b.ttft_s.mid);
    CHECK(cached.memory.kv_cache.value == doctest::Approx(cold.memory.kv_cache.value));
    CHECK(command_of(a).find("prefix caching") != std::string::npos);
}

TEST_CASE("streams=0 is a recording-only load; negative counts are refused") {
    CHECK(decode_link("v=1&use=asr&streams=0").warnings.empty());
    CHECK(has_warning(decode_link("v=1&use=asr&streams=-1").warnings, code::link_bad_value));
}

TEST_CASE("the models view sizes speech and embedding models in their own presets") {
    State s = decode_link("v=1&view=models&gpu=rtx-4090").state;
    for (const ModelFit& f : fit_models(s, test::bundled())) {
        if (f.id == "openai/whisper-large-v3-turbo" || f.id == "BAAI/bge-m3") CHECK_MESSAGE(f.fits, f.id);
        if (f.id == "Qwen/Qwen3-8B") CHECK(f.fits);
    }
    s.use = Use::asr;  // a chat model is still sized as one when the page shows the transcription preset
    for (const ModelFit& f : fit_models(s, test::bundled()))
        if (f.id == "Qwen/Qwen3-8B") CHECK(f.fits);
}

TEST_CASE("speech-to-text pipelines: windows, stride, padding, beams, the longest of a batch") {
    const State base = decode_link("v=1&use=asr&model=openai/whisper-large-v3").state;
    // The Transformers pipeline overlaps 30-s chunks by 5 s each side: 20 s of new audio a chunk.
    State s = base;
    s.asr_runtime = AsrRuntime::hf;
    CHECK(asr_pipeline(s).advance_s == doctest::Approx(20));
    CHECK(asr_pipeline(s).beam == 1);
    // A 10-s clip is padded to one 30-s window: 10 s of audio a window, 40 tokens at 4 tokens/s.
    s.clip = 10;
    CHECK(asr_pipeline(s).advance_s == doctest::Approx(10));
    CHECK(asr_pipeline(s).tokens == doctest::Approx(40));
    // faster-whisper's defaults: beam 5, batch 8, VAD-merged windows of ~27 s.
    const AsrPipeline ct2 = asr_pipeline(base);
    CHECK(ct2.beam == 5);
    CHECK(ct2.batch_asked == 8);
    CHECK(ct2.advance_s == doctest::Approx(27));

    const ModelSpec& large = test::model("openai/whisper-large-v3");
    const WhisperShape w = whisper_shape(large, WeightFormat::fp16);
    // Cross-attention K/V of one hypothesis: 2 × 32 layers × 1500 frames × 1280 × 2 B = 245.76 MB.
    CHECK(w.cross_kv_bytes == doctest::Approx(2.0 * 32 * 1500 * 1280 * 2));
    const GpuSpec& h100 = test::gpu("h100-sxm");
    const Assumptions a = Assumptions::typical();
    // The longest of 8 windows: tokens × (1 + 0.25 · sqrt(2 ln 8)).
    const WindowBatch b8 = whisper_batch(w, ct2, h100, a, 8, 0.3);
    CHECK(b8.steps == doctest::Approx(ct2.tokens * (1 + 0.25 * std::sqrt(2 * std::log(8.0)))));
    // Transformers holds a K/V copy per beam, CTranslate2 one per window: beams cost HF more bytes.
    State hf5 = base;
    hf5.asr_runtime = AsrRuntime::hf;
    hf5.asr_mode = AsrMode::sequential;
    hf5.beam = 5;
    State ct5 = hf5;
    ct5.asr_runtime = AsrRuntime::ct2;
    CHECK(whisper_bytes_per_window(w, asr_pipeline(hf5)) > whisper_bytes_per_window(w, asr_pipeline(ct5)) + 4 * w.cross_kv_bytes - 1);
    // A 4-layer decoder (turbo) decodes a window much faster than 32 layers, one window at a time.
    const WhisperShape turbo = whisper_shape(test::model("openai/whisper-large-v3-turbo"), WeightFormat::fp16);
    const AsrPipeline seq = asr_pipeline(ct5);
    CHECK(whisper_batch(turbo, seq, h100, a, 1, 0.3).decoder < 0.3 * whisper_batch(w, seq, h100, a, 1, 0.3).decoder);
}

TEST_CASE("speech-to-text link keys round-trip and refuse bad values") {
    const DecodedLink d = decode_link("v=1&use=asr&asr_rt=hf&longform=seq&beam=3&asr_batch=16&clip=12.5&speech_tokens=5");
    CHECK(d.warnings.empty());
    CHECK(d.state.asr_runtime == AsrRuntime::hf);
    CHECK(d.state.asr_mode == AsrMode::sequential);
    CHECK(d.state.beam == 3);
    CHECK(d.state.asr_batch == 16);
    CHECK(d.state.clip == 12.5);
    CHECK(encode_link(d.state) == "v=1&use=asr&asr_rt=hf&longform=seq&beam=3&asr_batch=16&clip=12.5&speech_tokens=5");
    CHECK(encode_link(decode_link("v=1&use=asr").state) == "v=1&use=asr");  // defaults stay out of links
    for (const char* bad : {"asr_rt=onnx", "longform=maybe", "beam=0", "beam=99", "asr_batch=-1", "clip=-3", "speech_tokens=0"})
        CHECK_MESSAGE(has_warning(decode_link(std::string("v=1&use=asr&") + bad).warnings, code::link_bad_value), bad);
}
