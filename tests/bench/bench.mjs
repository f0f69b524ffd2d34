// Performance benchmark (run by hand: ./dev.sh bench; not part of the pass/fail tests).
// Prints every figure next to its budget:
//   bytes of the site (raw, gzip) per file and the first load; time to first drawn frame next to a blank
//   WebGL2 page in the same run; engine time native and wasm; CPU while idle over 5 s; frame cost while
//   dragging a slider.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { launch, openPage } from '../browser/harness.mjs';
import { startServer } from '../../web/serve.mjs';

const build = process.argv[2] || 'build';
const site = path.join(build, 'site');
const line = (name, value, budget, ok) => console.log(`${name.padEnd(44)} ${value.padStart(16)}   budget ${budget.padEnd(14)} ${ok === undefined ? '' : ok ? 'OK' : 'OVER'}`);

// ---- bytes -----------------------------------------------------------------------------------------
const firstLoad = ['index.html', 'app.css', 'app.js', 'touch.js', 'gpusizer.js', 'gpusizer.wasm', 'catalog.bin',
  'fonts/Roboto-Regular-subset.ttf', 'fonts/Roboto-Medium-subset.ttf'];
console.log('== bytes shipped (gzip -9)');
let raw = 0, gz = 0;
const walk = (d) => fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]);
for (const f of walk(site).sort()) {
  const rel = path.relative(site, f);
  const b = fs.readFileSync(f);
  const g = zlib.gzipSync(b, { level: 9 }).length;
  const first = firstLoad.includes(rel);
  if (first) { raw += b.length; gz += g; }
  console.log(`  ${rel.padEnd(36)} ${String(b.length).padStart(9)} B raw ${String(g).padStart(9)} B gzip${first ? '  (first load)' : ''}`);
}
line('first load, gzip', `${(gz / 1024).toFixed(1)} KB`, '< 450 KB', gz / 1024 < 450);
line('first load, raw', `${(raw / 1024).toFixed(1)} KB`, '-');

// ---- engine time -----------------------------------------------------------------------------------
console.log('== engine: all options for one state');
const native = execFileSync(path.join(build, 'native', 'engine_bench'), { encoding: 'utf8' });
const wasm = execFileSync('node', [path.join(build, 'wasm', 'engine_bench.js')], { encoding: 'utf8' });
const worst = (text) => Math.max(...[...text.matchAll(/([\d.]+) us per evaluation/g)].map((m) => +m[1]));
console.log(native.trim().replace(/^/gm, '  native ') + '\n' + wasm.trim().replace(/^/gm, '  wasm   '));
line('engine, worst state, native', `${(worst(native) / 1000).toFixed(3)} ms`, '< 1 ms', worst(native) < 1000);
line('engine, worst state, wasm', `${(worst(wasm) / 1000).toFixed(3)} ms`, '< 3 ms', worst(wasm) < 3000);

