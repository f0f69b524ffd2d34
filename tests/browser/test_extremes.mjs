// Extremes in the browser: absurd links and a damaged catalog file give notices and finite
// numbers; the WebAssembly module keeps running (it answers, and it still draws).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { call, canvasNotBlank, assert } from './harness.mjs';

// Every number in the result JSON is finite (JSON has no NaN or Infinity: a non-finite number
// would arrive as null where a number belongs, or break JSON.parse).
function checkFinite(value, where) {
  if (typeof value === 'number') assert(Number.isFinite(value), `${where} is not finite`);
  else if (Array.isArray(value)) value.forEach((v, i) => checkFinite(v, `${where}[${i}]`));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) checkFinite(v, `${where}.${k}`);
}

async function alive(ctx, page, what) {
  const before = await call(page, 'frames');
  await page.mouse.move(300, 300);
  await page.mouse.move(310, 320);
  await ctx.until(async () => (await call(page, 'frames')) > before, { message: `frames drawn after ${what}` });
  const r = await call(page, 'result');
  checkFinite(r.options, `${what}: options`);
  return r;
}

const LINKS = [
  // 1 T parameters, dense, in BF16: 2 000 GB of weights.
  'v=1&model=custom&params=1000&layers=128&hidden=25600&heads=200&kv_heads=8&users=10',
  // 1 M-token context past the model's own maximum.
  'v=1&model=meta-llama/Llama-3.1-8B-Instruct&ctx=1048576&users=1',
  // 100 000 users.
  'v=1&model=Qwen/Qwen3-8B&users=100000',
  // Zero, negative, huge and non-numbers.
  'v=1&ctx=0&users=-5&tps=1e300&ttft=-1&in=NaN&out=Infinity&n=99999999999999999999&reserve=1e9',
  'v=1&task=train&model=custom&params=100000&layers=100000&hidden=10000000&heads=100000&tokens=10000T&days=0.01',
  'v=1&task=other&use=transcode&streams=10000000&vram=1000000',
];

export default [
  {
    name: 'extremes: 1 T params, 1 M context, 100 000 users, zero/negative/huge values give notices, finite results, a live module',
    async fn(ctx) {
      const s = await ctx.open('#' + LINKS[3], { viewport: { width: 1024, height: 768 } });
      const first = await call(s.page, 'result');
      const bad = first.warnings.filter((w) => w.code === 'link.bad_value').map((w) => w.text).join(' | ');
      for (const key of ['ctx=', 'users=', 'tps=', 'ttft=', 'in=', 'out=', 'n=', 'reserve=']) assert(bad.includes(key), `no notice for ${key}: ${bad}`);
      assert(first.state.users === 10 && first.state.ctx === 8192, 'defaults kept for refused values');
      for (const link of LINKS) {
        await call(s.page, 'setLink', link);
        const r = await alive(ctx, s.page, link);
        assert(r.options.length > 0, `${link}: no options`);
      }
      const kv = await call(s.page, 'setLink', LINKS[1]).then(() => call(s.page, 'result'));
      assert(kv.warnings.some((w) => w.code === 'model.context_over_max'), 'a 1 M context past the model maximum is said');
      // A 100 000-character link is refused with a notice, not parsed for seconds or crashed on.
      await call(s.page, 'setLink', 'v=1&model=' + 'x'.repeat(100000));
      const long = await alive(ctx, s.page, 'a 100 000-character link');
      assert(long.warnings.some((w) => w.code.startsWith('link.')), 'the long link gets a notice');
      await canvasNotBlank(s.page);
      s.assertNoErrors();
    },
  },
  {
    name: 'a damaged catalog.bin: the page says so and loads the same catalog from catalog.json; with both broken it keeps running empty',
    async fn(ctx) {
      const good = fs.readFileSync(path.join(ctx.siteDir, 'catalog.bin'));
      const damaged = (brokenJson) => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpusizer-damaged-'));
        for (const f of fs.readdirSync(ctx.siteDir))
          if (f !== 'catalog.bin' && !(brokenJson && f === 'catalog.json')) fs.symlinkSync(path.join(ctx.siteDir, f), path.join(dir, f));
        fs.writeFileSync(path.join(dir, 'catalog.bin'), good.subarray(0, Math.floor(good.length / 2)));
        if (brokenJson) fs.writeFileSync(path.join(dir, 'catalog.json'), '{"schema": 1, "gpus": [');
        return ctx.serve(dir);
      };
      for (const brokenJson of [false, true]) {
        const site = await damaged(brokenJson);
        const s = await ctx.harness.openPage(ctx.browser, site.url, { viewport: { width: 1024, height: 768 } });
        try {
          const r = await ctx.until(async () => {
            const x = await call(s.page, 'result');
            return x.warnings.filter((w) => w.code === 'catalog.notice').length >= 2 ? x : null;
          }, { message: 'notices about catalog.bin and the fallback' });
          const notices = r.warnings.filter((w) => w.code === 'catalog.notice').map((w) => w.text).join(' | ');
          assert(notices.includes('catalog.bin: packed catalog'), `the damage is named: ${notices}`);
          if (!brokenJson) {
            assert(notices.includes('loaded from catalog.json'), `the fallback is said: ${notices}`);
            assert(r.options.length > 0, 'the same catalog works from catalog.json');
          } else {
            assert(notices.includes('catalog.json'), `the broken JSON is named: ${notices}`);
            assert(r.options.length === 0, 'nothing evaluated against a catalog that did not load (no made-up catalog)');
          }
          await call(s.page, 'setLink', 'v=1&users=50');
          await alive(ctx, s.page, 'a link after a damaged catalog');
          s.assertNoErrors();
        } finally {
          await s.close();
        }
      }
    },
  },
  {
    name: 'a broken deploy (missing page script or module): a clear message, no endless loading',
    async fn(ctx) {
      for (const missing of ['app.js', 'gpusizer.wasm']) {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpusizer-missing-'));
        for (const f of fs.readdirSync(ctx.siteDir)) if (f !== missing) fs.symlinkSync(path.join(ctx.siteDir, f), path.join(dir, f));
        const site = await ctx.serve(dir);
        const s = await ctx.harness.openPage(ctx.browser, site.url, { waitReady: false, allowErrors: [missing, /404/] });
        try {
          const text = await ctx.until(() => s.page.evaluate(() => {
            const f = document.getElementById('fatal');
            return f && !f.hidden ? f.textContent : '';
          }), { message: `a message when ${missing} is missing` });
          assert(text.includes('could not load'), `${missing}: ${text}`);
        } finally {
          await s.close();
        }
      }
    },
  },
];
