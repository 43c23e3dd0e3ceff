// Where the 10,000-alert widget page's time goes: a CPU profile of its load (document load, signed in by the
// navigation cookie as the bench's is) and of the route change from its dashboard card, by function: self time,
// then inclusive time (each function counted once per sample, however deep it recurs).
// Not part of the suite: `node --import tsx bench/render/widget-profile.ts <database-url> [rounds]`;
// TRACE_DIST=<dist> serves another build (one built with --minify false names the functions).
import { widgetByKey } from '@portal/domain';
import type { CDPSession, Page } from 'playwright-core';
import { BIG_LIST_USER } from '../load/bench-world.ts';
import {
  ALL_CARDS_LIVE,
  INTERACTIVE,
  launchChromium,
  openFromCard,
  signedInPage,
  timeTo,
} from './dashboard-render.ts';
import { startWebApp } from './web-app.ts';

const databaseUrl = process.argv[2];
const rounds = Number(process.argv[3] ?? 3);
if (!databaseUrl) throw new Error('usage: widget-profile.ts <database-url> [rounds]');
const path = `/alerts/${widgetByKey('highCost').path}`;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
const totals = new Map<string, number>();
const inclusive = new Map<string, number>();

async function start(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return cdp;
}

async function stop(cdp: CDPSession) {
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
    profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const nameOf = (n: ProfileNode) =>
    `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
  profile.samples.forEach((id, i) => {
    const n = byId.get(id);
    if (!n) return;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    totals.set(nameOf(n), (totals.get(nameOf(n)) ?? 0) + ms);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const node = byId.get(at);
      if (!node) break;
      const name = nameOf(node);
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
    }
  });
  await cdp.detach();
}

function report(label: string, times: number[]) {
  const top = [...totals.entries()].sort((a, b) => b[1] - a[1]).slice(0, 40);
  console.log(`${label}: ${times.map((t) => t.toFixed(0)).join(' ')} ms; self time per load:`);
  for (const [k, v] of top) console.log(`  ${(v / times.length).toFixed(1).padStart(7)} ms  ${k}`);
  console.log('  inclusive time per load, functions of more than 5 ms:');
  const all = [...inclusive.entries()].filter(([, v]) => v / times.length >= 5).sort((a, b) => b[1] - a[1]);
  for (const [k, v] of all.slice(0, 120))
    console.log(`  ${(v / times.length).toFixed(1).padStart(7)} ms  ${k}`);
  totals.clear();
  inclusive.clear();
}

const app = await startWebApp(databaseUrl);
const browser = await launchChromium();
try {
  const page = await signedInPage(browser, app.url, BIG_LIST_USER);
  await timeTo(page, `${app.url}${path}`, INTERACTIVE as unknown as () => number);
  const loads: number[] = [];
  for (let round = 0; round < rounds; round++) {
    await page.goto('about:blank');
    const cdp = await start(page);
    loads.push(await timeTo(page, `${app.url}${path}`, INTERACTIVE as unknown as () => number));
    await stop(cdp);
  }
  report('document load', loads);
  const changes: number[] = [];
  for (let round = 0; round < rounds; round++) {
    await timeTo(page, `${app.url}/dashboard`, ALL_CARDS_LIVE);
    const cdp = await start(page);
    changes.push(await openFromCard(page, path));
    await stop(cdp);
  }
  report('route change from the card', changes);
} finally {
  await browser.close();
  await app.stop();
}
