import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { isWidgetKey, type WidgetKey } from '@portal/domain';
import { type OpenOptions, openDatabase } from '@portal/server/src/db/client.ts';
import { seedIfEmpty } from '@portal/server/src/db/seed/index.ts';
import { seedScale } from '@portal/server/src/db/seed/scale.ts';
import { sql } from 'drizzle-orm';
import { type HotPathResult, measureHotPath, viewers } from './load/alerts-hot-path.ts';
import { measureSeedThroughput, type ThroughputResult } from './load/seed-throughput.ts';
import { ratio } from './load/timing.ts';
import { renderReport } from './report.ts';

/**
 * `npm run bench [-- --facilities 200 --seed-facilities 20]`: seed throughput against single-row inserts, then
 * the alerts hot path against OFFSET paging. Every figure is a ratio against a baseline measured in the same run,
 * because absolute times on a shared 2-core machine say little. Writes bench/REPORT.md.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      facilities: { type: 'string', default: '50' },
      'seed-facilities': { type: 'string', default: '20' },
      widget: { type: 'string', default: 'highCost' },
      // A PostgreSQL database to measure the hot path on as well (seeded if empty; the scale seed is idempotent).
      'database-url': { type: 'string' },
    },
  });
  const facilities = Number(values.facilities);
  const seedFacilities = Number(values['seed-facilities']);
  const widget = isWidgetKey(values.widget) ? values.widget : 'highCost';

  console.log(`Seed throughput: ${seedFacilities} generated facilities on PGlite, per insert mode`);
  const throughput: ThroughputResult[] = [];
  for (const mode of ['single', 'values', 'recordset'] as const) {
    const result = await measureSeedThroughput(mode, seedFacilities);
    throughput.push(result);
    console.log(
      `  ${mode.padEnd(10)} ${Math.round(result.rowsPerSecond)} rows/s (${result.rows} rows, ${result.seconds.toFixed(1)} s)`,
    );
  }
  const single = throughput[0]?.rowsPerSecond ?? 1;
  for (const t of throughput.slice(1))
    console.log(`  ${t.mode} speedup over single-row: ${ratio(t.rowsPerSecond, single)}`);

  const hot: HotPathResult[] = [];
  const dir = await mkdtemp(join(tmpdir(), 'bench-hot-'));
  try {
    hot.push(...(await hotPath('PGlite', { pgliteDir: dir }, facilities, widget)));
    const url = values['database-url'];
    if (url) hot.push(...(await hotPath('PostgreSQL', { databaseUrl: url }, facilities, widget)));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const machine = `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}`;
  const report = renderReport({
    date: new Date(),
    machine,
    facilities,
    seedFacilities,
    widget,
    withPostgres: Boolean(values['database-url']),
    throughput,
    hot,
  });
  await writeFile(new URL('./REPORT.md', import.meta.url), report);
  console.log('Wrote bench/REPORT.md');
}

/** Seeds the database (demo world, then the scale seed) and measures every viewer's list on it. */
async function hotPath(
  engine: string,
  options: OpenOptions,
  facilities: number,
  widget: WidgetKey,
): Promise<HotPathResult[]> {
  console.log(`Alerts hot path on ${engine}: demo world and ${facilities} generated facilities`);
  const database = await openDatabase(options);
  try {
    await seedIfEmpty(database.db, { pharmacyEmailDomain: 'pharmacy.test' });
    await seedScale(database.db, { facilities });
    await database.db.execute(sql`analyze`);
    const results: HotPathResult[] = [];
    for (const viewer of await viewers(database.db)) {
      const r = {
        ...(await measureHotPath(database.db, widget, viewer)),
        viewer: `${viewer.label}, ${engine}`,
      };
      results.push(r);
      console.log(
        `  ${r.viewer}: ${r.facilities} facilities, page 1 ${r.page1Ms.toFixed(2)} ms; page ${r.depth}: keyset ` +
          `${ratio(r.keysetDeepMs, r.page1Ms)} of page 1, OFFSET ${ratio(r.offsetDeepMs, r.keysetDeepMs)} of keyset`,
      );
    }
    return results;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
