// What server rendering could buy the two browser goals, before anyone builds it: the app's own rendered page (the
// dashboard, and the 10,000-alert widget page), saved as HTML after the app drew it and served as a file by the
// portal, timed as the bench times the app. "with scripts" keeps the page's module scripts, as a server-rendered
// page that the app then hydrates would; "no scripts" is plain HTML with the app's markup and stylesheet, the
// fastest such a page could be. Each against the bench's own baselines (the static dashboard, the plain table),
// interleaved. Not part of the suite: `node --import tsx bench/render/ssr-ceiling.ts <database-url> [rounds]` on a
// database the bench has seeded.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { widgetByKey } from '@portal/domain';
import type { Page } from 'playwright-core';
import { BENCH_USERS, BIG_LIST_USER } from '../load/bench-world.ts';
import { formatRatio, median, ratioStats } from '../load/pairs.ts';
import {
  ALL_CARDS_HAVE_ROWS,
  type Baselines,
  bigListRows,
  dashboardCards,
  INTERACTIVE,
  launchChromium,
  PLAIN_TABLE_LAID_OUT,
  serveBaselines,
  signedInPage,
  timeTo,
} from './dashboard-render.ts';
import { staticDashboard, staticTable } from './static-pages.ts';
import { startWebApp, WEB_DIST } from './web-app.ts';

const databaseUrl = process.argv[2];
const rounds = Number(process.argv[3] ?? 5);
const WIDGET_PATH = `/alerts/${widgetByKey('highCost').path}`;

/** The page as the app left it once drawn, as a document; and the same without any script. */
async function rendered(page: Page): Promise<{ withScripts: string; noScripts: string }> {
  await page.waitForTimeout(1_000);
  const withScripts = await page.evaluate(() => `<!doctype html>${document.documentElement.outerHTML}`);
  const noScripts = withScripts
    .replace(/<script\b[^>]*>[^<]*<\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '');
  return { withScripts, noScripts };
}

if (!databaseUrl) throw new Error('usage: ssr-ceiling.ts <database-url> [rounds]');
const nurse = BENCH_USERS[0];
if (!nurse) throw new Error('no bench user');
// A copy of the build with the saved pages beside index.html, served by the portal like any file of the build.
const dist = mkdtempSync(join(tmpdir(), 'ssr-ceiling-'));
cpSync(WEB_DIST, dist, { recursive: true });
const browser = await launchChromium();
let baselines: Baselines | null = null;
let app = await startWebApp(databaseUrl);
try {
  const dashboardPage = await signedInPage(browser, app.url, nurse);
  await dashboardPage.goto(`${app.url}/dashboard`);
  await dashboardPage.waitForFunction(ALL_CARDS_HAVE_ROWS, undefined, { polling: 'raf', timeout: 30_000 });
  const dashboard = await rendered(dashboardPage);
  const cards = await dashboardCards(dashboardPage);
  const widgetPage = await signedInPage(browser, app.url, BIG_LIST_USER);
  await widgetPage.goto(`${app.url}${WIDGET_PATH}`);
  await widgetPage.waitForSelector('table tbody tr', { timeout: 30_000 });
  const widget = await rendered(widgetPage);
  const { headers, rows } = await bigListRows(widgetPage, app.url);
  for (const [name, html] of Object.entries({
    'ssr-dashboard-scripts.html': dashboard.withScripts,
    'ssr-dashboard-bare.html': dashboard.noScripts,
    'ssr-widget-scripts.html': widget.withScripts,
    'ssr-widget-bare.html': widget.noScripts,
  })) {
    writeFileSync(join(dist, name), html);
  }
  await app.stop();
  app = await startWebApp(databaseUrl, dist);
  const statics = new Map([
    ['/dashboard.html', staticDashboard(cards)],
    ['/table.html', staticTable(headers, rows)],
  ]);
  baselines = await serveBaselines(statics);
  const base = baselines.url;
  const nursePage = await signedInPage(browser, app.url, nurse);
  const bigPage = await signedInPage(browser, app.url, BIG_LIST_USER);
  const ready = INTERACTIVE as unknown as () => number;
  const runs = {
    'dashboard, the app': () => timeTo(nursePage, `${app.url}/dashboard`, ALL_CARDS_HAVE_ROWS),
    'dashboard, rendered HTML with scripts': () =>
      timeTo(nursePage, `${app.url}/ssr-dashboard-scripts.html`, ALL_CARDS_HAVE_ROWS),
    'dashboard, rendered HTML, no scripts': () =>
      timeTo(nursePage, `${app.url}/ssr-dashboard-bare.html`, ALL_CARDS_HAVE_ROWS),
    'static dashboard (baseline)': () => timeTo(nursePage, `${base}/dashboard.html`, ALL_CARDS_HAVE_ROWS),
    'widget page, the app': () => timeTo(bigPage, `${app.url}${WIDGET_PATH}`, ready),
    'widget page, rendered HTML with scripts': () =>
      timeTo(bigPage, `${app.url}/ssr-widget-scripts.html`, ready),
    'widget page, rendered HTML, no scripts': () => timeTo(bigPage, `${app.url}/ssr-widget-bare.html`, ready),
    'plain table (baseline)': () => timeTo(bigPage, `${base}/table.html`, PLAIN_TABLE_LAID_OUT),
  };
  const times = new Map<string, number[]>(Object.keys(runs).map((k) => [k, []]));
  // One untimed round warms Chromium's caches for every page alike.
  for (let round = 0; round <= rounds; round++) {
    const line: string[] = [];
    for (const [name, run] of Object.entries(runs)) {
      const ms = await run();
      if (round > 0) times.get(name)?.push(ms);
      line.push(`${ms.toFixed(0)}`);
    }
    if (round > 0) console.log(`round ${round}: ${line.join(', ')} ms`);
  }
  const against = (name: string, baseline: string) => {
    const value = times.get(name) ?? [];
    const base = times.get(baseline) ?? [];
    const stats = ratioStats(value.map((v, i) => ({ value: v, baseline: base[i] ?? 0 })));
    console.log(`${name}: ${median(value).toFixed(0)} ms, ${formatRatio(stats)} the ${baseline}`);
  };
  for (const name of Object.keys(runs).slice(0, 3)) against(name, 'static dashboard (baseline)');
  for (const name of Object.keys(runs).slice(4, 7)) against(name, 'plain table (baseline)');
  console.log(
    `baselines: static dashboard ${median(times.get('static dashboard (baseline)') ?? []).toFixed(0)} ms, plain table ${median(times.get('plain table (baseline)') ?? []).toFixed(0)} ms`,
  );
} finally {
  baselines?.close();
  await browser.close();
  await app.stop();
  rmSync(dist, { recursive: true, force: true });
}
