import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TOKEN_STORAGE_KEY, widgetByKey } from '@portal/domain';
import { type Browser, chromium, type Page } from 'playwright-core';
import type { BenchUser } from '../load/bench-world.ts';
import { formatRatio, median, ratioStats } from '../load/pairs.ts';
import { staticDashboard, staticTable } from './static-pages.ts';

// The flags of e2e/support/browser.ts: without the background-networking ones Chromium keeps calling out.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const WAIT_MS = 30_000;
const BIG_LIST = 10_000;

/** Debian's Chromium, headless, with the flags above: every browser part and probe of the bench uses this one. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
}

/** Navigation to "rows in every card", and the 10,000-alert widget page, each against a static baseline. */
export type DashboardResult =
  | { readonly measured: false; readonly reason: string }
  | {
      readonly measured: true;
      readonly cards: number;
      readonly dashboardMs: number[];
      /** The same load until the app is live as well (ALL_CARDS_LIVE: a server-drawn page hydrated), for reference. */
      readonly dashboardLiveMs: number[];
      /** The same load's first byte of HTML (responseStart), and its steps by the server's own Server-Timing. */
      readonly dashboardServer: ServerShare[];
      readonly staticDashboardMs: number[];
      readonly widgetPageMs: number[];
      /** The same widget page opened from its card's Open link on the dashboard (no document load), for reference. */
      readonly widgetInAppMs: number[];
      readonly plainTableMs: number[];
    };

/**
 * Notes in the page (`benchRowsAt`) the first frame in which every dashboard card has rows, watching every frame
 * from the document's start: added to the context of every signed-in page (`signedInPage`), so it runs in each
 * load of the app and of the static pages before any of their own scripts. A condition polled by
 * `waitForFunction` starts only once Playwright's call reaches the page, a round trip after the navigation
 * commits: a page already showing its rows by then (the static dashboard, in ~80-250 ms; a dashboard the server
 * drew, before its scripts ran) was timed at that later frame, after the drawn page's scripts had run. Measured side by side in the twenty-sixth session:
 * the static page 83-258 ms watched against 193-315 ms polled, the drawn dashboard 395-462 against 451-541.
 */
export const ROWS_WATCH = `(() => {
  // Dashboards only (the app's, the static one, ssr-ceiling's saved ones): no other page pays for the watch.
  if (!/dashboard/i.test(location.pathname)) return;
  const watch = () => {
    const cards = [...document.querySelectorAll('[data-testid="dashboard-widgets"] section')];
    if (cards.length > 0 && cards.every((card) => card.querySelector('table tbody tr'))) {
      window.benchRowsAt = performance.now();
      return;
    }
    requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
})();`;

/** Every card has rows: when they first had them if ROWS_WATCH noted it, else now. */
export const ALL_CARDS_HAVE_ROWS = () => {
  const noted = (window as unknown as { benchRowsAt?: number }).benchRowsAt;
  if (noted !== undefined) return noted;
  const cards = [...document.querySelectorAll('[data-testid="dashboard-widgets"] section')];
  return cards.length > 0 && cards.every((card) => card.querySelector('table tbody tr'))
    ? performance.now()
    : false;
};

/**
 * Every card has rows and the page is the app's own: not a page the server drew still waiting for its scripts
 * (its root keeps SERVER_RENDERED_ATTRIBUTE until the app has hydrated it).
 */
export const ALL_CARDS_LIVE = () => {
  const cards = [...document.querySelectorAll('[data-testid="dashboard-widgets"] section')];
  return cards.length > 0 &&
    cards.every((card) => card.querySelector('table tbody tr')) &&
    !document.querySelector('#root[data-server-rendered]')
    ? performance.now()
    : false;
};

/**
 * In one load: when every card first had rows (noted from the document's start by ROWS_WATCH, else here as it
 * happens), and when the page was then live as well (ALL_CARDS_LIVE). The same for a page the browser draws, which is live as it shows rows.
 */
