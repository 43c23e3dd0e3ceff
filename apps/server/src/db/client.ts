import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

/** The Drizzle database, whichever driver is underneath: both speak the same PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database and how to close it. */
export interface Database {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  /** The pg pool when on PostgreSQL (for LISTEN/NOTIFY and advisory locks on one connection). */
  readonly pool: pg.Pool | null;
  close(): Promise<void>;
}

/**
 * Set on the hot path's own connections (PostgreSQL only; `hotPathPool`). Its named statements
 * (features/alerts/prepared.ts) are large and take ~2 ms to plan, more than they take to run; under the default
 * `auto` a connection may keep planning one afresh on every call, as it did for a cursor page deep in a list (3.2 ms
 * a call against 0.9 ms with its generic plan, the same plan; bench/README.md, fix 13). Their plans do not depend on
 * the values: the facility ids come from inside the statement. The ORM's connections keep `auto`: their statements
 * are unnamed, and the setting would give those generic plans too (a parameterised page over an id array then
 * went from ~200 to ~40 answers a second).
 */
export const HOT_PATH_SETTINGS = 'set plan_cache_mode = force_generic_plan';

export const MIGRATIONS_FOLDER = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');

// Any fixed number works; it only has to be the same in every process that migrates this schema.
const MIGRATION_LOCK_ID = 48_151_623;

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** PGlite folder; ignored when databaseUrl is set. Undefined means in memory. */
  pgliteDir?: string | undefined;
  poolSize?: number;
}

/** Opens PostgreSQL when a URL is given, else PGlite (in a folder, or in memory), and applies the migrations. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.pgliteDir);
}

async function openPglite(dir: string | undefined): Promise<Database> {
  if (dir) await mkdir(dir, { recursive: true });
  const client = await PGlite.create(dir ? { dataDir: dir } : {});
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db, kind: 'pglite', pool: null, close: () => client.close() };
}

// An idle connection the server closes (a restart, a failover, DROP DATABASE ... WITH (FORCE) in tests) is an
// 'error' on its pool; the pool has already discarded it and the next query opens a new one. Without a listener
// Node would treat it as an uncaught error and stop the process.
function warnClosed(error: Error): void {
  process.emitWarning(`PostgreSQL connection closed: ${error.message}`);
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', warnClosed);
  // Several processes may start together on one database: one migrates, the others wait for it.
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    const migrationDb = drizzlePg(client, { schema });
    await migratePg(migrationDb, { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    client.release();
  }
  const db = drizzlePg(pool, { schema });
  const hot = new pg.Pool({
    connectionString: url,
    max,
    // Awaited by the pool before it hands a new connection out. A server that refuses the setting still serves,
    // with PostgreSQL's default planning.
    onConnect: async (connection: pg.ClientBase) => {
      await connection.query(HOT_PATH_SETTINGS).catch((error: Error) => {
        process.emitWarning(`PostgreSQL hot-path settings not applied: ${error.message}`);
      });
    },
  });
  hot.on('error', warnClosed);
  hotPools.set(db, hot);
  return {
    db,
    kind: 'postgres',
    pool,
    close: async () => {
      await Promise.all([pool.end(), hot.end()]);
    },
  };
}

const hotPools = new WeakMap<Db, pg.Pool>();

/**
 * The alert hot path's own connections (PostgreSQL: `HOT_PATH_SETTINGS`), up to the pool size again beside the
 * ORM's; undefined on PGlite. Only single statements run there, never part of a transaction.
 */
export function hotPathPool(db: Db): pg.Pool | undefined {
  return hotPools.get(db);
}

/** True when the database answers and the migrations are applied. */
export async function isReady(db: Db): Promise<boolean> {
  try {
    await db.select({ id: schema.alerts.id }).from(schema.alerts).limit(1);
    return true;
  } catch {
    return false;
  }
}

/** Folder of the embedded database inside DATA_DIR. */
export function pgliteDir(dataDir: string): string {
  return join(dataDir, 'pglite');
}
