// Where a load of the 10,000-alert widget page spends its time, now that the server draws it: the HTML's arrival,
// the first paint, when the drawn rows are in the document, the long tasks, the bench's "interactive" (rows, then a
// frame and a task answered) and when the app has taken the page over (hydrated). Not part of the suite:
// `node --import tsx bench/render/widget-load.ts <database-url> [rounds]` on a database the bench has seeded.
import { widgetByKey } from '@portal/domain';
import { BIG_LIST_USER } from '../load/bench-world.ts';
import { median } from '../load/pairs.ts';
import { INTERACTIVE, launchChromium, signedInPage } from './dashboard-render.ts';
import { startWebApp } from './web-app.ts';

const databaseUrl = process.argv[2];
const rounds = Number(process.argv[3] ?? 5);
const WIDGET_PATH = `/alerts/${widgetByKey('highCost').path}`;

// Noted from the document's start: the first row in the document, long tasks, the app live (a string: tsx would
// wrap a named function in a helper the page does not have).
const WATCH = `(() => {
  window.__load = { longTasks: [] };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__load.longTasks.push([Math.round(e.startTime), Math.round(e.duration)]);
  }).observe({ type: 'longtask', buffered: true });
  new MutationObserver((_, observer) => {
    if (document.querySelector('table tbody tr') && window.__load.rowsAt === undefined) {
      window.__load.rowsAt = performance.now();
    }
    const root = document.getElementById('root');
    if (window.__load.rowsAt !== undefined && root && !root.hasAttribute('data-server-rendered') && root.firstChild) {
      window.__load.liveAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { subtree: true, childList: true, attributes: true });
})();`;

if (!databaseUrl) throw new Error('usage: widget-load.ts <database-url> [rounds]');
const app = await startWebApp(databaseUrl);
const browser = await launchChromium();
try {
  const page = await signedInPage(browser, app.url, BIG_LIST_USER);
  await page.context().addInitScript(WATCH);
  const figures = new Map<string, number[]>();
  const note = (name: string, value: number) => figures.set(name, [...(figures.get(name) ?? []), value]);
  for (let round = 0; round <= rounds; round++) {
    await page.goto('about:blank');
    await page.goto(`${app.url}${WIDGET_PATH}`, { waitUntil: 'commit' });
    const ready = Number(
      await (
        await page.waitForFunction(INTERACTIVE as unknown as () => number, undefined, { polling: 'raf' })
      ).jsonValue(),
    );
    await page.waitForFunction(() => (window as unknown as { __load: { liveAt?: number } }).__load.liveAt);
    const load = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      const watched = (window as unknown as { __load: Record<string, unknown> }).__load;
      return {
        firstByte: nav.responseStart,
        lastByte: nav.responseEnd,
        domInteractive: nav.domInteractive,
        dcl: nav.domContentLoadedEventEnd,
        fcp: paint?.startTime ?? -1,
        rows: watched.rowsAt as number,
        live: watched.liveAt as number,
        longTasks: watched.longTasks as [number, number][],
        serverTiming: nav.serverTiming.map((s) => `${s.name} ${s.duration.toFixed(0)}`).join(', '),
      };
    });
    if (round === 0) continue;
    const line = {
      ...load,
      ready,
      longTasks: load.longTasks.map(([at, ms]) => `${at}+${ms}`).join(' '),
    };
    console.log(JSON.stringify(line));
    for (const name of [
      'firstByte',
      'lastByte',
      'domInteractive',
      'fcp',
      'rows',
      'ready',
      'dcl',
      'live',
    ] as const)
      note(name, Number(line[name]));
  }
  console.log(
    [...figures].map(([name, values]) => `${name} ${median(values).toFixed(0)}`).join(', '),
    '(median ms from navigation start)',
  );
} finally {
  await browser.close();
  await app.stop();
}
