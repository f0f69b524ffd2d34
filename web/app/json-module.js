// A provider file's checks before the loader, the loader's limits, and the JSON module.
// Entry counts of a provider file, checked in a worker (web/catalog-check.js) so that a hostile file
// never blocks a frame; the limits are the loader's (fileLimits).
function countsProblem(text) {
  const limits = fileLimits().counts;
  return new Promise((resolve) => {
    let w;
    try { w = new Worker('catalog-check.js'); } catch (e) { resolve(''); return; }
    const done = (p) => { resolve(p); w.terminate(); };
    w.onmessage = (e) => done((e.data && e.data.problem) || '');
    w.onerror = () => done('');
    w.postMessage({ text, limits });
  });
}

// The loader's limits on the files the page reads, from the module (src/catalog/catalog_json.hpp via
// gs_file_limits): {provider_bytes, config_bytes, index_bytes, counts: {list: most entries}}.
let limitsRead = null;
const fileLimits = () => limitsRead || (limitsRead = JSON.parse(Module.UTF8ToString(Module._gs_file_limits())));
const megabytes = (n) => n / 1048576 + ' MB';

// ---- the JSON module (src/app/json_main.cpp) ---------------------------------------------------
// The readers of JSON — provider files, config.json, the catalog.json fallback — are a second module,
// fetched the first time one is needed: the first load carries no JSON parser. Calls to it run one
// at a time, in order (a provider file, then a later one, never interleaved).
const modelNotes = { en: 0, ru: 0 };  // how many models got their notes from model-notes(-ru).bin (tests)
// The models' notes, English (model-notes.bin) or Russian (model-notes-ru.bin), each fetched once.
const notesAsked = {};
function loadNotes(file) {
  if (notesAsked[file]) return;
  notesAsked[file] = true;
  fetchBytes(file).then((b) => {
    const [p, n] = bytes(b);
    const filled = Module._gs_model_notes(p, n);
    Module._free(p);
    if (filled < 0) console.warn(file + ': damaged or stale (checksum or format): no notes');
    modelNotes[file === 'model-notes.bin' ? 'en' : 'ru'] = filled;
  }).catch((e) => { notesAsked[file] = false; console.warn(file + ': ' + e.message); });
}
let jsonModulePromise = null, jsonQueue = Promise.resolve(), baseCatalog = null;
function jsonModule() {
  if (!jsonModulePromise) {
    jsonModulePromise = (window.createGpusizerJson ? Promise.resolve() : new Promise((resolve, reject) => {
      const s = document.createElement('script');
      s.src = 'gpusizer-json.js';
      s.onload = resolve;
      s.onerror = () => reject(new Error('cannot load gpusizer-json.js'));
      document.head.appendChild(s);
    })).then(() => window.createGpusizerJson({ print: () => {}, printErr: (t) => console.warn(t) }))
      .catch((e) => { jsonModulePromise = null; throw e; });  // a later call tries again
  }
  return jsonModulePromise;
}
function withJson(fn) {
  const run = jsonQueue.then(() => jsonModule()).then((J) => {
    const held = [];
    const put = (buf) => {
      const r = bytes(buf, J);
      held.push(r[0]);
      return r;
    };
    const str = (t) => put(new TextEncoder().encode(String(t) + '\0'))[0];
    try { return fn(J, put, str); } finally { held.forEach((p) => J._free(p)); }
  });
  jsonQueue = run.catch(() => {});
  return run;
}
// A catalog file through the JSON module into the page's module. Resolves to its error lines.
function readCatalog(buf, name, asBase) {
  return withJson((J, put, str) => {
    const [bp, bl] = asBase ? [0, 0] : put(baseCatalog);
    const [tp, tl] = put(buf);
    const ok = J._gsj_catalog(bp, bl, tp, tl, str(name), asBase ? 1 : 0);
    const errors = J.UTF8ToString(J._gsj_errors());
    const packed = ok ? J.HEAPU8.slice(J._gsj_bytes(), J._gsj_bytes() + J._gsj_bytes_len()) : new Uint8Array(0);
    if (asBase && ok) baseCatalog = packed;
    const [pp, pl] = bytes(packed);
    withStr(name, (np) => withStr(errors, (ep) => Module._gs_apply_catalog(pp, pl, np, ep, asBase ? 1 : 0)));
    Module._free(pp);
    return errors ? errors.split('\x1e') : [];
  });
}

// A provider file (or `cur=`): resolves to its errors ([] when applied).
function applyCatalog(text, name, cur) {
  if (cur && /^[A-Z]{3}$/.test(cur)) {
    try { const j = JSON.parse(text); if (j && typeof j === 'object' && !j.currency) { j.currency = cur; text = JSON.stringify(j); } } catch (e) { /* keep text: the loader reports it */ }
  }
  return readCatalog(new TextEncoder().encode(text), name, false).catch((e) => {
    const detail = 'the JSON reader could not load (' + e.message + ')';
    withStr(name, (np) => withStr(detail, (dp) => Module._gs_provider_refused(np, dp)));
    return [detail];
  });
}
