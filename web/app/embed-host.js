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
