#!/usr/bin/env node
// gpusizer browser test runner (headless system Chromium via playwright-core).
//
//   node tests/browser/run.mjs <siteDir> <screenshotDir> [--grep TEXT]
//
// Serves <siteDir> with web/serve.mjs on a random loopback port, launches Chromium once, and runs
// every test exported by tests/browser/test_*.mjs (each file: `export default [{ name, fn }]`).
// Each fn gets a context object (see makeContext). Prints `ok - name` / `not ok - name: error`,
// then `browser tests: N passed, M failed`; exits 1 on any failure.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startServer } from '../../web/serve.mjs';
import * as harness from './harness.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const TEST_TIMEOUT_MS = Number(process.env.GPUSIZER_TEST_TIMEOUT_MS || 90000);

function usage() {
  console.error('usage: node tests/browser/run.mjs <siteDir> <screenshotDir> [--grep TEXT]');
  process.exit(2);
}

function parseArgs(argv) {
  const pos = [];
  let grep = process.env.GPUSIZER_TEST_GREP || '';
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--grep') grep = argv[++i] || '';
    else if (argv[i].startsWith('--grep=')) grep = argv[i].slice(7);
    else if (argv[i].startsWith('--')) usage();
    else pos.push(argv[i]);
  }
  if (pos.length !== 2) usage();
  return { siteDir: path.resolve(pos[0]), shotDir: path.resolve(pos[1]), grep };
}

async function loadTests() {
  const files = fs.readdirSync(HERE).filter((f) => /^test_.*\.mjs$/.test(f)).sort();
  const all = [];
  for (const f of files) {
    const mod = await import(pathToFileURL(path.join(HERE, f)).href);
    const list = mod.default || mod.tests;
    if (!Array.isArray(list)) throw new Error(`${f}: export default an array of { name, fn }`);
    for (const t of list) {
      if (!t || typeof t.name !== 'string' || typeof t.fn !== 'function') throw new Error(`${f}: bad test entry`);
      all.push({ ...t, file: f });
    }
  }
  return all;
}

function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms); }),
  ]).finally(() => clearTimeout(timer));
}

// The per-test context: shared browser and server, plus per-test resources closed afterwards.
function makeContext({ browser, server, siteDir, shotDir }) {
  const sessions = [];
  const servers = [];
  const ctx = {
    browser,
    harness,
    siteDir,
    shotDir,
    url: server.url,                       // e.g. http://127.0.0.1:PORT/
    /** Absolute URL on the site's origin for a relative path/query, e.g. ctx.at('?v=1&...') */
    at: (rel = '') => new URL(rel, server.url).href,
    /** Open a page (see harness.openPage); closed automatically after the test. */
    async open(rel = '', opts = {}) {
      const s = await harness.openPage(browser, ctx.at(rel), opts);
      sessions.push(s);
      return s;
    },
    /** Start another static server (another origin); closed automatically after the test. */
    async serve(dir, opts = {}) {
      const s = await startServer(dir, 0, { host: '127.0.0.1', ...opts });
      servers.push(s);
      return s;
    },
    shot: (page, name) => harness.screenshot(page, path.join(shotDir, name)),
    /** Poll fn() (sync or async) until it returns a truthy value; returns that value. */
    async until(fn, { timeout = 10000, interval = 50, message = 'condition' } = {}) {
      const end = Date.now() + timeout;
      let last;
      for (;;) {
        try { last = await fn(); if (last) return last; } catch (e) { last = e; }
        if (Date.now() > end) throw new Error(`${message} not met within ${timeout} ms (last: ${last instanceof Error ? last.message : JSON.stringify(last)})`);
        await new Promise((r) => setTimeout(r, interval));
      }
    },
    async cleanup() {
      for (const s of sessions.splice(0)) await s.close();
      for (const s of servers.splice(0)) await s.close();
    },
  };
  return ctx;
}

async function main() {
  const { siteDir, shotDir, grep } = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(path.join(siteDir, 'index.html'))) {
    console.log(`not ok - setup: ${siteDir}/index.html not found (build the site first)`);
    console.log('browser tests: 0 passed, 1 failed');
    process.exit(1);
  }
  fs.mkdirSync(shotDir, { recursive: true });
  let tests = await loadTests();
  if (grep) tests = tests.filter((t) => t.name.includes(grep) || t.file.includes(grep));

  const server = await startServer(siteDir, 0, { host: '127.0.0.1' });
  let browser;
  let passed = 0, failed = 0;
  try {
    browser = await harness.launch();
    console.log(`# ${tests.length} browser tests, site ${server.url}, Chromium ${browser.version()}`);
    for (const t of tests) {
      const ctx = makeContext({ browser, server, siteDir, shotDir });
      const t0 = Date.now();
      try {
        await withTimeout(Promise.resolve().then(() => t.fn(ctx)), t.timeout || TEST_TIMEOUT_MS, t.name);
        passed++;
        console.log(`ok - ${t.name} (${Date.now() - t0} ms)`);
      } catch (err) {
        failed++;
        const msg = (err && err.message ? err.message : String(err)).replace(/\n/g, '\n#   ');
        console.log(`not ok - ${t.name}: ${msg}`);
      } finally {
        await ctx.cleanup().catch(() => {});
      }
    }
  } catch (err) {
    failed++;
    console.log(`not ok - setup: ${err && err.message ? err.message : err}`);
  } finally {
    if (browser) await browser.close().catch(() => {});
    await server.close();
  }
  console.log(`browser tests: ${passed} passed, ${failed} failed`);
  process.exit(failed || !tests.length ? 1 : 0);
}

main().catch((err) => {
  console.log(`not ok - runner: ${err && err.stack ? err.stack : err}`);
  console.log('browser tests: 0 passed, 1 failed');
  process.exit(1);
});
