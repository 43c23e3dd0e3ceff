import type { HotPathResult } from './load/alerts-hot-path.ts';
import type { ThroughputResult } from './load/seed-throughput.ts';
import { ratio } from './load/timing.ts';

/** What one benchmark run measured. */
export interface RunFigures {
  readonly date: Date;
  readonly machine: string;
  readonly facilities: number;
  readonly seedFacilities: number;
  readonly widget: string;
  /** Whether the hot path ran on PostgreSQL too (--database-url). */
  readonly withPostgres: boolean;
  readonly throughput: readonly ThroughputResult[];
  readonly hot: readonly HotPathResult[];
}

/** bench/REPORT.md for a run: ratios first (they travel between machines), absolute figures for context. */
export function renderReport(run: RunFigures): string {
  const single = run.throughput.find((t) => t.mode === 'single')?.rowsPerSecond ?? 1;
  const lines = [
    '## Seed throughput and the page query',
    '',
    `Last run: ${run.date.toISOString()} on ${run.machine}. Regenerate with \`npm run bench -- --only seed --scale ${run.facilities}\`.`,
    'Every figure that matters is a ratio against a baseline measured in the same run; absolute times are context.',
    '',
    `### Seed throughput (${run.seedFacilities} generated facilities, on-disk PGlite)`,
    '',
    '| insert mode | rows | seconds | rows/s | vs single-row |',
    '|---|---|---|---|---|',
    ...run.throughput.map(
      (t) =>
        `| ${t.mode} | ${t.rows} | ${t.seconds.toFixed(1)} | ${Math.round(t.rowsPerSecond)} | ${ratio(t.rowsPerSecond, single)} |`,
    ),
    '',
    `### Alerts hot path (widget \`${run.widget}\`, demo world + ${run.facilities} generated facilities)`,
    '',
    'A page of 100 live alerts sorted by dateCreated then id. Deep page = page 50, or the last page when the',
    "viewer's list is shorter. Median of 25 interleaved runs.",
    '',
    '| viewer | facilities | live rows walked | page 1 ms | deep page | keyset deep / page 1 | OFFSET deep / keyset deep |',
    '|---|---|---|---|---|---|---|',
    ...run.hot.map(
      (h) =>
        `| ${h.viewer} | ${h.facilities} | ${h.liveRows} | ${h.page1Ms.toFixed(2)} | ${h.depth} | ` +
        `${ratio(h.keysetDeepMs, h.page1Ms)} | ${ratio(h.offsetDeepMs, h.keysetDeepMs)} |`,
    ),
    '',
    ...run.hot.flatMap((h) => [
      `#### ${h.viewer}: plans`,
      '',
      'Page 1 (keyset):',
      '',
      '```',
      h.page1Plan,
      '```',
      '',
      // Page 1 is the whole list for a single facility: its deep plans would repeat the one above.
      ...(h.depth === 1 ? [] : deepPlans(h)),
    ]),
  ];
  return `${lines.join('\n')}\n`;
}

function deepPlans(h: HotPathResult): string[] {
  return [
    `Page ${h.depth} (keyset):`,
    '',
    '```',
    h.keysetDeepPlan,
    '```',
    '',
    `Page ${h.depth} (OFFSET, baseline):`,
    '',
    '```',
    h.offsetDeepPlan,
    '```',
    '',
  ];
}
