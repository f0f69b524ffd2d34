// The article's services as presets: meeting transcription (use=asr), vector search (use=embed)
// and the developers' copilot (use=copilot), chosen by a click and by a link, in both languages.
// Chip coordinates are for the 1600x1000 wide layout (the services wrap onto the second chip row).
import { call, assert, assertEqual } from './harness.mjs';

const WIDE = { viewport: { width: 1600, height: 1000 } };
const TRANSCRIPTION_CHIP = [538, 123];  // "Meeting transcription", first chip row
const COPILOT_CHIP = [196, 158];        // "Copilot for developers", second chip row

function recommended(r) { return r.options[r.recommended]; }

export default [
  {
    name: 'services: a click on "Meeting transcription" sizes speech-to-text (× realtime, live streams, the faster-whisper batched pipeline by default)',
    async fn(ctx) {
      const p = await ctx.open('', WIDE);
      await p.page.mouse.click(...TRANSCRIPTION_CHIP);
      await ctx.until(async () => (await call(p.page, 'state')).use === 'asr', { message: 'click selects asr' });
      const r = await call(p.page, 'result');
      assertEqual(r.state.model, 'openai/whisper-large-v3-turbo', 'the preset starts from its first model');
      assertEqual(r.link, 'v=1&use=asr', 'the preset\'s model is a default: not in the link');
      const rec = recommended(r);
      assert(rec.audio_x_realtime > 1 && rec.streams_served >= 8, `× realtime ${rec.audio_x_realtime}, streams ${rec.streams_served}`);
      assert(rec.command.includes("BatchedInferencePipeline(WhisperModel('large-v3-turbo'") && rec.command.includes('batch_size=8, beam_size=5'), rec.command);
      assert(r.explanations.some((e) => e.key === 'speech.encoder'), 'the encoder formula is explained');
      await ctx.shot(p.page, 'services-asr-1600.png');
      p.assertNoErrors();
    },
  },
  {
    name: 'services: the copilot chip applies the completion-shaped defaults; a vector-search link opens in Russian',
    async fn(ctx) {
      const p = await ctx.open('', WIDE);
      await p.page.mouse.click(...COPILOT_CHIP);
      await ctx.until(async () => (await call(p.page, 'state')).use === 'copilot', { message: 'click selects copilot' });
      const s = await call(p.page, 'state');
      assertEqual([s.model, s.out, s.ttft, s.prefix], ['Qwen/Qwen3-Coder-30B-A3B-Instruct', 64, 0.5, 0.75]);
      assertEqual((await call(p.page, 'result')).link, 'v=1&use=copilot');
      const ru = await ctx.open('?lang=ru#v=1&use=embed&docs=5M&qps=200', WIDE);
      const r = await call(ru.page, 'result');
      const rec = recommended(r);
      assert(rec.qps_capacity >= 200 && rec.index_hours > 0, `QPS ${rec.qps_capacity}, hours ${rec.index_hours}`);
      assert(Math.abs(r.vector_index_gb - 5e6 * 1024 * 4 / 1e9) < 0.01, `vector index ${r.vector_index_gb}`);
      await ctx.until(() => ru.page.evaluate(() => document.getElementById('summary-live').textContent.includes('запросов/с')),
        { message: 'the Russian summary names queries per second' });
      await ctx.shot(ru.page, 'services-embed-ru-1600.png');
      p.assertNoErrors();
      ru.assertNoErrors();
    },
  },
];
