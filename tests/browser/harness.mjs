// Reusable headless-Chromium harness for the gpusizer browser tests.
//
// Uses playwright-core with the system Chromium (/usr/bin/chromium, Debian package `chromium`);
// it never downloads a browser. WebGL2 runs on SwiftShader (software GL).
//
//   import { launch, openPage, canvasNotBlank, screenshot, call } from './harness.mjs';
//   const browser = await launch();
//   const s = await openPage(browser, url, { viewport: { width: 1600, height: 1000 } });
//   await call(s.page, 'setLink', 'v=1&model=...');
//   s.assertNoErrors();
//   await s.close(); await browser.close();

import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.GPUSIZER_CHROMIUM || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--use-gl=swiftshader',
  '--enable-unsafe-swiftshader',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--ignore-gpu-blocklist',
  '--enable-webgl',
];

/**
 * Start headless Chromium. Playwright's chromium.launch() gives every launch its own fresh,
 * temporary user-data-dir (deleted on close), so no profile state leaks between runs.
 */
export async function launch({ headless = true, args = [] } = {}) {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} not found: install Debian's chromium (apt-get install -y chromium)`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless,
    args: [...CHROMIUM_ARGS, ...args],
  });
}

// Chromium asks for /favicon.ico by itself; the site need not have one.
export const DEFAULT_ALLOWED_ERRORS = [/\/favicon\.ico\b/];

function matches(whitelist, text) {
  return whitelist.some((w) => (w instanceof RegExp ? w.test(text) : text.includes(String(w))));
}

/**
 * Open url in a new browser context (its own viewport, scale, colour scheme and locale) and wait
 * until the app says it drew its first frame (window.gpusizer.ready === true).
 *
 * Every console.error, uncaught page error, failed request and HTTP >= 400 response is collected in
 * `errors` (strings) unless it matches an entry of `allowErrors` (strings: substring; RegExps).
 * Any error seen before ready makes openPage throw; call assertNoErrors() later in the test.
 *
 * @returns {Promise<{page, context, errors: string[], consoleLog: string[], assertNoErrors(): void, close(): Promise<void>}>}
 */
