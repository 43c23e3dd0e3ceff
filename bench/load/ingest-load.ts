import { randomUUID } from 'node:crypto';
import { ENDPOINTS, INGEST_MAX_BATCH, type IngestAlert } from '@portal/domain';
import { alerts } from '@portal/server/src/db/schema/index.ts';
import { INGEST_EXAMPLES } from '@portal/server/src/features/ingest/examples.ts';
import { ownedColumns } from '@portal/server/src/features/ingest/row-values.ts';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { BenchTarget, LoadSettings } from './bench-target.ts';
import { signIn } from './bench-target.ts';
import { formatRatio, interleaved, median, type RatioStats, ratioStats } from './pairs.ts';

const BATCH = 500;
// Per round and side: 8 batches of 500 = 4,000 alerts; enough to time, small beside the 200,000 of the seed.
const BATCHES_PER_ROUND = 8;
const FACILITY = 101;
const PHARMACY = 'sprx';

/** One timed side of a round: how many alerts, in how long. */
interface Timed {
  readonly alerts: number;
  readonly ms: number;
}

/** Ingest throughput of one engine: the route (new and resent batches) against bare inserts of the same rows. */
export interface IngestResult {
  readonly engine: string;
  readonly batch: number;
  readonly created: Timed[];
  readonly resent: Timed[];
  readonly bare: Timed[];
  /** After every round: alerts stored under the round's uuids, against the alerts the route acknowledged. */
  readonly stored: { acknowledged: number; stored: number }[];
}

const perSecond = (t: Timed) => (t.alerts * 1000) / Math.max(t.ms, 1e-6);

/** A batch of new highCost alerts at facility 101, as a pharmacy system sends them. */
function newBatch(round: number, index: number): IngestAlert[] {
  const example = INGEST_EXAMPLES.highCost;
  return Array.from({ length: BATCH }, (_, n) => ({
    ...example,
    _internalUUID: randomUUID(),
    _generatedID: `bench-ingest-${round}-${index}-${n}`,
    rxNo: String(9_000_000 + ((round * BATCHES_PER_ROUND + index) * BATCH + n)),
    facID: FACILITY,
  })) as unknown as IngestAlert[];
}

/**
 * The same rows as one multi-row INSERT, built by Drizzle with the columns the route writes (`ownedColumns`):
 * the database storing the alerts with no HTTP, no validation, no idempotency check and no auto-respond.
 */
function bareInsert(rows: readonly IngestAlert[]): { text: string; values: unknown[] } {
  const now = new Date();
  const db = drizzle.mock();
  const query = db
    .insert(alerts)
    .values(
      rows.map((row) => ({
        ...ownedColumns('highCost', row, PHARMACY, undefined, now),
        uuid: row._internalUUID,
        readByFaci: false,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .toSQL();
  return { text: query.sql, values: query.params };
}

async function postBatches(url: string, key: string, batches: readonly IngestAlert[][]) {
  let created = 0;
  let unchanged = 0;
  const start = performance.now();
  for (const batch of batches) {
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ alerts: batch }),
    });
    if (response.status !== 200) throw new Error(`ingest: ${response.status} ${await response.text()}`);
    const answer = (await response.json()) as { created: number; unchanged: number };
    created += answer.created;
    unchanged += answer.unchanged;
  }
  return { ms: performance.now() - start, created, unchanged };
}

/**
 * `POST /api/ingest/highCost` in batches of 500 new alerts, one client (a pharmacy system sends its batches one
 * after another), against the same number of rows inserted bare in the server's database; then the same batches
 * sent again (idempotent: nothing written). Interleaved rounds; a count check after each.
 */
