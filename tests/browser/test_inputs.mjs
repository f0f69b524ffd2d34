// The input side as a demanding user drives it: model search by the article's spellings, typed
// numbers with suffixes and visible clamping, ⓘ explanations by tap, Tab through the task chips.
// Coordinates are for the 1600x1000 wide layout (see test_ui.mjs); screenshots at 1366x768 and
// 390x844@3 land in the screenshot folder.
import { call, assert, assertEqual, decodePng, nextFrames } from './harness.mjs';

// 1100 px tall: the users field (y 1009) is below the fold of a 1000 px window since the service chips
const WIDE = { viewport: { width: 1600, height: 1100 } };
// (64 px lower since the "What can I run on my GPU?" chip row under the task chooser, 35 more
// since the services (transcription, vector search, copilot) wrap onto a second inference row)
const SEARCH = [328, 469];          // the model search field
const ROW = (i) => [200, 509 + i * 28.8];  // i-th row of the model list
const USERS_FIELD = [540, 1009];    // typed field of "Concurrent users"
const MEMORY_INFO = [771, 113];     // the ⓘ of the "Memory per GPU" figure

async function typeInto(page, [x, y], text) {
  await page.mouse.click(x, y);
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

// Pixels of a screen rectangle, to see whether something was drawn there.
async function region(page, x, y, width, height) {
  await nextFrames(page, 3);
  return decodePng(await page.screenshot({ clip: { x, y, width, height } }));
}
function differs(a, b) {
  let n = 0;
  for (let i = 0; i < a.data.length; i += 4) if (Math.abs(a.data[i] - b.data[i]) + Math.abs(a.data[i + 1] - b.data[i + 1]) > 40) n++;
  return n;
}
// Share of pixels close to an RGB colour (the warning colour of the clamp note).
function share(img, [r, g, b]) {
  let n = 0;
  for (let i = 0; i < img.data.length; i += 4)
    if (Math.abs(img.data[i] - r) + Math.abs(img.data[i + 1] - g) + Math.abs(img.data[i + 2] - b) < 60) n++;
  return n / (img.width * img.height);
}

// Types a query into the model search and clicks the list's second row (the best match under the
// pinned current model). A loaded CI machine once lost the typed text to a click still in flight, so
// the typing is repeated (up to 3 times) until the search field shows the whole query; only then is
// a row clicked, once, and the model it picks must be the expected one. No attempt can replace a
// wrong best match with a right one: a retry only re-waits for the query to be drawn.
async function searchAndPick(ctx, page, query, expected) {
  const before = (await call(page, 'state')).model;
  let typed = false;
  for (let attempt = 1; attempt <= 3 && !typed; ++attempt) {
    await page.mouse.click(...SEARCH);
    await page.keyboard.press('Control+A');
    await page.keyboard.type(query);
    await nextFrames(page, 3);
    // The canvas's text log writes an input field's text as "{ text }".
    typed = (await call(page, 'canvasText')).includes(`{ ${query} }`);
    if (!typed) console.log(`    retyping "${query}" (attempt ${attempt}: the search field does not show it)`);
  }
  assert(typed, `the search field shows "${query}"`);
  await nextFrames(page, 2);
  await page.mouse.click(...ROW(1));
  let picked = before;
  await ctx.until(async () => (picked = (await call(page, 'state')).model) !== before,
    { timeout: 3000, message: `a click on the best match of "${query}" picks a model` });
  assertEqual(picked, expected, `the best match of "${query}"`);
}

export default [
  {
    // Hovering a model row once moved the layout's cursor back to that row for its tooltip, and every
    // later row was drawn over it: the list below the mouse went blank.
    name: 'inputs: hovering a model row shows its note beside it and leaves the rows below in place',
    async fn(ctx) {
      const p = await ctx.open('', WIDE);
      await p.page.mouse.move(1200, 900);  // away from the list
      const [x, y0] = ROW(0);
      const below = async () => region(p.page, 30, Math.round(ROW(2)[1] - 10), 400, Math.round(3 * 28.8));
      const still = await below();
      await p.page.mouse.move(x, y0);
      await nextFrames(p.page, 4);
      const hovered = await below();
      assert(differs(still, hovered) < 200, `rows 3-5 stay drawn while row 1 is hovered (${differs(still, hovered)} pixels changed)`);
      await ctx.shot(p.page, 'inputs-model-row-hover-1600.png');
      p.assertNoErrors();
    },
  },
  {
    // The optimizer a fine-tune is sized for: its row in the page (EN and RU), the link, the JSON
    // result's optimizer bytes, the export and the command LLaMA-Factory runs.
    name: 'fine-tuning optimizer: 8-bit AdamW sized, shown, exported and in the command, in both languages',
    async fn(ctx) {
      const s = await ctx.open('#v=1&task=tune&method=full&optim=adam8&model=meta-llama/Llama-3.1-8B-Instruct&gpu=h100-sxm&n=1');
      const st = await call(s.page, 'state');
      assertEqual(st.optim, 'adam8', 'state().optim');
      const r = await call(s.page, 'result');
      const params = r.model.params_b;
      assert(Math.abs(r.memory.optimizer_gb - 2 * params) / (2 * params) < 0.01,
        `8-bit AdamW: 2 B per parameter, got ${r.memory.optimizer_gb} GB for ${params} B`);
      assert((await call(s.page, 'link')).includes('optim=adam8'), 'the link keeps optim=adam8');
      const text = await call(s.page, 'canvasText');
      assert(text.includes('Optimizer') && text.includes('8-bit AdamW'), 'the page shows the optimizer row');
      assert((await call(s.page, 'exportText', 'markdown')).includes('8-bit AdamW'), 'the export names the optimizer');
      const option = r.options.find((o) => o.gpu === 'h100-sxm');
      assert(option && /--pure_bf16/.test(option.command) && /adamw_bnb_8bit/.test(option.command),
        `LLaMA-Factory runs the optimizer sized: ${option && option.command}`);
      s.assertNoErrors();
      const ru = await ctx.open('?lang=ru#v=1&task=tune&method=full&optim=bf16&model=meta-llama/Llama-3.1-8B-Instruct');
      await ctx.until(async () => (await call(ru.page, 'canvasText')).includes('AdamW, чистый BF16'),
        { message: 'the Russian page names pure BF16 AdamW' });
      assert((await call(ru.page, 'canvasText')).includes('Оптимизатор'), 'the Russian row label');
      ru.assertNoErrors();
    },
  },
  {
    name: 'inputs: model search finds "qwen3 30b"; a search with no match keeps the model (no silent "Custom model…")',
    async fn(ctx) {
      const p = await ctx.open('', WIDE);
      assertEqual((await call(p.page, 'state')).model, 'Qwen/Qwen3-8B');
      // Row 0: the current model, pinned because it does not match; row 1: the best match.
      await searchAndPick(ctx, p.page, 'qwen3 30b', 'Qwen/Qwen3-30B-A3B');
      await searchAndPick(ctx, p.page, 'DeepSeek V3.2', 'deepseek-ai/DeepSeek-V3.2');
      await p.page.mouse.click(...SEARCH);
      await p.page.keyboard.press('Control+A');
      await p.page.keyboard.type('no such model');
      await nextFrames(p.page, 3);
      // Under the pinned current model there is the "No model matches" line, not a model to pick.
      await p.page.mouse.click(...ROW(1));
      await nextFrames(p.page, 3);
      assertEqual((await call(p.page, 'state')).model, 'deepseek-ai/DeepSeek-V3.2', 'model kept when nothing matches');
      p.assertNoErrors();
    },
  },
  {
    name: 'inputs: typed numbers take suffixes; out of range is clamped with a visible note; "abc" changes nothing',
    async fn(ctx) {
      // 100 px taller than WIDE (same layout): the note under the users field stays on screen.
      const p = await ctx.open('', { viewport: { width: 1600, height: 1100 } });
      await typeInto(p.page, USERS_FIELD, '2k');
      await ctx.until(async () => (await call(p.page, 'state')).users === 2000, { message: '"2k" users = 2000' });
      await typeInto(p.page, USERS_FIELD, '1,5k');
      await ctx.until(async () => (await call(p.page, 'state')).users === 1500, { message: '"1,5k" users = 1500' });
      const strip = () => region(p.page, 20, 1024, 600, 30);  // the line under the users field
      const before = await strip();
      const warn = [0x8a, 0x5a, 0x00];  // palette().warn in the light theme
      assert(share(before, warn) < 0.002, 'no note before clamping');
      await typeInto(p.page, USERS_FIELD, '1M');
      await ctx.until(async () => (await call(p.page, 'state')).users === 100000, { message: '"1M" clamped to 100000' });
      const noted = await strip();
      assert(share(noted, warn) > 0.01, `a clamp note under the field (${share(noted, warn)})`);
      await ctx.shot(p.page, 'inputs-clamp-note-1600.png');
      await typeInto(p.page, USERS_FIELD, 'abc');
      await nextFrames(p.page, 3);
      assertEqual((await call(p.page, 'state')).users, 100000, '"abc" keeps the value');
      assert(share(await strip(), warn) > 0.01, 'a note says "abc" is not a number');
      await typeInto(p.page, USERS_FIELD, '64');
      await ctx.until(async () => (await call(p.page, 'state')).users === 64, { message: 'users = 64' });
      assert(share(await strip(), warn) < 0.002, 'the note is gone after a good edit');
      p.assertNoErrors();
    },
  },
  {
    name: 'inputs: a tap on ⓘ opens the explanation beside the figure; it stays, Escape closes it',
    async fn(ctx) {
      const p = await ctx.open('', { ...WIDE, contextOptions: { hasTouch: true } });
      const [x, y] = MEMORY_INFO;
      const beside = () => region(p.page, x + 14, y - 10, 260, 60);    // right of the ⓘ
      const figure = () => region(p.page, 650, y - 15, x - 660, 50);   // the figure itself
      const b0 = await beside(), f0 = await figure();
      await p.page.touchscreen.tap(x, y);
      await p.page.waitForTimeout(300);
      const b1 = await beside();
      assert(differs(b0, b1) > 500, `the explanation opens to the right of the ⓘ (${differs(b0, b1)} px changed)`);
      assert(differs(f0, await figure()) < 50, 'the figure itself stays uncovered');
      await ctx.shot(p.page, 'inputs-info-popup-1600.png');
      await p.page.waitForTimeout(1000);
      assert(differs(b0, await beside()) > 500, 'still open a second later (a popup, not a hover tooltip)');
      await p.page.mouse.click(900, 25);  // a click on blank header space closes it
      assert(differs(b0, await beside()) < 50, 'a tap elsewhere closes it');
      await p.page.mouse.click(x, y);  // by mouse too; then Escape closes it
      assert(differs(b0, await beside()) > 500, 'a click on the ⓘ opens it');
      await p.page.keyboard.press('Escape');
      await p.page.mouse.move(5, 990);
      assert(differs(b0, await beside()) < 50, 'Escape closes it');
      p.assertNoErrors();
    },
  },
  {
    name: 'inputs: Tab reaches the task chips in reading order; Enter and Space press them',
    async fn(ctx) {
      const p = await ctx.open('', WIDE);
      await p.page.mouse.click(53, 123);  // the Chat-bot chip: focus starts there
      await nextFrames(p.page, 2);
      const before = await region(p.page, 150, 100, 250, 50);
      await p.page.keyboard.press('Tab');  // -> "RAG / document search"
      await nextFrames(p.page, 3);
      assert(differs(before, await region(p.page, 150, 100, 250, 50)) > 100, 'a focus ring is drawn around the next chip');
      await ctx.shot(p.page, 'inputs-focus-ring-1600.png');
      await p.page.keyboard.press('Enter');
      await ctx.until(async () => (await call(p.page, 'state')).use === 'rag', { message: 'Enter on the 2nd chip selects RAG' });
      await p.page.keyboard.press('Tab');  // -> "OCR / documents"
      await nextFrames(p.page, 2);
      await p.page.keyboard.press('Space');
      await ctx.until(async () => (await call(p.page, 'state')).use === 'ocr', { message: 'Space on the 3rd chip selects OCR' });
      // General AI, the three services (transcription, vector search, copilot), the reasoning assistant,
      // the coding agent, LoRA, QLoRA
      for (let i = 0; i < 8; i++) { await p.page.keyboard.press('Tab'); await nextFrames(p.page, 2); }
      await p.page.keyboard.press('Enter');
      await ctx.until(async () => (await call(p.page, 'state')).method === 'qlora', { message: 'eight more Tabs reach QLoRA' });
      await p.page.keyboard.press('Shift+Tab');  // back to LoRA
      await nextFrames(p.page, 2);
      await p.page.keyboard.press('Enter');
      await ctx.until(async () => (await call(p.page, 'state')).method === 'lora', { message: 'Shift+Tab goes back to LoRA' });
      p.assertNoErrors();
    },
  },
  {
    name: 'inputs: screenshots at 1366x768 and 390x844@3 (search, chart axes, dark theme)',
    timeout: 120000,
    async fn(ctx) {
      for (const [w, h, dpr] of [[1366, 768, 1], [390, 844, 3]])
        for (const theme of ['light', 'dark']) {
          const p = await ctx.open(`?theme=${theme}#v=1&model=moonshotai/Kimi-K2.5&ctx=131072&users=20`,
            { viewport: { width: w, height: h }, deviceScaleFactor: dpr, colorScheme: theme });
          await ctx.shot(p.page, `inputs-${w}x${h}-${theme}.png`);
          p.assertNoErrors();
        }
      const t = await ctx.open('?lang=ru#v=1&task=train&model=openai/gpt-oss-120b&tokens=2T&days=50',
        { viewport: { width: 1366, height: 768 } });
      await t.page.mouse.wheel(0, 600);
      await ctx.shot(t.page, 'inputs-1366x768-train-ru.png');
      t.assertNoErrors();
    },
  },
];
