// What one calculator frame costs the GPU process to draw, apart from everything else: the page's
// WebGL calls for the frame of an input are recorded, then replayed on its own context, each replay
// waited for with a one-pixel readPixels (which returns only once the GPU process has drawn every
// command before it). The same replay with the draws cut to one pixel by the scissor gives the cost
// of the calls and vertices alone, so the difference is the rasterising of the frame's pixels.
//
// This is the part of "input → new result on screen" that a blank canvas (the floor) does not pay,
// and which no change in the page's own code shortens: the frame's picture itself.

// Injected before the page's scripts: records the calls of the context while __raster.on is set.
// (Emscripten passes buffer data as a view of its whole heap plus an offset and a length: only the
// range is copied.)
export const RECORD_SCRIPT = `(() => {
  const P = WebGL2RenderingContext.prototype;
  const R = window.__raster = { on: false, log: [], gl: null };
  for (const name of ['clear', 'clearColor', 'viewport', 'scissor', 'enable', 'disable', 'blendEquation',
    'blendFuncSeparate', 'useProgram', 'vertexAttrib4f', 'activeTexture', 'bindTexture', 'bindVertexArray',
    'bindBuffer', 'bufferData', 'vertexAttribPointer', 'drawElements']) {
    const f = P[name];
    P[name] = function (...a) {
      if (R.on) {
        if (name === 'bufferData' && ArrayBuffer.isView(a[1]))
          a = a.length >= 5 ? [a[0], a[1].slice(a[3], a[3] + a[4]), a[2]] : [a[0], a[1].slice(), a[2]];
        R.log.push([name, a]);
        R.gl = this;
      }
      return f.apply(this, a);
    };
  }
})();`;

// Records the frame drawn for `link` (set on a ready calculator page), replays it `runs` times
// each way and returns the medians in ms, with the frame's size.
export async function rasterCost(page, link, runs = 15) {
  await page.evaluate((l) => { const R = window.__raster; R.log = []; R.on = true; window.gpusizer.setLink(l); }, link);
  await page.waitForFunction(() => window.__raster.log.some((c) => c[0] === 'drawElements'), null, { timeout: 10000 });
  await page.waitForTimeout(300);  // a settling frame, if any, is recorded too: the last one is replayed
  return page.evaluate((runs) => {
    const R = window.__raster;
    R.on = false;
    const gl = R.gl;
    const last = R.log.map((c) => c[0]).lastIndexOf('clear');
    const log = R.log.slice(last);  // the last frame, from its clear
    const px = new Uint8Array(4);
    const replay = (tiny) => {
      for (const [name, args] of log) {
        if (tiny && name === 'scissor') gl.scissor(0, 0, 1, 1);
        else gl[name](...args);
      }
      gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
    };
    const time = (tiny) => {
      replay(tiny);  // once untimed
      const t = [];
      for (let i = 0; i < runs; ++i) {
        const t0 = performance.now();
        replay(tiny);
        t.push(performance.now() - t0);
      }
      return t.sort((a, b) => a - b)[runs >> 1];
    };
    const bytes = (target) => log.filter((c) => c[0] === 'bufferData' && c[1][0] === target)
      .reduce((s, c) => s + c[1][1].byteLength, 0);
    const whole = time(false), callsOnly = time(true);
    gl.disable(gl.SCISSOR_TEST);
    return { whole, callsOnly, pixels: whole - callsOnly, draws: log.filter((c) => c[0] === 'drawElements').length,
      triangles: bytes(gl.ELEMENT_ARRAY_BUFFER) / 6, width: gl.drawingBufferWidth, height: gl.drawingBufferHeight };
  }, runs);
}
