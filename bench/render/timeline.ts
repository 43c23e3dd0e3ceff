// Main-thread breakdown of warmed dashboard loads, from a Chromium trace (devtools.timeline) between navigation
// and "rows in every card": the main thread's busy wall time and CPU time (the trace's thread time, which
// another process on the machine barely moves, unlike wall time), self time by event kind (script, style,
// layout, paint, GC), the layouts, the long tasks, and when each card was shown and first showed rows. Not part
// of the suite: `node --import tsx bench/render/timeline.ts <database-url> [rounds] [other-dist]` on a database
// the bench has seeded; with another build's dist folder it loads that build and this one in turn (A/B) and
// prints the medians of both. TRACE_DIST=<dist> serves that build instead of apps/web/dist. TIMELINE_PAGE=widget
// traces the 10,000-alert widget page instead (its big-list user, until interactive as the bench has it).

import { widgetByKey } from '@portal/domain';
import type { Browser, Page } from 'playwright-core';
import { BENCH_USERS, BIG_LIST_USER } from '../load/bench-world.ts';
import { ALL_CARDS_HAVE_ROWS, INTERACTIVE, launchChromium, signedInPage } from './dashboard-render.ts';
import { startWebApp, WEB_DIST } from './web-app.ts';

const databaseUrl = process.argv[2];
const rounds = Number(process.argv[3] ?? 3);
const otherDist = process.argv[4];
const isWidget = process.env.TIMELINE_PAGE === 'widget';
const PATH = isWidget ? `/alerts/${widgetByKey('highCost').path}` : '/dashboard';
const READY = (isWidget ? INTERACTIVE : ALL_CARDS_HAVE_ROWS) as () => number | false;

// When each card is first shown and first shows rows, polled every frame as the bench's ready condition is
// (a string: tsx would wrap a named function in a helper the page does not have).
const CARD_WATCH = `
  const seen = new Map();
  window.__cards = seen;
  const poll = () => {
    for (const card of document.querySelectorAll('[data-testid="dashboard-widgets"] section')) {
      const name = card.querySelector('h2')?.textContent ?? '?';
      if (!seen.has('+' + name)) seen.set('+' + name, performance.now());
      if (!seen.has(name) && card.querySelector('table tbody tr')) seen.set(name, performance.now());
    }
    requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
`;

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: Record<string, unknown>;
}

interface Load {
  ready: number;
  busy: number;
  cpu: number;
  lines: string[];
}

const at = (e: TraceEvent, origin: number) =>
  `${((e.ts - origin) / 1000).toFixed(0)}+${((e.dur ?? 0) / 1000).toFixed(0)}`;

