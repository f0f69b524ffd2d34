// Page events: the address, scrolling, the wheel, touch, keyboard focus, paste, the phone's text field, Copy link.
// ---- page events --------------------------------------------------------------------------------
window.addEventListener('hashchange', (e) => {
  if (!Module) return;
  // Compared with the state's own link, not the debounced copy: our replaceState fires no event,
  // so any hashchange is the user's (or a host's) and differs unless it names the same state.
  // The fragment comes from the event: the address bar's debounced write may have replaced
  // location.hash between the user's change and this event.
  const hash = new URL(e.newURL || location.href).hash;
  const link = hashLink(hash);
  const state = link.replace(/(^|&)lang=(en|ru)(?=&|$)/g, '').replace(/^&/, '');  // the page's, not the state's
  const l = fragmentLang(hash);
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
// Out of the canvas by keyboard (the skip link, or Escape on the canvas: src/platform/input.cpp): to
// the results as text, which show while they have the focus; Shift+Tab from there is Copy link.
// (preventScroll: the section is a 1 px box at the page's end until it has the focus)
function leaveCanvas() {
  $('summary').focus({ preventScroll: true });
}
$('skip-link').addEventListener('click', (e) => { e.preventDefault(); leaveCanvas(); });
