// gpusizer page shell: loads the WebAssembly module, the catalog and the fonts; keeps the URL
// fragment in sync with the configuration; mirrors results into the DOM; copy / download;
// embed mode and its postMessage protocol (see docs/EMBEDDING.md). No third-party requests.
// The site's app.js is the module's runtime (build/wasm/gpusizer.js, which defines createGpusizer)
// followed by this file (dev.sh): one request, and the module is instantiated the moment it is
// compiled rather than when a separate runtime script gets its turn on the main thread.
(function () {
  'use strict';
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(location.search);
  const embed = params.get('embed') === '1';
  const PROTOCOL = 'gpusizer';
  const PROTOCOL_VERSION = 1;
  // Start-up milestones (ms since navigation), read by the benchmark.
  const timing = { script: performance.now() };

  // The answer written into index.html is on the page (web/boot.js decided) until the canvas draws.
  const staticAnswer = () => document.body.classList.contains('booting') &&
    !document.documentElement.classList.contains('no-static-answer');

  function fatal(text) {
    $('loading').hidden = true;
    const f = $('fatal');
    f.textContent = text;
    f.classList.toggle('banner', staticAnswer());  // above that answer, which stays readable
    f.hidden = false;
  }

  // The link's own lang= (docs/LINK.md: a fragment handed on without its query keeps the language).
  function fragmentLang() { return (/(?:^#|&)lang=(en|ru)(?:&|$)/.exec(location.hash) || [])[1] || ''; }
  function language() {
    const p = params.get('lang');
    if (p === 'ru' || p === 'en') return p;
    if (fragmentLang()) return fragmentLang();
    return (navigator.language || 'en').toLowerCase().startsWith('ru') ? 'ru' : 'en';
  }
  function darkTheme() {
    const t = params.get('theme');
    if (t === 'dark') return true;
    if (t === 'light') return false;
    return window.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches;
  }
  function accent() {
    const a = params.get('accent');
    return a && /^#?[0-9a-fA-F]{6}$/.test(a) ? parseInt(a.replace('#', ''), 16) : -1;
  }
  // A page served from this machine (development, tests) may also talk to plain-http loopback
  // addresses; a deployed page accepts https only.
  const devHost = location.hostname === '127.0.0.1' || location.hostname === 'localhost';
  const isLoopback = (u) => u.protocol === 'http:' && (u.hostname === '127.0.0.1' || u.hostname === 'localhost');
  // Only https: (or same-origin relative) URLs are accepted from the query string.
  function safeUrl(u) {
    if (!u) return '';
    try {
      const url = new URL(u, location.href);
      if (url.protocol === 'https:' || url.origin === location.origin || (devHost && isLoopback(url))) return url.href;
    } catch (e) { /* not a URL */ }
    return '';
  }
  // The origin of the host page allowed to talk to us (embed mode); never '*'.
  function hostOrigin() {
    const o = params.get('origin');
    if (!o) return '';
    try {
      const u = new URL(o);
      return u.protocol === 'https:' || (devHost && isLoopback(u)) ? u.origin : '';
    } catch (e) { return ''; }
  }
  // Whether this page is inside a real iframe whose parent has the declared origin. `embed=1&origin=…`
  // is only words in the address: a top-level page (or one framed by someone else) that says it is
  // a provider's embed is not one. The parent's origin: location.ancestorOrigins (Chromium, Safari),
  // else the referrer of the frame's first load (the host page; a host with Referrer-Policy:
  // no-referrer cannot be checked in Firefox, and then its provider options are ignored, said).
  function framedByHost() {
    const want = hostOrigin();
    if (!embed || !want || window.parent === window) return false;
    const ancestors = location.ancestorOrigins;
    if (ancestors && ancestors.length) return ancestors[0] === want;
    try { return !!document.referrer && new URL(document.referrer).origin === want; } catch (e) { return false; }
  }
  // A provider's catalog and "order" link change what the page shows and where it sends buyers, so a
  // link from anyone must not set them on the calculator's own page: they are honoured inside a
  // provider's embed (an iframe on the origin embed=1&origin= declares), or for origins the deployment
  // lists in <meta name="gpusizer-providers" content="https://provider.example …">; otherwise a notice says so.
  function providerTrusted(url) {
    if (framedByHost()) return true;
    const meta = document.querySelector('meta[name="gpusizer-providers"]');
    const allowed = meta ? meta.content.split(/\s+/).filter(Boolean) : [];
    try { return allowed.includes(new URL(url, location.href).origin); } catch (e) { return false; }
  }
  const ignoredParams = [];
  // The provider's "order" link template ({gpu}, {count}); https only.
  function ctaTemplate() {
    const t = params.get('cta') || '';
    if (!/^https:\/\/[^\s"'<>]+$/.test(t)) return '';
    return providerTrusted(t) ? t : '';
  }
  if (params.get('cta') && !ctaTemplate()) ignoredParams.push('cta');

  // The loading note appears only if start-up is slow and there is no answer on the page meanwhile.
  const loadingTimer = setTimeout(() => { if (!timing.first_frame && !staticAnswer()) $('loading').hidden = false; }, 400);

  let lang = language();
  const langInFragment = !params.get('lang') && !!fragmentLang();
  document.documentElement.lang = lang;
  let dark = darkTheme();
  document.documentElement.classList.add(dark ? 'dark' : 'light');
  document.body.classList.add(dark ? 'dark' : 'light');
  if (embed) document.body.classList.add('embed');
  const origin = embed ? hostOrigin() : '';
  const fullUrl = location.origin + location.pathname;  // the standalone page, without embed flags
  // Embed: the tallest the iframe may grow (?maxh=600, or ?maxh=viewport for the host's window
  // height); past it the calculator scrolls inside, and the browser chains swipes to the host page.
  const maxHeight = (() => {
    const m = params.get('maxh');
    if (m === 'viewport') return 'viewport';
    const n = Number(m);
    return m && Number.isFinite(n) && n >= 200 ? Math.min(n, 20000) : 0;
  })();
  // The standalone page "Open the full calculator" opens keeps the provider's look and data.
  function fullCalculatorUrl(link) {
    const q = new URLSearchParams();
    q.set('lang', lang);
    q.set('theme', dark ? 'dark' : 'light');
    for (const k of ['accent', 'cur', 'catalog', 'cta']) if (params.get(k)) q.set(k, params.get(k));
    return fullUrl + '?' + q.toString() + '#' + link;
  }

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
  function withStr(s, fn) { const p = cstr(s); try { return fn(p); } finally { Module._free(p); } }
  // The fragment as it is: the link decoder (C++) undoes the percent-escapes and reports bad ones.
  function hashLink() { return location.hash.replace(/^#/, ''); }

  // ---- the view: which part of the layout the canvas shows (see src/web/platform.hpp) ------------
  // Standalone, the page scrolls and the canvas covers the window. Embedded, the iframe is as tall
  // as the layout and the host page scrolls it: embed.js tells us which part of the iframe the host
  // shows, and the canvas covers only that (a phone's 2,600 px tall iframe is not drawn in full).
  let hostView = null;       // {top, height}: the visible part of the iframe, in its own CSS px
  let contentHeight = 0;     // CSS px of the layout
  const placed = { top: -1, height: -1 };
  // Drawing resolution while the page scrolls: software GL or a weak GPU may not draw a DPR-3
  // canvas 60 times a second; when two frames in a row come late during a scroll, the rest of the
  // scroll is drawn at 1 device pixel per CSS pixel, and the first frame after it is sharp again.
  const scrollState = { last: 0, lastFrame: 0, late: 0, lowRes: false, timer: 0 };
  function onScroll() {
    scrollState.last = performance.now();
    clearTimeout(scrollState.timer);
    scrollState.timer = setTimeout(() => {
      scrollState.late = 0;
      if (scrollState.lowRes) { scrollState.lowRes = false; if (Module) Module._gs_request_frame(); }
    }, 160);
    if (Module) Module._gs_request_frame();
  }
  function drawScale() {
    const now = performance.now();
    if (now - scrollState.last < 160) {
      scrollState.late = scrollState.lastFrame && now - scrollState.lastFrame > 24 ? scrollState.late + 1 : 0;
      if (scrollState.late >= 2) scrollState.lowRes = true;
    }
    scrollState.lastFrame = now;
    const dpr = window.devicePixelRatio || 1;
    return scrollState.lowRes && dpr > 1 ? 1 / dpr : 1;
  }
  function placeCanvas() {
    const w = document.documentElement.clientWidth;
    const winH = window.innerHeight;
    let h = winH, top = window.scrollY;
    if (embed && hostView) {
      h = Math.max(1, Math.min(winH, hostView.height));
      top += Math.max(0, Math.min(winH - h, hostView.top));
    }
    // (the page is as tall as the layout: known, so no layout is forced to read it)
    top = Math.max(0, Math.min(top, Math.max(0, Math.max(contentHeight, winH) - h)));
    const c = $('canvas');
    if (top !== placed.top) { c.style.top = top + 'px'; placed.top = top; }
    if (h !== placed.height) { c.style.height = h + 'px'; placed.height = h; }
    return [w, h, top, drawScale()];
  }
  // ImGui moved the view (focus below the fold, the summary's "↓"). Embedded, the iframe scrolls
  // only what it can itself (a height capped by maxh; an auto-height iframe has at most a few px of
  // slack, which once swallowed the whole jump) and the host page scrolls the rest ('scroll').
  function scrollPageBy(dy) {
    if (!embed) { window.scrollBy(0, dy); return; }
    const before = window.scrollY;
    if (maxHeight) window.scrollBy(0, dy);
    const rest = dy - (window.scrollY - before);
    if (Math.abs(rest) >= 1) post('scroll', { by: rest });
  }
  function onContentHeight(h) {
    contentHeight = h;
    $('app').style.height = h + 'px';
    const cap = maxHeight === 'viewport' ? (hostView ? hostView.height : 0) : maxHeight;
    const height = cap ? Math.min(h, cap) : h;
    if (height !== postedHeight) { postedHeight = height; post('resize', { height, content: h }); }
  }
  let postedHeight = 0;

  function post(type, data) {
    if (!embed || !origin || window.parent === window) return;
    window.parent.postMessage(Object.assign({ ns: PROTOCOL, v: PROTOCOL_VERSION, type: type }, data), origin);
  }

  // ---- DOM mirror of the results (screen readers, search engines) -------------------------------
  function updateSummary(r) {
    // The engine's report layer writes the summary in the UI's language (mirror JSON "summary"), the
    // same text as the answer built into index.html (src/report/summary_html.cpp).
    const sm = r.summary;
    if (!sm) return;
    $('summary-live').textContent = sm.text || '';
    const t = $('summary-table');
    const head = (t.tHead || t.createTHead());
    const body = t.tBodies[0] || t.createTBody();
    const cell = (tag, v) => { const c = document.createElement(tag); c.textContent = String(v); return c; };
    const headRow = document.createElement('tr');
    headRow.replaceChildren(...(sm.columns || []).map((c) => cell('th', c)));
    head.replaceChildren(headRow);
    body.replaceChildren(...(sm.rows || []).map((cells) => {
      const tr = document.createElement('tr');
      tr.replaceChildren(...cells.map((v) => cell('td', v)));
      return tr;
    }));
    // How right the figures are: each family's band and its nearest published run, as a link.
    const acc = sm.accuracy || [];
    const list = document.createElement('ul');
    list.replaceChildren(...acc.map(([figures, band, nearest, url]) => {
      const li = document.createElement('li');
      li.append(cell('strong', figures), ': ' + band);
      if (/^https?:\/\//.test(url)) {
        const link = cell('a', nearest);
        Object.assign(link, { href: url, target: '_blank', rel: 'noopener' });
        li.append('; ', link);
      }
      return li;
    }));
    $('summary-accuracy').replaceChildren(...(acc.length ? [cell('h2', sm.accuracy_title), list] : []));
  }

  // ---- hooks called by the WebAssembly module ----------------------------------------------------
  // The UI's language and theme, for everything around the canvas.
  function syncView() {
    const v = Module.UTF8ToString(Module._gs_view_state()).split(',');
    const newLang = v[0] === 'ru' ? 'ru' : 'en', newDark = v[1] === '1';
    if (newLang !== lang) { lang = newLang; document.documentElement.lang = lang; translatePage(); }
    if (newDark !== dark) {
      dark = newDark;
      for (const el of [document.documentElement, document.body]) { el.classList.toggle('dark', dark); el.classList.toggle('light', !dark); }
    }
  }
  // The host page hears 'ready' once the calculator is drawn, before the first 'change', with the link
  // of the state shown.
  let readyPending = false;
  function announceReady(link) {
    readyPending = false;
    post('ready', { link: fullUrl + '#' + link });
  }
  function onStateChanged(link, json) {
    lastLink = link;
    if (readyPending) announceReady(link);
    syncView();
    try { lastMirror = JSON.parse(json); } catch (e) { lastMirror = null; }
    if (lastMirror && mirrorShown) updateSummary(lastMirror);
    clearTimeout(hashTimer);
    // Debounced: one history entry is replaced, never one pushed per keystroke.
    hashTimer = setTimeout(() => {
      // A language that came with the fragment stays in it: the address reloads in that language.
      const shown = link + (langInFragment ? '&lang=' + lang : '');
      if (location.hash.replace(/^#/, '') !== shown) history.replaceState(null, '', '#' + shown);
    }, 250);
    post('change', { state: lastMirror ? lastMirror.state : null, link: fullUrl + '#' + link });
  }

  function showShare(text, title) {
    $('share-text').textContent = title;
    $('share-input').value = text;
    $('share').hidden = false;
    $('share-input').focus();
    $('share-input').select();
  }
  function copyText(text, done) {
    const fallback = () => showShare(text, lang === 'ru' ? 'Браузер не дал доступ к буферу обмена — скопируйте вручную:' : 'The browser refused the clipboard — copy it by hand:');
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(() => done && done(), fallback);
    } else {
      fallback();
    }
  }
  let toastTimer = 0;
  function toast(text) {
    const t = $('toast');
    t.textContent = text;
    t.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { t.hidden = true; }, 1600);
  }
  function download(name, mime, text) {
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([text], { type: mime }));
    a.download = name;
    document.body.appendChild(a);
    a.click();
    setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
  }
  // A link to the calculator handed out of an embed (opened, copied) keeps the provider's look,
  // language, currency and files; the stand-alone page's own links stay as they are.
  function providerLink(url) {
    return embed && url.startsWith(fullUrl + '#') ? fullCalculatorUrl(url.slice(fullUrl.length + 1)) : url;
  }
  // A notice only the provider can act on (its file, its embed code): to the host page and the
  // console, not the buyer's screen (src/ui/app.hpp: add_provider_notice).
  function onProviderNotice(text) {
    console.warn('gpusizer (for the provider): ' + text);
    post('notice', { text });
  }
  function openUrl(url, orderLink = true) {
    url = providerLink(url);
    const safe = safeUrl(url);
    if (!safe) return;
    // An "order" link (not the "open the full calculator" one, nor a published run's source) is also
    // reported to the host page.
    if (orderLink && !safe.startsWith(fullUrl) && lastMirror && lastMirror.recommended) {
      const rec = lastMirror.recommended;
      post('cta', { gpu: rec.gpu, count: rec.count, url: safe });
    }
    window.open(safe, '_blank', 'noopener,noreferrer');
  }

  // ---- start ------------------------------------------------------------------------------------
  function fetchBytes(url) { return fetch(url, { credentials: 'same-origin', mode: 'cors' }).then((r) => { if (!r.ok) throw new Error(url + ': HTTP ' + r.status); return r.arrayBuffer(); }); }

  // Everything is fetched in parallel (the page preloads it) and the module compiles while it
  // downloads (streaming); the compiled module is handed to the Emscripten runtime.
  // (web/boot.js started them in <head>; pages that include only app.js start them here.)
  const downloads = window.__gsDownloads || {
    wasm: WebAssembly.compileStreaming ? WebAssembly.compileStreaming(fetch('gpusizer.wasm', { credentials: 'same-origin', mode: 'cors' }))
      : fetchBytes('gpusizer.wasm').then((b) => WebAssembly.compile(b)),
    catalog: fetchBytes('catalog.bin'),
    regular: fetchBytes('fonts/Roboto-Regular-subset.ttf').catch(() => null),
    medium: fetchBytes('fonts/Roboto-Medium-subset.ttf').catch(() => null),
  };
  // The Russian text is not in the module (src/text/language_pack.hpp): a page in Russian fetches it
  // with the rest; a page that switches to Russian fetches it then (ensureLanguage).
  let russianText = lang === 'ru' ? (downloads.text || fetchBytes('text-ru.bin')).catch(() => null) : null;
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
      const [cp, cl] = bytes(catalog), [rp, rl] = bytes(regular), [mp, ml] = bytes(medium);
      const a = accent();
      const args = [lang, fullUrl, ctaTemplate(), hashLink()];
      const ptrs = args.map(cstr);
      timing.instantiated = performance.now();
      const rc = Module._gs_start(cp, cl, rp, rl, mp, ml, ptrs[0], darkTheme() ? 1 : 0, embed ? 1 : 0, ptrs[1], ptrs[2],
        a < 0 ? 0 : a, a < 0 ? 0 : 1, ptrs[3]);
      ptrs.forEach((p) => Module._free(p));
      timing.started = performance.now();
      if (rc === -2) { fatal('The calculator could not load: its fonts could not be downloaded.'); return; }
      if (rc < 0) { fatal('WebGL2 could not be started on this device.'); return; }
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
        // The loader refuses files over 2 MB (src/catalog/catalog_json.hpp: limits); a bigger download is
        // refused here already, before it is copied into the module's memory.
        const MAX_PROVIDER_BYTES = 2 * 1024 * 1024;
        fetch(providerCatalog).then((r) => {
          if (!r.ok) throw new Error('HTTP ' + r.status);
          if (Number(r.headers.get('content-length')) > MAX_PROVIDER_BYTES) throw new Error('larger than 2 MB');
          return r.text();
        }).then((text) => { if (text.length > MAX_PROVIDER_BYTES) throw new Error('larger than 2 MB'); return text; })
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

  // Entry counts of a provider file, checked in a worker (web/catalog-check.js) so that a hostile file
  // never blocks a frame; the limits are the loader's (src/catalog/catalog_json.hpp: limits).
  function countsProblem(text) {
    const limits = { gpus: 500, models: 500, servers: 1000, presets: 1000, aliases: 1000, prices: 1000, rates: 1000, order_urls: 1000, hide: 1000 };
    return new Promise((resolve) => {
      let w;
      try { w = new Worker('catalog-check.js'); } catch (e) { resolve(''); return; }
      const done = (p) => { resolve(p); w.terminate(); };
      w.onmessage = (e) => done((e.data && e.data.problem) || '');
      w.onerror = () => done('');
      w.postMessage({ text, limits });
    });
  }

  // ---- the JSON module (src/web/json_main.cpp) ---------------------------------------------------
  // The readers of JSON — provider files, config.json, the catalog.json fallback — are a second module,
  // fetched the first time one is needed: the first load carries no JSON parser. Calls to it run one
  // at a time, in order (a provider file, then a later one, never interleaved).
  const modelNotes = { en: 0, ru: 0 };  // how many models got their notes from model-notes(-ru).bin (tests)
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

  // ---- "Size your own model": a Hugging Face config.json read in the page ---------------------------
  // The JSON module parses it (src/catalog/hf_config.hpp, src/web/json_main.cpp) and the link then carries
  // the model, so nothing is uploaded and nothing needs the file again. The loader refuses a config over
  // 2 MB and an index over 32 MB; bigger files are refused here, before they are copied into it.
  const MAX_CONFIG_BYTES = 2 * 1024 * 1024, MAX_INDEX_BYTES = 32 * 1024 * 1024;
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
    if (config.length > MAX_CONFIG_BYTES) { showImportErrors(['config.json: ' + PAGE_TEXT[lang].tooBig.replace('{max}', '2 MB')]); return null; }
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
    openImport();
    const t = PAGE_TEXT[lang];
    const errors = ignored.slice(0, 5).map((n) => n.slice(0, 100) + ': ' + t.notConfig);
    if (ignored.length > 5) errors.push(t.moreIgnored.replace('{n}', String(ignored.length - 5)));
    // (File.size is known without reading: a 30 MB file is refused here, not after a read and a copy)
    const fits = (f, max, label) => {
      if (f && f.size > max) errors.push(f.name.slice(0, 100) + ': ' + t.tooBig.replace('{max}', label));
      return !!f && f.size <= max;
    };
    const readConfig = fits(config, MAX_CONFIG_BYTES, '2 MB'), readIndex = fits(index, MAX_INDEX_BYTES, '32 MB');
    const readQuant = fits(quant, MAX_CONFIG_BYTES, '2 MB');
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

  // ---- page events --------------------------------------------------------------------------------
  window.addEventListener('hashchange', () => {
    if (!Module) return;
    // Compared with the state's own link, not the debounced copy: our replaceState fires no event,
    // so any hashchange is the user's (or a host's) and differs unless it names the same state.
    const link = hashLink();
    const state = link.replace(/(^|&)lang=(en|ru)(?=&|$)/g, '').replace(/^&/, '');  // the page's, not the state's
    const l = fragmentLang();
    if (l && l !== lang && Module.switchLanguage) Module.switchLanguage(l);
    if (state !== Module.UTF8ToString(Module._gs_get_link())) withStr(link, (p) => Module._gs_set_link(p));
  });
  new ResizeObserver(() => Module && Module._gs_request_frame()).observe(document.documentElement);
  // The page scrolled: draw the layout at the new offset (the frame runs in the next animation frame,
  // after this event, so the canvas and its content move together).
  window.addEventListener('scroll', onScroll, { passive: true });
  window.addEventListener('resize', () => Module && Module._gs_request_frame(), { passive: true });
  // The wheel scrolls the page, except over an inner region that can still scroll that way. An open
  // dropdown's list takes every wheel over it, as a native <select> does: the page moving under an
  // open list would leave the list where the user no longer looks.
  $('canvas').addEventListener('wheel', (e) => {
    if (!Module || e.ctrlKey) return;
    const r = $('canvas').getBoundingClientRect();
    const x = e.clientX - r.left, y = e.clientY - r.top;
    const region = (Module.regions || []).find((g) => x >= g.x && x < g.x + g.w && y >= g.y && y < g.y + g.h);
    const dy = e.deltaY * (e.deltaMode === 1 ? 40 : e.deltaMode === 2 ? r.height : 1);
    if (!region) return;
    const atEnd = (dy < 0 && region.scroll <= 0) || (dy > 0 && region.scroll >= region.max - 0.5);
    if (atEnd && !region.popup) return;
    e.preventDefault();
    const to = Math.min(region.max, Math.max(0, region.scroll + dy));
    if (to !== region.scroll) Module._gs_scroll_region(region.id, to - region.scroll);
    region.scroll = to;
  }, { passive: false });
  // Touch: web/touch.js.
  if (window.GpusizerTouch) {
    window.GpusizerTouch.attach($('canvas'), {
      pointer: (x, y, button, down) => Module && Module._gs_pointer(x, y, button, down ? 1 : 0),
      regions: () => (Module && Module.regions) || [],
      scrollRegion: (id, dy) => Module && Module._gs_scroll_region(id, dy),
      scrollPage: (dy) => scrollPageBy(dy),
    });
  }
  // Keyboard focus arriving from outside: the first control, or the last when coming back with Shift+Tab.
  let pointerFocus = false;
  $('canvas').addEventListener('pointerdown', () => { pointerFocus = true; setTimeout(() => { pointerFocus = false; }, 0); });
  $('canvas').addEventListener('focus', (e) => {
    if (!Module || pointerFocus) return;
    const from = e.relatedTarget;
    const fromEnd = !!(from && ($('canvas').compareDocumentPosition(from) & Node.DOCUMENT_POSITION_FOLLOWING));
    Module._gs_focus_enter(fromEnd ? 1 : 0);
  });
  document.addEventListener('paste', (e) => {
    if (!Module || document.activeElement !== $('canvas')) return;
    const t = (e.clipboardData || window.clipboardData).getData('text');
    if (t) { e.preventDefault(); withStr(t, (p) => Module._gs_paste(p)); }
  });
  // Text from the hidden field (phones): characters as text, editing keys as key presses.
  const agent = $('text-agent');
  agent.addEventListener('input', () => {
    if (Module && agent.value) withStr(agent.value, (p) => Module._gs_paste(p));
    agent.value = '';
  });
  agent.addEventListener('keydown', (e) => {
    const code = { Backspace: 8, Enter: 13, Tab: 9, Escape: 27, ArrowLeft: 37, ArrowRight: 39, Delete: 46 }[e.key];
    if (!Module || !code) return;
    e.preventDefault();
    Module._gs_key(code, 1);
    Module._gs_key(code, 0);
    if (code === 13 || code === 27) agent.blur();
  });
  document.addEventListener('visibilitychange', () => { if (!document.hidden && Module) Module._gs_request_frame(); });
  // The Copy link button is HTML so that Safari sees the clipboard write inside the user's gesture.
  $('copy-link').addEventListener('click', () => {
    // The language is the page's query, not the fragment's: a Russian page's link keeps it; an embed's
    // keeps the provider's look, language and currency (providerLink).
    const link = embed ? providerLink(fullUrl + '#' + lastLink) : fullUrl + (lang === 'ru' ? '?lang=ru' : '') + '#' + lastLink;
    copyText(link, () => {
      const b = $('copy-link');
      b.classList.add('done');
      b.textContent = PAGE_TEXT[lang].copied;
      setTimeout(() => { b.classList.remove('done'); b.textContent = PAGE_TEXT[lang].copy; }, 1500);
    });
  });
  $('share-close').addEventListener('click', () => { $('share').hidden = true; });
  // Out of the canvas by keyboard (the skip link, or Escape on the canvas: src/web/platform.cpp): to
  // the results as text, which show while they have the focus; Shift+Tab from there is Copy link.
  // (preventScroll: the section is a 1 px box at the page's end until it has the focus)
  function leaveCanvas() {
    $('summary').focus({ preventScroll: true });
  }
  $('skip-link').addEventListener('click', (e) => { e.preventDefault(); leaveCanvas(); });
  // The page's own words, in the UI's language (the canvas has its own tables).
  const PAGE_TEXT = {
    en: { skip: 'Skip to results', copy: 'Copy link', copied: 'Copied', copyTitle: 'Copy a link to this configuration', close: 'Close',
      canvas: 'GPU sizing calculator (interactive canvas); Tab moves through its controls, Escape leaves it; the results are also listed below as text',
      summary: 'Results as text', caption: 'Every GPU evaluated for this configuration', title: 'gpusizer: GPU sizing calculator',
      importTitle: 'Size your own model',
      importHelp: 'Paste a Hugging Face config.json below, or drop it on the page (with model.safetensors.index.json for the exact parameter count, and ModelOpt\'s hf_quant_config.json when the checkpoint has one). It is read in this page and never uploaded; the link then carries the model\'s architecture.',
      importFile: 'Or choose the files:', importGo: 'Size this model', imported: 'Model imported',
      withIndex: 'With {name}: the exact parameter count', withQuant: 'With {name}: the checkpoint\'s quantization',
      tooBig: 'larger than {max}, not read',
      notConfig: 'not config.json, model.safetensors.index.json or hf_quant_config.json, not read',
      moreIgnored: 'and {n} more files not read', noConfig: 'no config.json among the files',
      noRussian: 'The Russian text could not be loaded', noReader: 'the JSON reader could not load ({why})' },
    ru: { skip: 'К результатам', copy: 'Ссылка', copied: 'Скопировано', copyTitle: 'Скопировать ссылку на эту конфигурацию', close: 'Закрыть',
      canvas: 'Калькулятор GPU (интерактивный холст); Tab переходит по элементам управления, Escape выходит из него; результаты продублированы ниже текстом',
      summary: 'Результаты текстом', caption: 'Все GPU, оценённые для этой конфигурации', title: 'gpusizer: калькулятор GPU',
      importTitle: 'Своя модель',
      importHelp: 'Вставьте config.json модели с Hugging Face ниже или перетащите его на страницу (вместе с model.safetensors.index.json — для точного числа параметров — и hf_quant_config.json от ModelOpt, если он есть у чекпойнта). Файл читается в этой странице и никуда не загружается; затем архитектуру модели несёт ссылка.',
      importFile: 'Или выберите файлы:', importGo: 'Посчитать модель', imported: 'Модель импортирована',
      withIndex: 'С {name}: точное число параметров', withQuant: 'С {name}: квантование чекпойнта',
      tooBig: 'больше {max}, не прочитан',
      notConfig: 'не config.json, model.safetensors.index.json или hf_quant_config.json, не прочитан',
      moreIgnored: 'и ещё файлов, не прочитанных: {n}', noConfig: 'среди файлов нет config.json',
      noRussian: 'Русский текст не загрузился', noReader: 'модуль чтения JSON не загрузился ({why})' },
  };
  function translatePage() {
    const t = PAGE_TEXT[lang];
    if (!$('copy-link').classList.contains('done')) $('copy-link').textContent = t.copy;
    $('copy-link').title = t.copyTitle;
    $('skip-link').textContent = t.skip;
    $('share-close').textContent = t.close;
    $('canvas').setAttribute('aria-label', t.canvas);
    $('summary').setAttribute('aria-label', t.summary);
    $('summary-table').caption.textContent = t.caption;
    $('summary-title').textContent = t.title;
    $('import-title').textContent = t.importTitle;
    $('import-help').textContent = t.importHelp;
    $('import-file-label').textContent = t.importFile;
    $('import-go').textContent = t.importGo;
    $('import-close').textContent = t.close;
    $('import').setAttribute('aria-label', t.importTitle);
    showIndex();
  }
  translatePage();

  // Host → calculator: {ns:'gpusizer', v:1, type:'set', link:'v=1&…'} from the allowed origin only.
  let pendingSet = null;
  window.addEventListener('message', (e) => {
    if (!embed || !origin || e.origin !== origin || e.source !== window.parent || !Module) return;
    const m = e.data;
    if (!m || typeof m !== 'object' || m.ns !== PROTOCOL || m.v !== PROTOCOL_VERSION) return;
    if (m.type === 'viewport') {
      // The part of the iframe the host page shows (embed.js): the canvas draws just that.
      if (!Number.isFinite(m.top) || !Number.isFinite(m.height) || m.height <= 0) return;
      hostView = { top: Math.max(0, m.top), height: Math.min(m.height, 100000) };
      if (maxHeight === 'viewport') onContentHeight(contentHeight);
      onScroll();  // the host page scrolled: the same drawing-resolution rule as our own scroll
      return;
    }
    if (m.type !== 'set' || typeof m.link !== 'string' || m.link.length > 4096) return;
    // A flood of messages costs one evaluation per frame: the last link wins.
    const first = pendingSet === null;
    pendingSet = m.link;
    if (first) requestAnimationFrame(() => { const l = pendingSet; pendingSet = null; withStr(l, (p) => Module._gs_set_link(p)); });
  });

  // ---- test and automation API ---------------------------------------------------------------------
  api.result = () => JSON.parse(Module.UTF8ToString(Module._gs_result_json()));
  api.state = () => api.result().state;
  api.link = () => Module.UTF8ToString(Module._gs_get_link());
  api.setLink = (l) => withStr(String(l), (p) => Module._gs_set_link(p));
  api.set = (k, v) => withStr(String(k), (kp) => withStr(String(v), (vp) => Module._gs_test_set(kp, vp)));
  api.frames = () => Module._gs_frame_count();  // layout passes
  api.glFrames = () => Module._gs_gl_frame_count();  // frames drawn on the canvas
  api.uiHeight = () => Module._gs_ui_height();
  api.lastFrameMs = (uiOnly) => Module._gs_last_frame_ms(uiOnly ? 1 : 0);
  api.startupMs = () => ({ webgl: Module._gs_startup_ms(0), imgui: Module._gs_startup_ms(1), catalog: Module._gs_startup_ms(2), state: Module._gs_startup_ms(3), fonts: Module._gs_startup_ms(4), frame_start: Module._gs_startup_ms(5), frame_layout: Module._gs_startup_ms(6), frame_total: Module._gs_startup_ms(7), frame_passes: Module._gs_startup_ms(8) });
  api.exportText = (kind) => Module.UTF8ToString(Module._gs_export({ markdown: 0, csv: 1, json: 2, fileName: 3 }[kind] || 0));
  api.setCatalog = (text, name) => applyCatalog(text, name || 'test', null);
  // Same path as the UI's "Order this configuration" button, for tests and automation.
  api.orderRecommended = () => {
    const t = ctaTemplate();
    const r = api.result();
    if (!t || r.recommended === null) return false;
    const o = r.options[r.recommended];
    openUrl(t.replace(/%7Bgpu%7D|\{gpu\}/g, encodeURIComponent(o.gpu)).replace(/%7Bcount%7D|\{count\}/g, String(o.count)));
    return true;
  };
  // Every text the next frame draws (collapsed sections opened for that frame), for tests.
  api.canvasText = async () => {
    Module._gs_capture_text(1);
    for (let i = 0; i < 50; i++) {
      await new Promise((r) => requestAnimationFrame(r));
      const t = Module.UTF8ToString(Module._gs_capture_text(0));
      if (t) return t;
    }
    return '';
  };
  api.tableView = () => { const v = Module.UTF8ToString(Module._gs_table_view()).split(',').map(Number); return { top: v[0], row: v[1], rows: v[2], cards: v[3] === 1 }; };
  api.figureRows = () => Module.UTF8ToString(Module._gs_figure_rows()).split(';').filter(Boolean).map((r) => r.split(',').map(Number));
  api.regions = () => (Module.regions || []).map((r) => Object.assign({}, r));
  api.focusInfo = () => Module.UTF8ToString(Module._gs_focus_info());
  api.openImport = openImport;
  api.modelNotes = (l) => modelNotes[l || 'en'];
  api.importConfig = (text, index) => importConfig(text, index);
  // (Russian may need its text fetched first: the switch then happens when it is in.)
  api.setView = (l, dark) => ensureLanguage(l).then(() =>
    withStr(l || '', (p) => Module._gs_set_view(p, dark === undefined ? -1 : dark ? 1 : 0)));
})();
