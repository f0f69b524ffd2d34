// Issue 27: where the answer departs from the article it says why, beside the answer, with a switch
// a click applies (engine/advice.cpp, ui/panel_advice.cpp); offload on one RTX 3070 answers one card
// or says why with its switch; the vendor control and the NVIDIA switch; other work shows no model.
// The switch is found on the screen by its accent colour (the light theme's #2f6fed): the widest
// band of accent pixels in the part of the page given, which holds no other accent button.
import { call, assert, assertEqual, decodePng, nextFrames } from './harness.mjs';

const DESKTOP = { viewport: { width: 1366, height: 768 } };
const PHONE = {
  viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, contextOptions: { hasTouch: true, isMobile: true },
};
const ACCENT = [0x2f, 0x6f, 0xed];

function recommended(r) { return r.recommended === null ? null : r.options[r.recommended]; }

// Centre (CSS px) of the widest run of accent-coloured rows inside `clip`, or null.
async function findSwitch(page, clip, dpr = 1) {
  await nextFrames(page, 3);
  const img = decodePng(await page.screenshot({ clip }));
  const near = (i) => Math.abs(img.data[i] - ACCENT[0]) + Math.abs(img.data[i + 1] - ACCENT[1]) +
    Math.abs(img.data[i + 2] - ACCENT[2]) < 40;
  let best = null;
  let band = null;
  for (let y = 0; y < img.height; y++) {
    let n = 0, x0 = img.width, x1 = 0;
    for (let x = 0; x < img.width; x++) {
      if (near((y * img.width + x) * 4)) { n++; x0 = Math.min(x0, x); x1 = Math.max(x1, x); }
    }
    const wide = n > 100 * dpr;
    if (wide && !band) band = { y0: y, x0, x1 };
    if (wide && band) band = { ...band, x0: Math.min(band.x0, x0), x1: Math.max(band.x1, x1), y1: y };
    if ((!wide || y === img.height - 1) && band) {
      if (!best || band.x1 - band.x0 > best.x1 - best.x0) best = band;
      band = null;
    }
  }
  if (!best) return null;
  return [clip.x + (best.x0 + best.x1) / 2 / dpr, clip.y + (best.y0 + best.y1) / 2 / dpr];
}

function advice(r, code) { return (r.advice || []).find((a) => a.why.code === code); }

