// ---- the view: which part of the layout the canvas shows (see src/platform/platform.hpp) ------------
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
