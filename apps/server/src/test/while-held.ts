import type pg from 'pg';
import type { Database } from '../db/client.ts';

/**
 * Two writers at once, on PostgreSQL: runs `change` in a transaction on a connection of its own, sends `request`,
 * waits until the request waits for a lock the transaction holds (or has answered without waiting, as code that
 * should have waited may), then commits and gives the request's answer. What a colleague's write, committed while
 * this request is on its way, does to it. The wait is for that state only, not a timing assertion.
 */
export async function whileHeld<T>(
  database: Database,
  change: (client: pg.PoolClient) => Promise<unknown>,
  request: () => Promise<T>,
): Promise<T> {
  const pool = database.pool;
  if (!pool) throw new Error('this test needs PostgreSQL');
  const client = await pool.connect();
  try {
    await client.query('begin');
    await change(client);
    let settled = false;
    const answer = request().finally(() => {
      settled = true;
    });
    for (let waited = 0; !settled; waited++) {
      const { rows } = await pool.query<{ n: number }>(
        'select count(*)::int as n from pg_locks where not granted',
      );
      if ((rows[0]?.n ?? 0) > 0) break;
      if (waited > 600) throw new Error('the request neither waited for the held rows nor answered');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await client.query('commit');
    return await answer;
  } finally {
    client.release();
  }
}
