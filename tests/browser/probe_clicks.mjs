// ad-hoc: node tests/browser/probe_clicks.mjs '<hash>' WxH@dpr out.png lang 'scrollY:x,y;scrollY:x,y' finalScroll
import { launch, openPage, nextFrames } from './harness.mjs';
import { startServer } from '../../web/serve.mjs';
const [hash, size, out, lang, steps = '', finalScroll = '0'] = process.argv.slice(2);
const [wh, dpr = '1'] = size.split('@'); const [w, h] = wh.split('x').map(Number);
const srv = await startServer('/work/main/build/site', 0, {});
const b = await launch();
const p = await openPage(b, `${srv.url}?lang=${lang}${hash}`, { viewport: { width: w, height: h }, deviceScaleFactor: +dpr });
await p.page.waitForFunction(() => window.gpusizer && window.gpusizer.ready);
await p.page.waitForTimeout(500);
for (const st of steps.split(';').filter(Boolean)) {
  const [sy, xy] = st.split(':'); const [x, y] = xy.split(',').map(Number);
  await p.page.evaluate((v) => window.scrollTo(0, v), +sy); await p.page.waitForTimeout(300); await nextFrames(p.page, 3);
  await p.page.mouse.click(x, y); await p.page.waitForTimeout(400); await nextFrames(p.page, 3);
}
await p.page.evaluate((v) => window.scrollTo(0, v), +finalScroll); await p.page.waitForTimeout(300); await nextFrames(p.page, 3);
console.log(await p.page.evaluate(() => window.gpusizer.link()));
await p.page.screenshot({ path: out });
await b.close(); srv.close();
