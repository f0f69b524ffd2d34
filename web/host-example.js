// The example host: where the calculator lives is a query parameter (?calc=http://127.0.0.1:8080/) so
// the same page works from any origin in tests; a real provider hard-codes its URL.
'use strict';
(function () {
  const q = new URLSearchParams(location.search);
  const calc = q.get('calc') || new URL('./', location.href).href;
  const src = new URL(calc);
  src.searchParams.set('embed', '1');
  // ?claim= lets a test pretend to be another host (the calculator must then ignore this page).
  src.searchParams.set('origin', q.get('claim') || location.origin);
  for (const k of ['lang', 'theme', 'accent', 'cur', 'catalog', 'cta', 'maxh']) if (q.get(k)) src.searchParams.set(k, q.get(k));
  const frame = document.getElementById('gpusizer');
  frame.src = src.href + (q.get('link') ? '#' + q.get('link') : '');
  const api = window.GpusizerEmbed.attach(frame);
  window.hostEvents = [];
  for (const t of ['ready', 'resize', 'change', 'cta', 'notice'])
    api.on(t, (m) => { window.hostEvents.push(m); document.getElementById('last-event').textContent = t + ': ' + (m.link || m.gpu || m.height || ''); });
  window.calcApi = api;
})();
