// Reference pages for the benchmark, written to temporary folders and served by web/serve.mjs
// beside the calculator in the same run (same server code, same CSP, same compression):
//  * blank: a window-sized WebGL2 canvas (window × devicePixelRatio pixels) cleared once: the least
//    any canvas page can put on the screen; cleared again on each release or tap: the least any
//    canvas page can do to show an input;
//  * plain: a static HTML page of a form and a 25-row table, updated by its own script when the form
//    changes: what a plain web page of the same answer costs, to load and to update;
//  * tall: a static page as tall as the calculator on a phone, for the touch-scroll figure.
// Each page says when its content is drawn through window.gpusizer.timing.first_frame (as the
// calculator does) and, for an update, through __bench.mark('update') (tests/bench/screen.mjs).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

function folder(prefix, files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

const VIEWPORT = '<meta name="viewport" content="width=device-width, initial-scale=1">';

export function blankPage() {
  return folder('gpusizer-blank-', {
    'index.html': `<!doctype html><html><head>${VIEWPORT}<link rel="stylesheet" href="blank.css"></head>` +
      '<body><canvas id="c"></canvas><script src="blank.js"></script></body></html>',
    'blank.css': 'body{margin:0} #c{width:100vw;height:100vh;display:block}',
    // Sized like the calculator's canvas before the context is made, cleared once; cleared again in
    // another colour on every release or tap (the least a WebGL page can do for an input).
    'blank.js': `const c = document.getElementById('c');
c.width = Math.round(document.documentElement.clientWidth * devicePixelRatio);
c.height = Math.round(innerHeight * devicePixelRatio);
const gl = c.getContext('webgl2', { alpha: false, antialias: false, depth: false, stencil: false });
gl.clearColor(0.96, 0.97, 0.98, 1);
gl.clear(gl.COLOR_BUFFER_BIT);
window.gpusizer = { ready: true, timing: { first_frame: performance.now() } };
let shade = 0;
const update = () => {
  shade = (shade + 1) % 8;
  gl.clearColor(0.9, 0.92 + shade * 0.01, 0.95, 1);
  gl.clear(gl.COLOR_BUFFER_BIT);
  if (window.__bench) window.__bench.mark('update');
};
addEventListener('mouseup', update);
addEventListener('touchend', update);`,
  });
}

// The answer a plain page would give: one row per GPU, figures from the form's inputs.
const GPUS = ['B300 SXM 288GB', 'B200 SXM 180GB', 'H200 SXM 141GB', 'H100 SXM 80GB', 'H800 SXM 80GB', 'H100 PCIe 80GB',
  'H100 NVL 94GB', 'A100 SXM 80GB', 'A100 SXM 40GB', 'A100 PCIe 80GB', 'A100 PCIe 40GB', 'L40S 48GB', 'L4 24GB', 'T4 16GB',
  'A2 16GB', 'A10 24GB', 'RTX PRO 6000 96GB', 'RTX 6000 Ada 48GB', 'RTX A6000 48GB', 'RTX A5000 24GB', 'RTX 5090 32GB',
  'RTX 4090 24GB', 'RTX 4090 48GB', 'RTX 3090 24GB', 'MI300X 192GB'];

const PLAIN_SCRIPT = `'use strict';
const GPUS = ${JSON.stringify(GPUS)};
function rows(use, users) {
  const ctx = { chat: 8192, rag: 32768, ocr: 16384 }[use];
  return GPUS.map((g, i) => {
    const mem = +g.match(/(\\d+)GB/)[1];
    const need = 16 + ctx * users * 0.000144;
    const n = Math.max(1, Math.ceil(need / (mem * 0.9)));
    const tps = (3350 - i * 97) / 16 / Math.max(1, users / n) * 0.7;
    return [i + 1, g, n, (need / n).toFixed(1) + ' / ' + (mem * 0.9).toFixed(0), tps.toFixed(1), (0.2 + i * 0.01).toFixed(2), '$' + (n * (3 - i * 0.1)).toFixed(2)];
  });
}
function render() {
  const f = document.getElementById('f');
  const data = rows(f.use.value, Number(f.users.value) || 1);
  const body = document.getElementById('t').tBodies[0];
  body.replaceChildren(...data.map((r) => { const tr = document.createElement('tr'); for (const v of r) { const td = document.createElement('td'); td.textContent = String(v); tr.appendChild(td); } return tr; }));
  document.getElementById('rec').textContent = 'Recommended: ' + data[0][2] + ' × ' + data[0][1];
}
render();
window.gpusizer = { ready: true, timing: { first_frame: performance.now() } };
document.getElementById('f').addEventListener('change', () => { render(); if (window.__bench) window.__bench.mark('update'); });
`;

export function plainPage() {
  const radio = (v, label, checked) => `<label><input type="radio" name="use" value="${v}"${checked ? ' checked' : ''}> ${label}</label>`;
  return folder('gpusizer-plain-', {
    'index.html': `<!doctype html><html lang="en"><head><meta charset="utf-8">${VIEWPORT}<title>GPU sizing</title>` +
      '<link rel="stylesheet" href="plain.css"></head><body><h1>GPU sizing</h1><form id="f">' +
      radio('chat', 'Chat-bot', true) + radio('rag', 'RAG / document search') + radio('ocr', 'OCR / documents') +
      '<label>Concurrent users <input name="users" type="number" value="10"></label></form>' +
      '<p id="rec"></p><table id="t"><thead><tr><th>#</th><th>GPU</th><th>GPUs</th><th>GB/GPU</th><th>tok/s/user</th>' +
      '<th>TTFT, s</th><th>Cost/h</th></tr></thead><tbody></tbody></table><script src="plain.js"></script></body></html>',
    'plain.css': 'body{margin:16px;font:15px system-ui,sans-serif;background:#f6f7f9;color:#1b1f24}' +
      'form{display:flex;flex-wrap:wrap;gap:8px 16px;margin-bottom:12px} label{padding:6px 10px;background:#e3e7ec;border-radius:6px}' +
      'table{border-collapse:collapse;width:100%} td,th{padding:5px 8px;border-bottom:1px solid #d5dbe3;text-align:left}',
    'plain.js': PLAIN_SCRIPT,
  });
}

export function tallPage(height) {
  const rows = Array.from({ length: Math.ceil(height / 40) },
    (_, i) => `<p>Row ${i + 1}: NVIDIA H100 SXM 80GB · 30.4 / 77 GB · 84 tok/s</p>`).join('');
  return folder('gpusizer-tall-', {
    'index.html': `<!doctype html><html><head><meta name="viewport" content="width=device-width"><link rel="stylesheet" href="tall.css"></head><body>${rows}</body></html>`,
    'tall.css': 'p{margin:0;height:40px;font:16px system-ui}',
  });
}
