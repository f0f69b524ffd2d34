// Partial offload (offload=1): the article's gpt-oss-20b on one 8 GB RTX 3070, from a link and by a
// click on the "Offload to host RAM" checkbox. Coordinates are for a 1600x1700 window (the GPU
// section opens by itself when the link pins the GPU; the checkbox is its last control but two).
import { call, assert, assertEqual, decodePng, canvasNotBlank } from './harness.mjs';

const TALL = { viewport: { width: 1600, height: 1700 } };
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, contextOptions: { hasTouch: true, isMobile: true } };
const OFFLOAD_CHECKBOX = [33, 1578];  // below the rate switch and scheduler (issue 30) and the workload section (issue 31)
const LINK = '#v=1&model=openai/gpt-oss-20b&gpu=rtx-3070&users=1';

function recommended(r) { return r.recommended === null ? null : r.options[r.recommended]; }

export default [
  {
    name: 'offload: gpt-oss-20b fits one RTX 3070 with offload (llama-server --n-cpu-moe), needs several cards without; the checkbox toggles it',
    async fn(ctx) {
      const p = await ctx.open(`${LINK}&offload=1`, TALL);
      let r = await call(p.page, 'result');
      const rec = recommended(r);
      assert(rec && rec.offload && rec.count === 1, 'one RTX 3070 with offload is recommended');
      assert(/^llama-server .* -ngl 999 --n-cpu-moe \d+ -c 8192 -np 1/.test(rec.command), rec.command);
      assert(rec.decode_tps_per_user > 10, `decode ${rec.decode_tps_per_user} tokens/s`);
      assert(rec.offload.host_weights_gb > 1 && rec.offload.host_ram_needed_gb < 64, JSON.stringify(rec.offload));
      await ctx.until(() => p.page.evaluate(() => document.getElementById('summary-live').textContent.includes('in host RAM')),
        { message: 'the text summary says what sits in host RAM' });
      await ctx.shot(p.page, 'offload-3070-1600.png');
      // Unticked by a click: nothing fits; ticked again: the same answer.
      await p.page.mouse.click(...OFFLOAD_CHECKBOX);
      await ctx.until(async () => (await call(p.page, 'state')).offload === false, { message: 'the click turns offload off' });
      r = await call(p.page, 'result');
      assert(recommended(r).count >= 2, `without offload one RTX 3070 is not enough: ${recommended(r).count} cards`);
      assert(r.options.every((o) => !o.offload && !(o.fits && o.count === 1)), 'no one-card answer without offload=1');
      await p.page.mouse.click(...OFFLOAD_CHECKBOX);
      await ctx.until(async () => (await call(p.page, 'state')).offload === true, { message: 'a second click turns it on' });
      r = await call(p.page, 'result');
      assertEqual(recommended(r).command, rec.command, 'the same command again');
      assert(r.link.includes('offload=1'), `the link carries it: ${r.link}`);
      p.assertNoErrors();
    },
  },
  {
    name: 'offload: keyboard only — Tab reaches the checkbox (its focus ring shows), Space turns offload off and on',
    async fn(ctx) {
      const p = await ctx.open(`${LINK}&offload=1`, TALL);
      // The checkbox row; a focus ring drawn around it changes these pixels.
      const row = { x: 10, y: OFFLOAD_CHECKBOX[1] - 12, width: 420, height: 26 };
      const pixels = async () => decodePng(await p.page.screenshot({ clip: row }));
      const differs = (a, b) => { let n = 0; for (let i = 0; i < a.data.length; i += 4) if (Math.abs(a.data[i] - b.data[i]) + Math.abs(a.data[i + 2] - b.data[i + 2]) > 60) n++; return n; };
      const unfocused = await pixels();
      await p.page.evaluate(() => document.activeElement && document.activeElement.blur());
      await p.page.keyboard.press('Tab');
      const count = Number((await call(p.page, 'focusInfo')).split('/')[1]);
      let reached = false;
      for (let i = 1; i < count && !reached; i++) {
        await p.page.keyboard.press('Tab');
        await p.page.waitForTimeout(40);
        reached = (await p.page.evaluate(() => window.scrollY)) === 0 && differs(unfocused, await pixels()) > 200;
      }
      assert(reached, 'Tab reaches the offload checkbox');
      await ctx.shot(p.page, 'offload-keyboard-1600.png');
      await p.page.keyboard.press('Space');
      await ctx.until(async () => (await call(p.page, 'state')).offload === false, { message: 'Space turns offload off' });
      await p.page.keyboard.press('Space');
      await ctx.until(async () => (await call(p.page, 'state')).offload === true, { message: 'Space turns it on again' });
      p.assertNoErrors();
    },
  },
  {
    name: 'offload: on a phone in Russian the answer names the host RAM; touch swipes reach the bottom and come back',
    async fn(ctx) {
      const p = await ctx.open(`?lang=ru${LINK}&offload=1`, PHONE);
      await ctx.until(() => p.page.evaluate(() => document.getElementById('summary-live').textContent.includes('в ОЗУ хоста')),
        { message: 'the Russian summary names the host RAM' });
      const text = await call(p.page, 'canvasText');
      assert(text.includes('Выгрузка в ОЗУ') && text.includes('ОЗУ хоста, ГБ'), 'the offload controls are drawn in Russian');
      const cdp = await p.page.context().newCDPSession(p.page);
      const swipe = async (y0, y1) => {
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 200, y: y0 }] });
        for (let i = 1; i <= 6; i++) {
          await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: 200, y: y0 + (y1 - y0) * i / 6 }] });
          await p.page.waitForTimeout(16);
        }
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      };
      const scroll = () => p.page.evaluate(() => ({ y: window.scrollY, max: document.documentElement.scrollHeight - window.innerHeight }));
      for (let i = 0; i < 60 && (await scroll()).max - (await scroll()).y > 8; i++) await swipe(800, 60);
      await p.page.waitForTimeout(300);
      const bottom = await scroll();
      assert(bottom.max - bottom.y <= 8, `swipes reach the bottom (${bottom.y} of ${bottom.max})`);
      await canvasNotBlank(p.page);
      await ctx.shot(p.page, 'offload-phone-ru-bottom.png');
      for (let i = 0; i < 60 && (await scroll()).y > 0; i++) await swipe(60, 800);
      await p.page.waitForTimeout(300);
      assertEqual((await scroll()).y, 0, 'and back to the top');
      assertEqual((await call(p.page, 'state')).offload, true, 'swipes press nothing');
      p.assertNoErrors();
    },
  },
];
