// ---- test and automation API ---------------------------------------------------------------------
api.result = () => JSON.parse(Module.UTF8ToString(Module._gs_result_json()));
api.state = () => api.result().state;
api.link = () => Module.UTF8ToString(Module._gs_get_link());
api.setLink = (l) => withStr(String(l), (p) => Module._gs_set_link(p));
api.set = (k, v) => withStr(String(k), (kp) => withStr(String(v), (vp) => Module._gs_test_set(kp, vp)));
api.frames = () => Module._gs_frame_count();  // layout passes
api.glFrames = () => Module._gs_gl_frame_count();  // frames drawn on the canvas
api.uiHeight = () => Module._gs_ui_height();
api.lastFrameMs = (uiOnly) => Module._gs_last_frame_ms(uiOnly ? 1 : 0);
api.startupMs = () => ({ webgl: Module._gs_startup_ms(0), imgui: Module._gs_startup_ms(1), catalog: Module._gs_startup_ms(2), state: Module._gs_startup_ms(3), fonts: Module._gs_startup_ms(4), frame_start: Module._gs_startup_ms(5), frame_layout: Module._gs_startup_ms(6), frame_total: Module._gs_startup_ms(7), frame_passes: Module._gs_startup_ms(8) });
api.exportText = (kind) => Module.UTF8ToString(Module._gs_export({ markdown: 0, csv: 1, json: 2, fileName: 3 }[kind] || 0));
api.setCatalog = (text, name) => applyCatalog(text, name || 'test', null);
// Same path as the UI's "Order this configuration" button, for tests and automation.
api.orderRecommended = () => {
  const url = Module.UTF8ToString(Module._gs_order_url(-1));  // the substitution is C++'s (link/order_link)
  if (url) openUrl(url);
  return !!url;
};
// Every text the next frame draws (collapsed sections opened for that frame), for tests.
api.canvasText = async () => {
  Module._gs_capture_text(1);
  for (let i = 0; i < 50; i++) {
    await new Promise((r) => requestAnimationFrame(r));
    const t = Module.UTF8ToString(Module._gs_capture_text(0));
    if (t) return t;
  }
  return '';
};
api.tableView = () => { const v = Module.UTF8ToString(Module._gs_table_view()).split(',').map(Number); return { top: v[0], row: v[1], rows: v[2], cards: v[3] === 1 }; };
api.figureRows = () => Module.UTF8ToString(Module._gs_figure_rows()).split(';').filter(Boolean).map((r) => r.split(',').map(Number));
api.regions = () => (Module.regions || []).map((r) => Object.assign({}, r));
api.focusInfo = () => Module.UTF8ToString(Module._gs_focus_info());
api.openImport = openImport;
api.modelNotes = (l) => modelNotes[l || 'en'];
api.importConfig = (text, index) => importConfig(text, index);
// (Russian may need its text fetched first: the switch then happens when it is in.)
api.setView = (l, dark) => ensureLanguage(l).then(() =>
  withStr(l || '', (p) => Module._gs_set_view(p, dark === undefined ? -1 : dark ? 1 : 0)));
