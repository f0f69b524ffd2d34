// Basic load, state and link tests against the window.gpusizer contract:
//   { ready, state(), result(), link(), setLink(str), set(key, value), frames(), uiHeight(), exportText(kind) }
import { call, canvasNotBlank, assert, assertEqual, decodePng } from './harness.mjs';

export default [
  {
    name: 'desktop 1600x1000 loads without console errors, canvas drawn',
    async fn(ctx) {
      const s = await ctx.open('', { viewport: { width: 1600, height: 1000 } });
      assert(await s.page.evaluate(() => window.gpusizer.ready === true), 'gpusizer.ready is not true');
      assert((await call(s.page, 'frames')) >= 1, 'no frame drawn');
      await canvasNotBlank(s.page);
      await ctx.shot(s.page, 'desktop-1600x1000.png');
      s.assertNoErrors();
    },
  },
  {
    // The first frame is the only one until the first input (frames are drawn only when the picture
    // changes): it must be complete. (A warm-up draw at start-up once left a 1-pixel scissor behind,
    // and the first frame's clear covered one pixel: a black page until the first input.)
    name: 'the first frame is complete: the light background behind the header, before any input',
    async fn(ctx) {
      const s = await ctx.open('', { viewport: { width: 1600, height: 1000 } });
      assertEqual(await s.page.evaluate(() => window.gpusizer.glFrames()), 1, 'WebGL frames before any input');
      const img = decodePng(await s.page.screenshot({ clip: { x: 700, y: 14, width: 60, height: 14 } }));
      for (let i = 0; i < img.data.length; i += 4) {
        const [r, g, b] = img.data.subarray(i, i + 3);
        assert(Math.abs(r - 0xf6) + Math.abs(g - 0xf7) + Math.abs(b - 0xf9) < 12, `background pixel ${r},${g},${b}, expected f6f7f9`);
      }
      s.assertNoErrors();
    },
  },
  {
    name: 'state() defaults to the inference task',
    async fn(ctx) {
      const s = await ctx.open('');
      const st = await call(s.page, 'state');
      assert(st && typeof st === 'object' && !Array.isArray(st), `state() is not an object: ${JSON.stringify(st)}`);
      assertEqual(st.task, 'infer', 'state().task');
      s.assertNoErrors();
    },
  },
  {
    name: 'setLink loads a model and users; result has options, link round-trips',
    async fn(ctx) {
      const s = await ctx.open('');
      await call(s.page, 'setLink', 'v=1&model=openai/gpt-oss-120b&users=100');
      const res = await ctx.until(async () => {
        const r = await call(s.page, 'result');
        return r && Array.isArray(r.options) && r.options.length > 0 ? r : null;
      }, { message: 'result().options.length > 0' });
      assert(res.options.length > 0);
      const link = await call(s.page, 'link');
      assert(typeof link === 'string' && link.includes('gpt-oss-120b'), `link() lacks the model: ${link}`);
      s.assertNoErrors();
    },
  },
];
