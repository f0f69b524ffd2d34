// The request's shape (issue 31): sessions, prefix cache, reasoning, speculation and LoRA adapters, from a
// link and from the page's own fields, with their figures on the canvas and in the summary (en, ru).
import { call, assert, assertEqual } from './harness.mjs';

const WIDE = { viewport: { width: 1366, height: 768 } };

function recommended(r) { return r.recommended === null ? null : r.options[r.recommended]; }

export default [
  {
    name: 'workload: the coding agent preset sizes sessions (cached history, idle KV tiers) and says so on the canvas',
    async fn(ctx) {
      const p = await ctx.open('#v=1&use=agent', WIDE);
      const r = await call(p.page, 'result');
      assertEqual(r.link, 'v=1&use=agent', 'the preset\'s load is a default: not in the link');
      assertEqual([r.state.turns, r.state.grow, r.state.think], [25, 1500, 'low']);
      const w = recommended(r).workload;
      assert(w, 'the recommended option carries the workload figures');
      assertEqual(w.context_tokens, 30000, 'a mean turn attends to 6,000 + 12 × (500 + 1,500) tokens');
      assert(w.prompt_tokens < 0.06 * w.context_tokens, `~95 % of a call is cached: ${w.prompt_tokens}`);
      assert(w.ttft_turn_s >= recommended(r).ttft_s && w.first_visible_s > recommended(r).ttft_s, 'turn and answer times');
      const text = await call(p.page, 'canvasText');
      for (const words of ['Sessions, prefix cache, reasoning, speculation, adapters', 'Turns per session',
        'Answer starts after', 'First token of a later turn'])
        assert(text.includes(words), `the canvas shows "${words}"`);
      await ctx.until(() => p.page.evaluate(() => document.getElementById('summary-live').textContent.includes('a later turn')),
        { message: 'the summary names the later turn\'s first token' });
      await ctx.shot(p.page, 'workload-agent-1366.png');
      p.assertNoErrors();
    },
  },
  {
    name: 'workload: typing draft tokens and LoRA adapters into the page changes the link and the figures; Russian reasoning',
    async fn(ctx) {
      const p = await ctx.open('#v=1&model=meta-llama/Llama-3.1-8B-Instruct&users=1&spec=1', WIDE);
      await call(p.page, 'set', 'spec', '3');
      await ctx.until(async () => (await call(p.page, 'link')).includes('spec=3'), { message: 'spec=3 in the link' });
      await call(p.page, 'set', 'loras', '20');
      await ctx.until(async () => (await call(p.page, 'link')).includes('loras=20'), { message: 'loras=20 in the link' });
      const w = recommended(await call(p.page, 'result')).workload;
      assert(w.spec_speedup > 1.3, `speculation pays at one user: ${w.spec_speedup}`);
      assert(w.lora_step_pct > 0 && w.adapters_gb_per_gpu > 0, 'the adapters cost a little of each step and some memory');
      const text = await call(p.page, 'canvasText');
      assert(text.includes('Speculative decoding') && text.includes('LoRA adapters'), 'both figures on the canvas');
      p.assertNoErrors();
      const ru = await ctx.open('?lang=ru#v=1&use=reason', WIDE);
      const rr = await call(ru.page, 'result');
      assertEqual(rr.state.think_tokens, 4000, 'a medium thinking budget');
      const ruText = await call(ru.page, 'canvasText');
      for (const words of ['Ассистент с рассуждениями', 'Рассуждения перед ответом', 'Ответ начинается через'])
        assert(ruText.includes(words), `the Russian canvas shows "${words}"`);
      await ctx.shot(ru.page, 'workload-reason-ru-1366.png');
      ru.assertNoErrors();
    },
  },
];
