import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@portal/server/src/db/client.ts';
import type { InsertMode } from '@portal/server/src/db/seed/bulk-insert.ts';
import { seedOrganisations } from '@portal/server/src/db/seed/organisations.ts';
import { seedScale } from '@portal/server/src/db/seed/scale.ts';

/** Rows per second of the scale seed in one insert mode. */
export interface ThroughputResult {
  readonly mode: InsertMode;
  readonly rows: number;
  readonly seconds: number;
  readonly rowsPerSecond: number;
}

const NOW = new Date('2026-11-02T15:00:00Z');

/**
 * Seeds `facilities` generated facilities into a fresh on-disk PGlite (as `npm run seed` does) with the given
 * insert mode, and times only the scale part: same rows in every mode, so the rates compare like for like.
 */
export async function measureSeedThroughput(mode: InsertMode, facilities: number): Promise<ThroughputResult> {
  const dir = await mkdtemp(join(tmpdir(), `bench-seed-${mode}-`));
  const database = await openDatabase({ pgliteDir: dir });
  try {
    await seedOrganisations(database.db);
    const start = performance.now();
    const result = await seedScale(database.db, { facilities, now: NOW, mode });
    const seconds = (performance.now() - start) / 1000;
    return { mode, rows: result.rows, seconds, rowsPerSecond: result.rows / seconds };
  } finally {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  }
}
