// "On the screen", measured from inside the page the same way for the calculator and the reference
// pages (tests/bench/pages.mjs), with no help from the calculator beyond the stamp it already sets
// (window.gpusizer.timing.first_frame), so that any build can be measured, old or new.
//
// Content drawn during a rendering update (an animation-frame callback) reaches the screen when that
// update ends: the browser commits the frame — with software compositing it also reads the WebGL
// canvas back, waiting for the GPU process to finish drawing it — and only then runs the next task.
// Content drawn in an ordinary task waits for the next update. So "presented" is the start of a task
// posted from the update that carries the content: from that update's animation-frame callback, or,
// for content drawn in a task, from the next one. The script below watches for the content:
//  * first frame: the page sets window.gpusizer.timing.first_frame (the calculator's app.js, and the
//    reference pages);
//  * an update after an input: the reference page calls __bench.mark('update'); for the calculator,
//    the first frame drawn on the canvas (a WebGL clear) after the link has changed.
// It also records first-contentful-paint (Paint Timing), the time stamp of the last input event, and
// how many WebGL frames the page drew (clears).
export const INIT_SCRIPT = `(() => {
  const B = window.__bench = { marks: {}, clears: 0, input: 0, watch: null, fcp: null };
  const raf = window.requestAnimationFrame.bind(window);
  let inFrame = 0;
  const post = (fn) => { const ch = new MessageChannel(); ch.port1.onmessage = fn; ch.port2.postMessage(0); };
  // drawnInFrame: the content was drawn inside an animation-frame callback (default: now).
  B.mark = (name, drawnInFrame = inFrame > 0) => {
    if (B.marks[name]) return;
    const m = B.marks[name] = { drawn: performance.now(), presented: 0 };
    const done = () => { m.presented = performance.now(); };
    if (drawnInFrame) post(done); else raf(() => post(done));
  };
  window.requestAnimationFrame = (cb) => raf((t) => {
    inFrame++;
    try { cb(t); } finally { inFrame--; }
  });
  // The calculator draws a frame with a WebGL clear first; once that frame's code has run (a
  // microtask), a changed link means the frame carries the new result.
  const clear = WebGL2RenderingContext.prototype.clear;
  WebGL2RenderingContext.prototype.clear = function (m) {
    B.clears++;
    if (B.watch && !B.checking) {
      B.checking = true;
      const drawnInFrame = inFrame > 0;
      queueMicrotask(() => {
        B.checking = false;
        if (B.watch && window.gpusizer.link() !== B.watch.link) { B.watch = null; B.mark('update', drawnInFrame); }
      });
    }
    return clear.call(this, m);
  };
  // Only the event the measurement times (a touchend is followed by emulated mouse events).
  for (const type of ['mouseup', 'touchend', 'keydown'])
    window.addEventListener(type, (e) => {
      if (type !== B.timed) return;
      B.input = e.timeStamp;
      B.clearsAtInput = B.clears;  // frames drawn for the press before (a held click) are not this input's
    }, { capture: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') B.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  // The page's own first-frame stamp, seen the moment it is set.
  let api;
  const hook = (t) => {
    if (!t) return;
    if (t.first_frame) { B.mark('first'); return; }
    let v;
    Object.defineProperty(t, 'first_frame', { configurable: true, enumerable: true, get: () => v,
      set: (x) => { v = x; B.mark('first'); } });
  };
  Object.defineProperty(window, 'gpusizer', { configurable: true, get: () => api, set: (x) => { api = x; hook(x && x.timing); } });
})();`;

export const DESKTOP = { name: '1600×1000', viewport: { width: 1600, height: 1000 }, deviceScaleFactor: 1 };
export const PHONE = { name: '390×844 DPR 3', viewport: { width: 390, height: 844 }, deviceScaleFactor: 3,
  hasTouch: true, isMobile: true };

export async function newPage(browser, device) {
  const { name, ...options } = device;
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.addInitScript(INIT_SCRIPT);
  return { context, page, close: () => context.close() };
}

async function waitMark(page, name, timeout = 30000) {
  await page.waitForFunction((n) => window.__bench.marks[n] && window.__bench.marks[n].presented > 0, name,
    { polling: 20, timeout });
  return page.evaluate((n) => window.__bench.marks[n], name);
}

// One cold load (a fresh browser context: no HTTP cache, no code cache) up to the first frame on
// the screen. Returns ms since navigation start: drawn, presented, fcp, plus the page's own timing.
export async function coldLoad(browser, url, device) {
  const s = await newPage(browser, device);
  try {
    await s.page.goto(url);
    const m = await waitMark(s.page, 'first');
    const extra = await s.page.evaluate(() => {
      const g = window.gpusizer;
      const t = { ...g.timing, ...(g.startupMs ? g.startupMs() : {}) };
      // Everything fetched before the first frame was drawn (the first load, as the browser saw it).
      t.resources = performance.getEntriesByType('resource').filter((r) => r.responseEnd <= g.timing.first_frame)
        .map((r) => new URL(r.name).pathname);
      return t;
    });
    return { ...extra, drawn: m.drawn, presented: m.presented, fcp: await s.page.evaluate(() => window.__bench.fcp) };
  } finally {
    await s.close();
  }
}

// Input → presented: `act(page)` performs the input; `timed` names the event timed (mouseup,
// touchend, keydown); `calculator`: watch the link, else the reference page marks its own update.
export async function inputToScreen(page, act, { calculator, timed }) {
  await page.evaluate(([calc, type]) => {
    const B = window.__bench;
    B.timed = type;
    B.input = 0;
    delete B.marks.update;
    B.clearsBefore = B.clears;
    B.watch = calc ? { link: window.gpusizer.link() } : null;
  }, [calculator, timed]);
  await act(page);
  const m = await waitMark(page, 'update', 10000);
  const r = await page.evaluate(() => ({ input: window.__bench.input, type: window.__bench.timed }));
  await page.waitForTimeout(400);  // frames that settle after the update
  const { frames, pressFrames } = await page.evaluate(() => {
    const B = window.__bench;
    return { frames: B.clears - B.clearsAtInput, pressFrames: B.clearsAtInput - B.clearsBefore };
  });
  return { ms: m.presented - r.input, drawnMs: m.drawn - r.input, type: r.type, frames, pressFrames };
}

export const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
export const range = (a, digits = 0) => `${Math.min(...a).toFixed(digits)}–${Math.max(...a).toFixed(digits)}`;
