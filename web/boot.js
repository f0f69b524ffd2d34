// Runs in <head>, before anything is painted. index.html carries the answer for the default
// configuration in English (written at build time); it is the page until the canvas draws, unless
// this address asks for something else — another configuration, language, currency or catalog, or
// an embed — and then it is not shown at all (web/app.js fills it with the real answer later).
'use strict';
(function () {
  const q = new URLSearchParams(location.search);
  const link = location.hash.replace(/^#/, '');
  const lang = q.get('lang') || ((navigator.language || 'en').toLowerCase().startsWith('ru') ? 'ru' : 'en');
  const same = (link === '' || link === 'v=1') && lang === 'en' && !q.get('catalog') && !q.get('cur') && !q.get('embed');
  if (!same) document.documentElement.classList.add('no-static-answer');
})();
