// Partial offload (offload=1): the article's gpt-oss-20b on one 8 GB RTX 3070, from a link and by a
// click on the "Offload to host RAM" checkbox. Coordinates are for a 1600x1700 window (the GPU
// section opens by itself when the link pins the GPU; the checkbox is its last control but two).
import { call, assert, assertEqual } from './harness.mjs';

const TALL = { viewport: { width: 1600, height: 1700 } };
const OFFLOAD_CHECKBOX = [33, 1454];
const LINK = '#v=1&model=openai/gpt-oss-20b&gpu=rtx-3070&users=1';

function recommended(r) { return r.recommended === null ? null : r.options[r.recommended]; }

export default [
  {
    name: 'offload: gpt-oss-20b fits one RTX 3070 with offload (llama-server --n-cpu-moe), needs two cards without; the checkbox toggles it',
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
];
