// Hostile inputs, second round (issue 27), where the page itself is the cause: a top-level page that
// claims to be an embed, a link that costs seconds to evaluate, a URL inside a link, a multi-file
// drop with a 30 MB file, damaged lazily fetched files.
import { call, assert, assertEqual } from './harness.mjs';
import { hostPage } from './embed_host.mjs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const notices = async (page) => (await call(page, 'result')).warnings.filter((w) => w.code === 'catalog.notice').map((w) => w.text);
const CTA = 'https://evil.example/buy?gpu={gpu}&n={count}';

// The site with some files damaged: one byte flipped, and no precompressed copies (the server would
// send those instead).
function siteWithDamaged(ctx, names) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpusizer-damaged-'));
  for (const f of fs.readdirSync(ctx.siteDir)) {
    const base = names.find((n) => f === n || f.startsWith(n + '.'));
    if (!base) fs.symlinkSync(path.join(ctx.siteDir, f), path.join(dir, f));
    else if (f === base) {
      const bytes = fs.readFileSync(path.join(ctx.siteDir, f));
      bytes[Math.floor(bytes.length / 2)] ^= 1;
      fs.writeFileSync(path.join(dir, f), bytes);
    }
  }
  return ctx.serve(dir);
}

export default [
  {
    name: 'hostile: a top-level page with embed=1&origin= is no embed: ?catalog= and ?cta= are ignored, said',
    async fn(ctx) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpusizer-third-party-'));
      fs.writeFileSync(path.join(dir, 'evil.json'), JSON.stringify({ mode: 'extend', currency: 'USD', prices: { 'h100-sxm': 0.01 } }));
      const third = await ctx.serve(dir, { cors: true });
      const q = `?embed=1&origin=${encodeURIComponent('https://evil.example')}&catalog=${encodeURIComponent(third.url + 'evil.json')}` +
        `&cta=${encodeURIComponent(CTA)}`;
      const p = await ctx.open(q + '#v=1&gpu=h100-sxm');
      const n = await ctx.until(async () => { const x = await notices(p.page); return x.length >= 2 ? x : null; },
        { message: 'two notices' });
      assert(n.some((t) => t.includes('?catalog=')) && n.some((t) => t.includes('?cta=')), `notices: ${n}`);
      assertEqual(await call(p.page, 'orderRecommended'), false, 'no order link from the address: the button would open it');
      const o = (await call(p.page, 'result')).options.find((x) => x.gpu === 'h100-sxm' && x.fits);
      assert(o.cost_per_hour === null || o.cost_per_hour > 0.01 * o.count * 10, 'the third party price is not used');
      p.assertNoErrors();
    },
  },
  {
    name: 'hostile: framed by a page whose origin is not the one embed=1&origin= names: provider options ignored',
    async fn(ctx) {
      // host-example.html's ?claim= makes the iframe declare another host's origin.
      const { s, frame } = await hostPage(ctx, `&claim=${encodeURIComponent('https://provider.example')}&cta=${encodeURIComponent(CTA)}`);
      const n = await ctx.until(async () => { const x = await notices(frame); return x.length ? x : null; }, { message: 'a notice' });
      assert(n.some((t) => t.includes('?cta=')), `notices: ${n}`);
      assertEqual(await call(frame, 'orderRecommended'), false, 'no order link');
      s.assertNoErrors();
      // The real host, declared as itself: honoured (test_embed.mjs checks the event).
      const ok = await hostPage(ctx, `&cta=${encodeURIComponent(CTA)}`);
      assertEqual(await call(ok.frame, 'orderRecommended'), true, 'the order link of a real embed');
      ok.s.assertNoErrors();
    },
  },
  {
    name: 'hostile: a 90-character offload link with 100,000 layers evaluates in milliseconds, not seconds',
    async fn(ctx) {
      const p = await ctx.open('');
      const links = ['v=1&model=custom&params=9999&layers=100000&hidden=64&heads=1&experts=8&offload=1',
        'v=1&model=custom&params=1000&layers=100000&hidden=8192&heads=64&offload=1&users=1'];
      for (const link of links) {
        const ms = await p.page.evaluate((l) => {
          const t0 = performance.now();
          window.gpusizer.setLink(l);
          return performance.now() - t0;
        }, link);
        console.log(`    ${link}: ${ms.toFixed(1)} ms in the page (wasm)`);
        assert(ms < 500, `${link}: ${ms} ms`);
        assertEqual((await call(p.page, 'state')).custom.layers, 100000);
      }
      p.assertNoErrors();
    },
  },
  {
    name: "hostile: a '://' inside the link refuses that value only; the rest of the link applies",
    async fn(ctx) {
      const p = await ctx.open('#v=1&users=7&model=custom&name=https://evil.example&params=8&layers=36&hidden=4096&heads=32');
      const r = await call(p.page, 'result');
      assertEqual(r.state.users, 7, 'users from the link');
      assertEqual(r.state.model, 'custom', 'the custom model from the link');
      const w = r.warnings.find((x) => x.code === 'link.url_value');
      assert(w && w.text.includes('name'), `the refused value is named: ${JSON.stringify(r.warnings.map((x) => x.code))}`);
      p.assertNoErrors();
    },
  },
  {
    name: 'hostile: a multi-file drop takes config.json by name; a 30 MB file is refused by its size, never read into the dialog',
    async fn(ctx) {
      const p = await ctx.open('');
      const config = fs.readFileSync(path.join(ctx.siteDir, '..', '..', 'tests', 'data', 'Qwen3-8B.config.json'), 'utf8');
      const t0 = Date.now();
      await p.page.evaluate((cfg) => {
        const dt = new DataTransfer();
        const big = '{"model":{"vocab":{' + '"x":1,'.repeat(5 * 1024 * 1024) + '"y":2}}}';  // 30 MB tokenizer.json
        dt.items.add(new File([big], 'tokenizer.json', { type: 'application/json' }));
        dt.items.add(new File([cfg], 'config.json', { type: 'application/json' }));
        dt.items.add(new File(['{}'], 'generation_config.json', { type: 'application/json' }));
        document.getElementById('canvas').dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
      }, config);
      await ctx.until(() => p.page.isVisible('#import-errors'), { message: 'the other files are named' });
      const errors = await p.page.textContent('#import-errors');
      assert(errors.includes('tokenizer.json') && errors.includes('generation_config.json'), errors);
      const box = await p.page.inputValue('#import-text');
      assert(box.length < 100000 && box.includes('"hidden_size"'), `config.json is in the box (${box.length} chars)`);
      await p.page.click('#import-go');
      await ctx.until(async () => (await call(p.page, 'state')).model === 'custom', { message: 'config.json sized' });
      assertEqual((await call(p.page, 'state')).custom.hidden, 4096);
      // One file of 30 MB alone: refused by its size at once.
      const t1 = Date.now();
      await p.page.evaluate(() => {
        const dt = new DataTransfer();
        dt.items.add(new File(['{"a":"' + 'x'.repeat(30 * 1024 * 1024) + '"}'], 'config.json', { type: 'application/json' }));
        document.getElementById('canvas').dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
      });
      await ctx.until(async () => (await p.page.textContent('#import-errors')).includes('larger than 2 MB'), { message: 'refused by size' });
      const ms = Date.now() - t1;
      console.log(`    multi-file drop handled in ${t1 - t0} ms; a 30 MB config.json refused in ${ms} ms`);
      assert((await p.page.inputValue('#import-text')).length < 100000, 'the 30 MB file never reaches the text box');
      p.assertNoErrors();
    },
  },
  {
    name: 'hostile: damaged text-ru.bin and model-notes.bin are refused by their checksum: English, no notes, and said',
    async fn(ctx) {
      const site = await siteWithDamaged(ctx, ['text-ru.bin', 'model-notes.bin']);
      const p = await ctx.harness.openPage(ctx.browser, site.url + '?lang=ru', { allowErrors: ['text-ru.bin', 'model-notes.bin'] });
      try {
        assertEqual(await p.page.evaluate(() => document.documentElement.lang), 'en', 'the page stays in English');
        await ctx.until(async () => (await call(p.page, 'modelNotes')) < 0, { message: 'the notes file refused' });
        const w = (await call(p.page, 'result')).warnings.map((x) => x.text).join(' | ');
        assert(w.includes('The Russian text could not be loaded'), `the page says why it is in English: ${w}`);
        assert(w.includes('model-notes.bin'), `the page says the notes are missing: ${w}`);
        const log = p.consoleLog.join('\n');
        assert(/checksum mismatch/.test(log), `the console names the checksum: ${log.slice(0, 400)}`);
      } finally {
        await p.close();
      }
    },
  },
];
