// The calculator as a person uses it: screenshots at phone / tablet / desktop sizes in both themes and
// languages, real clicks, typing and taps, the DOM mirror, and no frames while idle.
import { call, canvasNotBlank, assert, assertEqual } from './harness.mjs';

const recommended = (r) => (r.recommended === null ? null : r.options[r.recommended]);

const shots = [];
for (const [w, h, dpr] of [[390, 844, 3], [1024, 768, 1], [1600, 1000, 1]])
  for (const scheme of ['light', 'dark'])
    for (const lang of ['en', 'ru']) shots.push({ w, h, dpr, scheme, lang });

const tests = [
  {
    name: 'screenshots: 390x844@3, 1024x768, 1600x1000 × light/dark × en/ru',
    timeout: 240000,
    async fn(ctx) {
      for (const s of shots) {
        const p = await ctx.open(`?lang=${s.lang}&theme=${s.scheme}`, {
          viewport: { width: s.w, height: s.h }, deviceScaleFactor: s.dpr, colorScheme: s.scheme,
        });
        await canvasNotBlank(p.page);
        await ctx.shot(p.page, `ui-${s.w}x${s.h}-${s.scheme}-${s.lang}.png`);
        p.assertNoErrors();
        await p.close();
      }
    },
  },
  {
    name: 'results change when inputs change (more users → more GPUs; bigger model → more memory)',
    async fn(ctx) {
      const p = await ctx.open('#v=1&model=Qwen/Qwen3-8B&gpu=h100-sxm&users=1');
      const one = recommended(await call(p.page, 'result'));
      await call(p.page, 'set', 'users', '2000');
      const many = recommended(await call(p.page, 'result'));
      assert(many.count > one.count, `2000 users need more GPUs than 1 (${many.count} vs ${one.count})`);
      await call(p.page, 'set', 'model', 'meta-llama/Llama-3.1-70B-Instruct');
      const big = await call(p.page, 'result');
      assert(big.memory.weights_gb > 140, `70B BF16 weights ${big.memory.weights_gb}`);
      p.assertNoErrors();
    },
  },
  {
    name: 'the DOM summary (aria-live + table) matches the engine JSON',
    async fn(ctx) {
      const p = await ctx.open('#v=1&model=openai/gpt-oss-120b&users=40&ctx=32768');
      const r = await call(p.page, 'result');
      const rec = recommended(r);
      await ctx.until(() => p.page.evaluate(() => document.getElementById('summary-live').textContent.length > 0));
      const dom = await p.page.evaluate(() => ({
        live: document.getElementById('summary-live').textContent,
        live_attr: document.getElementById('summary-live').getAttribute('aria-live'),
        rows: [...document.querySelectorAll('#summary-table tbody tr')].map((tr) => [...tr.cells].map((c) => c.textContent)),
      }));
      assertEqual(dom.live_attr, 'polite');
      assert(dom.live.includes(rec.gpu_name) && dom.live.includes(`${rec.count} ×`), `live text: ${dom.live}`);
      const gpus = [...new Set(r.options.map((o) => o.gpu))];
      assertEqual(dom.rows.length, gpus.length, 'one row per GPU');
      assertEqual(dom.rows[0][0], r.options[0].gpu_name, 'first row is the top-ranked GPU');
      // GB per GPU as the page's table shows it (report/columns.cpp): used / usable after the reserve, the
      // usable with a decimal when whole gigabytes would blur the two (capacity_decimals).
      const capDigits = Math.abs(rec.capacity_gb - rec.per_gpu_gb) < 1 ? 1 : 0;
      assertEqual(dom.rows[0][4], `${rec.per_gpu_gb.toFixed(1)} / ${rec.capacity_gb.toFixed(capDigits)}`, 'GB per GPU');
      p.assertNoErrors();
    },
  },
  {
    name: 'real input: a click on a task chip and a touch tap',
    async fn(ctx) {
      const p = await ctx.open('', { viewport: { width: 1600, height: 1000 } });
      // "RAG / document search" chip in the 1600-wide layout (step 1, first row).
      await p.page.mouse.click(173, 123);
      await ctx.until(async () => (await call(p.page, 'state')).use === 'rag', { message: 'click selects RAG' });
      const rag = await call(p.page, 'state');
      assertEqual(rag.model, 'Qwen/Qwen3-30B-A3B', 'the RAG preset starts from its first model');
      p.assertNoErrors();
      const t = await ctx.open('', { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, contextOptions: { hasTouch: true, isMobile: true } });
      // "QLoRA" chip on the phone layout: second chip of the fine-tuning row.
      await t.page.touchscreen.tap(100, 325);  // below the one-line summary button
      await ctx.until(async () => (await call(t.page, 'state')).method === 'qlora', { message: 'tap selects QLoRA' });
      assertEqual((await call(t.page, 'state')).task, 'tune');
      t.assertNoErrors();
    },
  },
  {
    // The canvas is drawn only when the picture changes (src/platform/frames.cpp: a fingerprint of the
    // draw data): nothing for pointer moves over nothing, one frame when a hover changes only the
    // colour of a few vertices, one for a click that changes the answer.
    name: 'WebGL frames only for a changed picture: none for moves over nothing, one for a hover, one for a click',
    async fn(ctx) {
      const p = await ctx.open('', { viewport: { width: 1600, height: 1000 } });
      const gl = () => p.page.evaluate(() => window.gpusizer.glFrames());
      const settle = () => p.page.waitForTimeout(300);
      await p.page.mouse.move(700, 22);  // the header's empty middle
      await settle();
      const g0 = await gl(), passes0 = await call(p.page, 'frames');
      for (let i = 1; i <= 10; ++i) await p.page.mouse.move(700 + i * 15, 22 + (i % 3));
      await settle();
      assert((await call(p.page, 'frames')) > passes0, 'the moves ran layout passes');
      assertEqual(await gl(), g0, 'WebGL frames for moves over nothing');
      await p.page.mouse.move(173, 123);  // onto the "RAG / document search" chip: its hover colour
      await settle();
      assertEqual(await gl(), g0 + 1, 'WebGL frames for the hover');
      const before = await call(p.page, 'link');
      await p.page.mouse.down();
      await settle();
      const pressed = await gl();
      assert(pressed <= g0 + 2, `at most one frame for the press (${pressed - g0 - 1})`);
      await p.page.mouse.up();
      await ctx.until(async () => (await call(p.page, 'state')).use === 'rag', { message: 'click selects RAG' });
      await settle();
      assertEqual(await gl(), pressed + 1, 'WebGL frames for the release');
      assert((await call(p.page, 'link')) !== before, 'the link changed');
      p.assertNoErrors();
    },
  },
  {
    name: 'typing into a number field changes the state',
    async fn(ctx) {
      // 1100 px tall: the users field sits below the fold of a 1000 px window.
      const p = await ctx.open('', { viewport: { width: 1600, height: 1100 } });
      // Typed field of "Concurrent users" (right of its slider) in the 1600-wide layout.
      await p.page.mouse.click(540, 1009);
      await p.page.keyboard.press('Control+A');
      await p.page.keyboard.type('250');
      await p.page.keyboard.press('Enter');
      await ctx.until(async () => (await call(p.page, 'state')).users === 250, { message: 'users = 250 typed' });
      p.assertNoErrors();
    },
  },
  {
    name: 'no frames are drawn while idle; the address bar follows the state',
    async fn(ctx) {
      const p = await ctx.open('');
      await p.page.waitForTimeout(800);
      const f0 = await call(p.page, 'frames');
      await p.page.waitForTimeout(2000);
      const f1 = await call(p.page, 'frames');
      assertEqual(f1, f0, 'frames while idle');
      await call(p.page, 'set', 'users', '64');
      await ctx.until(() => p.page.evaluate(() => location.hash === '#v=1&users=64'), { message: 'hash updated' });
      const history = await p.page.evaluate(() => history.length);
      await call(p.page, 'set', 'users', '65');
      await call(p.page, 'set', 'users', '66');
      await ctx.until(() => p.page.evaluate(() => location.hash === '#v=1&users=66'));
      assertEqual(await p.page.evaluate(() => history.length), history, 'replaceState, not a history entry per change');
      p.assertNoErrors();
    },
  },
  {
    name: 'exports: Markdown and CSV list every option; JSON is the CLI schema',
    async fn(ctx) {
      const p = await ctx.open('#v=1&task=train&model=meta-llama/Llama-3.1-8B-Instruct&tokens=1T&days=30');
      const r = await call(p.page, 'result');
      const md = await call(p.page, 'exportText', 'markdown');
      const csv = await call(p.page, 'exportText', 'csv');
      const json = JSON.parse(await call(p.page, 'exportText', 'json'));
      // A context block (title, task, model, inputs, link, recommendation, currency), then the table.
      assert(md.startsWith('# gpusizer') && md.includes(r.link), 'markdown context');
      // The link is the page's own address with the fragment; the recommendation has one label;
      // each option's layout (TP, PP, DP) is a column.
      const page = await p.page.evaluate(() => location.origin + location.pathname);
      assert(md.includes(`**Link**: <${page}#${r.link}>`), 'a whole URL in the markdown');
      assert(csv.includes(`"Link","${page}#${r.link}"`), 'a whole URL in the CSV');
      assert(!md.includes('Recommended: ') && md.includes('**Recommended configuration**: '), 'one label');
      assert(md.includes('| GPU | GPUs | Servers | TP | PP | DP |'), 'layout columns');
      // The JSON download is named by what it holds.
      const name = await call(p.page, 'exportText', 'fileName');
      assert(/^gpusizer-llama-3-1-8b-instruct-train-[a-z0-9-]+x[0-9]+\.json$/.test(name), name);
      assertEqual(md.trim().split('\n').filter((l) => l.startsWith('|')).length, r.options.length + 2, 'markdown rows');
      const [head, table] = csv.trim().split('\n\n');
      assert(head.includes(r.link), 'csv context');
      assertEqual(table.split('\n').length, r.options.length + 1, 'csv rows');
      for (const k of ['state', 'link', 'warnings', 'memory', 'compute', 'options']) assert(k in json, k);
      assert(json.compute.gpu_hours > 0, 'GPU-hours');
      p.assertNoErrors();
    },
  },
];

