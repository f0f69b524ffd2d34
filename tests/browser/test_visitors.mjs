// Every visitor: a phone that scrolls by touch, a provider's page on a phone, laptops, keyboards,
// Russian speakers. Touch is driven with CDP Input.dispatchTouchEvent (start, moves, end): in this
// headless Chromium Input.synthesizeScrollGesture scrolls nothing, not even a plain page.
import fs from 'node:fs';
import path from 'node:path';
import { call, assert, assertEqual, canvasNotBlank } from './harness.mjs';
import { hostPage } from './embed_host.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, contextOptions: { hasTouch: true, isMobile: true } };

// A one-finger swipe from (x, y0) to (x, y1) in `steps` moves ~16 ms apart.
async function swipe(page, cdp, x, y0, y1, { steps = 8, dx = 0 } = {}) {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: y0 }] });
  for (let i = 1; i <= steps; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + dx * i / steps, y: y0 + (y1 - y0) * i / steps }] });
    await page.waitForTimeout(16);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}
const scrollOf = (page) => page.evaluate(() => ({ y: window.scrollY, max: document.documentElement.scrollHeight - window.innerHeight }));

// Words in Latin letters that may stay in a Russian page: technical names, formats and units that
// Russian engineers write in Latin too. Model and GPU names are removed before the scan.
const LATIN_OK = new Set(`GPU GPUs TP PP DP EP ZeRO LoRA QLoRA MFU KV BF16 FP16 FP8 FP32 FP64 INT8 INT4 MXFP4 NVFP4 AWQ GPTQ
  GGUF Q8_0 Q6_K Q5_K_M Q4_K_M TFLOPS PFLOPS FLOPs FLOPS NVLink PCIe NVENC AV1 HEVC H.264 h264 hevc av1 RT vLLM llama.cpp llama-server
  Markdown CSV JSON MoE MLA GQA HPC RAG OCR TTFT TPOT CUDA HBM HBM3 HBM3e HBM2e GDDR6 GDDR6X GDDR7 SXM NVL HGX DGX AdamW
  Hugging Face config.json Apache MIT RTX AMD NVIDIA EN RU SwiGLU FFN gpusizer iframe embed.js YOUR-SITE TDP ID
  x86 CPU RAM DDR4 DDR5 PCIe4 PCIe5 USD EUR RUB k M B T K bf16 fp8 fp16 int8 p50 p90 P4 ASR SLA all-reduce
  vllm serve torchrun train.py deepspeed accelerate pretrain_gpt.py all-to-all lm_head ggml-org gguf-repo-of
  Trainer PEFT Unsloth Liger torchtune Megatron-LM Megatron trainer fused
  LLaMA-Factory DeepSpeed llamafactory-cli train sft lora qlora full all saves data dataset_info.json
  tools preprocess_data.py RMSNorm RoPE rope uniform HuggingFaceTokenizer optim_grads optim_grads_params fsdp_dtensor
  ROCm PyTorch TensorRT-LLM SGLang
  Copilot`.split(/\s+/));  // Copilot: the article's own Russian, "Copilot для разработчиков"

function englishWords(text, names) {
  // Links, command flags (--key, --key_name), <placeholders> and an inline JSON config are not words.
  let t = text.replace(/https?:\/\/\S+/g, ' ').replace(/--[a-z_-]+/g, ' ').replace(/<[a-z-]+>/g, ' ')
    .replace(/'\{[^']*\}'/g, ' ').replace(/(^|\s)-[a-z]+(?=\s)/g, ' ').replace(/#v=1\S*/g, ' ').replace(/v=1&\S*/g, ' ');
  const escape = (n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const n of names.sort((a, b) => b.length - a.length)) {
    if (n) t = t.replace(new RegExp('(^|[^A-Za-z0-9])' + escape(n) + '(?![A-Za-z0-9])', 'g'), '$1 ');
  }
  const words = t.match(/[A-Za-z0-9][A-Za-z0-9_.+-]*[A-Za-z0-9]|[A-Za-z]{2,}/g) || [];
  return [...new Set(words.filter((w) => /[a-z]/.test(w) && !LATIN_OK.has(w) && !/^\d+[a-z]*\d*$/.test(w) &&
    !/^ZeRO-\d$/.test(w) && !LATIN_OK.has(w.replace(/[.,;:]+$/, ''))))];
}

