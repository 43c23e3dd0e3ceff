import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TOKEN_STORAGE_KEY, WIDGETS, widgetByKey } from '@portal/domain';
import type { CDPSession } from 'playwright-core';
import { launchChromium } from './dashboard-render.ts';
import {
  login,
  onDashboard,
  openAndCloseAlert,
  pharmacyReplies,
  pharmacySystem,
  refreshEveryCard,
  replyTargets,
  trackRequests,
  visitWidgetPages,
} from './shift-activity.ts';

/** New alerts the pharmacy system keeps live at once before archiving the oldest. */
const LIVE_NEW_ALERTS = 3;
/** Cycles after load before the first (unsettled) reading: the lazy chunks are loaded by then. */
const FRESH_CYCLES = 2;

/** Someone who signs in: the nurse whose dashboard is watched, or the pharmacy user who replies. */
export interface MemoryUser {
  readonly email: string;
  readonly password: string;
}

export interface MemoryOptions {
  readonly appUrl: string;
  readonly nurse: MemoryUser;
  readonly pharmacy: MemoryUser;
  /**
   * How long the shift runs before the baseline, in seconds: longer than the 5 minutes TanStack Query keeps a
   * finished mutation or an unused query, so those caches are as full at the baseline as they will stay.
   */
  readonly settleSeconds: number;
  /** Cycles after the baseline at which to measure, ascending. */
  readonly checkpoints: readonly number[];
  /** Pharmacy replies posted in each cycle (each one a live event or two on the nurse's stream). */
  readonly repliesPerCycle: number;
  /**
   * Removes the replies posted so far (comment starting with MEMORY_REPLY_PREFIX), so that every reading is of
   * the page over the same data: what grows then is the page's, not the threads'.
   */
  readonly removeReplies: () => Promise<void>;
  readonly log: (line: string) => void;
  /** A folder to write a heap snapshot into at each reading, or undefined for none. */
  readonly snapshotDir?: string | undefined;
}

/** The renderer's memory after a full garbage collection. */
export interface MemorySample {
  /** Cycles since the baseline (the fresh reading: since load). */
  readonly cycles: number;
  /** V8 heap in use (Runtime.getHeapUsage usedSize), bytes. */
  readonly heapUsed: number;
  /** DOM nodes alive (Memory.getDOMCounters). */
  readonly nodes: number;
  /** JavaScript event listeners alive (Memory.getDOMCounters). */
  readonly listeners: number;
  /** Seconds of shift the reading covers: since load for the fresh one and the baseline, else since the last. */
  readonly seconds: number;
}

export type MemoryResult =
  | { readonly measured: false; readonly reason: string }
  | {
      readonly measured: true;
      readonly cards: number;
      readonly repliesPerCycle: number;
      /** Right after load and FRESH_CYCLES cycles. */
      readonly fresh: MemorySample;
      /** After `settleCycles` cycles, `settleSeconds` into the shift: what every checkpoint is a ratio of. */
      readonly baseline: MemorySample;
      readonly settleCycles: number;
      readonly samples: readonly MemorySample[];
      readonly replies: number;
      readonly newAlerts: number;
    };

