// Where the machine's CPU goes during a warm dashboard load, and during a load of the static page with the same
// rows: the CPU time each process (and each thread of Chromium's renderer, browser and GPU processes) used between
// navigation and "rows in every card", read from /proc, per load. On 2 shared cores a dashboard load keeps
// everything busy at once, so a trace of the main thread alone says how long it waited, not for whom. Not part
// of the suite: `node --import tsx bench/render/cpu-split.ts <database-url> [loads]` on a database the bench has
// seeded (Linux only). TRACE_DIST=<dist> serves that build instead of apps/web/dist.
import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { BENCH_USERS } from '../load/bench-world.ts';
import { median } from '../load/pairs.ts';
import {
  ALL_CARDS_HAVE_ROWS,
  type Baselines,
  dashboardCards,
  launchChromium,
  serveBaselines,
  signedInPage,
} from './dashboard-render.ts';
import { staticDashboard } from './static-pages.ts';
import { startWebApp } from './web-app.ts';

const databaseUrl = process.argv[2];
const loads = Number(process.argv[3] ?? 10);
/** /proc's clock ticks a second (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** utime + stime of a /proc stat line, in milliseconds (the fields after the command's closing parenthesis). */
function cpuMs(statLine: string): number {
  const fields = statLine.slice(statLine.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** What a process is, by its command line: Chromium's processes by their --type, the server, PostgreSQL. */
function kindOf(cmdline: string, pid: number): string {
  if (cmdline.includes('chromium')) {
    const type = cmdline.match(/--type=([a-z-]+)/)?.[1] ?? 'browser';
    const sub = cmdline.match(/--utility-sub-type=([a-zA-Z.]+)/)?.[1];
    return `chromium ${type}${sub ? ` (${sub})` : ''}`;
  }
  if (cmdline.startsWith('postgres')) return 'postgres';
  if (cmdline.includes('server-process')) return 'server';
  if (pid === process.pid) return 'this driver (playwright)';
  return 'other';
}

/** CPU milliseconds so far of every process, and of every thread of Chromium's main processes, by a stable key. */
function snapshot(): Map<string, { label: string; ms: number }> {
  const out = new Map<string, { label: string; ms: number }>();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const kind = kindOf(readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' '), Number(pid));
      out.set(pid, { label: kind, ms: cpuMs(readFileSync(`/proc/${pid}/stat`, 'utf8')) });
      if (!/^chromium (renderer|browser|gpu-process)$/.test(kind)) continue;
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        // Thread names, numbered ones (ThreadPoolForegroundWorker2) together.
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).replace(/\d+$/, '');
        out.set(`${pid}/${tid}`, { label: `  ${kind}, thread ${name}`, ms: cpuMs(stat) });
      }
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return out;
}

/** Median CPU milliseconds per load of each label, over `loads` warm loads of `url` until `ready`. */
async function split(page: Page, url: string): Promise<{ ready: number[]; cpu: Map<string, number[]> }> {
  const ready: number[] = [];
  const cpu = new Map<string, number[]>();
  // One untimed load first: Chromium's caches are warm for the measured ones.
  for (let i = 0; i <= loads; i++) {
    await page.goto('about:blank');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = snapshot();
    await page.goto(url, { waitUntil: 'commit' });
    const handle = await page.waitForFunction(ALL_CARDS_HAVE_ROWS, undefined, {
      polling: 'raf',
      timeout: 30_000,
    });
    const at = Number(await handle.jsonValue());
    const after = snapshot();
    if (i === 0) continue;
    ready.push(at);
    const sums = new Map<string, number>();
    for (const [key, { label, ms }] of after) {
      sums.set(label, (sums.get(label) ?? 0) + ms - (before.get(key)?.ms ?? 0));
    }
    for (const [label, ms] of sums) cpu.set(label, [...(cpu.get(label) ?? []), ms]);
  }
  return { ready, cpu };
}

if (!databaseUrl) throw new Error('usage: cpu-split.ts <database-url> [loads]');
const app = await startWebApp(databaseUrl);
const browser = await launchChromium();
let pages: Baselines | null = null;
try {
  const user = BENCH_USERS[0];
  if (!user) throw new Error('no bench user');
  const page = await signedInPage(browser, app.url, user);
  await page.goto(`${app.url}/dashboard`);
  await page.waitForFunction(ALL_CARDS_HAVE_ROWS, undefined, { polling: 'raf', timeout: 30_000 });
  pages = await serveBaselines(new Map([['/dashboard.html', staticDashboard(await dashboardCards(page))]]));
  const staticUrl = `${pages.url}/dashboard.html`;
  const dashboard = await split(page, `${app.url}/dashboard`);
  const plain = await split(page, staticUrl);
  const m = (xs: number[] | undefined) => median(xs ?? [0]);
  console.log(`${loads} warm loads each; median ms of CPU per load (wall time to rows in every card first)`);
  console.log(`${'dashboard'.padStart(10)} ${'static'.padStart(8)}`);
  console.log(`${m(dashboard.ready).toFixed(0).padStart(10)} ${m(plain.ready).toFixed(0).padStart(8)}  wall`);
  const labels = [...dashboard.cpu.keys()].sort((a, b) => m(dashboard.cpu.get(b)) - m(dashboard.cpu.get(a)));
  for (const label of labels) {
    const d = m(dashboard.cpu.get(label));
    const s = m(plain.cpu.get(label));
    if (d >= 5 || s >= 5) console.log(`${d.toFixed(0).padStart(10)} ${s.toFixed(0).padStart(8)}  ${label}`);
  }
} finally {
  pages?.close();
  await browser.close();
  await app.stop();
}