export const ROWS_THEN_LIVE = () => {
  const noted = window as unknown as { benchRowsAt?: number };
  const cards = [...document.querySelectorAll('[data-testid="dashboard-widgets"] section')];
  const hasRows = cards.length > 0 && cards.every((card) => card.querySelector('table tbody tr'));
  if (hasRows && noted.benchRowsAt === undefined) noted.benchRowsAt = performance.now();
  return hasRows && !document.querySelector('#root[data-server-rendered]')
    ? { rows: noted.benchRowsAt ?? performance.now(), live: performance.now() }
    : false;
};

/** Milliseconds from navigation start to rows in every card, and to the page live, in one load (ROWS_THEN_LIVE). */
export async function timeToRowsAndLive(page: Page, url: string): Promise<{ rows: number; live: number }> {
  await page.goto('about:blank');
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(ROWS_THEN_LIVE, undefined, { polling: 'raf', timeout: WAIT_MS });
  return (await handle.jsonValue()) as { rows: number; live: number };
}

/** When a load's HTML began to arrive (responseStart), and the server's own steps (Server-Timing), in ms. */
export interface ServerShare {
  firstByte: number;
  steps: Record<string, number>;
}

/** The server's share of the page's last load, as the browser's navigation timing has it. */
export function serverShare(page: Page): Promise<ServerShare> {
  return page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const steps: Record<string, number> = {};
    for (const step of nav?.serverTiming ?? []) steps[step.name] = step.duration;
    return { firstByte: nav?.responseStart ?? 0, steps };
  });
}

/** Milliseconds from navigation start until `ready` answers a time in the page (polled every frame). */
export async function timeTo(page: Page, url: string, ready: () => number | false): Promise<number> {
  await page.goto('about:blank');
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(ready, undefined, { polling: 'raf', timeout: WAIT_MS });
  return Number(await handle.jsonValue());
}

/** Interactive: the first rows are shown and the main thread then answers a frame and a task. */
export const INTERACTIVE = async () => {
  const started = performance.now();
  while (!document.querySelector('table tbody tr')) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    if (performance.now() - started > 30_000) return -1;
  }
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  return performance.now();
};

/**
 * Milliseconds from a click on the dashboard card's Open link to `path` (the app's own route change, no document
 * load) until the widget page is interactive as `INTERACTIVE` has it: its rows shown (the dashboard gone), then a
 * frame and a task answered. The dashboard is loaded first, until every card has rows and the app is live (a
 * click on the server's markup before then is a plain link's: a document load).
 */
export async function timeInApp(page: Page, dashboardUrl: string, path: string): Promise<number> {
  await timeTo(page, dashboardUrl, ALL_CARDS_LIVE);
  return openFromCard(page, path);
}

/**
 * On a live dashboard: milliseconds from a click on the card's Open link to `path` until that widget page is
 * interactive (its rows shown, the dashboard gone, then a frame and a task answered).
 */
export function openFromCard(page: Page, path: string): Promise<number> {
  return page.evaluate(async (widgetPath) => {
    const link = document.querySelector(`[data-testid="dashboard-widgets"] a[href="${widgetPath}"]`);
    if (!(link instanceof HTMLElement)) throw new Error(`the dashboard has no link to ${widgetPath}`);
    const started = performance.now();
    link.click();
    // The condition inline: a named function here would reach the page wrapped in tsx's `__name`, undefined there.
    while (
      location.pathname !== widgetPath ||
      document.querySelector('[data-testid="dashboard-widgets"]') ||
      !document.querySelector('table tbody tr')
    ) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      if (performance.now() - started > 30_000) return -1;
    }
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    return performance.now() - started;
  }, path);
}

/** A plain table laid out: every row parsed and a layout forced. */
export const PLAIN_TABLE_LAID_OUT = () =>
  document.readyState === 'complete' && document.body.getBoundingClientRect().height > 0
    ? performance.now()
    : false;

