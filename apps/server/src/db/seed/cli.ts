import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { loadSecretKey } from '../../platform/secret-box.ts';
import { openDatabase, pgliteDir } from '../client.ts';
import { lockDataDir } from '../lock.ts';
import { seedIfEmpty } from './index.ts';
import { seedScale } from './scale.ts';

/**
 * `npm run seed -- --scale N` (or SEED_SCALE=N): the demo world if the database is empty, then N generated
 * facilities of about 1,000 alerts each. Safe to run again: what exists is not added twice.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { scale: { type: 'string' } }, allowPositionals: false });
  const raw = values.scale ?? process.env.SEED_SCALE ?? '0';
  const scale = Number(raw);
  if (!Number.isInteger(scale) || scale < 0) throw new Error(`--scale must be a whole number, got "${raw}"`);
  const config = loadConfig(process.env);
  // The embedded database belongs to one process: refuse to write under a running portal.
  const release = config.databaseUrl
    ? async () => undefined
    : await lockDataDir(config.dataDir, (error) => {
        console.error(`Lost the lock on ${config.dataDir}: ${error.message}`);
        process.exit(1);
      });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : pgliteDir(config.dataDir),
  });
  try {
    const filesDir = join(config.dataDir, 'files');
    const seeded = await seedIfEmpty(database.db, {
      pharmacyEmailDomain: config.pharmacyEmailDomain,
      secretKey: await loadSecretKey(config),
      writeFile: async (key, bytes) => {
        const path = join(filesDir, key);
        await mkdir(dirname(path), { recursive: true });
        await writeFile(path, bytes);
      },
    });
    console.log(seeded ? 'Demo world created.' : 'Demo world already there.');
    const where = database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${pgliteDir(config.dataDir)}`;
    console.log(`Scale seed: ${scale} facilities on ${where}`);
    const started = performance.now();
    const result = await seedScale(database.db, {
      facilities: scale,
      onProgress: (p) => {
        const seconds = (performance.now() - started) / 1000;
        console.log(
          `  ${p.facilitiesDone}/${p.facilitiesTotal} facilities, ${p.alerts} alerts (${seconds.toFixed(1)} s)`,
        );
      },
    });
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `Added ${result.facilitiesDone} facilities, ${result.alerts} alerts, ${result.rows} rows in ${seconds.toFixed(1)} s ` +
        `(${Math.round(result.rows / Math.max(seconds, 0.001))} rows/s, ${Math.round(result.alerts / Math.max(seconds, 0.001))} alerts/s)`,
    );
  } finally {
    await database.close();
    await release();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
