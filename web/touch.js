// gpusizer touch input: turns finger gestures on the canvas into what a phone user expects.
//  * A vertical swipe is the BROWSER's: it scrolls the page (or the provider's page around an embed)
//    with native inertia, because the canvas says `touch-action: pan-y` and these listeners are
//    passive — the page never waits for us to scroll.
//  * A tap presses what is under the finger (pointer move, press, release) and leaves the pointer
//    there, so a tapped figure shows its tooltip until the next touch.
//  * A horizontal drag (sliders) becomes a mouse drag; the browser does not pan sideways (pan-y).
//  * A swipe that starts over an inner scrollable region (the model list) scrolls that region, with
//    inertia; what the region cannot take (at its ends) scrolls the page.
//  * Two fingers: pinch-zoom stays with the browser; any gesture in progress is dropped.
'use strict';
(function (global) {
  const SLOP = 8;            // CSS px a finger may wander and still tap
  const FRICTION_MS = 325;   // time constant of the fling's decay (as iOS / Android lists)

  function attach(canvas, sink) {
    // sink: pointer(x, y, button, down) with button -1 move, -2 leave; regions(); scrollRegion(id, dy);
    //       scrollPage(dy)
    let g = null;            // the gesture in progress
    let fling = 0;           // requestAnimationFrame id of a region's inertia

    function local(t) {
      const r = canvas.getBoundingClientRect();
      return { x: t.clientX - r.left, y: t.clientY - r.top };
    }
    function regionAt(p) {
      return (sink.regions() || []).find((r) => p.x >= r.x && p.x < r.x + r.w && p.y >= r.y && p.y < r.y + r.h) || null;
    }
    // Scrolls the region by dy; returns what it could not take (for the page).
    function scrollRegion(region, dy) {
      const to = Math.min(region.max, Math.max(0, region.scroll + dy));
      const used = to - region.scroll;
      if (used !== 0) { region.scroll = to; sink.scrollRegion(region.id, used); }
      return dy - used;
    }
    function stopFling() { if (fling) cancelAnimationFrame(fling); fling = 0; }

    canvas.addEventListener('touchstart', (e) => {
      stopFling();
      if (e.touches.length !== 1) {  // a second finger: pinch-zoom is the browser's
        if (g && g.mode === 'drag') sink.pointer(g.last.x, g.last.y, 0, false);
        g = null;
        return;
      }
      const p = local(e.touches[0]);
      const region = regionAt(p);
      g = { start: p, last: p, t: e.timeStamp, mode: 'pending', region, v: 0 };
      if (region) {
        // The browser must not scroll the page for this finger: the region takes the swipe.
        // Cancelable only here, where we know the finger is over a region.
        if (e.cancelable) e.preventDefault();
      }
    }, { passive: false });

    canvas.addEventListener('touchmove', (e) => {
      if (!g || e.touches.length !== 1) return;
      const p = local(e.touches[0]);
      const dx = p.x - g.start.x, dy = p.y - g.start.y;
      if (g.mode === 'pending' && Math.hypot(dx, dy) > SLOP) {
        if (Math.abs(dx) > Math.abs(dy) * 1.2) {
          g.mode = 'drag';
          sink.pointer(g.start.x, g.start.y, -1, false);
          sink.pointer(g.start.x, g.start.y, 0, true);
        } else if (g.region) {
          g.mode = 'region';
        } else {
          g.mode = 'pan';  // the browser scrolls; nothing under the finger stays hovered
          sink.pointer(0, 0, -2, false);
        }
      }
      if (g.mode === 'drag') sink.pointer(p.x, p.y, -1, false);
      if (g.mode === 'region') {
        const step = g.last.y - p.y;
        const left = scrollRegion(g.region, step);
        if (left !== 0) sink.scrollPage(left);
        const dt = Math.max(1, e.timeStamp - g.t);
        g.v = 0.8 * (step / dt) + 0.2 * g.v;  // px per ms, smoothed
      }
      g.last = p;
      g.t = e.timeStamp;
    }, { passive: true });

    function end(e, cancelled) {
      if (!g) return;
      const p = e.changedTouches && e.changedTouches[0] ? local(e.changedTouches[0]) : g.last;
      // A tap or a drag was ours: no emulated mouse events after it (they would press twice).
      if ((g.mode === 'pending' || g.mode === 'drag') && e.cancelable) e.preventDefault();
      if (g.mode === 'pending' && !cancelled) {
        sink.pointer(p.x, p.y, -1, false);
        sink.pointer(p.x, p.y, 0, true);
        sink.pointer(p.x, p.y, 0, false);
      } else if (g.mode === 'drag') {
        sink.pointer(p.x, p.y, 0, false);
        sink.pointer(0, 0, -2, false);
      } else if (g.mode === 'region' && Math.abs(g.v) > 0.05) {
        const region = g.region;
        let v = g.v, t0 = performance.now();
        const step = (now) => {
          const dt = now - t0;
          t0 = now;
          v *= Math.exp(-dt / FRICTION_MS);
          if (Math.abs(v) < 0.02 || scrollRegion(region, v * dt) !== 0) { fling = 0; return; }
          fling = requestAnimationFrame(step);
        };
        fling = requestAnimationFrame(step);
      }
      g = null;
    }
    // Not passive: a tap's touchend cancels the emulated mouse events (scrolling is not delayed by it).
    canvas.addEventListener('touchend', (e) => end(e, false), { passive: false });
    canvas.addEventListener('touchcancel', (e) => end(e, true), { passive: true });
  }

  global.GpusizerTouch = { attach };
})(window);
