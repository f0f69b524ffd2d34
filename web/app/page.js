// gpusizer page shell, part 1 of web/app/. dev.sh's build_wasm joins the parts, in the order it lists
// them, into one function in the site's app.js, after the module's runtime: they share its variables.
// The shell loads the WebAssembly module, the catalog and the fonts; keeps the URL fragment in sync
// with the configuration; mirrors results into the DOM; copy / download; embed mode and its
// postMessage protocol (see docs/EMBEDDING.md). No third-party requests. The module's runtime
// (build/wasm/gpusizer.js, which defines createGpusizer) goes first in the same file: one request,
// and the module is instantiated the moment it is compiled rather than when a separate runtime script
// gets its turn on the main thread.
// This part: the address's options (theme, accent, embed, the provider's trust) and fatal errors.
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

// The page's language and its downloads were decided in <head> (web/boot.js), once.
const boot = window.__gs;
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

if (!boot) { fatal('The calculator could not load: boot.js is missing. Reload the page.'); return; }
let lang = boot.lang;
const langInFragment = !!boot.langInFragment;  // the address keeps &lang= (docs/LINK.md)
const fragmentLang = boot.linkLang;  // the link's own lang= (boot.js: one reading of the language)
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