export async function measureIngest(
  target: BenchTarget,
  settings: LoadSettings,
  log: (line: string) => void,
): Promise<IngestResult> {
  if (BATCH > INGEST_MAX_BATCH) throw new Error('batch above the ingest limit');
  const admin = await signIn(target.app, 'sysadmin@pharmacy.test', 'portal-demo-1');
  const made = await fetch(`${target.app.url}/api${ENDPOINTS.pharmacyKeys}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ pharmID: PHARMACY, name: `bench ${new Date().toISOString()}` }),
  });
  if (!made.ok) throw new Error(`pharmacy key: ${made.status} ${await made.text()}`);
  const { secret } = (await made.json()) as { secret: string };
  const url = `${target.app.url}/api${ENDPOINTS.ingest.replace(':key', 'highCost')}`;

  const result: IngestResult = {
    engine: target.engine,
    batch: BATCH,
    created: [],
    resent: [],
    bare: [],
    stored: [],
  };
  // One unrecorded batch each way first: the first round otherwise pays the route's and the statement's warm-up
  // (JIT, plan and catalogue caches) and its ratio says nothing about throughput.
  await postBatches(url, secret, [newBatch(5000, 0)]);
  const warm = bareInsert(newBatch(6000, 0));
  await target.app.query(warm.text, warm.values);
  let round = 0;
  await interleaved(settings.rounds, [
    async () => {
      round += 1;
      const batches = Array.from({ length: BATCHES_PER_ROUND }, (_, i) => newBatch(round, i));
      const first = await postBatches(url, secret, batches);
      const again = await postBatches(url, secret, batches);
      const uuids = batches.flat().map((row) => row._internalUUID);
      const [count] = await target.app.query<{ n: string }>(
        'select count(*) as n from alerts where uuid = any($1::uuid[])',
        [uuids],
      );
      result.created.push({ alerts: first.created, ms: first.ms });
      result.resent.push({ alerts: again.unchanged, ms: again.ms });
      result.stored.push({ acknowledged: first.created, stored: Number(count?.n ?? 0) });
      log(
        `    round ${round}: route ${perSecond({ alerts: first.created, ms: first.ms }).toFixed(0)} alerts/s new, ` +
          `${perSecond({ alerts: again.unchanged, ms: again.ms }).toFixed(0)} alerts/s resent (${again.unchanged} unchanged, ` +
          `${again.created} created again); stored ${count?.n} of ${first.created}`,
      );
    },
    async () => {
      const batches = Array.from({ length: BATCHES_PER_ROUND }, (_, i) => newBatch(1000 + round, i));
      const start = performance.now();
      for (const batch of batches) {
        const statement = bareInsert(batch);
        await target.app.query(statement.text, statement.values);
      }
      const ms = performance.now() - start;
      result.bare.push({ alerts: BATCH * BATCHES_PER_ROUND, ms });
      log(
        `    round ${round}: bare insert ${perSecond({ alerts: BATCH * BATCHES_PER_ROUND, ms }).toFixed(0)} alerts/s`,
      );
    },
  ]);
  return result;
}

/** Per-round ratios of the route's rate to the bare insert's. */
function ratiosOf(route: readonly Timed[], bare: readonly Timed[]): RatioStats {
  return ratioStats(route.map((r, i) => ({ value: perSecond(r), baseline: perSecond(bare[i] ?? r) })));
}

/** The markdown section of the report. */
export function renderIngest(results: readonly IngestResult[]): string {
  const lines = [
    `| engine | new alerts/s (median) | bare insert alerts/s | new / bare | resent alerts/s | resent / bare | stored = acknowledged |`,
    `| --- | --- | --- | --- | --- | --- | --- |`,
  ];
  for (const r of results) {
    const exact = r.stored.every((s) => s.stored === s.acknowledged);
    const acknowledged = r.stored.reduce((sum, s) => sum + s.acknowledged, 0);
    lines.push(
      `| ${r.engine} | ${median(r.created.map(perSecond)).toFixed(0)} | ${median(r.bare.map(perSecond)).toFixed(0)} | ` +
        `${formatRatio(ratiosOf(r.created, r.bare))} | ${median(r.resent.map(perSecond)).toFixed(0)} | ` +
        `${formatRatio(ratiosOf(r.resent, r.bare))} | ${exact ? 'yes' : 'NO'} (${acknowledged} alerts) |`,
    );
  }
  return [
    '### Ingest throughput',
    '',
    `\`POST /api/ingest/highCost\`, batches of ${BATCH} new alerts at facility ${FACILITY}, one client, ${BATCHES_PER_ROUND} batches per round; ` +
      'then the same batches again (idempotent: each row answered unchanged). Baseline: the same number of rows as ' +
      'one multi-row INSERT per batch, built with the columns the route writes, run in the server process.',
    '',
    ...lines,
  ].join('\n');
}
