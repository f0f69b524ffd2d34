// Sizing for a request rate (issue 30): a link with rps= shows the percentile figures on the canvas in
// English and Russian, the result carries them, and the page's own switch turns the rate off again.
import { call, assert, nextFrames } from './harness.mjs';

const LINK = '#v=1&task=infer&model=meta-llama/Llama-3.1-70B-Instruct&ctx=8192&in=1000&out=300&rps=20&pct=99';
const WIDE = { viewport: { width: 1366, height: 768 } };

function recommended(r) { return r.recommended === null ? null : r.options[r.recommended]; }

export default [
  {
    name: 'rate: rps=20 at p99 sizes a fleet with a spare; the canvas shows the percentile figures (en, ru)',
    async fn(ctx) {
      const p = await ctx.open(LINK, WIDE);
      const r = await call(p.page, 'result');
      const rec = recommended(r);
      assert(rec && rec.slo, 'the recommended option carries slo figures');
      assert(rec.slo.rps_max >= 20, `the fleet carries the asked rate: ${rec.slo.rps_max}`);
      assert(rec.replicas === rec.slo.replicas_needed + 1, 'one spare replica (N+1)');
      assert(rec.slo.ttft_s.p99 <= 2 && rec.slo.tpot_s.p99 <= 1 / 20, 'the p99 targets hold at the asked rate');
      assert(rec.per_gpu_gb <= rec.capacity_gb, `memory within the GPU: ${rec.per_gpu_gb} / ${rec.capacity_gb}`);
      assert(rec.slo.curve.length === 12, 'a 12-point latency curve');
      const text = await call(p.page, 'canvasText');
      for (const words of ['Requests/s within the targets', 'Time to first token, p99', 'Replicas (active + spare)',
        'Size for a request rate (percentile targets)', 'First token vs request rate', 'Token time vs request rate'])
        assert(text.includes(words), `the canvas shows "${words}"`);
      p.assertNoErrors();
      const ru = await ctx.open(`?lang=ru${LINK}`, WIDE);
      const ruText = await call(ru.page, 'canvasText');
      for (const words of ['Запросов/с в пределах целей', 'Время до первого токена, p99', 'Первый токен от частоты запросов', 'Время токена от частоты запросов'])
        assert(ruText.includes(words), `the Russian canvas shows "${words}"`);
      ru.assertNoErrors();
    },
  },
  {
    name: 'rate: the latency curves can be drawn for another fitting GPU (chips under the chart choice)',
    async fn(ctx) {
      const p = await ctx.open(LINK, { viewport: { width: 1440, height: 900 } });
      await p.page.evaluate(() => window.scrollTo(0, 300));
      await nextFrames(p.page, 4);
      await p.page.mouse.click(750, 314);  // "First token vs request rate" at this scroll (1440 x 900)
      await ctx.until(async () => (await call(p.page, 'canvasText')).includes('Curves for'), { message: 'the GPU chips show' });
      const plot = { x: 590, y: 410, width: 820, height: 150 };
      const before = await p.page.screenshot({ clip: plot });
      await p.page.mouse.click(800, 371);  // the second chip: the second GPU in the ranking
      await nextFrames(p.page, 6);
      const after = await p.page.screenshot({ clip: plot });
      assert(!before.equals(after), 'another GPU\'s curve is drawn');
      await ctx.shot(p.page, 'rate-curve-second-gpu-1440.png');
      p.assertNoErrors();
    },
  },
];