async function load(browser: Browser, page: Page, url: string, traced: boolean): Promise<Load | null> {
  await page.goto('about:blank');
  if (traced) {
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'blink.user_timing',
      ],
    });
  }
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(READY, undefined, {
    polling: 'raf',
    timeout: 30_000,
  });
  const ready = Number(await handle.jsonValue());
  if (!traced) return null;
  const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] })
    .traceEvents;
  const cards = await page.evaluate(() =>
    [...(window as unknown as { __cards: Map<string, number> }).__cards.entries()].map(
      ([k, v]) => `${k.startsWith('+') ? 'card' : 'rows'} ${v.toFixed(0)}`,
    ),
  );
  // The page's main thread: the one that ran the navigation's document.
  const nav = events.find(
    (e) =>
      e.name === 'navigationStart' &&
      String((e.args?.data as { documentLoaderURL?: string } | undefined)?.documentLoaderURL).includes(PATH),
  );
  if (!nav) return { ready, busy: 0, cpu: 0, lines: ['  (no navigationStart in the trace)'] };
  const end = nav.ts + ready * 1000;
  const own = events
    .filter((e) => e.pid === nav.pid && e.tid === nav.tid && e.ph === 'X' && e.ts >= nav.ts && e.ts <= end)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  // Self time by event name: nested events are taken from their parent.
  const self = new Map<TraceEvent, number>();
  const selfCpu = new Map<TraceEvent, number>();
  const stack: TraceEvent[] = [];
  for (const e of own) {
    while (stack.length > 0) {
      const top = stack.at(-1) as TraceEvent;
      if (top.ts + (top.dur ?? 0) > e.ts) break;
      stack.pop();
    }
    const parent = stack.at(-1);
    if (parent) {
      self.set(parent, (self.get(parent) ?? 0) - (e.dur ?? 0));
      selfCpu.set(parent, (selfCpu.get(parent) ?? 0) - (e.tdur ?? 0));
    }
    self.set(e, (self.get(e) ?? 0) + (e.dur ?? 0));
    selfCpu.set(e, (selfCpu.get(e) ?? 0) + (e.tdur ?? 0));
    stack.push(e);
  }
  const sums = new Map<string, number>();
  for (const [e, us] of self) sums.set(e.name, (sums.get(e.name) ?? 0) + us / 1000);
  const cpuSums = new Map<string, number>();
  for (const [e, us] of selfCpu) cpuSums.set(e.name, (cpuSums.get(e.name) ?? 0) + us / 1000);
  const tasks = own.filter((e) => e.name === 'RunTask');
  const busy = tasks.reduce((s, e) => s + (e.dur ?? 0) / 1000, 0);
  const cpu = tasks.reduce((s, e) => s + (e.tdur ?? 0) / 1000, 0);
  if (process.env.TIMELINE_DUMP) {
    for (const task of tasks) {
      if ((task.dur ?? 0) < 2000) continue;
      const inner = own
        .filter(
          (e) => e !== task && e.ts >= task.ts && e.ts < task.ts + (task.dur ?? 0) && (e.dur ?? 0) >= 1000,
        )
        .slice(0, 6)
        .map((e) => {
          const data = e.args?.data as { url?: string; functionName?: string } | undefined;
          const what = String(data?.url ?? data?.functionName ?? '').replace(/.*\//, '');
          return `${e.name}${what ? `(${what})` : ''} ${((e.dur ?? 0) / 1000).toFixed(0)}`;
        });
      console.log(
        `    task ${at(task, nav.ts)} cpu ${((task.tdur ?? 0) / 1000).toFixed(0)}: ${inner.join(', ')}`,
      );
    }
  }
  const top = [...sums.entries()]
    .filter(([, v]) => v >= 5)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 14);
  return {
    ready,
    busy,
    cpu,
    lines: [
      ...top.map(
        ([k, v]) =>
          `  ${v.toFixed(0).padStart(6)} ms (CPU ${(cpuSums.get(k) ?? 0).toFixed(0).padStart(4)})  ${k}`,
      ),
      `  layouts: ${own
        .filter((e) => e.name === 'Layout')
        .map((e) => at(e, nav.ts))
        .join(' ')}`,
      `  tasks > 30 ms: ${tasks
        .filter((e) => (e.dur ?? 0) > 30_000)
        .map((e) => at(e, nav.ts))
        .join(' ')}`,
      `  ${cards.join(', ')}`,
    ],
  };
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
const dists = otherDist ? [otherDist, WEB_DIST] : [WEB_DIST];
const apps = [];
for (const webDist of dists) {
  apps.push(await startWebApp(databaseUrl, webDist));
}
const browser = await launchChromium();
try {
  const pages = [];
  const user = isWidget ? BIG_LIST_USER : BENCH_USERS[0];
  if (!user) throw new Error('no bench user');
  for (const app of apps) {
    const page = await signedInPage(browser, app.url, user);
    await page.context().addInitScript(CARD_WATCH);
    pages.push(page);
  }
  const results: Load[][] = dists.map(() => []);
  for (let round = 0; round <= rounds; round++) {
    for (const [k, app] of apps.entries()) {
      const page = pages[k] as Page;
      const result = await load(browser, page, `${app.url}${PATH}`, round > 0);
      if (!result) continue;
      results[k]?.push(result);
      console.log(
        `${dists[k]} round ${round}: ready ${result.ready.toFixed(0)} ms, main thread busy ${result.busy.toFixed(0)} ms, CPU ${result.cpu.toFixed(0)} ms`,
      );
      if (!otherDist) console.log(result.lines.join('\n'));
    }
  }
  for (const [k, dist] of dists.entries()) {
    const all = results[k] ?? [];
    // A round whose trace held no main-thread tasks (busy 0) says nothing about busy time or CPU: left out of those
    // medians (its ready time stands).
    const r = all.filter((x) => x.busy > 0);
    console.log(
      `${dist}: median ready ${median(all.map((x) => x.ready)).toFixed(0)} ms, busy ${median(r.map((x) => x.busy)).toFixed(0)} ms, CPU ${median(r.map((x) => x.cpu)).toFixed(0)} ms (CPU per round ${all.map((x) => x.cpu.toFixed(0)).join(' ')}; ${all.length - r.length} rounds without a trace left out)`,
    );
  }
} finally {
  await browser.close();
  for (const app of apps) await app.stop();
}
