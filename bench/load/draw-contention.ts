// Does drawing dashboards hold up the API? Two portals on the same database and web build, one drawing signed-in
// pages in worker threads (RENDER_THREADS, the default) and one in its own thread (RENDER_THREADS=0), measured in
// interleaved rounds (A B, then B A). In each round, dashboards are loaded at a steady rate (open loop, as nurses
// arrive at shift change: a load starts on time whether or not the last one has finished) by the bench's dashboard
// nurse, while one client calls her highCost list (GET /api/highCost?limit=100, what a card's refresh asks) one
// call after another; each call's latency is recorded. Reported per side: the list call's p50 and p99, and the
// dashboard loads' time to their last byte, with the ratio worker/own thread per round; and the same list call with
// no dashboards loading (the floor). Not part of the suite:
// `node --import tsx bench/load/draw-contention.ts <database-url> [rounds] [pages-per-second] [seconds]` on a
// database the bench has seeded (`--scale 200`), after `npm run build`.
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { ZONE_COOKIE } from '@portal/domain';
import { signIn } from './bench-target.ts';
import { BENCH_USERS } from './bench-world.ts';
import { formatRatio, median, pairwise } from './pairs.ts';
import { ServerHandle } from './server-handle.ts';

const databaseUrl = process.argv[2];
const rounds = Number(process.argv[3] ?? 5);
// The page entry is rate-limited at 300 a minute for one address: 4 a second stays under it on each portal.
const pagesPerSecond = Number(process.argv[4] ?? 4);
const seconds = Number(process.argv[5] ?? 8);
if (!databaseUrl)
  throw new Error('usage: draw-contention.ts <database-url> [rounds] [pages-per-second] [seconds]');
const WEB_DIST = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));
const nurse = BENCH_USERS[0];
if (!nurse) throw new Error('no bench user');

