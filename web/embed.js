// gpusizer host-side helper for provider pages. Include it on the page that holds the iframe:
//   <iframe id="gpusizer" src="https://calc.example/?embed=1&origin=https://provider.example" allow="clipboard-write"></iframe>
//   <script src="https://calc.example/embed.js"></script>
//   <script>const calc = GpusizerEmbed.attach(document.getElementById('gpusizer'));
//           calc.on('cta', (m) => …); calc.on('notice', (m) => …); calc.set('v=1&model=Qwen/Qwen3-8B&users=100');</script>
// Options: attach(iframe, { maxHeight: 700 | 'viewport' }) caps the auto-height (the calculator then
// scrolls inside, and swipes at its ends go on to scroll this page); autoHeight: false turns it off.
// Messages are namespaced {ns:'gpusizer', v:1, type}. Only messages from the iframe's own origin and
// window are accepted, and messages go only to that origin — never '*'.
'use strict';
(function (global) {
  function attach(iframe, options) {
    const opts = options || {};
    const calcOrigin = new URL(iframe.src, location.href).origin;
    const handlers = {};
    let ready = false;
    const queue = [];
    function emit(type, msg) { (handlers[type] || []).forEach((fn) => fn(msg)); }
    function send(msg) {
      const full = Object.assign({ ns: 'gpusizer', v: 1 }, msg);
      if (ready) iframe.contentWindow.postMessage(full, calcOrigin); else queue.push(full);
    }
    // Which part of the iframe this page shows: the calculator draws only that part.
    let viewportQueued = false;
    function sendViewport() {
      if (!ready || viewportQueued) return;
      viewportQueued = true;
      requestAnimationFrame(() => {
        viewportQueued = false;
        const r = iframe.getBoundingClientRect();
        iframe.contentWindow.postMessage({ ns: 'gpusizer', v: 1, type: 'viewport', top: Math.max(0, -r.top), height: window.innerHeight }, calcOrigin);
      });
    }
    global.addEventListener('scroll', sendViewport, { passive: true });
    global.addEventListener('resize', sendViewport, { passive: true });
    global.addEventListener('message', (e) => {
      if (e.origin !== calcOrigin || e.source !== iframe.contentWindow) return;
      const m = e.data;
      if (!m || typeof m !== 'object' || m.ns !== 'gpusizer' || m.v !== 1 || typeof m.type !== 'string') return;
      if (m.type === 'ready') {
        ready = true;
        queue.splice(0).forEach((q) => iframe.contentWindow.postMessage(q, calcOrigin));
        sendViewport();
      } else if (m.type === 'resize') {
        if (typeof m.height !== 'number' || !(m.height > 0) || m.height > 20000) return;
        if (opts.autoHeight !== false) {
          const cap = opts.maxHeight === 'viewport' ? window.innerHeight : opts.maxHeight > 0 ? opts.maxHeight : Infinity;
          iframe.style.height = Math.ceil(Math.min(m.height, cap)) + 'px';
        }
        sendViewport();
      } else if (m.type === 'scroll') {
        // Keyboard focus moved past the iframe's visible part: the host page scrolls to show it.
        if (typeof m.by !== 'number' || !Number.isFinite(m.by) || Math.abs(m.by) > 20000) return;
        window.scrollBy(0, m.by);
        return;
      } else if (m.type === 'change') {
        if (typeof m.link !== 'string') return;
      } else if (m.type === 'cta') {
        if (typeof m.gpu !== 'string' || typeof m.count !== 'number') return;
      } else if (m.type === 'notice') {
        // Something only the provider can fix (its catalog file, its embed code): kept off the buyer's
        // screen, said here. Listen with calc.on('notice', …); the console has it too.
        if (typeof m.text !== 'string' || m.text.length > 4000) return;
        console.warn('gpusizer: ' + m.text);
      } else {
        return;
      }
      emit(m.type, m);
    });
    return {
      on(type, fn) { (handlers[type] = handlers[type] || []).push(fn); return this; },
      set(link) { send({ type: 'set', link: String(link) }); },
    };
  }
  global.GpusizerEmbed = { attach: attach };
})(window);
