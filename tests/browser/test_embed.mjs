// Share links and embedding, with the host page and the calculator on two different origins.
import { call, assert, assertEqual } from './harness.mjs';
import { hostPage } from './embed_host.mjs';
import { CSP } from '../../web/serve.mjs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const events = (s, type) => s.page.evaluate((t) => window.hostEvents.filter((e) => e.type === t), type);

export default [
  {
    name: 'embed: ready (with the link of the state shown), auto-height follows the content, change events carry state and link',
    async fn(ctx) {
      const { s, frame } = await hostPage(ctx, '&lang=ru');
      await ctx.until(async () => (await events(s, 'ready')).length === 1, { message: 'ready event' });
      // The first frame is drawn before the state is announced (gs_first_frame_shown): 'ready' must
      // still carry the state's link, not an empty fragment.
      const [ready] = await events(s, 'ready');
      const link = await frame.evaluate(() => window.gpusizer.link());
      assert(link.startsWith('v=1'), `frame link ${link}`);
      assert(ready.link.endsWith('#' + link), `ready link ${ready.link} ends with #${link}`);
      await ctx.until(async () => (await events(s, 'change')).length >= 1, { message: 'the start-up state as a change event' });
      const h = await frame.evaluate(() => window.gpusizer.uiHeight());
      await ctx.until(async () => {
        const px = await s.page.evaluate(() => parseFloat(document.getElementById('gpusizer').style.height));
        return Math.abs(px - h) <= 1;
      }, { message: `iframe height follows ${h}` });
      assert(h > 900, `content height ${h}`);
      await frame.evaluate(() => window.gpusizer.set('task', 'train'));
      await ctx.until(async () => {
        const c = await events(s, 'change');
        return c.length && c[c.length - 1].state.task === 'train' && c[c.length - 1].link.includes('#v=1&task=train');
      }, { message: 'change event for task=train' });
      s.assertNoErrors();
    },
  },
  {
    name: 'embed: set from the allowed origin applies; from another origin it is ignored',
    async fn(ctx) {
      const { s, frame } = await hostPage(ctx);
      await ctx.until(async () => (await events(s, 'ready')).length === 1);
      await s.page.evaluate(() => window.calcApi.set('v=1&model=openai/gpt-oss-20b&users=33'));
      await ctx.until(async () => (await frame.evaluate(() => window.gpusizer.link())) === 'v=1&model=openai/gpt-oss-20b&users=33',
        { message: 'set applied' });
      // A page on a third origin that embeds the calculator but claims to be the allowed host.
      const allowed = new URL(s.page.url()).origin;
      const other = await hostPage(ctx, `&claim=${encodeURIComponent(allowed)}`);
      await other.s.page.evaluate(() => {
        const f = document.getElementById('gpusizer');
        f.contentWindow.postMessage({ ns: 'gpusizer', v: 1, type: 'set', link: 'v=1&users=999' }, '*');
      });
      await other.s.page.waitForTimeout(500);
      assertEqual(await other.frame.evaluate(() => window.gpusizer.state().users), 10, 'state untouched by the foreign origin');
      assertEqual((await events(other.s, 'change')).length, 0, 'nothing is posted to a non-allowed origin');
      s.assertNoErrors();
      other.s.assertNoErrors();
    },
  },
  {
    name: 'embed: the order button sends cta with GPU and count',
    async fn(ctx) {
      const cta = encodeURIComponent('https://provider.example/order?gpu={gpu}&n={count}');
      const { s, frame } = await hostPage(ctx, `&cta=${cta}`);
      await ctx.until(async () => (await events(s, 'ready')).length === 1);
      const r = await frame.evaluate(() => window.gpusizer.result());
      const rec = r.options[r.recommended];
      s.page.context().on('page', (p) => p.close().catch(() => {}));  // the new tab would try the network
      assert(await frame.evaluate(() => window.gpusizer.orderRecommended()), 'order link available');
      const got = await ctx.until(async () => (await events(s, 'cta'))[0], { message: 'cta event' });
      assertEqual(got.gpu, rec.gpu);
      assertEqual(got.count, rec.count);
      assertEqual(got.url, `https://provider.example/order?gpu=${encodeURIComponent(rec.gpu)}&n=${rec.count}`);
    },
  },
  {
    name: "embed: the order link encodes the GPU id as one URL component (C++'s order_link, the button's own path)",
    async fn(ctx) {
      const cta = encodeURIComponent('https://provider.example/order?gpu={gpu}&n={count}');
      const { s, frame } = await hostPage(ctx, `&cta=${cta}`);
      await ctx.until(async () => (await events(s, 'ready')).length === 1);
      s.page.context().on('page', (p) => p.close().catch(() => {}));  // the new tab would try the network
      // A provider's GPU whose id holds '/' and '+' (a '+' left as it is reads as a space in a query),
      // alone in the catalog; a per-GPU order link with the braces percent-encoded for the second run.
      const id = 'acme/x+1';
      const hide = (await frame.evaluate(() => window.gpusizer.result().options.map((o) => o.gpu)));
      const gpu = { id, name: 'Acme X', memory_gib: 192, memory_bandwidth_gbs: 8000, tflops_dense: { bf16: 5000 }, sources: 'test' };
      const errors = await frame.evaluate((t) => window.gpusizer.setCatalog(t, 'p.json'),
        JSON.stringify({ mode: 'extend', gpus: [gpu], hide }));
      assertEqual(errors.length, 0, `provider file errors: ${errors}`);
      const rec = await ctx.until(async () => {
        const r = await frame.evaluate(() => window.gpusizer.result());
        return r.recommended !== null && r.options[r.recommended].gpu === id && r.options[r.recommended];
      }, { message: 'the provider GPU recommended' });
      assert(await frame.evaluate(() => window.gpusizer.orderRecommended()), 'order link available');
      const got = await ctx.until(async () => (await events(s, 'cta'))[0], { message: 'cta event' });
      assertEqual(got.url, `https://provider.example/order?gpu=acme%2Fx%2B1&n=${rec.count}`);
      await frame.evaluate((t) => window.gpusizer.setCatalog(t, 'p.json'), JSON.stringify({ mode: 'extend', gpus: [gpu], hide,
        order_urls: { [id]: 'https://provider.example/buy/%7Bgpu%7D?n=%7Bcount%7D' } }));
      assert(await frame.evaluate(() => window.gpusizer.orderRecommended()), 'order link available');
      await ctx.until(async () => (await events(s, 'cta')).length >= 2, { message: 'second cta event' });
      assertEqual((await events(s, 'cta'))[1].url, `https://provider.example/buy/acme%2Fx%2B1?n=${rec.count}`);
      s.assertNoErrors();
    },
  },
  {
    name: 'share link round-trips through a fresh page',
    async fn(ctx) {
      const a = await ctx.open('');
      await call(a.page, 'setLink', 'v=1&task=tune&model=meta-llama/Llama-3.1-70B-Instruct&method=qlora&tokens=250M&users=5');
      await ctx.until(() => a.page.evaluate(() => location.hash.includes('qlora')));
      const url = await a.page.evaluate(() => location.href);
      const before = await call(a.page, 'result');
      const b = await ctx.open(url.replace(ctx.url, ''));
      const after = await call(b.page, 'result');
      assertEqual(JSON.stringify(after.options), JSON.stringify(before.options), 'same results');
      assertEqual(after.link, before.link);
      a.assertNoErrors();
      b.assertNoErrors();
    },
  },
  {
    name: 'a tampered link opens with a notice naming what was ignored; an unknown model is not substituted',
    async fn(ctx) {
      const p = await ctx.open('#v=1&ctx=-5&users=abc&colour=red&model=acme/Retired-9B');
      const r = await call(p.page, 'result');
      const codes = r.warnings.map((w) => w.code);
      for (const c of ['link.bad_value', 'link.unknown_key', 'model.unknown']) assert(codes.includes(c), `${c} in ${codes}`);
      assertEqual(r.state.model, 'acme/Retired-9B', 'kept verbatim');
      assertEqual(r.options.length, 0, 'nothing substituted');
      await ctx.until(() => p.page.evaluate(() => document.getElementById('summary-live').textContent.includes('Nothing')));
      p.assertNoErrors();
    },
  },
  {
    name: 'strict CSP: no violations; provider catalog (CORS) applies prices and currency, a broken one is rejected',
    async fn(ctx) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpusizer-provider-'));
      fs.writeFileSync(path.join(dir, 'good.json'), JSON.stringify({ mode: 'extend', currency: 'RUB', prices: { 'h100-sxm': 390 } }));
      fs.writeFileSync(path.join(dir, 'bad.json'), '{"prices": {"h100-sxm": "cheap"}}');
      const provider = await ctx.serve(dir, { cors: true });
      const calc = await ctx.serve(ctx.siteDir, { csp: CSP.replace("connect-src 'self'", `connect-src 'self' ${provider.url.replace(/\/$/, '')}`) });
      // A CSP violation makes Chromium log "Refused to …" as a console error, which assertNoErrors fails on.
      // The calculator is framed by a host page (a top-level embed=1&origin= page is no embed: its
      // provider options are ignored, test_hostile.mjs).
      const link = encodeURIComponent('v=1&gpu=h100-sxm');
      const good = await hostPage(ctx, `&catalog=${encodeURIComponent(provider.url + 'good.json')}&link=${link}`,
        undefined, calc.url);
      const r = await ctx.until(async () => {
        const x = await call(good.frame, 'result');
        return x.currency === 'RUB' ? x : null;
      }, { message: 'provider currency applied' });
      const o = r.options.find((x) => x.gpu === 'h100-sxm' && x.fits);
      assertEqual(o.cost_per_hour, 390 * o.count, 'provider price');
      good.s.assertNoErrors();
      await good.s.close();
      const bad = await hostPage(ctx, `&catalog=${encodeURIComponent(provider.url + 'bad.json')}`, undefined, calc.url);
      // The rejection is for the provider: the host page hears it ('notice'); the buyer's screen does not show it.
      const told = await ctx.until(async () => (await events(bad.s, 'notice')).map((e) => e.text).join(' | ') || null,
        { message: 'provider catalog notice to the host' });
      assert(told.includes('prices.h100-sxm'), `the notice names the field: ${told}`);
      const rb = await call(bad.frame, 'result');
      assertEqual(rb.currency, 'USD', 'bundled catalog kept');
      assert(!rb.warnings.some((w) => w.code === 'catalog.notice'), 'not shown to the buyer');
      bad.s.assertNoErrors();
      await bad.s.close();
    },
  },
  {
    name: 'embed: the wheel over the auto-height calculator scrolls the host page (nothing to scroll inside)',
    async fn(ctx) {
      const { s } = await hostPage(ctx);
      await ctx.until(async () => (await events(s, 'resize')).length > 0, { message: 'resize event' });
      await ctx.until(async () => s.page.evaluate(() => parseFloat(document.getElementById('gpusizer').style.height) > 1000));
      const box = await s.page.locator('#gpusizer').boundingBox();
      await s.page.mouse.move(box.x + box.width / 2, box.y + 200);
      await s.page.mouse.wheel(0, 600);
      await ctx.until(() => s.page.evaluate(() => window.scrollY > 100), { message: 'host page scrolled by the wheel' });
      s.assertNoErrors();
    },
  },
  {
    name: 'embed on a phone: the summary\'s "↓" scrolls the host page to the results (the auto-height iframe cannot scroll)',
    async fn(ctx) {
      const { s, frame } = await hostPage(ctx, '', { viewport: { width: 390, height: 844 } });
      await ctx.until(async () => s.page.evaluate(() => parseFloat(document.getElementById('gpusizer').style.height) > 2000),
        { message: 'the iframe grows to the layout' });
      // Keyboard: the header's language, theme and "Open the full calculator", then the summary line.
      await frame.evaluate(() => document.getElementById('canvas').focus());
      await s.page.waitForTimeout(100);
      for (let i = 0; i < 3; i++) await s.page.keyboard.press('Tab');
      await s.page.waitForTimeout(100);
      assertEqual((await frame.evaluate(() => window.gpusizer.focusInfo())).split('/')[0], '3', 'the summary line has the focus');
      await s.page.keyboard.press('Enter');
      const y = await ctx.until(async () => { const v = await s.page.evaluate(() => window.scrollY); return v > 800 ? v : null; },
        { timeout: 5000, message: 'the host page scrolled to the results' });
      console.log(`    host page scrolled to ${y} px`);
      assert(await frame.evaluate(() => window.scrollY) < 5, 'the iframe itself did not scroll');
      await ctx.harness.screenshot(s.page, `${ctx.shotDir}/embed-phone-jump.png`);
      s.assertNoErrors();
    },
  },
  {
    name: 'embed: a notice for the provider (prices without a rate for cur=) goes to the host page, not the buyer',
    async fn(ctx) {
      const { s, frame } = await hostPage(ctx, '&cur=EUR');
      const told = await ctx.until(async () => (await events(s, 'notice')).map((e) => e.text).join(' | ') || null,
        { timeout: 10000, message: 'a notice event at the host' });
      assert(told.includes('rates'), `the provider is told about "rates": ${told}`);
      // The buyer still learns that the GPUs have no price in EUR, without the provider's how-to.
      const r = await call(frame, 'result');
      const buyer = r.warnings.filter((w) => w.code === 'price.other_currency').map((w) => w.text).join(' | ');
      assert(buyer.includes('EUR'), `the buyer is told the prices are missing: ${buyer}`);
      assert(!buyer.includes('rates'), `without the provider's how-to: ${buyer}`);
      s.assertNoErrors();
    },
  },
  {
    name: 'embed: Copy link keeps the provider\'s language, theme, currency and order link',
    async fn(ctx) {
      const cta = encodeURIComponent('https://provider.example/order?gpu={gpu}&n={count}');
      const { s, frame } = await hostPage(ctx, `&lang=ru&theme=dark&cur=EUR&cta=${cta}`);
      await frame.evaluate(() => { navigator.clipboard.writeText = (t) => { window.__copied = t; return Promise.resolve(); }; });
      await frame.click('#copy-link');
      const url = await ctx.until(() => frame.evaluate(() => window.__copied), { message: 'a link copied' });
      const u = new URL(url);
      assertEqual(u.searchParams.get('embed'), null, 'not in embed mode');
      assertEqual(u.searchParams.get('lang'), 'ru');
      assertEqual(u.searchParams.get('theme'), 'dark');
      assertEqual(u.searchParams.get('cur'), 'EUR');
      assertEqual(u.searchParams.get('cta'), 'https://provider.example/order?gpu={gpu}&n={count}');
      assert(u.hash.startsWith('#v=1'), 'with the configuration');
      s.assertNoErrors();
    },
  },
];
