import { type Subscription, subscribe } from '@portal/server/src/features/events/test-support.ts';
import type { BenchTarget, LoadSettings } from './bench-target.ts';
import { signIn } from './bench-target.ts';
import { formatRatio, interleaved, median, ratioStats } from './pairs.ts';

const SUBSCRIBERS = 100;
// Changes per round and side, one after another: each is timed at every subscriber.
const CHANGES = 20;
const FACILITY = 101;
const VIEWER = 'nurse@meadowbrook.test';

/** Delivery latencies (ms) of one side of one round, every change at every subscriber. */
interface Side {
  readonly p50: number;
  readonly p99: number;
  readonly count: number;
}

/**
 * Where one change's time goes (ms from before the UPDATE, median over the changes of a run): the statement
 * answered (committed, including the round trip to the server process), the first subscriber's arrival, the last's.
 */
interface Stages {
  readonly committed: number;
  readonly first: number;
  readonly last: number;
}

/** The events part of one engine: GET /api/events against bare LISTEN/NOTIFY, per round. */
export interface EventsResult {
  readonly engine: string;
  readonly app: Side[];
  readonly bare: Side[];
  readonly stages: Stages[];
  /** Every subscriber got every change exactly once, in every round. */
  exact: boolean;
}

function percentiles(times: readonly number[]): Side {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99), count: sorted.length };
}

/**
 * 100 subscribers of `GET /api/events` (one facility nurse's session, facility 101), then N changes committed one
 * after another (an UPDATE of one alert at 101, run in the server process as any writer would), each timed from
 * before the statement to its arrival at every subscriber: the trigger, the NOTIFY, the bus's read of the new
 * rows with the alert and discussion, the fan-out and the SSE write, parsed by the client. Baseline in the same
 * rounds: a bare `NOTIFY` to one bare `LISTEN` on the same database inside the server process, handed to 100
 * callbacks (notify-probe.ts).
 */
export async function measureEvents(
  target: BenchTarget,
  settings: LoadSettings,
  log: (line: string) => void,
): Promise<EventsResult> {
  const token = await signIn(target.app, VIEWER, 'portal-demo-1');
  const [row] = await target.app.query<{ id: string }>(
    'select id from alerts where fac_id = $1 and not is_archived order by id limit 1',
    [FACILITY],
  );
  const alertId = Number(row?.id);
  const subscribers: Subscription[] = [];
  for (let i = 0; i < SUBSCRIBERS; i++) subscribers.push(await subscribe(target.app.url, token));
  await Promise.all(subscribers.map((s) => s.waitFor((m) => m.event === 'ready', 'ready', 60_000)));
  const result: EventsResult = { engine: target.engine, app: [], bare: [], stages: [], exact: true };
  let round = 0;
  try {
    await interleaved(settings.rounds, [
      async () => {
        const times = await target.app.notifyProbe(SUBSCRIBERS, CHANGES);
        const side = percentiles(times);
        result.bare.push(side);
        log(
          `    round ${round + 1}: bare NOTIFY p50 ${side.p50.toFixed(2)} ms, p99 ${side.p99.toFixed(2)} ms`,
        );
      },
      async () => {
        round += 1;
        const times: number[] = [];
        const committed: number[] = [];
        const first: number[] = [];
        const last: number[] = [];
        for (let n = 0; n < CHANGES; n++) {
          const marker = `bench-events-${round}-${n}`;
          const sent = performance.now();
          const arriving = Promise.all(
            subscribers.map((s) => s.waitFor((m) => m.data.includes(`"${marker}"`), marker, 30_000)),
          );
          await target.app.query('update alerts set pharmacy_status = $1 where id = $2', [marker, alertId]);
          committed.push(performance.now() - sent);
          const arrived = (await arriving).map((message) => message.receivedAt - sent);
          times.push(...arrived);
          first.push(Math.min(...arrived));
          last.push(Math.max(...arrived));
        }
        result.stages.push({ committed: median(committed), first: median(first), last: median(last) });
        for (const s of subscribers) {
          const copies = s.messages.filter((m) => m.data.includes(`"bench-events-${round}-`)).length;
          if (copies !== CHANGES) result.exact = false;
        }
        const side = percentiles(times);
        result.app.push(side);
        const stage = result.stages[result.stages.length - 1];
        log(
          `    round ${round}: GET /api/events p50 ${side.p50.toFixed(2)} ms, p99 ${side.p99.toFixed(2)} ms ` +
            `(committed ${stage?.committed.toFixed(2)}, first ${stage?.first.toFixed(2)}, last ${stage?.last.toFixed(2)})`,
        );
      },
    ]);
  } finally {
    for (const s of subscribers) s.close();
  }
  return result;
}

/** The markdown section of the report. */
export function renderEvents(results: readonly EventsResult[]): string {
  const lines = [
    '| engine | events p50 ms | bare p50 ms | p50 / bare | events p99 ms | bare p99 ms | p99 / bare | each once |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of results) {
    const ratio = (pick: (s: Side) => number) =>
      formatRatio(ratioStats(r.app.map((a, i) => ({ value: pick(a), baseline: pick(r.bare[i] ?? a) }))));
    lines.push(
      `| ${r.engine} | ${median(r.app.map((s) => s.p50)).toFixed(2)} | ${median(r.bare.map((s) => s.p50)).toFixed(2)} | ` +
        `${ratio((s) => s.p50)} | ${median(r.app.map((s) => s.p99)).toFixed(2)} | ` +
        `${median(r.bare.map((s) => s.p99)).toFixed(2)} | ${ratio((s) => s.p99)} | ${r.exact ? 'yes' : 'NO'} |`,
    );
  }
  const stageLines = [
    '| engine | statement answered ms | first subscriber ms | last subscriber ms | after commit to first | first to last |',
    '| --- | --- | --- | --- | --- | --- |',
    ...results.map((r) => {
      const at = (pick: (s: Stages) => number) => median(r.stages.map(pick));
      return (
        `| ${r.engine} | ${at((s) => s.committed).toFixed(2)} | ${at((s) => s.first).toFixed(2)} | ` +
        `${at((s) => s.last).toFixed(2)} | ${at((s) => s.first - s.committed).toFixed(2)} | ` +
        `${at((s) => s.last - s.first).toFixed(2)} |`
      );
    }),
  ];
  return [
    `### Live updates: commit to delivery at ${SUBSCRIBERS} subscribers`,
    '',
    `\`GET /api/events\`: ${SUBSCRIBERS} SSE subscribers (one facility nurse, facility ${FACILITY}) in the bench process; ` +
      `${CHANGES} changes per round, one after another, each an UPDATE of one alert run in the server process, timed ` +
      'from before the statement to arrival at every subscriber (trigger, NOTIFY, the bus reading the new rows ' +
      'with the alert and its discussion once, fan-out, SSE over HTTP, parsing). Baseline in the same rounds: ' +
      '`select pg_notify(...)` to one bare LISTEN on the same database inside the server process (a pg.Client on ' +
      `PostgreSQL, \`listen()\` on PGlite), handed to ${SUBSCRIBERS} callbacks: the floor of one LISTEN per process ` +
      'with fan-out in memory. Per-round ratios, median (min-max).',
    '',
    ...lines,
    '',
    'Where the time goes, per change (medians over the rounds of the per-round medians, ms from before the ' +
      'UPDATE): the statement answered (committed, with the round trip to the server process), the first ' +
      'subscriber to parse the event, the last. "First to last" is the fan-out: the server writing 100 streams ' +
      'and the bench process parsing them, one thread each.',
    '',
    ...stageLines,
  ].join('\n');
}