// ---- browser -----------------------------------------------------------------------------------------
// Reference pages, served by the same server code in the same run:
//  * blank: a canvas, a WebGL2 context, one clear (the budget's yardstick);
//  * downloads only: the blank page that first downloads what the calculator downloads (module,
//    catalog, fonts) and does nothing with it: the floor this machine's browser sets for any page
//    shipping these bytes, before a line of our code runs.
function referencePage(fetches) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpusizer-ref-'));
  // Preloaded from the head, as the calculator's page does.
  const preloads = fetches.map((f) => `<link rel="preload" href="${f}" as="fetch" crossorigin="anonymous">`).join('');
  fs.writeFileSync(path.join(dir, 'index.html'),
    `<!doctype html><html><head><link rel="stylesheet" href="blank.css">${preloads}</head><body><canvas id="c"></canvas><script src="blank.js"></script></body></html>`);
  fs.writeFileSync(path.join(dir, 'blank.css'), 'body{margin:0} #c{width:100vw;height:100vh;display:block}');
  // The stamp is taken right after the clear is issued, as the calculator stamps right after its
  // first frame's draw calls.
  const draw = "gl.clearColor(0.9,0.9,0.9,1);gl.clear(gl.COLOR_BUFFER_BIT);window.gpusizer={ready:true,timing:{first_frame:performance.now()}};";
  fs.writeFileSync(path.join(dir, 'blank.js'), "const gl=document.getElementById('c').getContext('webgl2');" +
    (fetches.length ? `Promise.all(${JSON.stringify(fetches)}.map((u)=>fetch(u,{credentials:'same-origin',mode:'cors'}).then((r)=>r.arrayBuffer()))).then(()=>{${draw}});` : draw));
  for (const f of fetches) {
    fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    fs.copyFileSync(path.join(site, f), path.join(dir, f));
  }
  return dir;
}
const downloads = ['gpusizer.wasm', 'catalog.bin', 'fonts/Roboto-Regular-subset.ttf', 'fonts/Roboto-Medium-subset.ttf'];
const server = await startServer(site, 0, {});
const blank = await startServer(referencePage([]), 0, {});
const fetchOnly = await startServer(referencePage(downloads), 0, {});
const browser = await launch();
const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
async function firstFrame(url) {
  const s = await openPage(browser, url, { viewport: { width: 1600, height: 1000 } });
  const t = await s.page.evaluate(() => ({ ...window.gpusizer.timing, ...(window.gpusizer.startupMs ? window.gpusizer.startupMs() : {}) }));
  await s.close();
  return t;
}
// A repeat visit: the same browser profile loads the page again (HTTP cache, V8's code cache).
async function firstFrameRepeat(url) {
  const s = await openPage(browser, url, { viewport: { width: 1600, height: 1000 } });
  await s.page.waitForTimeout(300);  // let the caches settle, as between two visits
  await s.page.reload();
  await s.page.waitForFunction(() => window.gpusizer && window.gpusizer.ready);
  const t = await s.page.evaluate(() => window.gpusizer.timing.first_frame);
  await s.close();
  return t;
}
const RUNS = 11;
console.log(`== time to first drawn frame (median of ${RUNS} cold loads, interleaved; ms since navigation start)`);
const app = [], ref = [], floor = [];
for (let i = 0; i < RUNS; ++i) {
  ref.push(await firstFrame(blank.url));
  floor.push(await firstFrame(fetchOnly.url));
  app.push(await firstFrame(server.url));
}
const m = (runs, key) => median(runs.map((t) => t[key]));
const a = m(app, 'first_frame'), r = m(ref, 'first_frame'), f = m(floor, 'first_frame');
line('first frame, calculator', `${a.toFixed(0)} ms`, `< 2× ${r.toFixed(0)} ms`, a < 2 * r);
line('first frame, blank WebGL2 page', `${r.toFixed(0)} ms`, '-');
line('  same page downloading our files first', `${f.toFixed(0)} ms`, '-');
console.log(`  ratios to blank: calculator ${(a / r).toFixed(2)}×, downloads only ${(f / r).toFixed(2)}×`);
const warmApp = [], warmRef = [];
for (let i = 0; i < 9; ++i) { warmRef.push(await firstFrameRepeat(blank.url)); warmApp.push(await firstFrameRepeat(server.url)); }
const wa = median(warmApp), wr = median(warmRef);
line('first frame, repeat visit (cached)', `${wa.toFixed(0)} ms`, `< 2× ${wr.toFixed(0)} ms`, wa < 2 * wr);
console.log(`  calculator, medians: app.js runs ${m(app, 'script').toFixed(0)}, module compiled ${m(app, 'compiled').toFixed(0)}, ` +
  `files in ${m(app, 'fetched').toFixed(0)}, instantiated ${m(app, 'instantiated').toFixed(0)}, first frame starts ${m(app, 'frame_start').toFixed(0)} ms; ` +
  `gs_start: catalog ${m(app, 'catalog').toFixed(1)} ms, first evaluation ${m(app, 'state').toFixed(1)} ms; ` +
  `first frame: ${m(app, 'frame_total').toFixed(0)} ms (font bake ${m(app, 'fonts').toFixed(0)}, layout ${(m(app, 'frame_layout') - m(app, 'fonts')).toFixed(0)}, GL ${(m(app, 'frame_total') - m(app, 'frame_layout')).toFixed(0)})`);

const s = await openPage(browser, server.url, { viewport: { width: 1600, height: 1000 } });
const cdp = await s.context.newCDPSession(s.page);
await cdp.send('Performance.enable');
const metric = async (name) => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === name).value;
await s.page.waitForTimeout(1000);
const idle0 = await metric('TaskDuration'), f0 = await s.page.evaluate(() => window.gpusizer.frames());
await s.page.waitForTimeout(5000);
const idle1 = await metric('TaskDuration'), f1 = await s.page.evaluate(() => window.gpusizer.frames());
const idleCpu = (100 * (idle1 - idle0)) / 5;
line('CPU while idle over 5 s', `${idleCpu.toFixed(2)} %`, '< 1 % of a core', idleCpu < 1);
line('frames drawn while idle', `${f1 - f0}`, '0', f1 === f0);

