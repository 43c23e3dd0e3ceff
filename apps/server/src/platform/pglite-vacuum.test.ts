import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { databasePlugin } from './database.ts';
import { PGLITE_VACUUM_INTERVAL_MS, pgliteVacuumPlugin, vacuumWhereNeeded } from './pglite-vacuum.ts';

// PGlite on purpose, in both test runs: the embedded database is the one that has no autovacuum of its own.
let database: Database;
beforeAll(async () => {
  database = await openDatabase({});
});
afterEach(async () => {
  vi.useRealTimers();
  await database.db.execute(sql`drop table if exists vacuum_probe`);
});
afterAll(() => database.close());

/** A backend sends its table counters at most once a second; this makes the next transaction send them. */
async function flush() {
  await database.db.execute(sql`select pg_stat_force_next_flush()`);
  await database.db.execute(sql`select 1`);
}

/** A pass, on counters as the pass of a minute later would find them. */
async function runPass() {
  await flush();
  return vacuumWhereNeeded(database.db);
}

async function stats(table: string) {
  await flush();
  const { rows } = (await database.db.execute(sql`
    select n_dead_tup::int as dead, vacuum_count::int as vacuums, analyze_count::int as analyzes
    from pg_stat_user_tables where relname = ${table}
  `)) as unknown as { rows: { dead: number; vacuums: number; analyzes: number }[] };
  const [row] = rows;
  if (!row) throw new Error(`no statistics for ${table}`);
  return row;
}

/** Polls on the real clock: vi.waitFor would move the faked interval on by its own polling. */
async function until(check: () => Promise<boolean>) {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('not done in 10 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function probeTable(rows: number) {
  await database.db.execute(sql`create table vacuum_probe (id int primary key, v int not null)`);
  await database.db.execute(
    sql`insert into vacuum_probe select g, 0 from generate_series(1, ${rows}::int) g`,
  );
}

describe('vacuumWhereNeeded (PGlite)', () => {
  it('vacuums a table whose dead rows pass autovacuum’s threshold, and then leaves it be', async () => {
    await probeTable(2000);
    // 2,000 rows inserted, none vacuumed: over 1,000 + 20%, so the visibility map is made (index-only scans).
    expect((await runPass()).vacuumed).toContain('public.vacuum_probe');
    await database.db.execute(sql`update vacuum_probe set v = v + 1`);
    expect((await stats('vacuum_probe')).dead).toBe(2000);

    const done = await runPass();
    expect(done.vacuumed).toContain('public.vacuum_probe');
    const after = await stats('vacuum_probe');
    expect(after.dead).toBe(0);

    // Nothing left to do anywhere: no table, the migrations' empty ones included, is vacuumed pass after pass.
    expect(await runPass()).toEqual({ vacuumed: [], analyzed: [] });
    expect((await stats('vacuum_probe')).vacuums).toBe(after.vacuums);
  });

  it('only analyses a table changed past the analyze threshold but under the vacuum one', async () => {
    await probeTable(10_000);
    await runPass();
    await stats('vacuum_probe');
    // 1,500 dead rows: under 50 + 20% of 10,000 (vacuum), over 50 + 10% (analyze).
    await database.db.execute(sql`update vacuum_probe set v = 1 where id <= 1500`);
    const before = await stats('vacuum_probe');

    const done = await runPass();
    expect(done.analyzed).toContain('public.vacuum_probe');
    expect(done.vacuumed).not.toContain('public.vacuum_probe');
    const after = await stats('vacuum_probe');
    expect(after.analyzes).toBe(before.analyzes + 1);
    expect(after.vacuums).toBe(before.vacuums);
    expect(after.dead).toBe(1500);
  });

  it('touches no table changed under both thresholds', async () => {
    await probeTable(2000);
    await runPass();
    await database.db.execute(sql`update vacuum_probe set v = 1 where id <= 40`);
    const before = await stats('vacuum_probe');
    const done = await runPass();
    expect([...done.vacuumed, ...done.analyzed]).not.toContain('public.vacuum_probe');
    expect(await stats('vacuum_probe')).toEqual(before);
  });
});

describe('pgliteVacuumPlugin', () => {
  async function appWith(sweepIntervalSeconds: number) {
    const app = Fastify({ logger: false });
    app.decorate('config', { ...loadConfig({ NODE_ENV: 'test' }), sweepIntervalSeconds });
    await app.register(databasePlugin, { database, closeOnShutdown: false });
    await app.register(pgliteVacuumPlugin);
    return app;
  }

  it('vacuums the embedded database as the server starts, then once a minute while the scheduler runs', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const app = await appWith(60);
    await probeTable(2000);
    await flush();
    await app.ready();
    await until(async () => (await stats('vacuum_probe')).vacuums === 1);
    await database.db.execute(sql`update vacuum_probe set v = v + 1`);
    await flush();
    vi.advanceTimersByTime(PGLITE_VACUUM_INTERVAL_MS - 1);
    await app.close().then(
      () => undefined,
      () => undefined,
    );
    expect((await stats('vacuum_probe')).vacuums).toBe(1);
  });

  it('vacuums a minute after the start pass', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const app = await appWith(60);
    await app.ready();
    await probeTable(2000);
    await database.db.execute(sql`update vacuum_probe set v = v + 1`);
    await flush();
    vi.advanceTimersByTime(PGLITE_VACUUM_INTERVAL_MS);
    await until(async () => (await stats('vacuum_probe')).vacuums === 1);
    expect((await stats('vacuum_probe')).dead).toBe(0);
    await app.close();
  });

  it('runs no pass when the sweeps are off (SWEEP_INTERVAL_SECONDS=0, as in the tests)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const app = await appWith(0);
    await probeTable(2000);
    await database.db.execute(sql`update vacuum_probe set v = v + 1`);
    await app.ready();
    vi.advanceTimersByTime(5 * PGLITE_VACUUM_INTERVAL_MS);
    await app.close();
    expect((await stats('vacuum_probe')).vacuums).toBe(0);
  });
});

describe('vacuumWhereNeeded after a restart (PGlite keeps no counters across one)', () => {
  it('vacuums and analyses a table filled before the restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pglite-vacuum-'));
    try {
      const first = await openDatabase({ pgliteDir: dir });
      await first.db.execute(sql`create table restart_probe (id int primary key, v int not null)`);
      await first.db.execute(sql`insert into restart_probe select g, 0 from generate_series(1, 5000) g`);
      await first.close();

      const again = await openDatabase({ pgliteDir: dir });
      try {
        await again.db.execute(sql`select pg_stat_force_next_flush()`);
        const counters = (await again.db.execute(sql`
          select n_ins_since_vacuum::int as inserted, c.relallvisible::int as "allVisible", c.reltuples::int as tuples
          from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = 'restart_probe'
        `)) as unknown as { rows: { inserted: number; allVisible: number; tuples: number }[] };
        expect(counters.rows).toEqual([{ inserted: 0, allVisible: 0, tuples: -1 }]);

        const done = await vacuumWhereNeeded(again.db);
        expect(done.vacuumed).toContain('public.restart_probe');
        const after = (await again.db.execute(sql`
          select c.relallvisible::int as "allVisible", c.reltuples::int as tuples
          from pg_class c where c.relname = 'restart_probe'
        `)) as unknown as { rows: { allVisible: number; tuples: number }[] };
        expect(after.rows[0]?.tuples).toBe(5000);
        expect(after.rows[0]?.allVisible).toBeGreaterThan(0);
        expect((await vacuumWhereNeeded(again.db)).vacuumed).not.toContain('public.restart_probe');
      } finally {
        await again.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
