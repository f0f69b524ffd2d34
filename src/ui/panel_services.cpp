// The load inputs and headline figures of the service presets (engine/services.hpp):
// meeting transcription (use=asr), vector search (use=embed) and the copilot (use=copilot).
#include <string>

#include "ui/app.hpp"
#include "ui/i18n.hpp"
#include "ui/panels.hpp"
#include "ui/widgets.hpp"

namespace gpusizer::ui {
namespace {

bool growth_row(State& s) {
    return number_row(tr("Growth reserve, %"), "growth", &s.growth, 0, 500, false, "%.0f",
                      tr("The guide: keep a reserve for load growth."));
}

// The speech-to-text pipeline of a Whisper-type model (engine/speech_pipeline.hpp): runtime family,
// long-form mode, beam, batch, clip length and the text rate of the speech.
bool speech_pipeline_rows(State& s) {
    bool changed = false;
    int runtime = int(s.asr_runtime);
    const char* runtimes[] = {tr("Hugging Face Transformers (PyTorch)"), tr("faster-whisper (CTranslate2)"), tr("whisper.cpp"),
                              tr("Optimised server (TensorRT-LLM, vLLM)")};
    if (int_combo(tr("Speech runtime"), "asr_rt", &runtime, runtimes, 4,
                  tr("Each runtime spends its own host time per decoder step; faster-whisper is the usual meeting stack.")))
        { s.asr_runtime = AsrRuntime(runtime); changed = true; }
    int mode = int(s.asr_mode);
    const char* modes[] = {tr("30-s chunks in batches"), tr("Sequential long-form")};
    if (int_combo(tr("Long recordings"), "longform", &mode, modes, 2,
                  tr("Chunks are decoded together; sequential decoding starts each window where the last text ended.")))
        { s.asr_mode = AsrMode(mode); changed = true; }
    double beam = s.beam, batch = s.asr_batch;
    if (number_row(tr("Beam width (0 = the runtime's)"), "beam", &beam, 0, 16, false, "%.0f",
                   tr("Beam search decodes several hypotheses per window: faster-whisper and whisper.cpp use 5.")))
        { s.beam = int(beam); changed = true; }
    if (number_row(tr("Windows per batch (0 = the runtime's)"), "asr_batch", &batch, 0, 4096, false, "%.0f",
                   tr("How many 30-s windows the runtime decodes together, memory permitting.")))
        { s.asr_batch = int(batch); changed = true; }
    changed |= number_row(tr("Average clip length, s (0 = long recordings)"), "clip", &s.clip, 0, 3600, false, "%.1f",
                          tr("Whisper pads every clip to a 30-s window: short clips cost a whole window each."));
    changed |= number_row(tr("Text tokens per second of speech"), "speech_tokens", &s.speech_tokens, 0.5, 20, false, "%.1f",
                          tr("English speech gives about 4 with timestamps; Russian more."));
    return changed;
}

}  // namespace

bool draw_service_load(App& app, State& s, bool& changed) {
    if (s.use == Use::asr) {
        changed |= number_row(tr("Recorded audio, hours per day"), "audio_h", &s.audio_h, 0, 100000, true, "%.0f",
                              tr("Meetings recorded each working day, transcribed as they arrive (an 8-hour day)."));
        changed |= number_row(tr("Live audio streams"), "streams", &s.streams, 0, 10000, true, "%.0f",
                              tr("Meetings captioned live at the same time; each is re-transcribed every 2 s."));
        changed |= growth_row(s);
        const ModelSpec* m = app.catalog.find_model(s.model);
        if (m && m->speech && m->speech->decoder == "transformer") changed |= speech_pipeline_rows(s);
        return true;
    }
    if (s.use == Use::embed) {
        changed |= number_row(tr("Passages in the knowledge base"), "docs", &s.docs, 1000, 1e10, true, "%.0f",
                              tr("Chunks of documents, one vector each (typed as 5M or 5000000)."));
        changed |= number_row(tr("Tokens per passage"), "doc_tokens", &s.doc_tokens, 16, 32768, true, "%.0f",
                              tr("Longer passages than the model reads are split into several vectors."));
        changed |= number_row(tr("Search queries per second"), "qps", &s.qps, 0, 100000, true, "%.0f", nullptr);
        changed |= growth_row(s);
        return true;
    }
    return false;
}

void draw_copilot_note(const State& s) {
    if (s.use != Use::copilot) return;
    dim_text(tr("Preset: completions while developers type: 16k context, 4,000-token prompts of which 75 % come from the "
                "prefix cache, 64-token answers, 50 requests in flight, first token within 0.5 s."));
}

// The figures' JSON names carry their error bands (FigureGrid); a cost per hour of audio or of the
// corpus is as right as the speed it divides by.
bool draw_service_figures(const App& app, const Option& o, FigureGrid& cell) {
    const Result& r = app.result;
    const text::Lang L = lang();
    if (r.state.use == Use::asr) {
        cell(tr("Audio per GPU, × realtime"), text::number(o.audio_x_realtime.mid, 0, L),
             range_text(o.audio_x_realtime, 0, "×") + "\n" + formula_of(r.explanations, "speech.realtime") + "\n" +
                 formula_of(r.explanations, "speech.encoder") + "\n" + formula_of(r.explanations, "speech.decoder") +
                 formula_of(r.explanations, "speech.pipeline") + "\n" + formula_of(o.explanations, "speech.window"),
             "audio_x_realtime");
        cell(tr("Live streams served"), text::number(o.streams_served, 0, L), formula_of(r.explanations, "speech.load"),
             "streams_served");
        cell(tr("Batch per GPU"), text::number(o.batch_per_replica, 0, L),
             tr("recordings transcribed together, memory permitting"), nullptr);
        if (o.price && o.audio_x_realtime.mid > 0)  // a GPU-hour transcribes × realtime hours of audio
            cell(tr("Per hour of audio"), text::money(o.price->per_gpu_hour / o.audio_x_realtime.mid, r.currency, L),
                 tr("price per GPU-hour / × realtime, at full load"), "audio_x_realtime");
        return true;
    }
    if (r.state.use == Use::embed) {
        cell(tr("Queries per second"), text::number(o.qps_capacity.mid, 0, L),
             range_text(o.qps_capacity, 0, "") + "\n" + formula_of(r.explanations, "embed.qps") + "\n" +
                 formula_of(r.explanations, "embed.flops"),
             "qps_capacity");
        cell(tr("Embed the corpus"), text::duration_hours(o.index_hours.mid, L),
             text::duration_hours(o.index_hours.low, L) + " – " + text::duration_hours(o.index_hours.high, L) + "\n" +
                 formula_of(r.explanations, "embed.index"),
             "index_hours");
        cell(tr("Vector index"), text::with_unit(r.vector_index_gb, 1, "GB", L), formula_of(r.explanations, "embed.vector_index"),
             nullptr);
        if (o.cost_per_hour && o.index_hours.mid > 0)
            cell(tr("Embed the corpus, cost"), text::money(*o.cost_per_hour * o.index_hours.mid, r.currency, L),
                 tr("cost per hour × hours to embed the corpus"), "index_hours");
        return true;
    }
    return false;
}

}  // namespace gpusizer::ui
