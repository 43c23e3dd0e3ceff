import type { ActionResult } from './load/action-load.ts';
import type { HttpLoad } from './load/http-load.ts';
import type { ListResult } from './load/list-load.ts';
import type { PagingResult } from './load/paging-load.ts';
import { formatRatio, median, ratioStats } from './load/pairs.ts';

const pass = (ok: boolean) => (ok ? 'met' : '**missed**');

function pairs<A, B>(a: readonly A[], b: readonly B[], value: (x: A) => number, base: (y: B) => number) {
  return ratioStats(a.slice(0, b.length).map((x, i) => ({ value: value(x), baseline: base(b[i] as B) })));
}

const rps = (l: HttpLoad) => l.requestsPerSecond;
const med = (runs: readonly HttpLoad[], pick: (l: HttpLoad) => number) => median(runs.map(pick));
const n0 = (value: number) => value.toFixed(0);
const n2 = (value: number) => value.toFixed(2);

/** The list call on PostgreSQL against pgbench (page statement alone, and all of the route's SQL) and naive. */
export function renderPostgresLists(results: readonly ListResult[], connections: number): string {
  const rows = results.map((r) => {
    const vsPage = pairs(r.app, r.pgbenchPage, rps, (p) => p.tps);
    const vsNaive = pairs(r.app, r.naive, rps, rps);
    const cpu = pairs(
      r.app,
      r.naive,
      (l) => l.cpuMsPerRequest,
      (l) => l.cpuMsPerRequest,
    );
    return (
      `| ${r.facilities} | ${r.widget}${r.isArchived ? ' (archive)' : ''} | ${r.statementsPerRequest} | ${r.rowsPerPage} | ` +
      `${n0(med(r.app, rps))} | ${n0(med(r.app, (l) => l.p50))} / ${n0(med(r.app, (l) => l.p99))} | ` +
      `${n2(med(r.app, (l) => l.cpuMsPerRequest))} | ${n0(median(r.pgbenchPage.map((p) => p.tps)))} | ` +
      `${n0(median(r.pgbenchRoute.map((p) => p.tps)))} | ${n0(med(r.naive, rps))} | ` +
      `${n0(med(r.naive, (l) => l.p50))} / ${n0(med(r.naive, (l) => l.p99))} | ${n2(med(r.naive, (l) => l.cpuMsPerRequest))} | ` +
      `${formatRatio(vsPage)} ${pass(vsPage.median >= 0.6)} | ${formatRatio(vsNaive)} ${pass(vsNaive.median >= 3)} | ${formatRatio(cpu)} |`
    );
  });
  return [
    `### List call on PostgreSQL, ${connections} connections`,
    '',
    'Medians over the rounds; ratios are per round (route run next to its baselines), median (min-max).',
    'pgbench "page" runs the page statement alone (the goal baseline, simple protocol); "route SQL" runs every',
    'statement the route sends for one warm call as one script, prepared as the route runs it. Latencies in ms; CPU',
    'is the server process only, per answered request.',
    '',
    '| facilities | widget | SQL per call | rows | route req/s | route p50 / p99 | route CPU ms/req | pgbench page tps | pgbench route SQL tps | naive req/s | naive p50 / p99 | naive CPU ms/req | route / pgbench page (goal ≥ 0.6) | route / naive (goal ≥ 3) | route CPU / naive CPU |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

/** The list call on PGlite: at N connections, and at one against the bare page statement in the same process. */
export function renderPgliteLists(results: readonly ListResult[], connections: number): string {
  const rows = results.map((r) => {
    const p50 = pairs(
      r.appSingle,
      r.bare,
      (l) => l.p50,
      (b) => b.p50,
    );
    const ceiling = pairs(r.app, r.bare, rps, (b) => b.perSecond);
    return (
      `| ${r.facilities} | ${r.widget}${r.isArchived ? ' (archive)' : ''} | ${r.statementsPerRequest} | ${r.rowsPerPage} | ` +
      `${n0(med(r.app, rps))} | ${n0(med(r.app, (l) => l.p50))} / ${n0(med(r.app, (l) => l.p99))} | ` +
      `${n2(med(r.app, (l) => l.cpuMsPerRequest))} | ${n2(med(r.appSingle, (l) => l.p50))} | ` +
      `${n2(median(r.bare.map((b) => b.p50)))} | ${n0(median(r.bare.map((b) => b.perSecond)))} | ` +
      `${formatRatio(p50)} ${pass(p50.median <= 1.5)} | ${formatRatio(ceiling)} |`
    );
  });
  return [
    `### List call on PGlite, ${connections} connections and one`,
    '',
    'The bare page statement runs back to back inside the server process (PGlite is in-process and serves one',
    "statement at a time, so its sequential rate is the engine's ceiling).",
    '',
    `| facilities | widget | SQL per call | rows | route req/s (${connections} conn) | p50 / p99 | CPU ms/req | route p50, 1 conn | bare page p50 | bare page /s | route p50 / bare p50 (goal ≤ 1.5) | route req/s / bare page /s |`,
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

/** Page 1 against page 500, by cursor and by OFFSET. */
export function renderPaging(results: readonly PagingResult[]): string {
  const rows = results.map((r) => {
    const deep = pairs(
      r.cursor500,
      r.page1,
      (l) => l.p50,
      (l) => l.p50,
    );
    const offset = pairs(
      r.offset500,
      r.page1,
      (l) => l.p50,
      (l) => l.p50,
    );
    return (
      `| ${r.engine} | ${r.widget}, ${r.facilities} facilities | ${r.liveAlerts} | ${r.limit} | ` +
      `${n2(med(r.page1, (l) => l.p50))} | ${n2(med(r.cursor500, (l) => l.p50))} | ${n2(med(r.offset500, (l) => l.p50))} | ` +
      `${formatRatio(deep)} ${pass(deep.median <= 1.5)} | ${formatRatio(offset)} |`
    );
  });
  return [
    '### Page 1 against page 500 (one connection, p50 ms)',
    '',
    '| engine | list | live alerts | page size | page 1 | page 500 (cursor) | page 500 (OFFSET) | cursor 500 / page 1 (goal ≤ 1.5) | OFFSET 500 / page 1 |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

/** requestaction throughput against pgbench's transaction, and the count check. */
export function renderActions(results: readonly ActionResult[], connections: number): string {
  const rows = results.map((r) => {
    const vs = pairs(r.app, r.pgbench, rps, (p) => p.tps);
    const sum = (pick: (c: ActionResult['counts'][number]) => number) =>
      r.counts.reduce((total, c) => total + pick(c), 0);
    const lost = sum((c) => c.lost);
    const doubled = sum((c) => c.doubled);
    return (
      `| ${r.engine} | ${r.transactionStatements ? `${r.statementsPerRequest} (${r.transactionStatements} in the transaction)` : `${r.statementsPerRequest}`} | ` +
      `${n0(med(r.app, rps))} | ${n0(med(r.app, (l) => l.p50))} / ${n0(med(r.app, (l) => l.p99))} | ` +
      `${n2(med(r.app, (l) => l.cpuMsPerRequest))} | ${r.pgbench.length ? n0(median(r.pgbench.map((p) => p.tps))) : 'n/a'} | ` +
      `${r.pgbench.length ? `${formatRatio(vs)} ${pass(vs.median >= 0.5)}` : 'n/a'} | ${sum((c) => c.acknowledged)} | ` +
      `${lost} | ${doubled} | ${sum((c) => c.unacknowledged)} | ${pass(lost === 0 && doubled === 0)} |`
    );
  });
  return [
    `### requestaction, ${connections} connections`,
    '',
    'Discuss (`ask`) with a unique comment on thousands of different live alerts. pgbench runs the bare write',
    '(insert action, update alert, audit in a transaction) on a random alert; the route sends one statement that',
    'also checks the session, tenancy, permissions and credentials. Counts are summed over the rounds;',
    '"unanswered" rows were committed for requests cut off when a run ended (not acknowledged, so not lost).',
    '',
    '| engine | SQL per call | route req/s | p50 / p99 ms | CPU ms/req | pgbench tps | route / pgbench (goal ≥ 0.5) | acknowledged | lost | doubled | unanswered | 0 lost, 0 doubled |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

/**
 * Replaces (or appends) one marked section of REPORT.md, so a run of some parts keeps the others' last figures.
 */
export function replaceSection(report: string, key: string, markdown: string): string {
  const start = `<!-- part:${key} -->`;
  const end = `<!-- /part:${key} -->`;
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const from = report.indexOf(start);
  const to = report.indexOf(end);
  if (from >= 0 && to > from) return `${report.slice(0, from)}${block}${report.slice(to + end.length)}`;
  return `${report.trimEnd()}\n\n${block}\n`;
}