// Phones: a tap on a number field focuses the hidden text field (raising the on-screen keyboard),
// and what is typed there reaches the calculator.
export const touchTyping = {
  name: 'touch: tapping a number field raises the keyboard field; typed digits and Enter apply',
  async fn(ctx) {
    const p = await ctx.open('', { viewport: { width: 1600, height: 1100 }, contextOptions: { hasTouch: true, isMobile: true } });
    await p.page.touchscreen.tap(540, 1009);  // the "Concurrent users" typed field (wide layout)
    await ctx.until(() => p.page.evaluate(() => document.activeElement && document.activeElement.id === 'text-agent'),
      { message: 'hidden text field focused' });
    for (let i = 0; i < 4; ++i) await p.page.keyboard.press('Backspace');
    await p.page.keyboard.type('77');
    await p.page.keyboard.press('Enter');
    await ctx.until(async () => (await call(p.page, 'state')).users === 77, { message: 'users = 77 typed on the phone keyboard' });
    p.assertNoErrors();
  },
};

// The headline figures under the recommendation: a label that wraps (Russian's longer labels, a phone's
// narrow columns) does not push its value below the others of its row.
export const headlineBaseline = {
  name: 'headline figures: the values of one row share a baseline whatever their labels wrap to (ru and en, phone and laptop)',
  timeout: 180000,
  async fn(ctx) {
    const links = ['v=1', 'v=1&task=train&model=Qwen/Qwen3-8B&tokens=10B', 'v=1&task=tune', 'v=1&use=asr', 'v=1&use=embed'];
    const sizes = [{ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, contextOptions: { hasTouch: true, isMobile: true } },
      { viewport: { width: 1280, height: 800 } }];
    let multi = 0;
    for (const size of sizes)
      for (const lang of ['ru', 'en']) {
        const p = await ctx.open(`?lang=${lang}#${links[0]}`, size);
        for (const link of links) {
          await call(p.page, 'setLink', link);
          await ctx.harness.nextFrames(p.page, 4);
          const rows = await ctx.until(async () => { const r = await call(p.page, 'figureRows'); return r.length ? r : null; },
            { message: `${link}: headline rows drawn` });
          for (const row of rows) {
            if (row.length > 1) ++multi;
            const spread = Math.max(...row) - Math.min(...row);
            assert(spread < 0.5, `${lang} ${size.viewport.width}px ${link}: values at ${row.join(', ')} (CSS px) in one row`);
          }
        }
        if (size.viewport.width === 390 && lang === 'ru') await ctx.shot(p.page, 'headline-390x844-ru.png');
        p.assertNoErrors();
        await p.close();
      }
    assert(multi > 10, `rows of several figures were checked (${multi})`);
  },
};

export default [...tests, touchTyping, headlineBaseline];