export default [
  {
    name: 'phone: touch swipes reach the bottom of the results and come back to the top; frame time while scrolling',
    async fn(ctx) {
      const p = await ctx.open('', PHONE);
      const cdp = await p.page.context().newCDPSession(p.page);
      const { max } = await scrollOf(p.page);
      assert(max > 1500, `the phone page is taller than the screen (${max} px to scroll)`);
      // Animation-frame intervals while the finger moves (what the visitor sees), and our own frame work.
      await p.page.evaluate(() => {
        window.__frames = [];
        window.__tick = true;
        let last = performance.now();
        const tick = (t) => { window.__frames.push(t - last); last = t; if (window.__tick) requestAnimationFrame(tick); };
        requestAnimationFrame(tick);
      });
      const ms = [];
      for (let i = 0; i < 25 && (await scrollOf(p.page)).y < (await scrollOf(p.page)).max - 8; i++) {
        await swipe(p.page, cdp, 200, 800, 60, { steps: 6 });
        ms.push(await call(p.page, 'lastFrameMs'));
      }
      const gaps = await p.page.evaluate(() => { window.__tick = false; return window.__frames.slice(1); });
      await p.page.waitForTimeout(300);
      // (the layout's height may change by a pixel or two as lines are floored at another offset)
      const bottom = await scrollOf(p.page);
      assert(bottom.max - bottom.y <= 8, `swipes reach the bottom (${bottom.y} of ${bottom.max})`);
      // The bottom of the results is drawn where the page is scrolled to (not a blank canvas).
      await canvasNotBlank(p.page);
      await ctx.shot(p.page, 'phone-bottom.png');
      for (let i = 0; i < 25 && (await scrollOf(p.page)).y > 0; i++) await swipe(p.page, cdp, 200, 60, 800, { steps: 6 });
      await p.page.waitForTimeout(300);
      assertEqual((await scrollOf(p.page)).y, 0, 'swipes come back to the top');
      ms.sort((a, b) => a - b);
      gaps.sort((a, b) => a - b);
      console.log(`    phone scroll: frame work median ${ms[ms.length >> 1].toFixed(1)} ms, max ${ms[ms.length - 1].toFixed(1)} ms; ` +
        `animation-frame interval median ${gaps[gaps.length >> 1].toFixed(1)} ms, p90 ${gaps[Math.floor(gaps.length * 0.9)].toFixed(1)} ms`);
      p.assertNoErrors();
    },
  },
  {
    name: 'phone: a tap on the summary line jumps to the results; taps still press chips',
    async fn(ctx) {
      const p = await ctx.open('', PHONE);
      await p.page.touchscreen.tap(195, 62);
      await ctx.until(async () => (await scrollOf(p.page)).y > 1000, { message: 'the summary line scrolls the page to the results' });
      const tv = await call(p.page, 'tableView');
      assert(tv.cards, 'one card per GPU at phone width');
      const cdp = await p.page.context().newCDPSession(p.page);
      for (let i = 0; i < 40 && (await scrollOf(p.page)).y > 0; i++) await swipe(p.page, cdp, 200, 150, 750);
      assertEqual((await scrollOf(p.page)).y, 0, 'and back up by touch');
      // A swipe that starts on a chip scrolls and does not press it.
      await swipe(p.page, cdp, 100, 300, 260, { steps: 4 });
      await p.page.waitForTimeout(200);
      assertEqual((await call(p.page, 'state')).task, 'infer', 'a swipe is not a tap');
      await p.page.evaluate(() => window.scrollTo(0, 0));
      await p.page.waitForTimeout(200);
      await p.page.touchscreen.tap(100, 325);
      await ctx.until(async () => (await call(p.page, 'state')).method === 'qlora', { message: 'tap selects QLoRA' });
      p.assertNoErrors();
    },
  },
  {
    name: 'embed on a phone: swipes over the iframe scroll the provider page past the calculator',
    async fn(ctx) {
      const { s, frame } = await hostPage(ctx, '', PHONE);
      await ctx.until(async () => (await s.page.evaluate(() => document.getElementById('gpusizer').getBoundingClientRect().height)) > 1000,
        { message: 'auto-height' });
      const cdp = await s.page.context().newCDPSession(s.page);
      const host0 = await scrollOf(s.page);
      // Every swipe starts over the iframe (the top of the screen is inside it once scrolled).
      assert(host0.max > 1000, 'the provider page is long');
      // Swipes start over the iframe but not over an inner scrollable region (the model list takes
      // a swipe first, as nested scrollers do, and passes it on at its end).
      let overIframe = 0;
      for (let i = 0; i < 40 && (await scrollOf(s.page)).y < (await scrollOf(s.page)).max - 100; i++) {
        const r = await s.page.evaluate(() => { const b = document.getElementById('gpusizer').getBoundingClientRect(); return { top: b.top, bottom: b.bottom }; });
        const regions = await frame.evaluate(() => window.gpusizer.regions());
        const canvasTop = await frame.evaluate(() => document.getElementById('canvas').getBoundingClientRect().top);
        let y0 = r.bottom < 900 ? Math.max(300, Math.min(600, r.bottom - 40)) : Math.min(760, Math.max(r.top + 20, 300));
        const inRegion = (y) => regions.some((g) => y - r.top - canvasTop >= g.y - 10 && y - r.top - canvasTop < g.y + g.h + 10);
        while (inRegion(y0) && y0 < 800) y0 += 20;
        if (y0 > r.top && y0 < r.bottom) overIframe++;
        if (process.env.DEBUG_SWIPE) console.log(JSON.stringify({ i, y0, r, at: await scrollOf(s.page) }));
        await swipe(s.page, cdp, 200, y0, Math.max(40, y0 - 600));
      }
      assert(overIframe >= 5, `most swipes started over the iframe (${overIframe})`);
      await s.page.waitForTimeout(300);
      const end = await scrollOf(s.page);
      // Past the calculator: the provider's footer is on screen. (Chromium's mobile emulation stops
      // touch scrolling some px short of scrollHeight - innerHeight, on the host's own footer too.)
      assert(end.max - end.y <= 250, `the provider page scrolled to its end through the iframe (${end.y} of ${end.max})`);
      const footerTop = await s.page.evaluate(() => document.querySelector('footer').getBoundingClientRect().top);
      assert(footerTop < 600, `the footer below the calculator is on screen (top at ${footerTop} px)`);
      // The calculator draws only the part of the iframe the host shows.
      const canvasH = await frame.evaluate(() => document.getElementById('canvas').getBoundingClientRect().height);
      assert(canvasH <= 844, `the canvas covers at most the host's window (${canvasH} px)`);
      await ctx.shot(s.page, 'embed-phone-scrolled.png');
      s.assertNoErrors();
    },
  },
  {
    name: 'embed with maxh: the iframe stays short and the calculator scrolls inside it',
    async fn(ctx) {
      const { s, frame } = await hostPage(ctx, '&maxh=600');
      await ctx.until(async () => (await s.page.evaluate(() => parseFloat(document.getElementById('gpusizer').style.height))) === 600,
        { message: 'iframe capped at 600 px' });
      const inner = await frame.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
      assert(inner > 500, `the calculator scrolls inside the capped iframe (${inner} px)`);
      await frame.evaluate(() => window.scrollTo(0, 400));
      await s.page.waitForTimeout(300);
      await ctx.shot(s.page, 'embed-maxh-600.png');
      s.assertNoErrors();
    },
  },
  {
    name: 'keyboard: Tab walks every control in order, presses chips with Enter, leaves the canvas to Copy link and comes back',
    async fn(ctx) {
      const p = await ctx.open('', { viewport: { width: 1366, height: 768 } });
      await p.page.evaluate(() => document.activeElement && document.activeElement.blur());
      await p.page.keyboard.press('Tab');
      assertEqual(await p.page.evaluate(() => document.activeElement.id), 'skip-link', 'the first Tab: "Skip to results"');
      await p.page.keyboard.press('Tab');
      assertEqual(await p.page.evaluate(() => document.activeElement.id), 'canvas', 'the second Tab enters the canvas');
      await p.page.waitForTimeout(100);
      const [first, count] = (await call(p.page, 'focusInfo')).split('/').map(Number);
      assertEqual(first, 0, 'focus starts at the first control');
      assert(count > 30, `every control is a tab stop (${count})`);
      // Controls in reading order: language, theme, then the task chips (Chat-bot, RAG, …).
      for (let i = 0; i < 3; i++) await p.page.keyboard.press('Tab');
      await p.page.waitForTimeout(100);
      assertEqual((await call(p.page, 'focusInfo')).split('/')[0], '3', 'Tab moves one control at a time');
      await p.page.keyboard.press('Enter');
      await ctx.until(async () => (await call(p.page, 'state')).use === 'rag', { message: 'Enter presses the focused RAG chip' });
      await ctx.shot(p.page, 'keyboard-focus-ring-1366.png');
      let left = false;
      for (let i = 0; i < 400 && !left; i++) {
        await p.page.keyboard.press('Tab');
        left = (await p.page.evaluate(() => document.activeElement.id)) !== 'canvas';
      }
      assert(left, 'Tab leaves the canvas after its last control');
      assertEqual(await p.page.evaluate(() => document.activeElement.id), 'copy-link', "the page's Copy link button is reached");
      await p.page.keyboard.press('Shift+Tab');
      assertEqual(await p.page.evaluate(() => document.activeElement.id), 'canvas', 'Shift+Tab comes back');
      await p.page.waitForTimeout(100);
      const [back, n] = (await call(p.page, 'focusInfo')).split('/').map(Number);
      assertEqual(back, n - 1, 'at the last control');
      let out = false;
      for (let i = 0; i < 400 && !out; i++) {
        await p.page.keyboard.press('Shift+Tab');
        out = (await p.page.evaluate(() => document.activeElement.id)) !== 'canvas';
      }
      assert(out, 'Shift+Tab leaves the canvas at its first control');
      assertEqual(await p.page.evaluate(() => document.activeElement.id), 'skip-link', 'to the skip link before it');
      p.assertNoErrors();
    },
  },
  {
    name: 'laptops, desktop, embed: the table shows at least eight two-line rows with their reasons (EN/RU, light/dark)',
    async fn(ctx) {
      const sizes = [[1280, 800], [1366, 768], [1440, 900], [1600, 1000]];
      for (const [w, h] of sizes) {
        for (const [lang, theme] of [['en', 'light'], ['ru', 'dark']]) {
          const p = await ctx.open(`?lang=${lang}&theme=${theme}#v=1&model=deepseek-ai/DeepSeek-V3.2&users=50`, { viewport: { width: w, height: h } });
          const tv = await call(p.page, 'tableView');
          assert(!tv.cards, `${w}: a table, not cards`);
          assert(tv.rows >= 20, `${w}: every GPU has a row (${tv.rows})`);
          assert(tv.row <= 60, `${w}: a row is at most two text lines (${tv.row} px)`);
          assert(Math.floor((h - 40) / tv.row) >= 8, `${w}: eight rows fit on the screen`);
          await p.page.evaluate((y) => window.scrollTo(0, y - 40), tv.top);
          await p.page.waitForTimeout(250);
          await canvasNotBlank(p.page);
          await ctx.shot(p.page, `table-${w}x${h}-${lang}-${theme}.png`);
          p.assertNoErrors();
          await p.close();
        }
      }
    },
  },
  {
    name: 'phone screenshots: top and results, EN light and RU dark',
    async fn(ctx) {
      for (const [lang, theme] of [['en', 'light'], ['ru', 'dark']]) {
        const p = await ctx.open(`?lang=${lang}&theme=${theme}`, PHONE);
        await ctx.shot(p.page, `phone-top-${lang}-${theme}.png`);
        const tv = await call(p.page, 'tableView');
        await p.page.evaluate((y) => window.scrollTo(0, y - 60), tv.top);
        await p.page.waitForTimeout(250);
        await ctx.shot(p.page, `phone-results-${lang}-${theme}.png`);
        p.assertNoErrors();
        await p.close();
      }
    },
  },
  {
    name: 'Russian: no English words in the canvas, the DOM summary or the exports; <html lang="ru">',
    async fn(ctx) {
      const catalog = JSON.parse(await (await fetch(new URL('catalog.json', ctx.url))).text());
      const names = [];
      // Names and the catalog's own free text (licenses, families) are data, not UI words.
      for (const g of catalog.gpus) names.push(g.name, g.id, ...g.name.split(' '));
      // A published run's GPU may be one the catalog lacks (tests/validation/extra_gpus.json): an id, data.
      const extra = JSON.parse(fs.readFileSync(path.join(ctx.siteDir, '..', '..', 'tests', 'validation', 'extra_gpus.json'), 'utf8'));
      for (const g of extra.gpus) names.push(g.id);
      for (const m of catalog.models) {
        names.push(m.name, m.id, ...m.id.split('/'), ...m.name.split(/[\s()]+/));
        for (const k of ['license', 'family']) if (typeof m[k] === 'string') names.push(m[k], ...m[k].split(/\s+/));
      }
      const links = ['', '#v=1&task=tune&method=qlora', '#v=1&task=train&model=openai/gpt-oss-120b', '#v=1&task=other&use=hpc',
        '#v=1&task=other&use=transcode', '#v=1&model=moonshotai/Kimi-K2.5&users=200',
        '#v=1&model=openai/gpt-oss-20b&users=1&offload=1&gpu=rtx-3070', '#v=1&model=Qwen/Qwen3-32B&wq=q4_k_m&users=1&offload=1&gpu=rtx-3090&tps=5'];
      const found = {};
      for (const l of links) {
        const p = await ctx.open(`?lang=ru${l}`);
        assertEqual(await p.page.evaluate(() => document.documentElement.lang), 'ru');
        const texts = {
          canvas: await call(p.page, 'canvasText'),
          summary: await p.page.evaluate(() => document.getElementById('summary').innerText),
          markdown: await call(p.page, 'exportText', 'markdown'),
          csv: await call(p.page, 'exportText', 'csv'),
          button: await p.page.evaluate(() => document.getElementById('copy-link').textContent),
        };
        assert(texts.canvas.length > 500, 'the canvas text was captured');
        for (const [k, t] of Object.entries(texts)) {
          const w = englishWords(t, names.slice());
          if (w.length) found[`${l || 'default'} ${k}`] = w.slice(0, 20);
        }
        p.assertNoErrors();
        await p.close();
      }
      assertEqual(JSON.stringify(found, null, 1), '{}', 'English words in the Russian page');
    },
  },
  {
    name: 'the page around the canvas follows the UI: language, theme; a link\'s warnings go once the user changes the state',
    async fn(ctx) {
      const p = await ctx.open('#v=1&users=abc', { viewport: { width: 1366, height: 768 } });
      const linkWarnings = async () => (await call(p.page, 'result')).warnings.filter((w) => w.code.startsWith('link.'));
      assert((await linkWarnings()).length > 0, 'a bad link value is reported');
      await p.page.mouse.click(172, 123);  // the "RAG / document search" chip
      await ctx.until(async () => (await call(p.page, 'state')).use === 'rag', { message: 'chip pressed' });
      assertEqual((await linkWarnings()).length, 0, "the link's warning is gone after the user's change");
      await p.page.mouse.click(1127, 22);  // the language chip ("RU")
      await ctx.until(() => p.page.evaluate(() => document.documentElement.lang === 'ru'), { message: '<html lang="ru"> after switching' });
      await ctx.until(() => p.page.evaluate(() => document.getElementById('copy-link').textContent === 'Ссылка'), { message: 'Copy link in Russian' });
      await ctx.until(() => p.page.evaluate(() => /Рекоменд|Ничего/.test(document.getElementById('summary-live').textContent)),
        { message: 'the DOM summary in Russian' });
      await p.page.mouse.click(1186, 22);  // the theme chip ("Тёмная" now)
      await ctx.until(() => p.page.evaluate(() => document.body.classList.contains('dark')), { message: 'the page turns dark with the canvas' });
      const bg = await p.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      assertEqual(bg, 'rgb(20, 23, 28)', 'dark page background');
      p.assertNoErrors();
    },
  },
  {
    name: 'embed: "Open the full calculator" keeps the provider\'s language, theme, currency and CTA (keyboard: Tab, Enter)',
    async fn(ctx) {
      const cta = encodeURIComponent('https://provider.example/order?gpu={gpu}&n={count}');
      const { s, frame } = await hostPage(ctx, `&lang=ru&theme=dark&cur=EUR&cta=${cta}`);
      await frame.evaluate(() => { window.__opened = []; window.open = (u) => { window.__opened.push(u); return null; }; });
      await frame.evaluate(() => document.getElementById('canvas').focus());
      await s.page.waitForTimeout(100);
      // Header controls in order: language, theme, "Open the full calculator".
      for (let i = 0; i < 2; i++) await s.page.keyboard.press('Tab');
      await s.page.waitForTimeout(100);
      await s.page.keyboard.press('Enter');
      const url = await ctx.until(async () => (await frame.evaluate(() => window.__opened[0])), { message: 'the full calculator opened' });
      const u = new URL(url);
      assertEqual(u.origin + u.pathname, ctx.url, 'the stand-alone page');
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
