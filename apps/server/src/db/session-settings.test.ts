import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/test-app.ts';
import type { Database } from './client.ts';

// Runs on PGlite in `npm test` and on PostgreSQL when DATABASE_URL is set (CI runs both).
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
});
afterAll(() => drop());

describe('every connection plans named statements once (SESSION_SETTINGS)', () => {
  it('answers force_generic_plan on whichever connection serves a query', async () => {
    const shown = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const result = (await database.db.execute(sql`show plan_cache_mode`)) as unknown as {
          rows: { plan_cache_mode: string }[];
        };
        return result.rows[0]?.plan_cache_mode;
      }),
    );
    expect(shown).toEqual(Array(6).fill('force_generic_plan'));
  });

  it('runs a named statement with its generic plan from the first call, whatever the values', async () => {
    const { pool } = database;
    if (!pool) {
      // PGlite: one session, which the statement above already read; named statements are PostgreSQL's path.
      expect(database.kind).toBe('pglite');
      return;
    }
    const client = await pool.connect();
    try {
      const name = 'session_settings_probe';
      for (const day of [
        '2026-01-01',
        '2026-06-01',
        '2026-11-01',
        '2030-01-01',
        '2000-01-01',
        '2026-11-02',
        '2026-11-03',
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
