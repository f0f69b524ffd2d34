// Prices in a named currency on a provider's page (issue 13): a provider in roubles prices its own
// GPUs and the page recommends among them; cur= alone never shows dollars as roubles; a file with an
// exchange rate converts the other prices and marks them.
import { call, assert, assertEqual } from './harness.mjs';
import { hostPage } from './embed_host.mjs';
import { CSP } from '../../web/serve.mjs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const OWN = ['rtx-4090', 'rtx-a5000', 'h100-sxm'];

// The embedded calculator's result once the provider file (or cur=) has been applied.
async function embeddedResult(ctx, query, provider = null, link = 'v=1&model=Qwen/Qwen3-8B') {
  // The calculator's CSP must let it fetch the provider's file (as a provider's deployment would).
  const calc = provider
    ? (await ctx.serve(ctx.siteDir, { csp: CSP.replace("connect-src 'self'", `connect-src 'self' ${provider.url.replace(/\/$/, '')}`) })).url
    : ctx.url;
  const { s, frame } = await hostPage(ctx, `${query}&link=${encodeURIComponent(link)}`, undefined, calc);
  const r = await ctx.until(async () => {
    const x = await call(frame, 'result');
    return x.currency === 'RUB' && x.options.length ? x : null;
  }, { message: 'the provider currency applied' });
  return { s, frame, r };
}

async function providerDir(ctx, files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpusizer-prices-'));
  for (const [name, body] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), JSON.stringify(body));
  return ctx.serve(dir, { cors: true });
}

// The DOM summary's cost column (its last but one) for every row.
const summaryCosts = (frame) => frame.evaluate(() => {
  const t = document.getElementById('summary-table');
  const head = [...t.tHead.rows[0].cells].map((c) => c.textContent);
  const col = head.findIndex((h) => /^(Cost\/h|Цена\/ч|Стоимость)/.test(h));
  return { head: head[col], cells: [...t.tBodies[0].rows].map((r) => r.cells[col].textContent) };
});

export default [
  {
    name: 'prices: a provider file in RUB prices exactly its three GPUs, and the page recommends among them',
    async fn(ctx) {
      const provider = await providerDir(ctx, {
        'rub.json': { mode: 'extend', currency: 'RUB', prices: { 'rtx-4090': 95, 'rtx-a5000': 80, 'h100-sxm': 390 } },
      });
      const { s, frame, r } = await embeddedResult(ctx, `&lang=ru&catalog=${encodeURIComponent(provider.url + 'rub.json')}`, provider);
      for (const o of r.options) {
        assertEqual(o.cost_per_hour !== null, OWN.includes(o.gpu), `${o.gpu}: priced only when the provider prices it`);
        if (o.price) assertEqual(o.price.currency, 'RUB', `${o.gpu} price currency`);
      }
      const rec = r.options[r.recommended];
      assert(OWN.includes(rec.gpu), `recommended ${rec.gpu} is one of the provider's own GPUs`);
      assert(r.warnings.some((w) => w.code === 'price.other_currency'), 'the page says the other GPUs have no RUB price');
      const { head, cells } = await summaryCosts(frame);
      assert(head.includes('RUB'), `cost header ${head}`);
      assert(cells.every((c) => !c.includes('$')), `no dollar figure: ${cells}`);
      assert(cells.some((c) => c.includes('₽')) && cells.some((c) => c === 'нет цены'), `roubles and "no price": ${cells}`);
      await frame.evaluate(() => window.scrollTo(0, 0));
      await ctx.shot(s.page, 'prices-provider-rub.png');
      s.assertNoErrors();
    },
  },
  {
    name: 'prices: cur=RUB alone shows no dollar figure as roubles; a rate converts and marks the prices',
    async fn(ctx) {
      const alone = await embeddedResult(ctx, '&cur=RUB');
      assert(alone.r.options.every((o) => o.cost_per_hour === null && o.price === null), 'no price at all in RUB');
      assert(alone.r.warnings.some((w) => w.code === 'price.other_currency'), 'said why');
      assert(alone.r.recommended !== null && alone.r.options[alone.r.recommended].fits, 'still a recommendation');
      const cells = (await summaryCosts(alone.frame)).cells;
      assert(cells.every((c) => !c.includes('$') && !c.includes('₽')), `no money figure: ${cells}`);
      alone.s.assertNoErrors();
      await alone.s.close();

      const provider = await providerDir(ctx, {
        'rates.json': { mode: 'extend', currency: 'RUB', rates: { USD: 92.5 }, prices: { 'rtx-4090': 95 } },
      });
      const { s, r } = await embeddedResult(ctx, `&catalog=${encodeURIComponent(provider.url + 'rates.json')}`, provider);
      const h100 = r.options.find((o) => o.gpu === 'h100-sxm' && o.price);
      assert(h100, 'H100 priced after conversion');
      assertEqual(h100.price.converted_from.currency, 'USD');
      assert(Math.abs(h100.price.per_gpu_hour - h100.price.converted_from.per_gpu_hour * 92.5) < 1e-3, 'converted at the rate');
      const own = r.options.find((o) => o.gpu === 'rtx-4090' && o.price);
      assertEqual(own.price.converted_from, null, "the provider's own price is not converted");
      assertEqual(own.price.per_gpu_hour, 95);
      assert(r.warnings.some((w) => w.code === 'price.converted' && w.text.includes('92.5')), 'the rate is said');
      s.assertNoErrors();
    },
  },
  {
    name: 'training: the default plan finishes within 90 days; the gpt-oss-120b preset is 1,600 H100 in 200 servers for ~55 days',
    async fn(ctx) {
      const p = await ctx.open('#v=1&task=train');
      const r = await call(p.page, 'result');
      assertEqual(r.compute.horizon_days, 90, 'default horizon');
      const rec = r.options[r.recommended];
      assert(rec.days <= 90 && rec.days > 30, `recommended plan takes ${rec.days} days`);
      await ctx.until(() => p.page.evaluate(() => document.getElementById('summary-live').textContent.includes('90 days')),
        { message: 'the headline names the horizon' });
      p.assertNoErrors();
      await p.close();
      const q = await ctx.open('#v=1&task=train&model=openai/gpt-oss-120b&gpuh=2.1M&gpu=h100-sxm&n=1600');
      const g = await call(q.page, 'result');
      const h = g.options[g.recommended];
      assertEqual([h.gpu, h.count, h.servers], ['h100-sxm', 1600, 200]);
      assert(Math.abs(h.days - 54.69) < 0.1, `days ${h.days}`);
      assert(Math.abs(h.gpu_hours - 2.1e6) < 1, `GPU-hours ${h.gpu_hours}`);
      assert(g.compute.tokens > 1e13, `tokens the budget buys ${g.compute.tokens}`);
      q.assertNoErrors();
    },
  },
];
