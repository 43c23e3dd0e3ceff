// The browser's view of where the server draws the dashboard (apps/server/src/platform/page-renderer.ts): two
// portals on the same database and build, one drawing in a worker thread (RENDER_THREADS=1) and one in its own
// thread (RENDER_THREADS=0), each with its own signed-in page, loads interleaved and counterbalanced: until every
// card shows rows and until the app is live, in the same load, with each load's first byte and `draw` step. Not part
// of the suite: `node --import tsx bench/render/render-threads-ab.ts <database-url> [rounds]` on a database the bench
// has seeded; bench/load/draw-contention.ts measures what the threads are for (the API under dashboard loads).
import type { Page } from 'playwright-core';
import { BENCH_USERS } from '../load/bench-world.ts';
import { formatRatio, median, pairwise } from '../load/pairs.ts';
import {
  counterbalanced,
  launchChromium,
  serverShare,
  signedInPage,
  timeToRowsAndLive,
} from './dashboard-render.ts';
import { startWebApp } from './web-app.ts';

const databaseUrl = process.argv[2];
const rounds = Number(process.argv[3] ?? 9);
if (!databaseUrl) throw new Error('usage: render-threads-ab.ts <database-url> [rounds]');
const nurse = BENCH_USERS[0];
if (!nurse) throw new Error('no bench user');

const browser = await launchChromium();
const [threaded, own] = await Promise.all([
  startWebApp(databaseUrl, undefined, 1),
  startWebApp(databaseUrl, undefined, 0),
]);
try {
  const loadsOf = (page: Page, url: string) => {
    const live: number[] = [];
    const firstByte: number[] = [];
    const draw: number[] = [];
    const load = async () => {
      const times = await timeToRowsAndLive(page, `${url}/dashboard`);
      const share = await serverShare(page);
      live.push(times.live);
      firstByte.push(share.firstByte);
      draw.push(share.steps.draw ?? Number.NaN);
      return times.rows;
    };
    return { load, live, firstByte, draw };
  };
  const a = loadsOf(await signedInPage(browser, threaded.url, nurse, true), threaded.url);
  const b = loadsOf(await signedInPage(browser, own.url, nurse, true), own.url);
  const times = await counterbalanced(
    [a.load, b.load],
    rounds,
    (line) => console.log(line),
    'drawing thread, own thread',
  );
  const report = (name: string, x: number[], y: number[]) => {
    console.log(
      `${name}: drawing thread ${median(x).toFixed(1)} ms, own thread ${median(y).toFixed(1)} ms; ratio per round ${formatRatio(pairwise(x, y))}`,
    );
  };
  report(
    'rows in every card',
    times.map((t) => t[0] ?? 0),
    times.map((t) => t[1] ?? 0),
  );
  // The two untimed rounds' loads first.
  report('the app live', a.live.slice(2), b.live.slice(2));
  report('first byte', a.firstByte.slice(2), b.firstByte.slice(2));
  report('draw step', a.draw.slice(2), b.draw.slice(2));
} finally {
  await browser.close();
  await Promise.all([threaded.stop(), own.stop()]);
}