/**
 * In headless Chromium against the built app: the dashboard from navigation until every card shows table rows,
 * against a static page with the same rows; and a widget page of 10,000 alerts until interactive, against the
 * same rows as one plain table. Answers "UI not built yet" instead of failing while the dashboard has no tables.
 */
export async function measureDashboard(
  appUrl: string,
  user: BenchUser,
  bigListUser: BenchUser,
  rounds: number,
  log: (line: string) => void,
): Promise<DashboardResult> {
  const browser = await launchChromium();
  let pages: Baselines | null = null;
  try {
    const probe = await signedInPage(browser, appUrl, user);
    const response = await probe.goto(`${appUrl}/dashboard`).catch(() => null);
    const cards = await probe
      .waitForSelector('[data-testid="dashboard-widgets"] section', { timeout: WAIT_MS })
      .then(() => probe.locator('[data-testid="dashboard-widgets"] section').count())
      .catch(() => 0);
    if (response?.status() !== 200 || cards === 0) {
      return {
        measured: false,
        reason: 'UI not built yet: the app serves no dashboard (run `npm run build`)',
      };
    }
    const hasRows = await probe
      .waitForFunction(ALL_CARDS_HAVE_ROWS, undefined, { polling: 'raf', timeout: WAIT_MS })
      .then(() => true)
      .catch(() => false);
    if (!hasRows) {
      return {
        measured: false,
        reason: `UI not built yet: the dashboard's ${cards} cards show no table rows`,
      };
    }
    const cardHtml = await dashboardCards(probe);
    const bigPage = await signedInPage(browser, appUrl, bigListUser);
    const { headers, rows } = await bigListRows(bigPage, appUrl);
    const statics = new Map([
      ['/dashboard.html', staticDashboard(cardHtml)],
      ['/table.html', staticTable(headers, rows)],
    ]);
    pages = await serveBaselines(statics);
    const staticUrl = pages.url;
    const widgetPath = `/alerts/${widgetByKey('highCost').path}`;
    const widgetUrl = `${appUrl}${widgetPath}`;
    const result = {
      measured: true as const,
      cards,
      dashboardMs: [] as number[],
      dashboardLiveMs: [] as number[],
      dashboardServer: [] as ServerShare[],
      staticDashboardMs: [] as number[],
      widgetPageMs: [] as number[],
      widgetInAppMs: [] as number[],
      plainTableMs: [] as number[],
    };
    // Each goal's pair is measured in a block of its own, and the order inside a pair alternates from round to
    // round (A B, then B A), so each load follows the other side of its pair as often as it precedes it. A load
    // pays for what the page before it left behind (the 10,000-row plain table's garbage collection above all:
    // the ninth look in README), which a fixed order of all five loads charged to the dashboard every round.
    // One untimed round (both orders) warms Chromium's caches for every page alike.
    // Rows and live are read in the same load, so the dashboard and the static page still alternate as a pair.
    const liveTimes: number[] = [];
    const serverTimes: ServerShare[] = [];
    const dashboardPair = [
      async () => {
        const { rows, live } = await timeToRowsAndLive(probe, `${appUrl}/dashboard`);
        liveTimes.push(live);
        serverTimes.push(await serverShare(probe));
        return rows;
      },
      () => timeTo(probe, `${staticUrl}/dashboard.html`, ALL_CARDS_HAVE_ROWS),
    ];
    const widgetTrio = [
      () => timeTo(bigPage, widgetUrl, INTERACTIVE as unknown as () => number),
      () => timeInApp(bigPage, `${appUrl}/dashboard`, widgetPath),
      () => timeTo(bigPage, `${staticUrl}/table.html`, PLAIN_TABLE_LAID_OUT),
    ];
    const dashboardTimes = await counterbalanced(dashboardPair, rounds, log, 'dashboard, static dashboard');
    // The two untimed rounds' loads first.
    result.dashboardLiveMs.push(...liveTimes.slice(2));
    result.dashboardServer.push(...serverTimes.slice(2));
    const widgetTimes = await counterbalanced(
      widgetTrio,
      rounds,
      log,
      'widget page, from its card, plain table',
    );
    for (const times of dashboardTimes) {
      result.dashboardMs.push(times[0] ?? 0);
      result.staticDashboardMs.push(times[1] ?? 0);
    }
    for (const times of widgetTimes) {
      result.widgetPageMs.push(times[0] ?? 0);
      result.widgetInAppMs.push(times[1] ?? 0);
      result.plainTableMs.push(times[2] ?? 0);
    }
    return result;
  } finally {
    pages?.close();
    await browser.close();
  }
}

