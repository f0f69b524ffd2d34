// ---- "Size your own model": a Hugging Face config.json read in the page ---------------------------
// The JSON module parses it (src/catalog/hf_config.hpp, src/app/json_main.cpp) and the link then carries
// the model, so nothing is uploaded and nothing needs the file again. The loader refuses a config over
// its limits (fileLimits: 2 MB, and 32 MB for an index); bigger files are refused here, before they
// are copied into it.
let importIndex = null;  // {name, text}: model.safetensors.index.json, for the exact parameter count
let importQuant = null;  // {name, text}: ModelOpt's hf_quant_config.json, the checkpoint's quantization
function openImport() {
  $('import').hidden = false;
  $('import-text').focus();
}
function closeImport() {
  const hadFocus = document.activeElement && $('import').contains(document.activeElement);
  $('import').hidden = true;
  // Back to the canvas where the dialog was opened, as it was: not a keyboard entry from the end
  // (the canvas's focus handler would move to its last control) and no scroll.
  if (hadFocus) {
    pointerFocus = true;
    $('canvas').focus({ preventScroll: true });
    setTimeout(() => { pointerFocus = false; }, 0);
  }
}
function showImportErrors(list) {
  const ul = $('import-errors');
  ul.replaceChildren(...list.map((t) => { const li = document.createElement('li'); li.textContent = String(t); return li; }));
  ul.hidden = list.length === 0;
}
function showIndex() {
  const lines = [];
  if (importIndex) lines.push(PAGE_TEXT[lang].withIndex.replace('{name}', importIndex.name));
  if (importQuant) lines.push(PAGE_TEXT[lang].withQuant.replace('{name}', importQuant.name));
  $('import-index').hidden = !lines.length;
  $('import-index').textContent = lines.join(' · ');
}
function importConfig(text, index, quantText) {
  if (!Module) return null;
  const enc = new TextEncoder();
  const config = enc.encode(String(text)), idx = enc.encode(index ? String(index) : ''), qnt = enc.encode(quantText ? String(quantText) : '');
  const max = fileLimits().config_bytes;
  if (config.length > max) { showImportErrors(['config.json: ' + PAGE_TEXT[lang].tooBig.replace('{max}', megabytes(max))]); return null; }
  // Read by the JSON module against the current state; the page's module takes the new state's link
  // and renders how the files were read in the UI's language.
  const link = Module.UTF8ToString(Module._gs_get_link());
  return withJson((J, put, str) => {
    const [cp, cl] = put(config), [ip, il] = put(idx), [qp, ql] = put(qnt);
    const ok = J._gsj_import(cp, cl, ip, il, qp, ql, str(link)) === 1;
    const errors = J.UTF8ToString(J._gsj_errors());
    // Where and what (the JSON module has no text tables): the page's module says the what in the page's language.
    const said = errors ? Module.UTF8ToString(withStr(errors, (ep) => Module._gs_render_errors(ep))) : '';
    const reply = { ok, errors: said ? said.split('\x1e') : [], notes: [] };
    // A refusal (an adapter, a tokenizer config, a family not sized yet) in the page's language.
    const refusal = ok ? '' : J.UTF8ToString(J._gsj_notes());
    if (refusal) reply.errors = Module.UTF8ToString(withStr(refusal, (np) => Module._gs_render_notes(np))).split('\x1e');
    if (ok) {
      const notes = withStr(J.UTF8ToString(J._gsj_link()), (lp) =>
        withStr(J.UTF8ToString(J._gsj_notes()), (np) => Module.UTF8ToString(Module._gs_apply_import(lp, np))));
      reply.notes = notes ? notes.split('\x1e') : [];
    }
    return reply;
  }).catch((e) => ({ ok: false, errors: [PAGE_TEXT[lang].noReader.replace('{why}', e.message)], notes: [] }))
    .then((reply) => {
      showImportErrors(reply.errors);
      if (reply.ok) { closeImport(); toast(PAGE_TEXT[lang].imported); }
      return reply;
    });
}
// Dropped or chosen files, told apart by name before any is read: config.json (or, alone, any .json),
// model.safetensors.index.json and ModelOpt's hf_quant_config.json. Other files of a multi-file drop
// (tokenizer.json, weights) are named and left unread; a file over its limit is refused by its size,
// never read into the page.
function pickFiles(files) {
  const list = Array.from(files || []);
  const byName = (re) => list.find((f) => re.test(f.name));
  const index = byName(/(^|[^a-z])index\.json$/i);
  const quant = byName(/(^|[^a-z])hf_quant_config\.json$/i);
  const rest = list.filter((f) => f !== index && f !== quant);
  const config = byName(/^config\.json$/i) || rest.find((f) => /(^|[^a-z])config\.json$/i.test(f.name)) ||
    (rest.length === 1 ? rest[0] : null);
  const ignored = rest.filter((f) => f !== config).map((f) => f.name);
  return { config, index, quant, ignored };
}
function takeFiles(files, sizeNow) {
  const { config, index, quant, ignored } = pickFiles(files);
  if (!config && !index && !quant && !ignored.length) return Promise.resolve();
  return started.then(() => takePicked(config, index, quant, ignored, sizeNow));
}
function takePicked(config, index, quant, ignored, sizeNow) {
  openImport();
  const t = PAGE_TEXT[lang];
  const errors = ignored.slice(0, 5).map((n) => n.slice(0, 100) + ': ' + t.notConfig);
  if (ignored.length > 5) errors.push(t.moreIgnored.replace('{n}', String(ignored.length - 5)));
  // (File.size is known without reading: a 30 MB file is refused here, not after a read and a copy)
  const fits = (f, max) => {
    if (f && f.size > max) errors.push(f.name.slice(0, 100) + ': ' + t.tooBig.replace('{max}', megabytes(max)));
    return !!f && f.size <= max;
  };
  const L = fileLimits();
  const readConfig = fits(config, L.config_bytes), readIndex = fits(index, L.index_bytes), readQuant = fits(quant, L.config_bytes);
  if (!config && !index && !quant) errors.push(t.noConfig);
  const read = (f, ok) => (ok ? f.text().then((text) => ({ name: f.name, text })) : Promise.resolve(null));
  return Promise.all([read(config, readConfig), read(index, readIndex), read(quant, readQuant)]).then(([c, i, q]) => {
    // A config comes with its own companions (none: none); companions alone wait for their config.
    if (c || i) importIndex = i;
    if (c || q) importQuant = q;
    showIndex();
    showImportErrors(errors);
    if (!c) return;
    $('import-text').value = c.text;
    if (sizeNow && !errors.length) importConfig(c.text, importIndex && importIndex.text, importQuant && importQuant.text);
  });
}
$('import-go').addEventListener('click', () => importConfig($('import-text').value, importIndex && importIndex.text, importQuant && importQuant.text));
$('import-close').addEventListener('click', closeImport);
$('import-file').addEventListener('change', (e) => { takeFiles(e.target.files, false); e.target.value = ''; });
$('import').addEventListener('keydown', (e) => { if (e.key === 'Escape') closeImport(); });
// Files dropped anywhere on the page are sized at once (the dialog shows what was read, or why not).
const carriesFiles = (e) => e.dataTransfer && Array.from(e.dataTransfer.types || []).includes('Files');
document.addEventListener('dragover', (e) => { if (!carriesFiles(e)) return; e.preventDefault(); document.body.classList.add('dropping'); });
document.addEventListener('dragleave', (e) => { if (!e.relatedTarget) document.body.classList.remove('dropping'); });
document.addEventListener('drop', (e) => {
  document.body.classList.remove('dropping');
  if (!carriesFiles(e)) return;
  e.preventDefault();
  takeFiles(e.dataTransfer.files, true);
});
