// Runs in <head>, before anything is painted. It decides the page's language and starts the page's
// downloads, once: app.js takes both from window.__gs. index.html carries the answer for the
// default configuration in English (written at build time); it is the page until the canvas draws,
// unless this address asks for something else — another configuration, language, currency or
// catalog, or an embed — and then it is not shown at all (web/app/ fills it with the real answer later).
'use strict';
(function () {
  const q = new URLSearchParams(location.search);
  // ?lang=ru or en, else the link's own lang= (docs/LINK.md: a fragment handed on without its query
  // keeps its language), else the browser's language (Russian or English).
  const asked = q.get('lang');
  const linkLang = (hash = location.hash) => (/(?:^#|&)lang=(en|ru)(?:&|$)/.exec(hash) || [])[1] || '';
  const fragmentLang = linkLang();
  const byQuery = asked === 'ru' || asked === 'en';
  const lang = byQuery ? asked : fragmentLang || ((navigator.language || 'en').toLowerCase().startsWith('ru') ? 'ru' : 'en');
  const link = location.hash.replace(/^#/, '');
  const same = (link === '' || link === 'v=1') && lang === 'en' && !q.get('catalog') && !q.get('cur') && !q.get('embed');
  if (!same) document.documentElement.classList.add('no-static-answer');
  // The module's compile and the other downloads start here, in <head>, rather than when app.js runs
  // at the end of the body: the compile overlaps the rest of the page's parsing and styling.
  const get = (url) => fetch(url, { credentials: 'same-origin', mode: 'cors' });
  const bytes = (url) => get(url).then((r) => {
    if (!r.ok) throw new Error(url + ': HTTP ' + r.status);
    return r.arrayBuffer();
  });
  const quiet = (p) => { p.catch(() => {}); return p; };  // app.js reports failures
  window.__gs = {
    lang,
    langInFragment: !byQuery && !!fragmentLang,  // the address keeps &lang= when the page rewrites it
    linkLang,  // the fragment's lang= now (app.js reads it again when the address changes)
    fetchBytes: bytes,  // app.js's later downloads (model notes, text-ru.bin on a switch, catalog.json)
    downloads: {
      wasm: quiet(WebAssembly.compileStreaming ? WebAssembly.compileStreaming(get('gpusizer.wasm'))
        : bytes('gpusizer.wasm').then((b) => WebAssembly.compile(b))),
      catalog: quiet(bytes('catalog.bin')),
      regular: bytes('fonts/Roboto-Regular-subset.ttf').catch(() => null),
      medium: bytes('fonts/Roboto-Medium-subset.ttf').catch(() => null),
      // The Russian text is a file of its own, fetched only by a page in Russian (app.js: ensureLanguage).
      text: lang === 'ru' ? bytes('text-ru.bin').catch(() => null) : null,
    },
  };
})();
// A page whose app.js did not arrive (a broken deploy, a proxy) says so: nothing else would. (app.js
// defines window.gpusizer as it starts, or shows its own message when it cannot.)
window.addEventListener('load', () => {
  const f = document.getElementById('fatal');
  if (window.gpusizer || !f || !f.hidden) return;
  f.textContent = 'The calculator could not load: its script (app.js) could not be downloaded. Reload the page.';
  f.classList.toggle('banner', !document.documentElement.classList.contains('no-static-answer'));
  f.hidden = false;
});
