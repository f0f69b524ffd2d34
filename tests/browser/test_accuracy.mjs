// How right the figures are, on the page: the canvas's text mirror (DOM) and the canvas itself (its
// section "How right are these figures", which the capture opens) carry each figure family's error
// band as the engine's JSON words it (accuracy[]), and a link or button to its nearest published run,
// in English and Russian. Nothing here depends on the bands' numbers. (A tooltip cannot be read this
// way: ImGui's log stops at the first window that ends, a tooltip's too.)
import { call, assert, assertEqual } from './harness.mjs';

const CHAT = '#v=1&model=Qwen/Qwen3-8B&users=50';
const DESKTOP = { viewport: { width: 1366, height: 768 } };
const TITLE = { en: 'How right are these figures', ru: 'Насколько точны эти цифры' };
const BUTTON = { en: 'Open the nearest published run', ru: 'Открыть ближайший опубликованный запуск' };

const count = (text, part) => text.split(part).length - 1;

// The DOM mirror's accuracy list, once the page has filled it in the wanted language.
async function mirrorAccuracy(ctx, page, title) {
  return ctx.until(() => page.evaluate((t) => {
    const box = document.getElementById('summary-accuracy');
    const h2 = box && box.querySelector('h2');
    if (!h2 || h2.textContent !== t) return null;
    return {
      text: box.textContent,
      links: [...box.querySelectorAll('a')].map((a) => ({ href: a.href, target: a.target, text: a.textContent })),
    };
  }, title), { message: `the text mirror's "${title}"` });
}

// The engine's bands and nearest runs of this result (JSON accuracy[]), one per family.
function families(result) {
  const seen = new Map();
  for (const a of result.accuracy) if (!seen.has(a.family)) seen.set(a.family, a);
  return [...seen.values()];
}

async function checkLanguage(ctx, p, lang) {
  const r = await call(p.page, 'result');
  assertEqual(r.lang, lang, 'the result is in the page\'s language');
  const fams = families(r);
  assert(fams.length >= 3, `a chat-bot's figures fall into several families (${fams.length})`);
  assert(fams.some((f) => f.nearest_source), 'at least one family has a published run');
  const dom = await mirrorAccuracy(ctx, p.page, TITLE[lang]);
  const canvas = await call(p.page, 'canvasText');  // collapsed sections are opened for the capture
  assert(canvas.includes(TITLE[lang]), `the canvas draws "${TITLE[lang]}"`);
  for (const f of fams) {
    assert(dom.text.includes(f.text), `the text mirror carries ${f.family}'s band: ${f.text}`);
    assert(canvas.includes(f.text), `the canvas carries ${f.family}'s band: ${f.text}`);
    if (!f.nearest_source) continue;
    const link = dom.links.find((l) => l.href === new URL(f.nearest_source.url).href);
    assert(link && link.target === '_blank', `the text mirror links ${f.family}'s nearest run ${f.nearest_source.url}`);
  }
  assertEqual(count(canvas, BUTTON[lang]), fams.filter((f) => f.nearest_source).length,
    'one button per family with a published run');
  return { r, fams, canvas };
}

export default [
  {
    name: 'accuracy: the text mirror and the canvas carry every family\'s band and nearest run, in English and Russian',
    async fn(ctx) {
      const p = await ctx.open(CHAT, DESKTOP);
      await checkLanguage(ctx, p, 'en');
      await call(p.page, 'setView', 'ru');
      await ctx.until(() => p.page.evaluate(() => document.documentElement.lang === 'ru'), { message: 'the page in Russian' });
      await checkLanguage(ctx, p, 'ru');
      p.assertNoErrors();
    },
  },
  {
    name: 'accuracy: work ranked by catalog facts (HPC) has no accuracy list, in the mirror or on the canvas',
    async fn(ctx) {
      const p = await ctx.open('#v=1&task=other&use=hpc&vram=40', DESKTOP);
      await ctx.until(() => p.page.evaluate(() => document.getElementById('summary-live').textContent.length > 0));
      assertEqual((await call(p.page, 'result')).accuracy.length, 0, 'no estimated figure');
      assertEqual(await p.page.evaluate(() => document.getElementById('summary-accuracy').textContent), '', 'no list');
      assert(!(await call(p.page, 'canvasText')).includes(TITLE.en), 'no section');
      p.assertNoErrors();
    },
  },
];
