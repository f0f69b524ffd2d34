// What the first load leaves out (issue 16): the JSON module (provider files, config.json import),
// the Russian text and the models' notes. Each must arrive when it is needed — and the page must
// work, and say so, when it cannot.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { call, assert, assertEqual } from './harness.mjs';

const DATA = (ctx, name) => fs.readFileSync(path.join(ctx.siteDir, '..', '..', 'tests', 'data', name), 'utf8');
// Paths the page fetched so far, with when each finished (ms since navigation).
const fetched = (page) => page.evaluate(() => performance.getEntriesByType('resource')
  .map((r) => ({ file: new URL(r.name).pathname.replace(/^\//, ''), end: r.responseEnd })));
const has = (list, file) => list.some((r) => r.file === file);

// A copy of the site without some files (and their .gz/.br copies).
function siteWithout(ctx, names) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpusizer-lazy-'));
  for (const f of fs.readdirSync(ctx.siteDir))
    if (!names.some((n) => f === n || f.startsWith(n + '.'))) fs.symlinkSync(path.join(ctx.siteDir, f), path.join(dir, f));
  return ctx.serve(dir);
}

export default [
  {
    name: 'first load: no JSON module, no Russian text; the models\' notes after the first frame; a provider file and an import bring the JSON module',
    async fn(ctx) {
      const s = await ctx.harness.openPage(ctx.browser, ctx.url);
      try {
        const firstFrame = await s.page.evaluate(() => window.gpusizer.timing.first_frame);
        await ctx.until(async () => (await call(s.page, 'modelNotes')) > 40, { message: 'model-notes.bin applied' });
        let files = await fetched(s.page);
        const notes = files.find((r) => r.file === 'model-notes.bin');
        assert(notes && notes.end > firstFrame, `model-notes.bin comes after the first frame (${notes && notes.end} > ${firstFrame})`);
        for (const f of ['gpusizer-json.js', 'gpusizer-json.wasm', 'text-ru.bin', 'model-notes-ru.bin'])
          assert(!has(files, f), `${f} is not fetched by an English page that needs no JSON`);

        // A provider file: the JSON module comes in and the prices apply.
        const errors = await call(s.page, 'setCatalog', JSON.stringify({ mode: 'extend', prices: { 'rtx-4090': 0.42 } }), 'p.json');
        assertEqual(JSON.stringify(errors), '[]');
        files = await fetched(s.page);
        assert(has(files, 'gpusizer-json.wasm'), 'the JSON module was fetched for the provider file');
        await call(s.page, 'setLink', 'v=1&gpu=rtx-4090');
        const r = await call(s.page, 'result');
        const o = r.options.find((x) => x.gpu === 'rtx-4090');
        assert(o && o.price && Math.abs(o.price.per_gpu_hour - 0.42) < 1e-9, `the provider's price is used: ${JSON.stringify(o && o.price)}`);
        // The notes of the bundled models stay after a provider file replaced the catalog.
        assert((await call(s.page, 'modelNotes')) > 40, 'notes count');
        // A broken one is refused with its error, and the bundled catalog stays.
        const bad = await call(s.page, 'setCatalog', '{"mode": "extend", "prices": ', 'bad.json');
        assert(bad.length === 1 && /bad\.json/.test(bad[0]), `the error names the file: ${JSON.stringify(bad)}`);
        const w = (await call(s.page, 'result')).warnings.map((x) => x.text).join(' | ');
        assert(w.includes('Provider catalog rejected'), `the page says so: ${w}`);

        // A config.json import through the same module.
        const reply = await call(s.page, 'importConfig', DATA(ctx, 'Qwen3-8B.config.json'), '');
        assert(reply && reply.ok, `imported: ${JSON.stringify(reply)}`);
        assert(reply.notes.length > 0 && reply.notes.every((n) => n && !/[{}]/.test(n)), `notes rendered: ${reply.notes}`);
        assert((await call(s.page, 'link')).includes('model=custom'), 'the link carries the imported model');
        const failed = await call(s.page, 'importConfig', '{"architectures": ["X"]}', '');
        assert(!failed.ok && failed.errors.length > 0, `a bad config is refused with errors: ${JSON.stringify(failed)}`);
        s.assertNoErrors();
      } finally {
        await s.close();
      }
    },
  },
  {
    name: 'Russian text: fetched with the module by a Russian page, on demand when switching; missing, the page is English and says so',
    async fn(ctx) {
      const ru = await ctx.harness.openPage(ctx.browser, ctx.at('?lang=ru'));
      try {
        const files = await fetched(ru.page);
        const firstFrame = await ru.page.evaluate(() => window.gpusizer.timing.first_frame);
        const t = files.find((r) => r.file === 'text-ru.bin');
        assert(t && t.end <= firstFrame, 'text-ru.bin arrives before the first frame of a Russian page');
        assertEqual(await ru.page.evaluate(() => document.documentElement.lang), 'ru');
        // The models' Russian notes, after the first frame like the English ones.
        await ctx.until(async () => (await call(ru.page, 'modelNotes', 'ru')) > 40, { message: 'model-notes-ru.bin applied' });
        const notes = (await fetched(ru.page)).find((r) => r.file === 'model-notes-ru.bin');
        assert(notes && notes.end > firstFrame, `model-notes-ru.bin comes after the first frame (${notes && notes.end} > ${firstFrame})`);
        ru.assertNoErrors();
      } finally {
        await ru.close();
      }
      const en = await ctx.harness.openPage(ctx.browser, ctx.url);
      try {
        await call(en.page, 'setView', 'ru');
        assert(has(await fetched(en.page), 'text-ru.bin'), 'switching fetches the Russian text');
        await ctx.until(async () => (await call(en.page, 'modelNotes', 'ru')) > 40, { message: 'switching brings the Russian notes' });
        await ctx.until(() => en.page.evaluate(() => document.documentElement.lang === 'ru'), { message: 'switched to Russian' });
        const text = await call(en.page, 'canvasText');
        assert(text.includes('Задача') || text.includes('Модель'), `the canvas is in Russian: ${text.slice(0, 200)}`);
        en.assertNoErrors();
      } finally {
        await en.close();
      }
      const site = await siteWithout(ctx, ['text-ru.bin']);
      const broken = await ctx.harness.openPage(ctx.browser, site.url + '?lang=ru', { allowErrors: ['text-ru.bin', /404/] });
      try {
        const r = await call(broken.page, 'result');
        assertEqual(await broken.page.evaluate(() => document.documentElement.lang), 'en');
        const w = r.warnings.map((x) => x.text).join(' | ');
        assert(w.includes('The Russian text could not be loaded'), `the page says why it is in English: ${w}`);
        assert(r.options.length > 0, 'and it works');
      } finally {
        await broken.close();
      }
    },
  },
  {
    name: 'a deploy without the JSON module: a provider file is refused with a reason, the page keeps working',
    async fn(ctx) {
      const site = await siteWithout(ctx, ['gpusizer-json.wasm', 'gpusizer-json.js']);
      const s = await ctx.harness.openPage(ctx.browser, site.url, { allowErrors: ['gpusizer-json', /404/] });
      try {
        const errors = await call(s.page, 'setCatalog', JSON.stringify({ mode: 'extend', prices: { 'rtx-4090': 0.42 } }), 'p.json');
        assert(errors.length === 1 && /JSON reader could not load/.test(errors[0]), `a reason: ${JSON.stringify(errors)}`);
        const r = await call(s.page, 'result');
        assert(r.warnings.some((w) => w.text.includes('Provider catalog rejected')), 'the page says so');
        assert(r.options.length > 0, 'the bundled catalog still answers');
      } finally {
        await s.close();
      }
    },
  },
];
