// What answering a page's first calls inside its HTML buys (apps/server/src/platform/navigation-data.ts): the same
// portal and build, one browser context signed in as the sign-in page leaves it (token and session cookie) and one
// with the token alone (the page fetches its first calls itself, as before), timed interleaved and counterbalanced:
// the dashboard until every card has rows, and the 10,000-alert widget page until interactive. Not part of the
// suite: `node --import tsx bench/render/session-cookie-ab.ts <database-url> [rounds]` on a database the bench has
// seeded.
import { widgetByKey } from '@portal/domain';
import { BENCH_USERS, BIG_LIST_USER } from '../load/bench-world.ts';
import { formatRatio, median, ratioStats } from '../load/pairs.ts';
import {
  ALL_CARDS_HAVE_ROWS,
  counterbalanced,
  INTERACTIVE,
  launchChromium,
  signedInPage,
  timeTo,
} from './dashboard-render.ts';
import { startWebApp } from './web-app.ts';

const databaseUrl = process.argv[2];
const rounds = Number(process.argv[3] ?? 7);
if (!databaseUrl) throw new Error('usage: session-cookie-ab.ts <database-url> [rounds]');
const nurse = BENCH_USERS[0];
if (!nurse) throw new Error('no bench user');
/** LATENCY_MS=<ms>: every request of both pages waits that long each way (Chromium's network emulation), as on a ward's WAN. */
const latencyMs = Number(process.env.LATENCY_MS ?? 0);

/** A signed-in page with the session cookie (`withCookie`) or with the token alone, behind LATENCY_MS. */
async function pageFor(appUrl: string, user: NonNullable<typeof nurse>, withCookie: boolean) {
  const page = await signedInPage(browser, appUrl, user, withCookie);
  if (latencyMs > 0) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: latencyMs,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  }
  return page;
}

const browser = await launchChromium();
const app = await startWebApp(databaseUrl);
try {
  const widgetUrl = `${app.url}/alerts/${widgetByKey('highCost').path}`;
  const dashboard = [await pageFor(app.url, nurse, true), await pageFor(app.url, nurse, false)];
  const widget = [await pageFor(app.url, BIG_LIST_USER, true), await pageFor(app.url, BIG_LIST_USER, false)];
  const log = (line: string) => console.log(line);
  const dashboardTimes = await counterbalanced(
    dashboard.map((page) => () => timeTo(page, `${app.url}/dashboard`, ALL_CARDS_HAVE_ROWS)),
    rounds,
    log,
    'dashboard: with the cookie, without',
  );
  const widgetTimes = await counterbalanced(
    widget.map((page) => () => timeTo(page, widgetUrl, INTERACTIVE as unknown as () => number)),
    rounds,
    log,
    'widget page: with the cookie, without',
  );
  for (const [name, times] of [
    ['dashboard', dashboardTimes],
    ['widget page', widgetTimes],
  ] as const) {
    const withCookie = times.map((t) => t[0] ?? 0);
    const without = times.map((t) => t[1] ?? 0);
    const stats = ratioStats(withCookie.map((value, i) => ({ value, baseline: without[i] ?? 0 })));
    console.log(
      `${name}: with the cookie ${median(withCookie).toFixed(0)} ms, without ${median(without).toFixed(0)} ms; ` +
        `ratio per round ${formatRatio(stats)}`,
    );
  }
} finally {
  await browser.close();
  await app.stop();
}
