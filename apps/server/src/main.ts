import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase, pgliteDir } from './db/client.ts';
import { DataDirLockedError, lockDataDir } from './db/lock.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedIfEmpty } from './db/seed/index.ts';
import { loadSecretKey } from './platform/secret-box.ts';
import { localStorageFor } from './platform/storage.ts';

const WEB_DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Starts the portal: config, data-folder lock, database and migrations, demo world, HTTP, graceful shutdown. */
async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig(process.env, { webDist: existsSync(WEB_DIST) ? WEB_DIST : null });
  const releaseLock = config.databaseUrl
    ? async () => undefined
    : await lockDataDir(config.dataDir, (error) => {
        console.error(`Lost the lock on ${config.dataDir}: ${error.message}. Stopping to protect the data.`);
        process.exit(1);
      });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : pgliteDir(config.dataDir),
  });
  const secretKey = await loadSecretKey(config);
  const storage = localStorageFor(config.dataDir);
  const seeded =
    config.seed === 'demo' &&
    (await seedIfEmpty(database.db, {
      pharmacyEmailDomain: config.pharmacyEmailDomain,
      secretKey,
      writeFile: async (key, bytes) => {
        await storage.put(key, bytes);
      },
    }));
  const app = await buildApp(config, { database, closeDatabase: true, storage });

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'stopping after an error');
    else app.log.info({ signal }, 'stopping: finishing in-flight requests');
    await app.close();
    await releaseLock();
  });

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.publicUrl.includes(`:${config.port}`)
    ? config.publicUrl.replace(`:${config.port}`, `:${port}`)
    : config.publicUrl;
  const lines = [
    '',
    `  Care Portal is running at ${url}  (ready in ${Math.round(performance.now() - startedAt)} ms)`,
    `  Database: ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${pgliteDir(config.dataDir)}`}`,
    config.webDist ? '' : '  Web app not built: run `npm run build` (npm start does it for you).',
  ];
  if (config.seed === 'demo') {
    lines.push(seeded ? '  Demo world created. Sign in as:' : '  Demo sign-ins:');
    for (const account of DEMO_ACCOUNTS) {
      lines.push(
        `    ${account.email.replace('{pharmacy}', config.pharmacyEmailDomain).padEnd(34)} ${account.label}`,
      );
    }
    lines.push(`  Password for every demo account: ${DEMO_PASSWORD}`, '');
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
