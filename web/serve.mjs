#!/usr/bin/env node
// gpusizer static file server: no dependencies, Node >= 18.
//
//   node web/serve.mjs <siteDir> [port=8080] [--host 127.0.0.1] [--cors]
//
// Also importable (the browser tests start two servers = two origins):
//   import { startServer } from './serve.mjs';
//   const { server, url, port, close } = await startServer(dir, 0, { host, extraHeaders, cors, csp });
//
// Serves GET/HEAD only, with exact MIME types, a strict Content-Security-Policy on HTML,
// X-Content-Type-Options: nosniff, no-cache for HTML and max-age=3600 for everything else, 404 for
// missing files and 400/403 for traversal attempts. Compression: the build's precompressed copy
// beside the file (x.br, x.gz; ./dev.sh precompress) when the browser accepts it and the copy is
// not older than the file, else gzip made once per file version.

import http from 'node:http';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

export const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.woff2': 'font/woff2',
  '.css': 'text/css',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
  '.bin': 'application/octet-stream',
};

export const CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; " +
  "img-src 'self' data:; connect-src 'self'; " +
  "frame-ancestors 'self' http://127.0.0.1:* http://localhost:*";

// Types worth compressing (png/woff2 are already compressed).
const COMPRESSIBLE = new Set(['.html', '.htm', '.js', '.mjs', '.wasm', '.json', '.ttf', '.otf', '.css', '.svg', '.txt', '.map', '.bin']);

function send(res, status, headers, body, head) {
  res.writeHead(status, headers);
  res.end(head ? undefined : body);
}

function plain(res, status, text, base, head) {
  send(res, status, { ...base, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache',
    'Content-Length': Buffer.byteLength(text) }, text, head);
}

// Compressed once per file version, like a server's pre-compressed files (nginx gzip_static):
// compressing the 0.5 MB module on every request would block every other response meanwhile.
const gzipCache = new Map();
function gzipCached(file, st, body) {
  const key = `${file}\0${st.mtimeMs}\0${st.size}`;
  let z = gzipCache.get(key);
  if (!z) {
    z = zlib.gzipSync(body, { level: 9 });
    if (gzipCache.size > 256) gzipCache.clear();
    gzipCache.set(key, z);
  }
  return z;
}

function accepts(req, encoding) {
  const ae = String(req.headers['accept-encoding'] || '');
  // the encoding (or *) listed and not explicitly refused with q=0
  return ae.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';').map((s) => s.trim());
    if (name.toLowerCase() !== encoding && name !== '*') return false;
    const q = params.find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

// The precompressed copy to send (Brotli first: smaller), or null.
async function precompressed(req, file, st) {
  for (const [enc, ext] of [['br', '.br'], ['gzip', '.gz']]) {
    if (!accepts(req, enc)) continue;
    try {
      const cst = await fsp.stat(file + ext);
      if (cst.isFile() && cst.mtimeMs >= st.mtimeMs) return { enc, body: await fsp.readFile(file + ext) };
    } catch { /* no copy */ }
  }
  return null;
}

/** Resolve a URL path inside root, or return null if it is not allowed. */
function resolveInside(root, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return { error: 400 };
  }
  if (decoded.includes('\0')) return { error: 400 };
  // Reject any ".." segment outright (either separator), before normalisation.
  if (decoded.split(/[\\/]+/).some((seg) => seg === '..')) return { error: 403 };
  if (decoded.endsWith('/')) decoded += 'index.html';
  const full = path.resolve(root, '.' + path.posix.normalize('/' + decoded));
  if (full !== root && !full.startsWith(root + path.sep)) return { error: 403 };
  return { full };
}

