// Bytes of the site: per file raw, gzip -9 and Brotli (quality 11) — the command-line tools, as the
// build's .gz and .br copies are made (GNU gzip compresses the module ~1 % better than Node's zlib)
// — and the first load: every file the page fetched before its first frame was drawn (as the
// browser listed them), plus the HTML document.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { execFileSync } from 'node:child_process';

const compressed = (cmd, args, file, fallback) => {
  try {
    return execFileSync(cmd, [...args, file], { maxBuffer: 64 << 20 }).length;
  } catch {
    return fallback(fs.readFileSync(file)).length;
  }
};

export function sizes(file) {
  return {
    raw: fs.statSync(file).size,
    gz: compressed('gzip', ['-9', '-n', '-c'], file, (b) => zlib.gzipSync(b, { level: 9 })),
    br: compressed('brotli', ['-q', '11', '-c'], file,
      (b) => zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })),
  };
}

const walk = (d) => fs.readdirSync(d, { withFileTypes: true })
  .flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]));

// Every file of the site except the precompressed copies.
export function siteFiles(site) {
  return walk(site).filter((f) => !/\.(gz|br)$/.test(f)).map((f) => path.relative(site, f)).sort();
}

export function firstLoad(site, fetched) {
  const files = [...new Set(['index.html', ...fetched.map((p) => decodeURIComponent(p).replace(/^\//, '') || 'index.html')])]
    .filter((f) => fs.existsSync(path.join(site, f)));
  const total = { raw: 0, gz: 0, br: 0 };
  const each = files.map((f) => {
    const s = sizes(path.join(site, f));
    for (const k of Object.keys(total)) total[k] += s[k];
    return { file: f, ...s };
  });
  return { files: each, total };
}

export const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
