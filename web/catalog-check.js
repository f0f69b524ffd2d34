// gpusizer: a provider catalog's entry counts checked off the page's main thread. A hostile file of
// 100,000 entries costs ~100 ms to parse; here that happens in a worker, and the module only ever
// parses files within the limits. The limits come with the text: the loader's own
// (src/catalog/catalog_json.hpp, handed to app.js by the module's gs_file_limits).
'use strict';
self.onmessage = (e) => {
  const { text, limits } = e.data || {};
  let problem = '';
  try {
    const j = JSON.parse(text);
    for (const [key, max] of Object.entries(limits || {})) {
      const v = j && typeof j === 'object' ? j[key] : null;
      const n = Array.isArray(v) ? v.length : v && typeof v === 'object' ? Object.keys(v).length : 0;
      if (n > max) { problem = `${key}: ${n} entries, at most ${max}`; break; }
    }
  } catch (err) {
    problem = '';  // syntax errors and deep nesting: the module's loader names them precisely
  }
  self.postMessage({ problem });
};
