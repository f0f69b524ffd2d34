// Hostile inputs that reach the page: a fragment with stray escapes, provider parameters in a link to
// the calculator's own page, an embed without origin, a flood of messages from the host.
import { call, assert, assertEqual } from './harness.mjs';
import { hostPage } from './embed_host.mjs';
import { CSP } from '../../web/serve.mjs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const notices = async (page) => (await call(page, 'result')).warnings.filter((w) => w.code === 'catalog.notice').map((w) => w.text);

export default [
  {
    name: 'hostile: a stray % or a cut escape in the fragment is reported, on load and on hashchange, and the page keeps working',
    async fn(ctx) {
      for (const frag of ['v=1&users=5%', 'v=1&model=%zz', 'v=1&users=%E2%82', 'v=1&users=50&ctx=32k%']) {
        const p = await ctx.open('#' + frag);
        const r = await call(p.page, 'result');
        assert(r.warnings.some((w) => w.code === 'link.bad_value'), `${frag}: the bad value is named`);
        assert(r.options.length > 0, `${frag}: the rest of the link is used`);
        p.assertNoErrors();
        await p.close();
      }
      const p = await ctx.open('');
      await p.page.evaluate(() => { location.hash = 'v=1&users=77%'; });
      await ctx.until(async () => (await call(p.page, 'result')).warnings.some((w) => w.code === 'link.bad_value'),
        { message: 'a bad hash after load is reported, not thrown' });
      await p.page.waitForTimeout(400);  // past the address bar's own debounced update
      await p.page.evaluate(() => { location.hash = 'v=1&users=33'; });
      await ctx.until(async () => (await call(p.page, 'state')).users === 33, { message: 'the next good hash applies' });
      // The page's debounced address write landing between the user's change and its event (as on a
      // slow machine): the user's fragment still applies.
      await p.page.evaluate(() => { location.hash = 'v=1&users=44'; history.replaceState(null, '', '#v=1&users=33'); });
      await ctx.until(async () => (await call(p.page, 'state')).users === 44,
        { message: 'a hash the address bar write overtook still applies' });
      p.assertNoErrors();
    },
  },
  {
    name: "hostile: ?catalog= and ?cta= on the calculator's own page are ignored with a notice; honoured in an embed with its origin",
    async fn(ctx) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpusizer-third-party-'));
      fs.writeFileSync(path.join(dir, 'evil.json'), JSON.stringify({ mode: 'extend', currency: 'USD', prices: { 'h100-sxm': 0.01 } }));
      const third = await ctx.serve(dir, { cors: true });
      const q = `?catalog=${encodeURIComponent(third.url + 'evil.json')}&cta=${encodeURIComponent('https://evil.example/buy?gpu={gpu}')}`;
      const p = await ctx.open(q + '#v=1&gpu=h100-sxm');
      const n = await ctx.until(async () => { const x = await notices(p.page); return x.length >= 2 ? x : null; },
        { message: 'two notices' });
      assert(n.some((t) => t.includes('?catalog=')) && n.some((t) => t.includes('?cta=')), `notices: ${n}`);
      const o = (await call(p.page, 'result')).options.find((x) => x.gpu === 'h100-sxm' && x.fits);
      assert(o.cost_per_hour === null || o.cost_per_hour > 0.01 * o.count * 10, 'the third party price is not used');
      assertEqual(await call(p.page, 'orderRecommended'), false, 'no order link from the address');
      p.assertNoErrors();
      await p.close();
      const e = await ctx.open('?embed=1' + '#v=1');
      const m = await ctx.until(async () => { const x = await notices(e.page); return x.length ? x : null; }, { message: 'origin notice' });
      assert(m.some((t) => t.includes('origin=')), 'an embed without origin says why it cannot talk to its host');
      e.assertNoErrors();
    },
  },
  {
    name: 'hostile: 10,000 set messages from the allowed host are coalesced to one evaluation per frame',
    async fn(ctx) {
      const { s, frame } = await hostPage(ctx);
      await ctx.until(async () => (await s.page.evaluate(() => window.hostEvents.filter((x) => x.type === 'ready').length)) === 1);
      const t0 = Date.now();
      await s.page.evaluate(() => { for (let i = 1; i <= 10000; i++) window.calcApi.set('v=1&users=' + i); });
      await ctx.until(async () => (await frame.evaluate(() => window.gpusizer.state().users)) === 10000,
        { timeout: 20000, message: 'the last link wins' });
      const ms = Date.now() - t0;
      console.log(`    10,000 set messages handled in ${ms} ms`);
      assert(ms < 8000, `the flood is absorbed quickly (${ms} ms)`);
      s.assertNoErrors();
    },
  },
  {
    name: 'hostile: a 100,000-entry provider catalog (1.6 MB) and a 20 MB one are refused with a notice; the page keeps answering',
    async fn(ctx) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpusizer-huge-'));
      const ids = Array.from({ length: 100000 }, (_, i) => ({ id: 'g' + i }));
      fs.writeFileSync(path.join(dir, 'huge.json'), JSON.stringify({ mode: 'extend', gpus: ids }));
      fs.writeFileSync(path.join(dir, 'giant.json'), '{"mode":"extend","gpus":[' + '{"id":"x"},'.repeat(2000000) + '{"id":"y"}]}');
      const provider = await ctx.serve(dir, { cors: true });
      // The calculator's host lets the page fetch from the provider (as a real deployment's CSP would).
      const calc = await ctx.serve(ctx.siteDir, { csp: CSP.replace("connect-src 'self'", `connect-src 'self' ${provider.url.replace(/\/$/, '')}`) });
      for (const [file, words] of [['huge.json', '100000'], ['giant.json', '2 MB']]) {
        const t0 = Date.now();
        // Framed by a provider's page: only there does a catalog from the address apply.
        const { s, frame } = await hostPage(ctx, `&catalog=${encodeURIComponent(provider.url + file)}`, undefined,
          calc.url);
        // (for the provider: to the host page, not on the buyer's screen)
        const told = () => s.page.evaluate(() => window.hostEvents.filter((e) => e.type === 'notice').map((e) => e.text));
        const n = await ctx.until(async () => { const x = await told(); return x.length ? x : null; },
          { timeout: 20000, message: `${file}: a notice` });
        assertEqual((await notices(frame)).length, 0, 'nothing about the provider file on the buyer\'s screen');
        const ms = Date.now() - t0;
        console.log(`    ${file}: refused with a notice ${ms} ms after the page opened: ${n[0].slice(0, 120)}`);
        assert(n.some((t) => t.includes(words)), `${file}: the notice says why (${n[0]})`);
        assert(n.length <= 22, 'a bounded number of notices');
        assertEqual((await call(frame, 'result')).currency, 'USD', 'the bundled catalog stays');
        // Still answering: a new state is evaluated and drawn at once.
        await call(frame, 'set', 'users', '42');
        assertEqual((await call(frame, 'state')).users, 42);
        const f = await call(frame, 'lastFrameMs');
        assert(f < 100, `frames stay short (${f} ms)`);
        s.assertNoErrors();
        await s.close();
      }
    },
  },
];