export async function openPage(browser, url, {
  viewport = { width: 1600, height: 1000 },
  deviceScaleFactor = 1,
  colorScheme = 'light',
  locale = 'en-US',
  allowErrors = [],
  timeout = 30000,
  waitReady = true,
  contextOptions = {},
} = {}) {
  const context = await browser.newContext({
    viewport, deviceScaleFactor, colorScheme, locale, ...contextOptions,
  });
  const page = await context.newPage();
  const errors = [];
  const consoleLog = [];
  let onError = null;
  const record = (msg) => {
    if (matches(DEFAULT_ALLOWED_ERRORS, msg) || matches(allowErrors, msg)) return;
    errors.push(msg);
    if (onError) onError(msg);
  };
  page.on('console', (m) => {
    const text = m.text();
    consoleLog.push(`[${m.type()}] ${text}`);
    if (m.type() === 'error') {
      const loc = m.location();
      record(`console.error: ${text}${loc && loc.url ? ` (${loc.url}:${loc.lineNumber})` : ''}`);
    }
  });
  page.on('pageerror', (e) => record(`pageerror: ${e && e.stack ? e.stack : e}`));
  page.on('crash', () => record('page crashed'));
  page.on('requestfailed', (r) => {
    const f = r.failure();
    // Aborts caused by navigating away are not app errors.
    if (f && /ERR_ABORTED/.test(f.errorText)) return;
    record(`requestfailed: ${r.url()} ${f ? f.errorText : ''}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) record(`http ${r.status()}: ${r.url()}`);
  });

  const session = {
    page,
    context,
    errors,
    consoleLog,
    assertNoErrors() {
      if (errors.length) throw new Error(`page errors:\n  ${errors.join('\n  ')}`);
    },
    async close() {
      await context.close().catch(() => {});
    },
  };

  try {
    const resp = await page.goto(url, { waitUntil: 'load', timeout });
    if (!resp) throw new Error(`no response for ${url}`);
    if (!resp.ok()) throw new Error(`HTTP ${resp.status()} for ${url}`);
    if (waitReady) {
      const failed = new Promise((_, reject) => {
        onError = (msg) => reject(new Error(`error before ready: ${msg}`));
        if (errors.length) onError(errors[0]);
      });
      await Promise.race([
        page.waitForFunction(() => !!(window.gpusizer && window.gpusizer.ready === true), null,
          { timeout, polling: 50 }),
        failed,
      ]);
      onError = null;
      failed.catch(() => {});
      // Let the first frame reach the compositor before anyone screenshots it.
      await nextFrames(page, 2);
    }
    session.assertNoErrors();
  } catch (err) {
    onError = null;
    const tail = consoleLog.slice(-15).join('\n  ');
    await session.close();
    throw new Error(`${err.message}${tail ? `\n  console:\n  ${tail}` : ''}`);
  }
  return session;
}

/** Wait for n requestAnimationFrame callbacks in the page. */
export async function nextFrames(page, n = 2) {
  await page.evaluate((k) => new Promise((resolve) => {
    const step = () => (k-- <= 0 ? resolve() : requestAnimationFrame(step));
    step();
  }), n);
}

/** Call a wasm test hook: window.gpusizer[fn](...args), returning its (JSON-serialisable) result. */
export async function call(page, fn, ...args) {
  return page.evaluate(([f, a]) => {
    const g = window.gpusizer;
    if (!g) throw new Error('window.gpusizer is not defined');
    if (typeof g[f] !== 'function') throw new Error(`window.gpusizer.${f} is not a function`);
    return g[f](...a);
  }, [fn, args]);
}

/** Wait until the app has drawn at least n more frames (uses gpusizer.frames()). */
export async function waitFrames(page, n = 2, timeout = 10000) {
  const start = await call(page, 'frames');
  await page.waitForFunction(([s, k]) => window.gpusizer.frames() >= s + k, [start, n], { timeout, polling: 16 });
}

/** Save a PNG screenshot of the page viewport (creates the folder). */
export async function screenshot(page, file, { fullPage = false } = {}) {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  return page.screenshot({ path: file, fullPage, animations: 'disabled' });
}

// ---------------------------------------------------------------------------------------------
// Minimal PNG decoder (8-bit greyscale / RGB / RGBA / grey+alpha / palette, non-interlaced):
// enough for Chromium's screenshots.

const PNG_SIG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** @returns {{width:number, height:number, data: Buffer}} data is RGBA, 4 bytes per pixel */
export function decodePng(buf) {
  if (!Buffer.isBuffer(buf)) buf = Buffer.from(buf);
  if (buf.length < 8 || !buf.subarray(0, 8).equals(PNG_SIG)) throw new Error('not a PNG');
  let off = 8;
  let width = 0, height = 0, depth = 0, ctype = 0, interlace = 0;
  let palette = null, trns = null;
  const idat = [];
  while (off + 8 <= buf.length) {
    const len = buf.readUInt32BE(off);
    const type = buf.toString('latin1', off + 4, off + 8);
    const body = buf.subarray(off + 8, off + 8 + len);
    off += 12 + len;
    if (type === 'IHDR') {
      width = body.readUInt32BE(0); height = body.readUInt32BE(4);
      depth = body[8]; ctype = body[9]; interlace = body[12];
    } else if (type === 'PLTE') palette = body;
    else if (type === 'tRNS') trns = body;
    else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') break;
  }
  if (!width || !height) throw new Error('PNG without IHDR');
  if (depth !== 8) throw new Error(`PNG bit depth ${depth} not supported`);
  if (interlace) throw new Error('interlaced PNG not supported');
  const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[ctype];
  if (!channels) throw new Error(`PNG colour type ${ctype} not supported`);
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  if (raw.length < (stride + 1) * height) throw new Error('PNG data truncated');
  const px = Buffer.alloc(stride * height);
  const bpp = channels;
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const src = y * (stride + 1) + 1;
    const dst = y * stride;
    const up = dst - stride;
    for (let x = 0; x < stride; x++) {
      const a = x >= bpp ? px[dst + x - bpp] : 0;
      const b = y > 0 ? px[up + x] : 0;
      const c = x >= bpp && y > 0 ? px[up + x - bpp] : 0;
      let v = raw[src + x];
      switch (filter) {
        case 0: break;
        case 1: v += a; break;
        case 2: v += b; break;
        case 3: v += (a + b) >> 1; break;
        case 4: {
          const p = a + b - c;
          const pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
          v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
          break;
        }
        default: throw new Error(`bad PNG filter ${filter}`);
      }
      px[dst + x] = v & 0xff;
    }
  }
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0, j = 0; i < width * height; i++, j += 4) {
    const s = i * channels;
    switch (ctype) {
      case 0: data[j] = data[j + 1] = data[j + 2] = px[s]; data[j + 3] = 255; break;
      case 4: data[j] = data[j + 1] = data[j + 2] = px[s]; data[j + 3] = px[s + 1]; break;
      case 2: data[j] = px[s]; data[j + 1] = px[s + 1]; data[j + 2] = px[s + 2]; data[j + 3] = 255; break;
      case 6: px.copy(data, j, s, s + 4); break;
      case 3: {
        const k = px[s];
        if (!palette || k * 3 + 2 >= palette.length) throw new Error('PNG palette index out of range');
        data[j] = palette[k * 3]; data[j + 1] = palette[k * 3 + 1]; data[j + 2] = palette[k * 3 + 2];
        data[j + 3] = trns && k < trns.length ? trns[k] : 255;
        break;
      }
    }
  }
  return { width, height, data };
}

/** Colour statistics of a decoded image: distinct RGBA colours and the share of the most common one. */
export function colourStats({ width, height, data }) {
  const counts = new Map();
  const n = width * height;
  for (let j = 0; j < n * 4; j += 4) {
    const key = data.readUInt32BE(j);
    counts.set(key, (counts.get(key) || 0) + 1);
  }
  let top = 0, topKey = 0;
  for (const [k, c] of counts) if (c > top) { top = c; topKey = k; }
  const hex = '#' + (topKey >>> 0).toString(16).padStart(8, '0');
  return { width, height, pixels: n, distinct: counts.size, dominant: hex, dominantShare: n ? top / n : 1 };
}

/**
 * Screenshot the #canvas element (WebGL is created without preserveDrawingBuffer, so
 * toDataURL/readPixels would read a cleared buffer; the compositor's screenshot is reliable)
 * and check it is not blank: at least minDistinct colours and no single colour covering more
 * than maxDominantShare of it. Returns the stats; throws when blank.
 */
export async function canvasNotBlank(page, {
  selector = '#canvas', minDistinct = 2, maxDominantShare = 0.999, save = null, timeout = 5000,
} = {}) {
  // Retries until timeout: the first frame after `ready` may not be composited yet.
  const end = Date.now() + timeout;
  let png, stats;
  for (;;) {
    const el = await page.$(selector);
    if (!el) throw new Error(`${selector} not found`);
    const box = await el.boundingBox();
    if (!box || box.width < 1 || box.height < 1) throw new Error(`${selector} has no size (${JSON.stringify(box)})`);
    png = await el.screenshot({ animations: 'disabled' });
    stats = colourStats(decodePng(png));
    if (stats.distinct >= minDistinct && stats.dominantShare <= maxDominantShare) break;
    if (Date.now() > end) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  if (save) {
    fs.mkdirSync(path.dirname(path.resolve(save)), { recursive: true });
    fs.writeFileSync(save, png);
  }
  if (stats.distinct < minDistinct || stats.dominantShare > maxDominantShare) {
    throw new Error(`canvas looks blank: ${stats.distinct} colour(s), ${stats.dominant} covers ` +
      `${(stats.dominantShare * 100).toFixed(2)}% of ${stats.width}x${stats.height}`);
  }
  return stats;
}

// ---------------------------------------------------------------------------------------------
// Small assertion helpers for tests (no dependency on a test framework).

export function assert(cond, msg = 'assertion failed') {
  if (!cond) throw new Error(msg);
}

export function assertEqual(actual, expected, msg = '') {
  const a = JSON.stringify(actual), e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${msg ? msg + ': ' : ''}expected ${e}, got ${a}`);
}
