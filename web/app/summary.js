// ---- DOM mirror of the results (screen readers, search engines) -------------------------------
function updateSummary(r) {
  // The engine's report layer writes the summary in the UI's language (mirror JSON "summary"), the
  // same text as the answer built into index.html (src/report/summary_html.cpp).
  const sm = r.summary;
  if (!sm) return;
  $('summary-live').textContent = sm.text || '';
  const t = $('summary-table');
  const head = (t.tHead || t.createTHead());
  const body = t.tBodies[0] || t.createTBody();
  const cell = (tag, v) => { const c = document.createElement(tag); c.textContent = String(v); return c; };
  const headRow = document.createElement('tr');
  headRow.replaceChildren(...(sm.columns || []).map((c) => cell('th', c)));
  head.replaceChildren(headRow);
  body.replaceChildren(...(sm.rows || []).map((cells) => {
    const tr = document.createElement('tr');
    tr.replaceChildren(...cells.map((v) => cell('td', v)));
    return tr;
  }));
  // How right the figures are: each family's band and its nearest published run, as a link.
  const acc = sm.accuracy || [];
  const list = document.createElement('ul');
  list.replaceChildren(...acc.map(([figures, band, nearest, url]) => {
    const li = document.createElement('li');
    li.append(cell('strong', figures), ': ' + band);
    if (/^https?:\/\//.test(url)) {
      const link = cell('a', nearest);
      Object.assign(link, { href: url, target: '_blank', rel: 'noopener' });
      li.append('; ', link);
    }
    return li;
  }));
  $('summary-accuracy').replaceChildren(...(acc.length ? [cell('h2', sm.accuracy_title), list] : []));
}