/** The medians of the server's own steps of a page (Server-Timing), as `answers 40, draw 55` (ms). */
function serverSteps(shares: readonly ServerShare[]): string {
  const names = [...new Set(shares.flatMap((share) => Object.keys(share.steps)))];
  if (names.length === 0) return 'the server named no steps';
  const parts = names.map((name) => `${name} ${median(shares.map((s) => s.steps[name] ?? 0)).toFixed(0)}`);
  return `server's steps, median ms: ${parts.join(', ')}`;
}

/**
 * `rounds` timed rounds of `loads` (after one untimed round each way), in the given order in odd rounds and
 * reversed in even ones; answers each round's times in the order of `loads`, whatever order they ran in.
 */
export async function counterbalanced(
  loads: readonly (() => Promise<number>)[],
  rounds: number,
  log: (line: string) => void,
  label: string,
): Promise<number[][]> {
  const timed: number[][] = [];
  for (let round = -1; round <= rounds; round++) {
    const reversed = round % 2 === 0;
    const order = loads.map((_, i) => (reversed ? loads.length - 1 - i : i));
    const times: number[] = new Array(loads.length).fill(0);
    for (const i of order) times[i] = await (loads[i] as () => Promise<number>)();
    if (round < 1) continue;
    timed.push(times);
    log(
      `    round ${round}${reversed ? ' (reversed)' : ''} (${label}): ${times.map((t) => `${t.toFixed(0)} ms`).join(', ')}`,
    );
  }
  return timed;
}

/** Each card of the drawn dashboard in `page`: its title and its table's markup, for the static baseline. */
export function dashboardCards(page: Page): Promise<{ title: string; table: string }[]> {
  return page.$$eval('[data-testid="dashboard-widgets"] section', (sections) =>
    sections.map((s) => ({
      title: s.querySelector('h2')?.textContent ?? '',
      table: s.querySelector('table')?.outerHTML ?? '',
    })),
  );
}

export interface Baselines {
  /** `http://127.0.0.1:port`, with no trailing slash. */
  readonly url: string;
  close(): void;
}

