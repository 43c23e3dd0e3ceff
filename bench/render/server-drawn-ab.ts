// What drawing the dashboard on the server buys and costs (apps/web/src/ssr, apps/server/src/platform/
// navigation-data.ts): the same portal, build and session cookie, one browser context whose loads carry the zone
// cookie (the server draws the page, the app hydrates it) and one whose loads do not (the server sends the answers
// alone and the browser draws), timed interleaved and counterbalanced: until every card shows rows, and until the
// page is the app's (hydrated, or drawn by it), both in the same load. Not part of the suite: `node --import tsx
// bench/render/server-drawn-ab.ts <database-url> [rounds]` on a database the bench has seeded.
import { ZONE_COOKIE } from '@portal/domain';
import type { Page } from 'playwright-core';
import { BENCH_USERS } from '../load/bench-world.ts';
import { formatRatio, median, ratioStats } from '../load/pairs.ts';
import { counterbalanced, launchChromium, signedInPage, timeToRowsAndLive } from './dashboard-render.ts';
import { startWebApp } from './web-app.ts';

const databaseUrl = process.argv[2];
const rounds = Number(process.argv[3] ?? 7);
if (!databaseUrl) throw new Error('usage: server-drawn-ab.ts <database-url> [rounds]');
const nurse = BENCH_USERS[0];
if (!nurse) throw new Error('no bench user');

const browser = await launchChromium();
const app = await startWebApp(databaseUrl);
try {
  const dashboardUrl = `${app.url}/dashboard`;
  /** Loads of the dashboard with the zone cookie (drawn by the server) or without it (the boot script sets it on every load). */
  const loadsOf = (page: Page, drawn: boolean) => {
    const live: number[] = [];
    const load = async () => {
      const context = page.context();
      if (drawn) {
        const value = encodeURIComponent(`en-US ${Intl.DateTimeFormat().resolvedOptions().timeZone}`);
        await context.addCookies([{ name: ZONE_COOKIE, value, url: app.url }]);
      } else {
        await context.clearCookies({ name: ZONE_COOKIE });
      }
      const times = await timeToRowsAndLive(page, dashboardUrl);
      live.push(times.live);
      return times.rows;
    };
    return { load, live };
  };
  const drawn = loadsOf(await signedInPage(browser, app.url, nurse, true), true);
  const undrawn = loadsOf(await signedInPage(browser, app.url, nurse, true), false);
  const times = await counterbalanced(
    [drawn.load, undrawn.load],
    rounds,
    (line) => console.log(line),
    'drawn by the server, by the browser',
  );
  // The two untimed rounds' loads first.
  const report = (name: string, server: number[], browserDrawn: number[]) => {
    const stats = ratioStats(server.map((value, i) => ({ value, baseline: browserDrawn[i] ?? 0 })));
    console.log(
      `${name}: drawn by the server ${median(server).toFixed(0)} ms, by the browser ${median(browserDrawn).toFixed(0)} ms; ` +
        `ratio per round ${formatRatio(stats)}`,
    );
  };
  report(
    'rows in every card',
    times.map((t) => t[0] ?? 0),
    times.map((t) => t[1] ?? 0),
  );
  report('the app live', drawn.live.slice(2), undrawn.live.slice(2));
} finally {
  await browser.close();
  await app.stop();
}
