import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { DEMO_PASSWORD, seedIfEmpty } from '../db/seed/index.ts';

/** The fixed clock the demo world of the tests is built around. */
export const TEST_NOW = new Date('2026-11-02T15:00:00Z');

/**
 * A fresh database for one test file: a new PostgreSQL database when DATABASE_URL is set (dropped by `drop`),
 * else an in-memory PGlite. Either way with the migrations applied.
 */
export async function freshDatabase(): Promise<{
  database: Database;
  drop: () => Promise<void>;
  url?: string;
}> {
  const base = loadConfig(process.env).databaseUrl;
  if (!base) {
    const database = await openDatabase({});
    return { database, drop: () => database.close() };
  }
  const name = `portal_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: base });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database seeded with the demo world; config overrides for the case at hand. Files go to a
 * fresh temporary folder removed on close, unless the case names its own `dataDir`: never the checkout's `./data`,
 * which `npm start` uses.
 */
export async function buildTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const secretKey = randomBytes(32);
  const ownDataDir = overrides.dataDir ? null : await mkdtemp(join(tmpdir(), 'portal-test-'));
  if (ownDataDir) overrides = { ...overrides, dataDir: ownDataDir };
  const config = loadConfig(
    // Sweeps run when a test calls them, with its own clock, not on a timer in the background.
    {
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      SECRET_KEY: secretKey.toString('hex'),
      SWEEP_INTERVAL_SECONDS: '0',
    },
    overrides,
  );
  const { database, drop } = await freshDatabase();
  await seedIfEmpty(database.db, {
    pharmacyEmailDomain: config.pharmacyEmailDomain,
    now: TEST_NOW,
    secretKey,
  });
  const app = await buildApp(config, { database });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await drop();
      if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in a demo account and answers its bearer token. */
export async function signIn(app: FastifyInstance, email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  if (response.statusCode !== 200)
    throw new Error(`sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { token: string }).token;
}

/** Authorization header for a token. */
export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** The parsed JSON body of an inject response. */
export function bodyOf<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return response.json() as T;
}

/** Signs in several demo accounts; answers their tokens by email. */
export async function signInAll(
  app: FastifyInstance,
  emails: readonly string[],
): Promise<Record<string, string>> {
  const tokens: Record<string, string> = {};
  for (const email of emails) tokens[email] = await signIn(app, email);
  return tokens;
}