export default [
  {
    name: 'advice: the chat-bot answer says why it leaves the guide\'s 8-24 GB; its switch sizes 4-bit weights, '
      + 'then the guide\'s GPU',
    async fn(ctx) {
      const p = await ctx.open('', DESKTOP);
      let r = await call(p.page, 'result');
      const memory = advice(r, 'guide.memory');
      assert(memory && memory.link === 'v=1&wq=int4', `the memory advice and its link: ${JSON.stringify(memory)}`);
      const text = await call(p.page, 'canvasText');
      assert(text.includes('assumes 4-bit weights and a few users'), 'the sentence is drawn');
      assert(text.includes('Size it as the guide does: 4-bit weights'), 'the switch is drawn');
      await ctx.shot(p.page, 'advice-guide-1366.png');
      // The results column below the figures: the switch is the only wide accent band there.
      const results = { x: 555, y: 250, width: 800, height: 240 };
      let at = await findSwitch(p.page, results);
      assert(at, 'the switch is on the screen beside the answer');
      await p.page.mouse.click(...at);
      await ctx.until(async () => (await call(p.page, 'state')).wq === 'int4',
        { message: 'the click sets 4-bit weights' });
      r = await call(p.page, 'result');
      assert(!advice(r, 'guide.memory'), 'the memory is inside the guide\'s band now');
      const gpus = advice(r, 'guide.gpus');
      assert(gpus && gpus.action, `a GPU the guide does not name, and its pick: ${JSON.stringify(r.advice)}`);
      await ctx.shot(p.page, 'advice-guide-gpu-1366.png');
      at = await findSwitch(p.page, results);
      assert(at, 'the next switch is on the screen');
      await p.page.mouse.click(...at);
      await ctx.until(async () => (await call(p.page, 'state')).gpu !== null,
        { message: 'the click pins the guide\'s GPU' });
      r = await call(p.page, 'result');
      assertEqual(recommended(r).gpu, r.state.gpu, 'the answer is the guide\'s GPU');
      assertEqual(r.advice.length, 0, 'nothing departs from the guide any more');
      assert(['rtx-3070', 'rtx-3090', 'rtx-4090', 'a2', 't4'].includes(r.state.gpu), r.state.gpu);
      const md = await call(p.page, 'exportText', 'markdown');
      assert(!md.includes('Why this answer'), 'the export has no advice left either');
      p.assertNoErrors();
    },
  },
  {
    name: 'advice: in Russian on a phone, the sentence and the switch with the answer; a tap applies it',
    async fn(ctx) {
      const p = await ctx.open('?lang=ru', PHONE);
      await ctx.until(async () => (await call(p.page, 'canvasText')).includes('Рассчитать как в гайде'),
        { message: 'the Russian switch is drawn' });
      const text = await call(p.page, 'canvasText');
      assert(text.includes('4-битные веса и несколько пользователей'), 'the Russian sentence is drawn');
      // The one-line summary jumps to the results; the switch follows the figures there.
      await p.page.touchscreen.tap(195, 62);
      await nextFrames(p.page, 6);
      await ctx.shot(p.page, 'advice-guide-phone-ru.png');
      const at = await findSwitch(p.page, { x: 0, y: 80, width: 390, height: 760 }, 3);
      assert(at, 'the switch is on the screen after the jump');
      await p.page.touchscreen.tap(...at);
      await ctx.until(async () => (await call(p.page, 'state')).wq === 'int4',
        { message: 'the tap sets 4-bit weights' });
      p.assertNoErrors();
    },
  },
  {
    name: 'offload: one RTX 3070 answers one card; missing the load it says why and its switch sizes for what it '
      + 'delivers',
    async fn(ctx) {
      const p = await ctx.open('#v=1&gpu=rtx-3070&offload=1', DESKTOP);
      let r = await call(p.page, 'result');
      assert(r.options.every((o) => o.count === 1), 'no layout of several cards beside the offload question');
      assertEqual(r.recommended, null, 'one card does not carry ten users at 20 tokens/s');
      const relax = r.advice.find((a) => a.topic === 'offload');
      assert(relax && relax.why.code === 'offload.relax' && relax.action, JSON.stringify(r.advice));
      assert((await call(p.page, 'canvasText')).includes('Size for what it delivers'), 'the switch is drawn');
      await ctx.shot(p.page, 'offload-relax-1366.png');
      const at = await findSwitch(p.page, { x: 555, y: 90, width: 800, height: 120 });
      assert(at, 'the switch is under "No configuration fits"');
      await p.page.mouse.click(...at);
      await ctx.until(async () => (await call(p.page, 'state')).users === 1, { message: 'the click sizes one user' });
      r = await call(p.page, 'result');
      const rec = recommended(r);
      assert(rec && rec.count === 1 && rec.offload, 'one RTX 3070 with host RAM is the answer');
      assert(r.link.includes('offload=1') && r.link.includes('gpu=rtx-3070'), r.link);
      await ctx.shot(p.page, 'offload-relaxed-1366.png');
      p.assertNoErrors();
    },
  },
  {
    name: 'vendor: an AMD answer says the article names NVIDIA only; the switch and the link key keep NVIDIA',
    async fn(ctx) {
      const p = await ctx.open('#v=1&task=train', DESKTOP);
      let r = await call(p.page, 'result');
      assert(recommended(r).gpu === 'mi300x', `AMD first: ${recommended(r).gpu}`);
      assert(recommended(r).warnings.some((w) => w.code === 'gpu.rocm'), 'the ROCm note on the AMD option');
      assert(r.assumption_codes.some((a) => a.code === 'assume.rocm'), 'the ROCm shares in the assumptions');
      const vendor = advice(r, 'guide.vendor');
      assert(vendor && vendor.link.endsWith('vendor=nvidia'), JSON.stringify(vendor));
      await ctx.shot(p.page, 'advice-vendor-1366.png');
      await call(p.page, 'setLink', vendor.link);
      await ctx.until(async () => (await call(p.page, 'state')).vendor === 'nvidia',
        { message: 'vendor=nvidia from the link' });
      r = await call(p.page, 'result');
      assert(r.options.every((o) => o.gpu !== 'mi300x'), 'no AMD option');
      assert((await call(p.page, 'canvasText')).includes('Vendor'), 'the vendor control beside the GPU is drawn');
      await ctx.shot(p.page, 'advice-vendor-nvidia-1366.png');
      p.assertNoErrors();
    },
  },
  {
    name: 'other work: 3D rendering shows no model list nor "weights", and ranks by the cost per hour it shows',
    async fn(ctx) {
      for (const lang of ['', '?lang=ru']) {
        const p = await ctx.open(`${lang}#v=1&task=other&use=render`, DESKTOP);
        const r = await call(p.page, 'result');
        const text = await call(p.page, 'canvasText');
        assert(!text.includes(lang ? 'Поиск модели' : 'Search models'), 'no model search');
        assert(!text.includes('Qwen3-8B'), 'no model list');
        assert(!/\bweights\b/.test(text) && !text.includes('веса '), 'no "weights" in the memory legend');
        assert(text.includes(lang ? 'сцена' : 'scene'), 'the legend names the scene');
        const fits = r.options.filter((o) => o.fits && o.practical && o.cost_per_hour !== null);
        for (let i = 1; i < fits.length; i++)
          assert(fits[i - 1].cost_per_hour <= fits[i].cost_per_hour + 1e-9, `ranked by cost per hour: ${fits[i].gpu}`);
        await ctx.shot(p.page, `other-render-1366${lang ? '-ru' : ''}.png`);
        p.assertNoErrors();
      }
    },
  },
];