// Drag the "Concurrent users" slider (1600-wide layout) across in 40 steps.
const t0 = await metric('TaskDuration'), d0 = await s.page.evaluate(() => window.gpusizer.frames());
const w0 = Date.now();
await s.page.mouse.move(60, 910);
await s.page.mouse.down();
const inFrame = [], inUi = [];
for (let i = 1; i <= 40; ++i) {
  await s.page.mouse.move(60 + i * 9, 910);
  await s.page.waitForTimeout(16);
  inFrame.push(await s.page.evaluate(() => window.gpusizer.lastFrameMs(false)));
  inUi.push(await s.page.evaluate(() => window.gpusizer.lastFrameMs(true)));
}
await s.page.mouse.up();
await s.page.waitForTimeout(300);
const t1 = await metric('TaskDuration'), d1 = await s.page.evaluate(() => window.gpusizer.frames());
const users = await s.page.evaluate(() => window.gpusizer.state().users);
const perFrame = ((t1 - t0) * 1000) / Math.max(1, d1 - d0);
line('frame time while dragging (wasm frame fn)', `${median(inFrame).toFixed(2)} ms`, '< 16.7 ms', median(inFrame) < 16.7);
line('  of which ImGui layout + engine', `${median(inUi).toFixed(2)} ms`, '-');
line('main-thread task time per frame (incl. GL)', `${perFrame.toFixed(2)} ms`, '-');
console.log(`  (${d1 - d0} frames in ${Date.now() - w0} ms of dragging; users slider ended at ${users})`);
await s.close();

// Scrolling by touch on a 390x844 phone (DPR 3): animation-frame intervals while a finger swipes
// down the page (CDP touch events), the calculator against a plain static page of the same height.
function plainPage(height) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpusizer-plain-'));
  const rows = Array.from({ length: Math.ceil(height / 40) }, (_, i) => `<p>Row ${i + 1}: NVIDIA H100 SXM 80GB · 30.4 / 77 GB · 84 tok/s</p>`).join('');
  fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html><html><head><meta name="viewport" content="width=device-width"><link rel="stylesheet" href="plain.css"></head><body>${rows}</body></html>`);
  fs.writeFileSync(path.join(dir, 'plain.css'), 'p{margin:0;height:40px;font:16px system-ui}');
  return dir;
}
async function swipeFrames(url) {
  const p = await openPage(browser, url, { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3,
    contextOptions: { hasTouch: true, isMobile: true }, waitReady: url === server.url });
  const touch = await p.context.newCDPSession(p.page);
  await p.page.evaluate(() => {
    window.__gaps = []; window.__tick = true;
    let last = performance.now();
    const tick = (t) => { window.__gaps.push(t - last); last = t; if (window.__tick) requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
  });
  for (let k = 0; k < 4; ++k) {
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 200, y: 800 }] });
    for (let i = 1; i <= 6; ++i) {
      await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: 200, y: 800 - i * 120 }] });
      await p.page.waitForTimeout(16);
    }
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }
  const gaps = await p.page.evaluate(() => { window.__tick = false; return window.__gaps.slice(1).sort((a, b) => a - b); });
  const y = await p.page.evaluate(() => window.scrollY);
  await p.close();
  return { median: gaps[gaps.length >> 1], p90: gaps[Math.floor(gaps.length * 0.9)], y };
}
const plain = await startServer(plainPage(4200), 0, {});
const appScroll = await swipeFrames(server.url), plainScroll = await swipeFrames(plain.url);
line('phone touch scroll: frame interval, calculator', `${appScroll.median.toFixed(1)} ms (p90 ${appScroll.p90.toFixed(1)})`,
  `< 2× plain page ${plainScroll.median.toFixed(1)} ms`, appScroll.median < 2 * plainScroll.median);
console.log(`  (4 swipes scrolled the calculator ${appScroll.y} px, the plain page ${plainScroll.y} px; plain page p90 ${plainScroll.p90.toFixed(1)} ms)`);
await plain.close();
await browser.close();
await server.close();
await blank.close();
await fetchOnly.close();
