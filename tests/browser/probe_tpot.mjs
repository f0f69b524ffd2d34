import { launch, openPage, nextFrames } from './harness.mjs';
import { startServer } from '../../web/serve.mjs';
const [w, h, dpr, out, lang] = process.argv.slice(2);
const srv = await startServer('/work/main/build/site', 0, {});
const b = await launch();
const p = await openPage(b, `${srv.url}?lang=${lang}#v=1&rps=20&pct=99&ttft=2&tps=20`, { viewport: { width: +w, height: +h }, deviceScaleFactor: +dpr });
await p.page.waitForFunction(() => window.gpusizer && window.gpusizer.ready);
await p.page.waitForTimeout(500);
const regs = await p.page.evaluate(() => window.gpusizer.regions());
const label = lang === 'ru' ? 'Время токена от частоты запросов' : 'Token time vs request rate';
const r = regs.find((x) => (x.label || '').includes(label));
console.log(JSON.stringify(r), regs.length);
if (r) {
  await p.page.evaluate((y) => window.scrollTo(0, Math.max(0, y - 200)), r.y);
  await p.page.waitForTimeout(300); await nextFrames(p.page, 3);
  const r2 = (await p.page.evaluate(() => window.gpusizer.regions())).find((x) => (x.label || '').includes(label));
  const sy = await p.page.evaluate(() => window.scrollY);
  await p.page.mouse.click(r2.x + 8, r2.y - sy + r2.h / 2);
  await p.page.waitForTimeout(400); await nextFrames(p.page, 3);
}
await p.page.screenshot({ path: out });
await b.close(); srv.close();