function makeHandler(root, { extraHeaders = {}, cors = false, csp = CSP, log = false } = {}) {
  const base = { 'X-Content-Type-Options': 'nosniff', ...(cors ? { 'Access-Control-Allow-Origin': '*' } : {}), ...extraHeaders };
  return async (req, res) => {
    const head = req.method === 'HEAD';
    try {
      if (req.method === 'OPTIONS' && cors) {
        send(res, 204, { ...base, 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS', 'Access-Control-Allow-Headers': '*' }, null, true);
        return;
      }
      if (req.method !== 'GET' && !head) {
        plain(res, 405, 'method not allowed\n', { ...base, Allow: 'GET, HEAD' }, head);
        return;
      }
      const rawPath = String(req.url || '/').split('?')[0].split('#')[0];
      if (!rawPath.startsWith('/')) { plain(res, 400, 'bad request\n', base, head); return; }
      const r = resolveInside(root, rawPath);
      if (r.error) { plain(res, r.error, r.error === 403 ? 'forbidden\n' : 'bad request\n', base, head); return; }
      let file = r.full;
      let st;
      try {
        st = await fsp.stat(file);
        if (st.isDirectory()) {
          // /dir -> /dir/ so relative URLs inside it resolve correctly
          send(res, 301, { ...base, Location: rawPath + '/', 'Content-Length': 0 }, null, true);
          return;
        }
      } catch {
        plain(res, 404, 'not found\n', base, head);
        return;
      }
      if (!st.isFile()) { plain(res, 404, 'not found\n', base, head); return; }
      const ext = path.extname(file).toLowerCase();
      const isHtml = ext === '.html' || ext === '.htm';
      const headers = {
        ...base,
        'Content-Type': MIME[ext] || 'application/octet-stream',
        'Cache-Control': isHtml ? 'no-cache' : 'max-age=3600',
        'Last-Modified': st.mtime.toUTCString(),
      };
      if (isHtml && csp) headers['Content-Security-Policy'] = csp;
      Object.assign(headers, extraHeaders); // the caller's headers win
      let body;
      if (COMPRESSIBLE.has(ext)) {
        headers.Vary = 'Accept-Encoding';
        const copy = await precompressed(req, file, st);
        if (copy) {
          body = copy.body;
          headers['Content-Encoding'] = copy.enc;
        } else {
          body = await fsp.readFile(file);
          if (accepts(req, 'gzip') && body.length > 256) {
            body = gzipCached(file, st, body);
            headers['Content-Encoding'] = 'gzip';
          }
        }
      } else {
        body = await fsp.readFile(file);
      }
      headers['Content-Length'] = body.length;
      send(res, 200, headers, body, head);
      if (log) console.log(`${req.method} ${rawPath} 200`);
    } catch (err) {
      if (!res.headersSent) plain(res, 500, 'internal error\n', base, head);
      else res.destroy();
      console.error('gpusizer: serve error:', err && err.message);
    }
  };
}

/**
 * Start a static server for dir. port 0 picks a free port.
 * Options: host ('127.0.0.1'), cors (adds Access-Control-Allow-Origin: *), csp (the HTML
 * Content-Security-Policy; false for none), extraHeaders (added to every response, winning over
 * the defaults), log (print each request).
 * @returns {Promise<{server: http.Server, url: string, port: number, host: string, close: () => Promise<void>}>}
 */
export async function startServer(dir, port = 0, { host = '127.0.0.1', extraHeaders = {}, cors = false, csp = CSP, log = false } = {}) {
  const root = fs.realpathSync(path.resolve(dir));
  if (!fs.statSync(root).isDirectory()) throw new Error(`not a directory: ${dir}`);
  const server = http.createServer(makeHandler(root, { extraHeaders, cors, csp, log }));
  const sockets = new Set();
  server.on('connection', (s) => { sockets.add(s); s.on('close', () => sockets.delete(s)); });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(Number(port), host, () => { server.off('error', reject); resolve(); });
  });
  const actual = server.address().port;
  // A wildcard bind is still reached on the loopback address.
  const shown = host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host;
  const urlHost = shown.includes(':') ? `[${shown}]` : shown;
  const url = `http://${urlHost}:${actual}/`;
  const close = () => new Promise((resolve) => {
    for (const s of sockets) s.destroy();
    server.close(() => resolve());
  });
  return { server, url, port: actual, host, close };
}

function usage() {
  console.error('usage: node web/serve.mjs <siteDir> [port=8080] [--host 127.0.0.1] [--cors]');
  process.exit(2);
}

async function main(argv) {
  let dir = null, port = 8080, host = '127.0.0.1', cors = false, log = false;
  const rest = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--host') { host = argv[++i]; if (!host) usage(); }
    else if (a.startsWith('--host=')) host = a.slice(7);
    else if (a === '--cors') cors = true;
    else if (a === '--log') log = true;
    else if (a === '-h' || a === '--help') usage();
    else if (a.startsWith('--')) { console.error(`unknown option ${a}`); usage(); }
    else rest.push(a);
  }
  if (rest.length < 1 || rest.length > 2) usage();
  dir = rest[0];
  if (rest[1] !== undefined) {
    port = Number(rest[1]);
    if (!Number.isInteger(port) || port < 0 || port > 65535) { console.error(`bad port ${rest[1]}`); usage(); }
  }
  let s;
  try {
    s = await startServer(dir, port, { host, cors, log });
  } catch (err) {
    console.error(`gpusizer: cannot serve ${dir} on ${host}:${port}: ${err.message}`);
    process.exit(1);
  }
  console.log(`gpusizer: serving ${dir} at ${s.url}`);
  const stop = () => { s.close().then(() => process.exit(0)); };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

function isMain() {
  if (!process.argv[1]) return false;
  try { return fs.realpathSync(process.argv[1]) === fs.realpathSync(fileURLToPath(import.meta.url)); } catch { return false; }
}

if (isMain()) {
  main(process.argv.slice(2));
}