/** Writes a heap snapshot of the page to `file`, to compare in DevTools (MEMORY_SNAPSHOTS=<dir>). */
async function writeSnapshot(cdp: CDPSession, file: string): Promise<void> {
  const chunks: string[] = [];
  const onChunk = ({ chunk }: { chunk: string }) => chunks.push(chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await writeFile(file, chunks.join(''));
}

async function sample(cdp: CDPSession, cycles: number, seconds: number): Promise<MemorySample> {
  // Twice: a first collection can leave what finalizers or weak callbacks free only for the next one.
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');
  const dom = await cdp.send('Memory.getDOMCounters');
  return { cycles, heapUsed: heap.usedSize, nodes: dom.nodes, listeners: dom.jsEventListeners, seconds };
}

/**
 * A ward computer's shift, fast: the nurse's dashboard in headless Chromium, then cycles of what a shift does to
 * it. Each cycle presses every card's Refresh (the refetch its timers make), has the pharmacy user post replies
 * (live events that change rows in place) and the pharmacy system send a new alert and archive an older one
 * (live events that add and remove rows), opens an alert on its second tab and closes it, and goes to a card's
 * widget page, its archive and back. The real timers run as well. The page's heap, DOM nodes and listeners are
 * read after a full GC, each time on the dashboard with the replies removed, the new alerts archived and every
 * card refreshed: right after load (fresh), after `settleSeconds` (the baseline), and at each checkpoint.
 */
export async function measureMemory(options: MemoryOptions): Promise<MemoryResult> {
  const { appUrl, log } = options;
  const nurseToken = await login(appUrl, options.nurse.email, options.nurse.password);
  const targets = await replyTargets(appUrl, nurseToken);
  const [first] = targets;
  if (!first) return { measured: false, reason: `${options.nurse.email} has no alerts to answer` };
  const pharmacyToken = await login(appUrl, options.pharmacy.email, options.pharmacy.password);
  const replies = pharmacyReplies(appUrl, pharmacyToken, targets);
  const system = await pharmacySystem(appUrl, pharmacyToken, first.facID, first.pharmID);
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
      TOKEN_STORAGE_KEY,
      nurseToken,
    ] as const);
    const page = await context.newPage();
    const idle = trackRequests(page);
    const response = await page.goto(`${appUrl}/dashboard`).catch(() => null);
    const ready = await onDashboard(page)
      .then(() => true)
      .catch(() => false);
    if (response?.status() !== 200 || !ready)
      return { measured: false, reason: 'no dashboard with rows in every card (run `npm run build`)' };
    const titles = await page.$$eval('[data-testid="dashboard-widgets"] section h2', (hs) =>
      hs.map((h) => h.textContent ?? ''),
    );
    const widgets = titles.map((t) => WIDGETS.find((w) => w.title.toUpperCase() === t.toUpperCase()));
    const cdp = await context.newCDPSession(page);

    let done = 0;
    const cycle = async () => {
      const card = done % widgets.length;
      await refreshEveryCard(page, idle);
      await replies.send(options.repliesPerCycle);
      await system.turnOver(LIVE_NEW_ALERTS);
      await openAndCloseAlert(page, card, idle);
      await visitWidgetPages(page, widgets[card] ?? widgetByKey('highCost'), idle);
      done += 1;
    };
    const read = async (cycles: number, seconds: number, name: string) => {
      await options.removeReplies();
      await system.archiveAll();
      await refreshEveryCard(page, idle);
      // The archiving's live events come over the stream, not as requests the idle wait sees: give them a moment.
      await page.waitForTimeout(1000);
      await idle();
      const measured = await sample(cdp, cycles, seconds);
      if (options.snapshotDir)
        await writeSnapshot(cdp, join(options.snapshotDir, `memory-${name}.heapsnapshot`));
      return measured;
    };

    const loaded = performance.now();
    while (done < FRESH_CYCLES) await cycle();
    const fresh = await read(done, (performance.now() - loaded) / 1000, 'fresh');
    log(`    fresh (${done} cycles after load): ${describe(fresh)}`);
    while (performance.now() - loaded < options.settleSeconds * 1000) await cycle();
    const settleCycles = done;
    const baseline = await read(0, (performance.now() - loaded) / 1000, 'baseline');
    log(`    settled (${settleCycles} cycles, ${baseline.seconds.toFixed(0)} s): ${describe(baseline)}`);
    const samples: MemorySample[] = [];
    for (const checkpoint of options.checkpoints) {
      const started = performance.now();
      while (done - settleCycles < checkpoint) await cycle();
      const measured = await read(checkpoint, (performance.now() - started) / 1000, String(checkpoint));
      samples.push(measured);
      log(`    after ${checkpoint} cycles: ${describeAgainst(measured, baseline)} (${describe(measured)})`);
    }
    return {
      measured: true,
      cards: widgets.length,
      repliesPerCycle: options.repliesPerCycle,
      fresh,
      baseline,
      settleCycles,
      samples,
      replies: replies.count(),
      newAlerts: system.count(),
    };
  } finally {
    await browser.close();
    await options.removeReplies();
    await system.archiveAll();
  }
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(2)} MB`;

const times = (value: number, baseline: number) => `${(value / Math.max(baseline, 1)).toFixed(2)}x`;

function describe(s: MemorySample): string {
  return `heap ${mb(s.heapUsed)}, ${s.nodes} nodes, ${s.listeners} listeners`;
}

function describeAgainst(s: MemorySample, b: MemorySample): string {
  return `heap ${times(s.heapUsed, b.heapUsed)}, nodes ${times(s.nodes, b.nodes)}, listeners ${times(s.listeners, b.listeners)}`;
}

/** The report section for the memory part. */
export function renderMemory(result: MemoryResult): string {
  if (!result.measured) return `### Memory over a shift\n\n${result.reason}.\n`;
  const b = result.baseline;
  const row = (label: string, s: MemorySample, previous: MemorySample | null) =>
    `| ${label} | ${times(s.heapUsed, b.heapUsed)} | ${times(s.nodes, b.nodes)} | ${times(s.listeners, b.listeners)} | ${mb(s.heapUsed)} | ${
      previous ? `${s.heapUsed >= previous.heapUsed ? '+' : ''}${mb(s.heapUsed - previous.heapUsed)}` : ''
    } | ${s.nodes} | ${s.listeners} | ${s.seconds.toFixed(0)} |`;
  return [
    '### Memory over a shift (headless Chromium, after a full GC)',
    '',
    `The nurse's dashboard (${result.cards} cards). One cycle: every card's Refresh, ${result.repliesPerCycle} pharmacy replies and one new alert in, one archived (live events), an alert opened on its second tab and closed, a widget page, its archive and Back. ${result.replies} replies and ${result.newAlerts} new alerts in all. Ratios are against the settled baseline of this run.`,
    '',
    '| reading | heap | DOM nodes | listeners | heap used | since previous | nodes | listeners | s |',
    '|---|---|---|---|---|---|---|---|---|',
    row(`fresh (${result.fresh.cycles} cycles after load)`, result.fresh, null),
    row(`settled baseline (${result.settleCycles} cycles)`, b, null),
    ...result.samples.map((s, i) => row(`after ${s.cycles} cycles`, s, result.samples[i - 1] ?? b)),
    '',
  ].join('\n');
}
