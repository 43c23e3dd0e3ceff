import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executePrepared } from '../features/alerts/prepared.ts';
import { freshDatabase } from '../test/test-app.ts';
import { type Database, hotPathPool } from './client.ts';

// Runs on PGlite in `npm test` and on PostgreSQL when DATABASE_URL is set (CI runs both).
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
});
afterAll(() => drop());

const shownBy = async (query: () => Promise<unknown>) =>
  ((await query()) as { rows: { plan_cache_mode: string }[] }).rows[0]?.plan_cache_mode;

describe('plan caching: the hot path keeps generic plans, the ORM keeps planning with values', () => {
  it("leaves the ORM's connections at PostgreSQL's default", async () => {
    const shown = await Promise.all(
      Array.from({ length: 4 }, () => shownBy(() => database.db.execute(sql`show plan_cache_mode`))),
    );
    expect(shown).toEqual(Array(4).fill('auto'));
  });

  it('runs the hot path on connections that keep each named statement’s generic plan', async () => {
    const hot = hotPathPool(database.db);
    if (!hot) {
      // PGlite has one session, the ORM's (read above): the hot path runs there as the ORM's statements do.
      expect(database.kind).toBe('pglite');
      expect(await executePrepared(database.db, sql`select 1 as one`, 'probe')).toEqual([{ one: 1 }]);
      return;
    }
    expect(await shownBy(() => hot.query('show plan_cache_mode'))).toBe('force_generic_plan');
    // What executePrepared sends goes to those connections: the statement is prepared on the pool's one idle
    // connection (the one that answered above; calls are one after another, so the pool reuses it).
    await executePrepared(database.db, sql`select ${'probe'}::text as marker`, 'session_probe');
    const prepared = await hot.query<{ n: number }>(
      "select count(*)::int as n from pg_prepared_statements where name like 'session_probe_%'",
    );
    expect(hot.totalCount).toBe(1);
    expect(prepared.rows[0]?.n).toBe(1);
    const client = await hot.connect();
    try {
      const name = 'session_settings_probe';
      for (const day of [
        '2026-01-01',
        '2026-06-01',
        '2030-01-01',
        '2000-01-01',
        '2026-11-02',
        '2026-11-03',
        '2026-11-04',
      ]) {
        await client.query({
          name,
          text: 'select count(*)::int as n from alerts where widget = $1 and date_created > $2::timestamptz',
          values: ['highCost', day],
        });
      }
      const stats = await client.query<{ generic_plans: string; custom_plans: string }>(
        'select generic_plans, custom_plans from pg_prepared_statements where name = $1',
        [name],
      );
      expect(stats.rows).toEqual([{ generic_plans: '7', custom_plans: '0' }]);
    } finally {
      client.release();
    }
  });
});
