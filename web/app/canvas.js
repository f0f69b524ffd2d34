// The WebGL2 context, the page-wide state, and the helpers that copy strings and bytes into the module.
if (typeof WebAssembly !== 'object') { fatal('This browser cannot run WebAssembly, which the calculator needs.'); return; }
// The WebGL2 context is made here, on the real canvas, while the module still compiles; the
// module's own request for it (same attributes) gets this one back instead of making a second.
// Sized first (the canvas fills the window, app.css), so the drawing buffer is not made twice.
const dpr = Math.min(4, Math.max(0.5, window.devicePixelRatio || 1));
$('canvas').width = Math.max(1, Math.round(document.documentElement.clientWidth * dpr));
$('canvas').height = Math.max(1, Math.round(window.innerHeight * dpr));
const gl = $('canvas').getContext('webgl2', { alpha: false, antialias: false, depth: false, stencil: false });
if (!gl) { fatal('This browser or device has no WebGL2, which the calculator needs to draw. Try a current Chrome, Firefox, Safari or Edge.'); return; }

$('canvas').addEventListener('webglcontextlost', (e) => {
  e.preventDefault();
  fatal('The graphics context was lost (the GPU was reset or the tab was in the background too long). Reload the page to continue: your configuration is in the address bar.');
});

let Module = null;
let startedNow;
const started = new Promise((resolve) => { startedNow = resolve; });  // gs_start succeeded
let lastLink = '';
let lastMirror = null;  // the last change's {state, summary, recommended} (mirror_json)
let mirrorShown = false;  // the text mirror is in the page (after the first frame is on the screen)
// After the frame drawn in this task is on the screen: the next rendering update shows it, and a
// task posted from it runs once the update is done.
const afterPresent = (fn) => requestAnimationFrame(() => setTimeout(fn, 0));
let hashTimer = 0;
const api = { ready: false, timing };
window.gpusizer = api;

function cstr(s) {
  const n = Module.lengthBytesUTF8(s) + 1;
  const p = Module._malloc(n);
  Module.stringToUTF8(s, p, n);
  return p;
}
// Bytes copied into a module's memory (the page's, or the JSON module's): [pointer, length].
function bytes(buf, M = Module) {
  const a = buf instanceof Uint8Array ? buf : new Uint8Array(buf || new ArrayBuffer(0));
  const p = M._malloc(Math.max(1, a.length));
  M.HEAPU8.set(a, p);
  return [p, a.length];
}
// text-ru.bin into the module; false (and a console line) if the module refused the bytes.
function installLanguage(buf) {
  const [p, n] = bytes(buf);
  const error = Module.UTF8ToString(Module._gs_install_language(p, n));
  Module._free(p);
  if (error) console.warn('text-ru.bin: ' + error);
  return !error;
}
// Resolves true once the module has the language's text (English always has it).
let russianInstalled = false;
function ensureLanguage(l) {
  if (l === 'ru' && timing.first_frame) loadNotes('model-notes-ru.bin');
  if (l !== 'ru' || russianInstalled) return Promise.resolve(true);
  russianText = russianText || fetchBytes('text-ru.bin').catch(() => null);
  return russianText.then((buf) => {
    if (!buf) russianText = null;  // a later switch tries again
    return (russianInstalled = !!buf && installLanguage(buf));
  });
}
// gs_start's one argument: `key=value` lines, an empty line, then the blobs in the order of their
// keys (whose values are their lengths). The layout is src/app/start_args.hpp's.
function startArgs(text, blobs) {
  let head = '';
  for (const k in text) head += k + '=' + String(text[k]).replace(/[\r\n]/g, '') + '\n';
  for (const k in blobs) head += k + '=' + (blobs[k] ? blobs[k].byteLength : 0) + '\n';
  const parts = [new TextEncoder().encode(head + '\n'), ...Object.values(blobs).map((b) => new Uint8Array(b || 0))];
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => { all.set(p, at); return at + p.length; }, 0);
  return all;
}
function withStr(s, fn) { const p = cstr(s); try { return fn(p); } finally { Module._free(p); } }
// The fragment as it is: the link decoder (C++) undoes the percent-escapes and reports bad ones.
function hashLink(hash = location.hash) { return hash.replace(/^#/, ''); }
