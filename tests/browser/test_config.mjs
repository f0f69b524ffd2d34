// "Bring your own model" and "What can I run on my GPU?" in the page: a config.json pasted into
// the dialog (or dropped on the page) is sized like a catalog model; the link the page copies
// reproduces the result in a fresh page without the file; view=models lists what fits one GPU.
import fs from 'node:fs';
import path from 'node:path';
import { call, assert, assertEqual } from './harness.mjs';

const DATA = (ctx, name) => fs.readFileSync(path.join(ctx.siteDir, '..', '..', 'tests', 'data', name), 'utf8');
const CLIPBOARD = { contextOptions: { permissions: ['clipboard-read', 'clipboard-write'] } };

// The result without what only the importing page has: how the file was read (warnings), and the
// DOM summary derived from the rest.
function comparable(r) {
  const { warnings, summary, ...rest } = r;
  return rest;
}

// The page's own "Copy link": the clipboard, or the share box when the browser refuses it.
async function copiedLink(ctx, page) {
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await page.click('#copy-link');
  return ctx.until(() => page.evaluate(async () => {
    const share = document.getElementById('share');
    if (!share.hidden) return document.getElementById('share-input').value;
    return navigator.clipboard.readText();
  }), { message: 'the copied link' });
}

export default [
  {
    name: 'config.json: pasted into the dialog, sized; the copied link reproduces the result in a fresh page',
    timeout: 150000,
    async fn(ctx) {
      const p = await ctx.open('', CLIPBOARD);
      for (const [file, name, params] of [['Qwen3-8B.config.json', 'qwen3-8.19B', 8.19073536],
                                          ['DeepSeek-V2-Lite.config.json', 'deepseek_v2-15.7B', 15.70648422],
                                          ['gpt-oss-20b.config.json', 'gpt_oss-20.9B', 20.91475718]]) {
        await call(p.page, 'openImport');  // what the model list's "Import a Hugging Face config.json…" does
        assert(await p.page.isVisible('#import'), 'the dialog opens');
        await p.page.fill('#import-text', DATA(ctx, file));
        await p.page.click('#import-go');
        await ctx.until(async () => (await call(p.page, 'state')).custom?.name === name, { message: `${file} imported` });
        assert(await p.page.isHidden('#import'), 'the dialog closes on success');
        const mine = await call(p.page, 'result');
        assertEqual(mine.state.model, 'custom');
        assertEqual(mine.state.custom.params, params, 'the exact parameter count');
        assert(mine.warnings.some((w) => w.code === 'config.params_arch'), 'says how the parameters were counted');
        // The address bar and the copied link follow the state (both are debounced).
        const own = await call(p.page, 'link');
        await ctx.until(() => p.page.evaluate((l) => location.hash === '#' + l, own), { message: 'the address bar has the link' });
        const link = await copiedLink(ctx, p.page);
        assert(link.endsWith('#' + own) && link.includes('model=custom'), `copied ${link}`);

        const fresh = await ctx.open(link);
        const theirs = await call(fresh.page, 'result');
        assertEqual(JSON.stringify(comparable(theirs)), JSON.stringify(comparable(mine)), `${file}: the fresh page's result`);
        assert(!theirs.warnings.some((w) => w.code.startsWith('config.')), 'the fresh page read no file');
        fresh.assertNoErrors();
        await fresh.close();
      }
      p.assertNoErrors();
    },
  },
  {
    name: 'config.json: files dropped on the page are sized at once (index: the exact count); a bad file is refused, named',
    async fn(ctx) {
      const p = await ctx.open('');
      const drop = (files) => p.page.evaluate((list) => {
        const dt = new DataTransfer();
        for (const [name, text] of list) dt.items.add(new File([text], name, { type: 'application/json' }));
        document.getElementById('canvas').dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
      }, files);
      // DeepSeek-V2-Lite's BF16 checkpoint: 31,412,968,448 bytes = 15,706,484,224 parameters × 2.
      const index = JSON.stringify({ metadata: { total_size: 31412968448 }, weight_map: { 'lm_head.weight': 'model-00004-of-00004.safetensors' } });
      await drop([['config.json', DATA(ctx, 'DeepSeek-V2-Lite.config.json')], ['model.safetensors.index.json', index]]);
      await ctx.until(async () => (await call(p.page, 'state')).model === 'custom', { message: 'the dropped config is sized' });
      const r = await call(p.page, 'result');
      assert(r.warnings.some((w) => w.code === 'config.params_index'), 'the count from the index is said');
      assertEqual(r.state.custom.kv_lora, 512, 'MLA read');
      assertEqual(r.state.custom.experts, 64, 'experts read');
      assert(r.memory.kv_cache_gb > 0 && r.options.some((o) => o.fits), 'sized like a catalog model');
      // A file that is not a usable config: the dialog names the field; the state stays.
      const before = await call(p.page, 'link');
      await drop([['config.json', '{"hidden_size": "4096", "num_hidden_layers": 2}']]);
      await ctx.until(() => p.page.isVisible('#import-errors'), { message: 'the errors are shown' });
      const errors = await p.page.textContent('#import-errors');
      assert(errors.includes('hidden_size: expected a whole number, got a string'), errors);
      assert(errors.includes('num_attention_heads: required whole number is missing'), errors);
      assertEqual(await call(p.page, 'link'), before, 'a refused file changes nothing');
      p.assertNoErrors();
    },
  },
  {
    name: 'config.json with its hf_quant_config.json (ModelOpt FP8) dropped together; an encoder goes to vector search; an adapter is refused in Russian',
    async fn(ctx) {
      const p = await ctx.open('');
      const drop = (files) => p.page.evaluate((list) => {
        const dt = new DataTransfer();
        for (const [name, text] of list) dt.items.add(new File([text], name, { type: 'application/json' }));
        document.getElementById('canvas').dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
      }, files);
      const dir = 'hf-configs/Llama-3.1-70B-Instruct-FP8/';
      await drop([['config.json', DATA(ctx, dir + 'config.json')], ['hf_quant_config.json', DATA(ctx, dir + 'hf_quant_config.json')]]);
      await ctx.until(async () => (await call(p.page, 'state')).model === 'custom', { message: 'the dropped pair is sized' });
      const r = await call(p.page, 'result');
      assertEqual(r.weight_format, 'fp8', 'the checkpoint format from hf_quant_config.json');
      assert(Math.abs(r.memory.weights_gb - 72.7) < 0.5, `weights ${r.memory.weights_gb} GB`);
      assert(r.warnings.some((w) => w.code === 'config.quantization' && w.text.includes('hf_quant_config.json')), 'said where it was read');
      // BERT: an embedding model, sized by the vector-search service.
      await drop([['config.json', DATA(ctx, 'hf-configs/bert-base-uncased/config.json')]]);
      await ctx.until(async () => (await call(p.page, 'state')).use === 'embed', { message: 'BERT goes to use=embed' });
      const e = await call(p.page, 'result');
      assertEqual(e.state.custom.embed, 768, 'its vectors');
      assert(e.warnings.some((w) => w.code === 'config.encoder'), 'said');
      p.assertNoErrors();

      const ru = await ctx.open('?lang=ru', CLIPBOARD);
      await call(ru.page, 'openImport');
      const before = await call(ru.page, 'link');
      await ru.page.fill('#import-text', DATA(ctx, 'hf-configs/_malformed/lora-adapter-config/config.json'));
      await ru.page.click('#import-go');
      await ctx.until(() => ru.page.isVisible('#import-errors'), { message: 'the refusal is shown' });
      const said = await ru.page.textContent('#import-errors');
      assert(said.includes('адаптер') && said.includes('meta-llama/Llama-3.2-3B') && said.includes('method=lora'), said);
      assertEqual(await call(ru.page, 'link'), before, 'a refused file changes nothing');
      // A file that cannot be read: the field named, the problem said in Russian (not the JSON module's English).
      await ru.page.fill('#import-text', '{"hidden_size": "4096", "num_hidden_layers": 2}');
      await ru.page.click('#import-go');
      await ctx.until(async () => (await ru.page.textContent('#import-errors')).includes('hidden_size'), { message: 'the errors are shown' });
      const errors = await ru.page.textContent('#import-errors');
      assert(errors.includes('hidden_size: ожидалось целое число, а здесь строка'), errors);
      assert(errors.includes('num_attention_heads: нет обязательного целого числа') && !/expected|required/.test(errors), errors);
      // The copied link opens the page in Russian again (the language is the query, not the fragment).
      await ru.page.click('#import-close');
      const copied = await copiedLink(ctx, ru.page);
      assert(copied.includes('?lang=ru#v=1'), `copied ${copied}`);
      ru.assertNoErrors();
    },
  },
  {
    name: 'lang=ru in the link fragment: the page in Russian, no unknown-key notice, kept in the address and in copied links',
    async fn(ctx) {
      const p = await ctx.open('#v=1&task=train&lang=ru', CLIPBOARD);
      const r = await call(p.page, 'result');
      assertEqual(r.lang, 'ru', 'the page speaks Russian');
      assert(!r.warnings.some((w) => w.code === 'link.unknown_key'), JSON.stringify(r.warnings));
      assertEqual(await call(p.page, 'link'), 'v=1&task=train', 'the state\'s link carries no language');
      const text = await call(p.page, 'canvasText');
      assert(!/unknown key|неизвестный ключ/.test(text), 'no notice about lang on the canvas');
      assert(text.includes('Рекомендуемая конфигурация'), 'the canvas is in Russian');
      // The address reloads in Russian; a copied link opens the page in Russian.
      await ctx.until(() => p.page.evaluate(() => location.hash === '#v=1&task=train&lang=ru'), { message: 'the address keeps lang=ru' });
      const copied = await copiedLink(ctx, p.page);
      assert(copied.includes('?lang=ru#v=1&task=train'), `copied ${copied}`);
      const again = await ctx.open(copied.slice(copied.indexOf('?')));
      assertEqual((await call(again.page, 'result')).lang, 'ru', 'the copied link opens in Russian');
      // The query wins over the fragment; lang=en in the fragment keeps an English page.
      const en = await ctx.open('?lang=en#v=1&lang=ru');
      assertEqual((await call(en.page, 'result')).lang, 'en');
      p.assertNoErrors();
    },
  },
  {
    name: 'config.json dialog in Russian',
    async fn(ctx) {
      const p = await ctx.open('?lang=ru');
      await call(p.page, 'openImport');
      assertEqual(await p.page.textContent('#import-title'), 'Своя модель');
      assertEqual(await p.page.textContent('#import-go'), 'Посчитать модель');
      await p.page.fill('#import-text', DATA(ctx, 'gpt-oss-20b.config.json'));
      await p.page.click('#import-go');
      await ctx.until(async () => (await call(p.page, 'state')).model === 'custom', { message: 'imported' });
      const r = await call(p.page, 'result');
      const note = r.warnings.find((w) => w.code === 'config.quantization');
      assert(note && note.text.includes('MXFP4') && note.text.includes('квантованы только маршрутизируемые эксперты'), JSON.stringify(note));
      p.assertNoErrors();
    },
  },
  {
    name: 'view=models on one RTX 4090: Qwen3-8B fits, Qwen3-235B-A22B does not, with reasons; the chip in both languages',
    async fn(ctx) {
      const p = await ctx.open('#v=1&view=models&gpu=rtx-4090&n=1');
      const r = await call(p.page, 'result');
      const by = (id) => r.models.find((m) => m.id === id);
      assert(by('Qwen/Qwen3-8B').fits && by('Qwen/Qwen3-8B').reason === null, JSON.stringify(by('Qwen/Qwen3-8B')));
      assert(by('Qwen/Qwen3-8B').decode_tps_per_user > 20, 'speed of the one that fits');
      const big = by('Qwen/Qwen3-235B-A22B');
      assert(!big.fits && /needs [0-9.]+ GB per GPU/.test(big.reason), JSON.stringify(big));
      for (const m of r.models) for (const k of ['id', 'fits', 'wq', 'per_gpu_gb', 'decode_tps_per_user', 'reason']) assert(k in m, k);
      const en = await call(p.page, 'canvasText');
      for (const t of ['What can I run on my GPU?', 'What can I run on 1 × NVIDIA GeForce RTX 4090 24GB?', 'Qwen3-235B-A22B', 'needs 1'])
        assert(en.includes(t), `canvas shows "${t}"`);
      await call(p.page, 'setView', 'ru');
      const ru = await call(p.page, 'canvasText');
      for (const t of ['Что запустится на моей GPU?', 'Что запустится на 1 × NVIDIA GeForce RTX 4090 24GB?', 'Или наоборот'])
        assert(ru.includes(t), `canvas shows "${t}"`);
      const rr = await call(p.page, 'result');
      assert(/нужно [0-9,]+ ГБ/.test(rr.models.find((m) => m.id === 'Qwen/Qwen3-235B-A22B').reason), 'the reason in Russian');
      // The page's own words (the Copy link button) follow a moment later: shoot the page as it settles.
      await ctx.until(() => p.page.evaluate(() => document.documentElement.lang === 'ru' && document.getElementById('copy-link').textContent === 'Ссылка'),
        { message: 'the page around the canvas in Russian' });
      await ctx.shot(p.page, 'models-view-ru.png');
      p.assertNoErrors();
    },
  },
  {
    name: 'view=models: the chip under the task chooser opens it on the recommended GPU; a row opens that model there',
    async fn(ctx) {
      const p = await ctx.open('', { viewport: { width: 1600, height: 1000 } });
      const recommended = await call(p.page, 'result');
      await p.page.mouse.click(104, 349);  // "What can I run on my GPU?" in the 1600-wide layout (under two inference rows)
      await ctx.until(async () => (await call(p.page, 'state')).view === 'models', { message: 'the chip opens the models view' });
      const s = await call(p.page, 'state');
      assertEqual(s.gpu, recommended.options[recommended.recommended].gpu, 'pinned to the recommended GPU');
      assertEqual(s.n, 1);
      const r = await call(p.page, 'result');
      assert(r.models.length >= 41, 'every catalog model');
      await ctx.shot(p.page, 'models-view.png');
      // The first row: the largest model that fits (the table's order), opened in its format there.
      const first = r.models.filter((m) => m.fits).sort((a, b) => b.params_b - a.params_b)[0];
      await p.page.mouse.click(726, 320);
      await ctx.until(async () => (await call(p.page, 'state')).view === 'options', { message: 'a row opens the model' });
      const opened = await call(p.page, 'state');
      assertEqual(opened.model, first.id);
      assertEqual(opened.wq, first.native ? null : first.wq);
      assertEqual(opened.gpu, s.gpu, 'on the same GPU');
      const sized = await call(p.page, 'result');
      assert(sized.options[0].fits, 'and it fits there, as the row said');
      p.assertNoErrors();
    },
  },
];
