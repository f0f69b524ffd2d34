// Issue 27, "what the buyer sees must be what decides": a job (fine-tune, training) is ranked by
// what the whole run costs, so the page shows that cost — the recommendation's "Per run" and no
// "Per month", the table's "Per run" column in the ranked order, a servers column — and a phone's
// cards lead with GPUs × servers and the whole ranked price. Read from the canvas's text
// (canvasText: ImGui's log of what one frame draws; rows are those on the screen).
import { call, assert, assertEqual, nextFrames } from './harness.mjs';

const TUNE = '#v=1&task=tune&model=Qwen/Qwen3-8B';
const DESKTOP = { viewport: { width: 1366, height: 768 } };
const PHONE = {
  viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, contextOptions: { hasTouch: true, isMobile: true },
};

const dollars = (s) => [...s.matchAll(/\$([\d,]+(?:\.\d+)?)/g)].map((m) => Number(m[1].replace(/,/g, '')));

// How many rows lead the table as the engine ranks them by cost: one per GPU, fitting, practical, priced.
function rankedByCost(r) {
  const seen = new Set();
  let n = 0;
  for (const o of r.options) {
    if (seen.has(o.gpu)) continue;
    seen.add(o.gpu);
    if (!o.fits || !o.practical || o.cost_total === null) break;
    n++;
  }
  return n;
}

async function scrollToTable(page) {
  const tv = await call(page, 'tableView');
  await page.evaluate((y) => window.scrollTo(0, y - 40), tv.top);
  await nextFrames(page, 4);
  return tv;
}

export default [
  {
    name: 'jobs: a fine-tune shows Per run (no Per month), a servers column, and its table in the order of the shown cost',
    async fn(ctx) {
      const p = await ctx.open(TUNE, DESKTOP);
      const top = await call(p.page, 'canvasText');
      assert(top.includes('Per run'), 'the recommendation shows the cost per run');
      assert(!top.includes('Per month'), 'and no cost per month for a job of hours');
      const r = await call(p.page, 'result');
      const tv = await scrollToTable(p.page);
      assert(!tv.cards, 'a table at 1366 px');
      const lines = (await call(p.page, 'canvasText')).split('\n');
      const head = lines.findIndex((l) => l.includes('Per run, USD'));
      assert(head >= 0, 'the table has a "Per run, USD" column');
      assert(lines[head].includes('Servers'), `the table has a servers column: ${lines[head]}`);
      const perHour = lines[head].indexOf('Cost/h');
      assert(perHour < 0 || perHour > lines[head].indexOf('Per run'), 'per run comes before per hour');
      // The log writes a row as "| rank | GPU" and, on its second line, "reason | GPUs | … | cost |": the
      // per-run cell is as far from the row's end as its header from the header's end.
      const cells = (l) => l.split('|').map((c) => c.trim()).filter((c) => c);
      const header = cells(lines[head]);
      const fromEnd = header.length - header.findIndex((c) => c.startsWith('Per run'));
      const rows = lines.slice(head + 1).filter((l) => /\|\s*$/.test(l) && l.includes('$')).map(cells);
      const n = Math.min(rows.length, rankedByCost(r));
      assert(n >= 3, `at least three priced rows on the screen (${n})`);
      const perRun = rows.slice(0, n).map((c) => dollars(c[c.length - fromEnd])[0]);
      for (let i = 1; i < n; i++)
        assert(perRun[i] >= perRun[i - 1], `row ${i + 1} is not cheaper per run than row ${i}: ${perRun.join(', ')}`);
      p.assertNoErrors();
      await p.close();
    },
  },
  {
    name: 'jobs: phone cards lead with GPUs × servers and the whole per-run price (EN and RU)',
    async fn(ctx) {
      for (const lang of ['en', 'ru']) {
        const p = await ctx.open(`?lang=${lang}${TUNE}`, PHONE);
        const top = await call(p.page, 'canvasText');
        assert(!top.includes(lang === 'en' ? 'Per month' : 'В месяц'), `${lang}: no cost per month for a job`);
        const tv = await scrollToTable(p.page);
        assert(tv.cards, `${lang}: cards at phone width`);
        const text = await call(p.page, 'canvasText');
        const unit = lang === 'en' ? /\$[\d,]+(\.\d\d)? per run/ : /\d[\d\s]*(,\d\d)?\s\$ за прогон/;
        const server = lang === 'en' ? /server/ : /сервер/;
        const cards = text.split('\n').filter((l) => /^\s*\d+\s+\d+ × /.test(l));
        assert(cards.length >= 3, `${lang}: cards on the screen (${cards.length})`);
        for (const c of cards) {
          assert(server.test(c), `${lang}: a card's first line names its servers: ${c}`);
          assert(unit.test(c), `${lang}: a card's first line ends with the whole per-run price: ${c}`);
        }
        await ctx.shot(p.page, `jobs-phone-cards-${lang}.png`);
        p.assertNoErrors();
        await p.close();
      }
    },
  },
];
