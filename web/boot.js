// Runs in <head>, before anything is painted. index.html carries the answer for the default
// configuration in English (written at build time); it is the page until the canvas draws, unless
// this address asks for something else — another configuration, language, currency or catalog, or
// an embed — and then it is not shown at all (web/app.js fills it with the real answer later).
'use strict';
(function () {
  const q = new URLSearchParams(location.search);
  const link = location.hash.replace(/^#/, '');
  const lang = q.get('lang') || (/(?:^#|&)lang=(en|ru)(?:&|$)/.exec(location.hash) || [])[1] ||  // the link's lang= (docs/LINK.md)
    ((navigator.language || 'en').toLowerCase().startsWith('ru') ? 'ru' : 'en');
  const same = (link === '' || link === 'v=1') && lang === 'en' && !q.get('catalog') && !q.get('cur') && !q.get('embed');
  if (!same) document.documentElement.classList.add('no-static-answer');
})();
// The module's compile and the other downloads start here, in <head>, rather than when app.js runs
// at the end of the body: the compile overlaps the rest of the page's parsing and styling.
(function () {
  const get = (url) => fetch(url, { credentials: 'same-origin', mode: 'cors' });
  const bytes = (url) => get(url).then((r) => {
    if (!r.ok) throw new Error(url + ': HTTP ' + r.status);
    return r.arrayBuffer();
  });
  const quiet = (p) => { p.catch(() => {}); return p; };  // app.js reports failures
  window.__gsDownloads = {
    wasm: quiet(WebAssembly.compileStreaming ? WebAssembly.compileStreaming(get('gpusizer.wasm'))
      : bytes('gpusizer.wasm').then((b) => WebAssembly.compile(b))),
    catalog: quiet(bytes('catalog.bin')),
    regular: bytes('fonts/Roboto-Regular-subset.ttf').catch(() => null),
    medium: bytes('fonts/Roboto-Medium-subset.ttf').catch(() => null),
  };
  // The Russian text is a file of its own, fetched only by a page in Russian (see app.js).
  const q = new URLSearchParams(location.search);
  const lang = q.get('lang') || (/(?:^#|&)lang=(en|ru)(?:&|$)/.exec(location.hash) || [])[1] ||  // the link's lang= (docs/LINK.md)
    ((navigator.language || 'en').toLowerCase().startsWith('ru') ? 'ru' : 'en');
  if (lang === 'ru') window.__gsDownloads.text = bytes('text-ru.bin').catch(() => null);
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
