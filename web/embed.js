// gpusizer host-side helper for provider pages. Include it on the page that holds the iframe:
//   <iframe id="gpusizer" src="https://calc.example/?embed=1&origin=https://provider.example" allow="clipboard-write"></iframe>
//   <script src="https://calc.example/embed.js"></script>
//   <script>const calc = GpusizerEmbed.attach(document.getElementById('gpusizer'));
//           calc.on('cta', (m) => …); calc.set('v=1&model=Qwen/Qwen3-8B&users=100');</script>
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
    global.addEventListener('message', (e) => {
      if (e.origin !== calcOrigin || e.source !== iframe.contentWindow) return;
      const m = e.data;
      if (!m || typeof m !== 'object' || m.ns !== 'gpusizer' || m.v !== 1 || typeof m.type !== 'string') return;
      if (m.type === 'ready') {
        ready = true;
        queue.splice(0).forEach((q) => iframe.contentWindow.postMessage(q, calcOrigin));
      } else if (m.type === 'resize') {
        if (typeof m.height !== 'number' || !(m.height > 0) || m.height > 20000) return;
        if (opts.autoHeight !== false) iframe.style.height = Math.ceil(m.height) + 'px';
      } else if (m.type === 'change') {
        if (typeof m.link !== 'string') return;
      } else if (m.type === 'cta') {
        if (typeof m.gpu !== 'string' || typeof m.count !== 'number') return;
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
