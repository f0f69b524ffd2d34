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