/** The static baseline pages, served from memory by a bare node:http server (path to HTML; any other path 404). */
export async function serveBaselines(pages: ReadonlyMap<string, string>): Promise<Baselines> {
  const server = createServer((req, res) => {
    const body = pages.get(req.url ?? '');
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

/**
 * A 1920x1080 page of a fresh context, signed in as `user` as the sign-in page leaves a browser: POST /api/login,
 * its token put in local storage and the session cookie it sets kept (platform/navigation-data.ts).
 */
export async function signedInPage(
  browser: Browser,
  appUrl: string,
  user: BenchUser,
  withSessionCookie = process.env.BENCH_NO_SESSION_COOKIE !== '1',
): Promise<Page> {
  const response = await fetch(`${appUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  const { token } = (await response.json()) as { token: string };
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const cookies = response.headers.getSetCookie().map((header) => {
    const [pair = ''] = header.split(';');
    const at = pair.indexOf('=');
    return {
      name: pair.slice(0, at),
      value: pair.slice(at + 1),
      url: appUrl,
      httpOnly: true,
      sameSite: 'Strict' as const,
    };
  });
  if (withSessionCookie) await context.addCookies(cookies);
  await context.addInitScript(ROWS_WATCH);
  await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    TOKEN_STORAGE_KEY,
    token,
  ] as const);
  return context.newPage();
}

/** The widget page's column headings and the first 10,000 alerts of its list, as plain cells. */
export async function bigListRows(
  page: Page,
  appUrl: string,
): Promise<{ headers: string[]; rows: string[][] }> {
  await page.goto(`${appUrl}/alerts/${widgetByKey('highCost').path}`);
  await page.waitForSelector('table thead th', { timeout: WAIT_MS });
  const headers = await page.$$eval('table thead th', (ths) => ths.map((th) => th.textContent ?? ''));
  const token = await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_STORAGE_KEY);
  const bearer = token ?? '';
  const rows: string[][] = [];
  let cursor: string | null = null;
  for (let i = 0; i < BIG_LIST / 100 && rows.length < BIG_LIST; i++) {
    const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    const response = await fetch(`${appUrl}/api${widgetByKey('highCost').listCall}${query}`, {
      headers: { authorization: `Bearer ${bearer}` },
    });
    const answer = (await response.json()) as {
      highCostList: Record<string, unknown>[];
      cursor: string | null;
    };
    for (const alert of answer.highCostList) {
      rows.push(headers.map((_, k) => String(Object.values(alert)[k] ?? '')));
    }
    cursor = answer.cursor;
    if (!cursor) break;
  }
  return { headers, rows };
}

/** The report section for the browser part. */
export function renderDashboard(result: DashboardResult): string {
  if (!result.measured) return `### In Chromium\n\n${result.reason}.\n`;
  const pairs = (a: number[], b: number[]) =>
    ratioStats(a.map((value, i) => ({ value, baseline: b[i] ?? 1 })));
  const dashboard = pairs(result.dashboardMs, result.staticDashboardMs);
  const live = pairs(result.dashboardLiveMs, result.staticDashboardMs);
  const firstByte = pairs(
    result.dashboardServer.map((s) => s.firstByte),
    result.staticDashboardMs,
  );
  const widget = pairs(result.widgetPageMs, result.plainTableMs);
  const inApp = pairs(result.widgetInAppMs, result.plainTableMs);
  return [
    '### In Chromium (headless, 1920x1080)',
    '',
    '| page | ms (median) | baseline | baseline ms | ratio | goal |',
    '|---|---|---|---|---|---|',
    `| dashboard, rows in all ${result.cards} cards | ${median(result.dashboardMs).toFixed(0)} | static page, same rows | ${median(result.staticDashboardMs).toFixed(0)} | ${formatRatio(dashboard)} | ≤ 3x: ${dashboard.median <= 3 ? 'met' : '**missed**'} |`,
    `| the same loads until the app is live (a page the server drew: hydrated) | ${median(result.dashboardLiveMs).toFixed(0)} | static page, same rows | ${median(result.staticDashboardMs).toFixed(0)} | ${formatRatio(live)} | for reference: the goal times rows shown |`,
    `| the same loads' first byte of HTML (${serverSteps(result.dashboardServer)}) | ${median(result.dashboardServer.map((s) => s.firstByte)).toFixed(0)} | static page, same rows | ${median(result.staticDashboardMs).toFixed(0)} | ${formatRatio(firstByte)} | for reference: the server's share |`,
    `| widget page, ${BIG_LIST} alerts, interactive | ${median(result.widgetPageMs).toFixed(0)} | plain table laid out | ${median(result.plainTableMs).toFixed(0)} | ${formatRatio(widget)} | < 0.1x: ${widget.median < 0.1 ? 'met' : '**missed**'} |`,
    `| the same page opened from its card (route change, no document load), interactive | ${median(result.widgetInAppMs).toFixed(0)} | plain table laid out | ${median(result.plainTableMs).toFixed(0)} | ${formatRatio(inApp)} | for reference: the goal times a navigation |`,
    '',
  ].join('\n');
}
