// The start: the downloads web/boot.js began, the module instantiated, gs_start, the provider file.
// ---- start ------------------------------------------------------------------------------------
const fetchBytes = boot.fetchBytes;

// Everything is fetched in parallel (web/boot.js started it in <head>) and the module compiles
// while it downloads (streaming); the compiled module is handed to the Emscripten runtime.
const downloads = boot.downloads;
// The Russian text is not in the module (src/text/language_pack.hpp): a page in Russian fetches it
// with the rest; a page that switches to Russian fetches it then (ensureLanguage).
let russianText = downloads.text;
const wasmModule = downloads.wasm.then((m) => { timing.compiled = performance.now(); return m; });
Promise.all([
  typeof createGpusizer === 'function' ? Promise.resolve() : Promise.reject(new Error('the module runtime is missing from app.js')),
  downloads.catalog,
  wasmModule,
  downloads.regular,
  downloads.medium,
  russianText,
]).then(([, catalog, compiled, regular, medium, ruText]) => {
  timing.fetched = performance.now();
  return createGpusizer({
    canvas: $('canvas'),
    instantiateWasm: (imports, done) => {
      WebAssembly.instantiate(compiled, imports).then((instance) => done(instance, compiled));
      return {};
    },
    switchLanguage: (l) => ensureLanguage(l).then((ok) => {
      if (ok) withStr(l, (p) => Module._gs_set_view(p, -1));
      else toast(PAGE_TEXT[lang].noRussian);
    }),
    onStateChanged, copyText: (t) => copyText(providerLink(t), () => toast(PAGE_TEXT[lang].copied)), download, openUrl, openImport,
    onProviderNotice, leaveCanvas,
    onFirstFrame: () => {
      timing.first_frame = performance.now();
      clearTimeout(loadingTimer);
      $('loading').hidden = true;
      $('toolbar').hidden = false;
      // The canvas shows now and the answer under it goes. It comes back as the canvas's text
      // mirror, filled, once this frame is on the screen: laying out its table costs the browser
      // tens of ms, which the frame need not wait for.
      document.body.classList.remove('booting');
      $('summary').hidden = true;
      afterPresent(() => {
        // The state, held back so that this frame showed sooner: the address, the text mirror
        // below, the host page's 'change'.
        Module._gs_first_frame_shown();
        if (readyPending) announceReady(Module.UTF8ToString(Module._gs_get_link()));
        // The models' notes (the model list's tooltips) were left out of the first load; a page in
        // Russian fetches their Russian text too.
        loadNotes('model-notes.bin');
        if (lang === 'ru') loadNotes('model-notes-ru.bin');
        $('summary').className = 'sr-only';
        $('summary').hidden = false;
        mirrorShown = true;
        if (lastMirror) updateSummary(lastMirror);
      });
      api.ready = true;
      readyPending = true;  // the host page's 'ready' goes with the state (onStateChanged)
    },
    onContentHeight, placeCanvas, scrollPageBy,
    onFatal: (text) => fatal('The calculator cannot draw on this device (' + text + '). Try a current Chrome, Firefox, Safari or Edge.'),
    onTextInput: (on) => {
      // Only touch devices need the hidden field: it raises the on-screen keyboard.
      if (!(window.matchMedia && matchMedia('(pointer: coarse)').matches)) return;
      const agent = $('text-agent');
      if (on) { agent.value = ''; agent.focus({ preventScroll: true }); } else if (document.activeElement === agent) agent.blur();
    },
    print: () => {}, printErr: (t) => console.warn(t),
  }).then((m) => {
    Module = m;
    // Without its text a Russian page starts in English and says so (gs_start).
    if (ruText) russianInstalled = installLanguage(ruText);
    const a = accent();
    const [sp, sl] = bytes(startArgs({ lang, dark: darkTheme() ? 1 : 0, embed: embed ? 1 : 0, full_url: fullUrl,
      cta: ctaTemplate(), accent: a < 0 ? '' : a, link: hashLink() }, { catalog, font_regular: regular, font_medium: medium }));
    timing.instantiated = performance.now();
    const rc = Module._gs_start(sp, sl);
    Module._free(sp);
    timing.started = performance.now();
    if (rc === -2) { fatal('The calculator could not load: its fonts could not be downloaded.'); return; }
    if (rc < 0) { fatal('WebGL2 could not be started on this device.'); return; }
    startedNow();
    baseCatalog = catalog;
    if (!Module._gs_catalog_ok()) {
      // catalog.bin unreadable (a stale cached copy, a broken proxy): the published JSON has the same
      // data, read by the JSON module; provider files then apply over it.
      fetchBytes('catalog.json').then((b) => readCatalog(b, 'catalog.json', true))
        .catch((e) => console.warn('catalog.json: ' + e.message));
    }
    const requested = safeUrl(params.get('catalog'));
    const providerCatalog = requested && providerTrusted(requested) ? requested : '';
    if (requested && !providerCatalog) ignoredParams.push('catalog');
    if (!embed || origin) for (const k of ignoredParams) withStr(k, (p) => Module._gs_notice_ignored(p));
    if (embed && !origin) withStr('origin', (p) => Module._gs_notice_ignored(p));
    const cur = params.get('cur');
    if (providerCatalog) {
      // The loader refuses files over its limit (fileLimits); a bigger download is refused here
      // already, before it is copied into the module's memory.
      const max = fileLimits().provider_bytes, tooBig = 'larger than ' + megabytes(max);
      fetch(providerCatalog).then((r) => {
        if (!r.ok) throw new Error('HTTP ' + r.status);
        if (Number(r.headers.get('content-length')) > max) throw new Error(tooBig);
        return r.text();
      }).then((text) => { if (text.length > max) throw new Error(tooBig); return text; })
        .then((text) => countsProblem(text).then((problem) => {
          if (problem) withStr(providerCatalog, (np) => withStr(problem, (dp) => Module._gs_provider_refused(np, dp)));
          else applyCatalog(text, providerCatalog, cur);
        }))
        .catch((e) => withStr(providerCatalog, (np) => withStr(e.message, (dp) => Module._gs_provider_refused(np, dp))));
    } else if (params.get('catalog') && !requested) {
      applyCatalog('', params.get('catalog').slice(0, 200) + ' (not an https URL: ignored)', null);
    } else if (cur && /^[A-Z]{3}$/.test(cur)) {
      applyCatalog(JSON.stringify({ mode: 'extend', currency: cur }), 'cur=' + cur, null);
    }
  });
}).catch((e) => fatal('The calculator could not load: ' + e.message));