/** One GET on a kept-alive connection: milliseconds to the last byte, the status and the Server-Timing header. */
function get(
  agent: Agent,
  url: string,
  headers: Record<string, string>,
): Promise<{ ms: number; status: number; timing: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () =>
        resolve({
          ms: performance.now() - started,
          status: res.statusCode ?? 0,
          timing: String(res.headers['server-timing'] ?? ''),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const quantile = (values: readonly number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

interface Side {
  listP50: number;
  listP99: number;
  calls: number;
  pageP50: number;
  pages: number;
  drawn: number;
}

interface Portal {
  name: string;
  server: ServerHandle;
  token: string;
}

async function round(portal: Portal, withPages: boolean, withCalls = true): Promise<Side> {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const auth = {
    authorization: `Bearer ${portal.token}`,
    accept: 'application/json',
    'accept-encoding': 'br',
  };
  const page = {
    accept: 'text/html',
    'accept-encoding': 'br',
    cookie: `portal_nav=${portal.token}; ${ZONE_COOKIE}=${encodeURIComponent('en-US America/New_York')}`,
  };
  const until = performance.now() + seconds * 1000;
  const listTimes: number[] = [];
  const pageLoads: Promise<{ ms: number; status: number; timing: string }>[] = [];
  const caller = (async () => {
    while (withCalls && performance.now() < until) {
      const answer = await get(agent, `${portal.server.url}/api/highCost?limit=100`, auth);
      if (answer.status !== 200) throw new Error(`list call answered ${answer.status}`);
      listTimes.push(answer.ms);
    }
  })();
  if (withPages) {
    const gap = 1000 / pagesPerSecond;
    for (let next = performance.now(); next < until; next += gap) {
      await sleep(Math.max(0, next - performance.now()));
      pageLoads.push(get(agent, `${portal.server.url}/dashboard`, page));
    }
  }
  await caller;
  const pages = await Promise.all(pageLoads);
  agent.destroy();
  const refused = pages.filter((p) => p.status !== 200);
  if (refused.length > 0) throw new Error(`${refused.length} dashboard loads answered ${refused[0]?.status}`);
  return {
    listP50: quantile(listTimes, 0.5),
    listP99: quantile(listTimes, 0.99),
    calls: listTimes.length,
    pageP50: quantile(
      pages.map((p) => p.ms),
      0.5,
    ),
    pages: pages.length,
    drawn: pages.filter((p) => p.timing.includes('draw;')).length,
  };
}

const start = (renderThreads: number) =>
  ServerHandle.start({
    kind: 'app',
    databaseUrl,
    poolSize: 10,
    logLevel: 'warn',
    webDist: WEB_DIST,
    renderThreads,
  });

const [workers, own] = await Promise.all([start(1), start(0)]);
const portals: Portal[] = [
  { name: 'worker threads (1)', server: workers, token: await signIn(workers, nurse.email, nurse.password) },
  { name: 'own thread (0)', server: own, token: await signIn(own, nurse.email, nurse.password) },
];
try {
  console.log(
    `Dashboards at ${pagesPerSecond}/s for ${seconds} s a side, ${rounds} rounds; load before ${loadavg()[0]?.toFixed(2)}`,
  );
  // Warm both: the JIT, the pools, the drawing threads.
  for (const portal of portals) await round(portal, true);
  const sides = new Map<string, Side[]>(portals.map((p) => [p.name, []]));
  const floors = new Map<string, Side[]>(portals.map((p) => [p.name, []]));
  const alone = new Map<string, Side[]>(portals.map((p) => [p.name, []]));
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? portals : [...portals].reverse();
    for (const portal of order) {
      const side = await round(portal, true);
      sides.get(portal.name)?.push(side);
      const floor = await round(portal, false);
      floors.get(portal.name)?.push(floor);
      const pagesAlone = await round(portal, true, false);
      alone.get(portal.name)?.push(pagesAlone);
      console.log(
        `  round ${r + 1}, ${portal.name}: list p50 ${side.listP50.toFixed(1)} ms, p99 ${side.listP99.toFixed(1)} ms ` +
          `(${side.calls} calls; no dashboards: p50 ${floor.listP50.toFixed(1)}, p99 ${floor.listP99.toFixed(1)}); ` +
          `dashboards ${side.pages}, drawn ${side.drawn}, p50 ${side.pageP50.toFixed(0)} ms ` +
          `(without the list calls ${pagesAlone.pageP50.toFixed(0)} ms)`,
      );
    }
  }
  const [a, b] = portals.map((p) => sides.get(p.name) ?? []);
  const [fa, fb] = portals.map((p) => floors.get(p.name) ?? []);
  const [pa, pb] = portals.map((p) => alone.get(p.name) ?? []);
  if (!a || !b || !fa || !fb || !pa || !pb) throw new Error('no rounds');
  const ratioOf = (x: Side[], y: Side[], pick: (s: Side) => number) =>
    formatRatio(pairwise(x.map(pick), y.map(pick)));
  const ratio = (pick: (s: Side) => number) => ratioOf(a, b, pick);
  const med = (list: Side[], pick: (s: Side) => number) => median(list.map(pick)).toFixed(1);
  console.log(`\n| | worker threads | own thread | worker / own (median of rounds, min-max) |`);
  console.log('| --- | --- | --- | --- |');
  console.log(
    `| list call p50 under dashboards | ${med(a, (s) => s.listP50)} ms | ${med(b, (s) => s.listP50)} ms | ${ratio((s) => s.listP50)} |`,
  );
  console.log(
    `| list call p99 under dashboards | ${med(a, (s) => s.listP99)} ms | ${med(b, (s) => s.listP99)} ms | ${ratio((s) => s.listP99)} |`,
  );
  console.log(
    `| list call p50 / p99, no dashboards | ${med(fa, (s) => s.listP50)} / ${med(fa, (s) => s.listP99)} ms | ${med(fb, (s) => s.listP50)} / ${med(fb, (s) => s.listP99)} ms | |`,
  );
  console.log(
    `| dashboard, last byte p50 | ${med(a, (s) => s.pageP50)} ms | ${med(b, (s) => s.pageP50)} ms | ${ratio((s) => s.pageP50)} |`,
  );
  console.log(
    `| dashboard, last byte p50, no list calls | ${med(pa, (s) => s.pageP50)} ms | ${med(pb, (s) => s.pageP50)} ms | ${ratioOf(pa, pb, (s) => s.pageP50)} |`,
  );
  console.log(
    `| dashboards drawn / loaded | ${a.reduce((n, s) => n + s.drawn, 0)} / ${a.reduce((n, s) => n + s.pages, 0)} | ${b.reduce((n, s) => n + s.drawn, 0)} / ${b.reduce((n, s) => n + s.pages, 0)} | |`,
  );
  console.log(`Load after: ${loadavg()[0]?.toFixed(2)}`);
} finally {
  await Promise.all([workers.stop(), own.stop()]);
}
