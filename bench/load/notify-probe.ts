import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '@portal/server/src/db/client.ts';
import pg from 'pg';

const CHANNEL = 'bench_notify_probe';

/**
 * The events part's baseline, run inside the server process: `listeners` bare LISTENers on the server's own
 * database (that many pg.Client connections on PostgreSQL; that many `listen()` callbacks on PGlite, which serves
 * one process), then `count` NOTIFYs one after another, each timed from before the statement to its arrival at
 * every listener. Answers the latencies in ms (count x listeners).
 */
export async function notifyProbe(database: Database, listeners: number, count: number): Promise<number[]> {
  let waiting: { sent: number; payload: string; left: number; done: () => void } | null = null;
  const latencies: number[] = [];
  const arrived = (payload: string) => {
    const now = performance.now();
    if (!waiting || payload !== waiting.payload) return;
    latencies.push(now - waiting.sent);
    waiting.left -= 1;
    if (waiting.left === 0) waiting.done();
  };
  const clients: pg.Client[] = [];
  const unlisten: (() => Promise<void>)[] = [];
  let notify: (payload: string) => Promise<unknown>;
  if (database.pool) {
    const pool = database.pool;
    for (let i = 0; i < listeners; i++) {
      const client = new pg.Client(pool.options);
      await client.connect();
      client.on('notification', (m) => arrived(m.payload ?? ''));
      await client.query(`listen ${CHANNEL}`);
      clients.push(client);
    }
    notify = (payload) => pool.query('select pg_notify($1, $2)', [CHANNEL, payload]);
  } else {
    const client = Reflect.get(database.db, '$client') as PGlite;
    for (let i = 0; i < listeners; i++) unlisten.push(await client.listen(CHANNEL, arrived));
    notify = (payload) => client.query('select pg_notify($1, $2)', [CHANNEL, payload]);
  }
  try {
    for (let n = 0; n < count; n++) {
      const payload = `probe-${n}-${Math.random()}`;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('a NOTIFY did not reach every listener')), 30_000);
        waiting = {
          sent: performance.now(),
          payload,
          left: listeners,
          done: () => {
            clearTimeout(timer);
            resolve();
          },
        };
        notify(payload).catch(reject);
      });
      waiting = null;
    }
  } finally {
    await Promise.all(unlisten.map((u) => u()));
    await Promise.all(clients.map((c) => c.end()));
  }
  return latencies;
}
