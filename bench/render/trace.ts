// Where the browser part's time goes: one warmed navigation to the dashboard and to the 10,000-alert widget page,
// printing the resource timeline (request start, response end), long tasks and the ready time. Not part of the
// suite: `node --import tsx bench/render/trace.ts <database-url> [rounds] [other-dist]` on a database the bench has
// seeded; with another build's dist folder it times that build and this one, interleaved (A/B), instead.
// TRACE_DIST=<dist> serves that build instead of apps/web/dist (e.g. one built with --minify false, to read the
// profile's function names).
import { TOKEN_STORAGE_KEY, widgetByKey } from '@portal/domain';
import type { Page } from 'playwright-core';
import { BENCH_USERS, BIG_LIST_USER } from '../load/bench-world.ts';
import { ALL_CARDS_HAVE_ROWS, launchChromium } from './dashboard-render.ts';
import { startWebApp } from './web-app.ts';

const databaseUrl = process.argv[2];
const rounds = Number(process.argv[3] ?? 3);
const FIRST_ROWS = () => (document.querySelector('table tbody tr') ? performance.now() : false);

async function signedIn(appUrl: string, email: string, password: string) {
  const response = await fetch(`${appUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const { token } = (await response.json()) as { token: string };
  return token;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

async function trace(page: Page, url: string, ready: () => number | false, profile = false) {
  await page.goto('about:blank');
  const cdp = profile ? await page.context().newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(ready, undefined, { polling: 'raf', timeout: 30_000 });
  const at = Number(await handle.jsonValue());
  if (cdp) {
    const { profile: p } = (await cdp.send('Profiler.stop')) as unknown as {
      profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
    };
    const byId = new Map(p.nodes.map((n) => [n.id, n]));
    const self = new Map<string, number>();
    p.samples.forEach((id, i) => {
      const n = byId.get(id);
      if (!n) return;
      const name = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
      self.set(name, (self.get(name) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000);
    });
    const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30);
    console.log(top.map(([k, v]) => `  ${v.toFixed(1).padStart(7)} ms  ${k}`).join('\n'));
  }
  const lines = await page.evaluate(() => {
    const out: string[] = [];
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    out.push(
      `nav: responseEnd ${nav.responseEnd.toFixed(0)} domInteractive ${nav.domInteractive.toFixed(0)} dcl ${nav.domContentLoadedEventEnd.toFixed(0)}`,
    );
    for (const e of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
      out.push(
        `  ${e.startTime.toFixed(0).padStart(5)} -> ${e.responseEnd.toFixed(0).padStart(5)}  ${e.transferSize ? 'net ' : 'cache'} ${e.name.replace(location.origin, '').slice(0, 90)}`,
      );
    }
    for (const m of performance.getEntriesByType('mark'))
      out.push(`  mark ${m.startTime.toFixed(0)} ${m.name}`);
    return out;
  });
  const longTasks = await page.evaluate(
    () => (window as unknown as { __long?: string[] }).__long?.join(', ') ?? '',
  );
  console.log(`${url} ready at ${at.toFixed(0)} ms`);
  console.log(lines.join('\n'));
  console.log(`  long tasks: ${longTasks}`);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function time(page: Page, url: string, ready: () => number | false): Promise<number> {
  await page.goto('about:blank');
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(ready, undefined, { polling: 'raf', timeout: 30_000 });
  return Number(await handle.jsonValue());
}

/** A/B: the same navigations against a server of another build (`before`) and this one, interleaved. */
async function compare(beforeDist: string) {
  const servers = [await startWebApp(databaseUrl, beforeDist), await startWebApp(databaseUrl)];
  const browser = await launchChromium();
  try {
    const pages: Page[][] = [];
    for (const app of servers) {
      const row: Page[] = [];
      for (const user of [BENCH_USERS[0], BIG_LIST_USER]) {
        if (!user) throw new Error('no user');
        const token = await signedIn(app.url, user.email, user.password);
        const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
        await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
          TOKEN_STORAGE_KEY,
          token,
        ] as const);
        row.push(await context.newPage());
      }
      pages.push(row);
    }
    const dash: number[][] = [[], []];
    const widget: number[][] = [[], []];
    for (let round = 0; round <= rounds; round++) {
      for (const k of [0, 1]) {
        const app = servers[k];
        const [d, w] = pages[k] ?? [];
        if (!app || !d || !w) throw new Error('no page');
        const a = await time(d, `${app.url}/dashboard`, ALL_CARDS_HAVE_ROWS);
        const b = await time(w, `${app.url}/alerts/${widgetByKey('highCost').path}`, FIRST_ROWS);
        if (round > 0) {
          dash[k]?.push(a);
          widget[k]?.push(b);
        }
      }
    }
    const ratios = (xs: number[][]) => (xs[1] ?? []).map((after, i) => after / (xs[0]?.[i] ?? 1));
    const show = (name: string, xs: number[][]) =>
      console.log(
        `${name}: before ${xs[0]?.map((x) => x.toFixed(0)).join(' ')} | after ${xs[1]?.map((x) => x.toFixed(0)).join(' ')}; median ${median(xs[0] ?? []).toFixed(0)} -> ${median(xs[1] ?? []).toFixed(0)} ms; after/before per round ${ratios(
          xs,
        )
          .map((r) => r.toFixed(2))
          .join(' ')} (median ${median(ratios(xs)).toFixed(2)})`,
      );
    show('dashboard', dash);
    show('widget page', widget);
  } finally {
    await browser.close();
    for (const app of servers) await app.stop();
  }
}

async function main() {
  if (process.argv[4]) return compare(process.argv[4]);
  const app = await startWebApp(databaseUrl);
  const browser = await launchChromium();
  try {
    const pages = [];
    for (const user of [BENCH_USERS[0], BIG_LIST_USER]) {
      if (!user) throw new Error('no user');
      const token = await signedIn(app.url, user.email, user.password);
      const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
      await context.addInitScript(
        ([key, value]) => {
          window.localStorage.setItem(key, value);
          const long: string[] = [];
          (window as unknown as { __long: string[] }).__long = long;
          new PerformanceObserver((list) => {
            for (const e of list.getEntries())
              long.push(`${e.startTime.toFixed(0)}+${e.duration.toFixed(0)}`);
          }).observe({ type: 'longtask', buffered: true });
        },
        [TOKEN_STORAGE_KEY, token] as const,
      );
      pages.push(await context.newPage());
    }
    const [dash, big] = pages;
    if (!dash || !big) throw new Error('no page');
    for (let round = 0; round < rounds; round++) {
      await trace(dash, `${app.url}/dashboard`, ALL_CARDS_HAVE_ROWS, round === rounds - 1);
      await trace(big, `${app.url}/alerts/${widgetByKey('highCost').path}`, FIRST_ROWS);
    }
  } finally {
    await browser.close();
    await app.stop();
  }
}

await main();
