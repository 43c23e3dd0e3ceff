/** Baseline pages for the browser part: the same rows as the app shows, as plain HTML with no script. */

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${body}</body></html>`;

/** The dashboard's cards as sections with their h2 and the table markup the app rendered, laid out by the browser. */
export function staticDashboard(cards: readonly { title: string; table: string }[]): string {
  const sections = cards.map((c) => `<section><h2>${escapeHtml(c.title)}</h2>${c.table}</section>`).join('');
  return page(
    'Dashboard (static)',
    `<h1>Dashboard</h1><div data-testid="dashboard-widgets" style="display:grid;grid-template-columns:1fr 1fr;gap:16px">${sections}</div>`,
  );
}

/** One plain table of every row: what Chromium needs to lay out the whole list at once. */
export function staticTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const head = `<thead><tr>${headers.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead>`;
  const body = rows
    .map((r) => `<tr>${r.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`)
    .join('');
  return page('Alerts (plain table)', `<table>${head}<tbody>${body}</tbody></table>`);
}
