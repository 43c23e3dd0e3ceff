import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { type OpenOptions, openDatabase } from '@portal/server/src/db/client.ts';
import { seedIfEmpty } from '@portal/server/src/db/seed/index.ts';
import { seedScale } from '@portal/server/src/db/seed/scale.ts';
import { sql } from 'drizzle-orm';
import { renderReport } from '../report.ts';
import { type HotPathResult, measureHotPath, viewers } from './alerts-hot-path.ts';
import { measureSeedThroughput, type ThroughputResult } from './seed-throughput.ts';
import { ratio } from './timing.ts';

/**
 * The earlier report's parts: seed throughput per insert mode against single-row inserts, then the keyset page
 * query against OFFSET on PGlite (and on PostgreSQL when a URL is given). Answers the markdown section.
 */
export async function runSeedAndHotPath(
  seedFacilities: number,
  facilities: number,
  databaseUrl: string | undefined,
): Promise<string> {
  const widget = 'highCost';
  console.log(`Seed throughput: ${seedFacilities} generated facilities on PGlite, per insert mode`);
  const throughput: ThroughputResult[] = [];
  for (const mode of ['single', 'values', 'recordset'] as const) {
    const result = await measureSeedThroughput(mode, seedFacilities);
    throughput.push(result);
    console.log(`  ${mode.padEnd(10)} ${Math.round(result.rowsPerSecond)} rows/s (${result.rows} rows)`);
  }
  const hot: HotPathResult[] = [];
  const dir = await mkdtemp(join(tmpdir(), 'bench-hot-'));
  try {
    hot.push(...(await hotPath('PGlite', { pgliteDir: dir }, facilities)));
    if (databaseUrl) hot.push(...(await hotPath('PostgreSQL', { databaseUrl }, facilities)));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const machine = `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}`;
  return renderReport({
    date: new Date(),
    machine,
    facilities,
    seedFacilities,
    widget,
    withPostgres: Boolean(databaseUrl),
    throughput,
    hot,
  });
}

/** Seeds the database (demo world, then the scale seed) and measures every viewer's list on it. */
async function hotPath(engine: string, options: OpenOptions, facilities: number): Promise<HotPathResult[]> {
  console.log(`Alerts hot path on ${engine}: demo world and ${facilities} generated facilities`);
  const database = await openDatabase(options);
  try {
    await seedIfEmpty(database.db, { pharmacyEmailDomain: 'pharmacy.test' });
    await seedScale(database.db, { facilities });
    await database.db.execute(sql`analyze`);
    const results: HotPathResult[] = [];
    for (const viewer of await viewers(database.db)) {
      const r = {
        ...(await measureHotPath(database.db, 'highCost', viewer)),
        viewer: `${viewer.label}, ${engine}`,
      };
      results.push(r);
      console.log(`  ${r.viewer}: page ${r.depth} keyset ${ratio(r.keysetDeepMs, r.page1Ms)} of page 1`);
    }
    return results;
  } finally {
    await database.close();
  }
}
