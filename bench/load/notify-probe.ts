import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '@portal/server/src/db/client.ts';
import pg from 'pg';

const CHANNEL = 'bench_notify_probe';

/**
 * The events part's baseline, run inside the server process: one bare LISTEN on the server's own database (a
 * pg.Client on PostgreSQL, PGlite's `listen()` on the embedded one) handing each notification to `listeners`
 * callbacks, then `count` NOTIFYs one after another, each timed from before the statement to its arrival at
 * every callback. The floor of what the event bus does (one LISTEN per process, fan-out in memory) without the
 * trigger, the read of the event rows, HTTP or SSE. (100 LISTEN connections would be the naive alternative; a
 * shared PostgreSQL's max_connections refuses them.) Answers the latencies in ms (count x listeners).
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
  const fanOut = (payload: string) => {
    for (let i = 0; i < listeners; i++) arrived(payload);
  };
  const clients: pg.Client[] = [];
  const unlisten: (() => Promise<void>)[] = [];
  let notify: (payload: string) => Promise<unknown>;
  if (database.pool) {
    const pool = database.pool;
    const client = new pg.Client(pool.options);
    await client.connect();
    client.on('notification', (m) => fanOut(m.payload ?? ''));
    await client.query(`listen ${CHANNEL}`);
    clients.push(client);
    notify = (payload) => pool.query('select pg_notify($1, $2)', [CHANNEL, payload]);
  } else {
    const client = Reflect.get(database.db, '$client') as PGlite;
    unlisten.push(await client.listen(CHANNEL, fanOut));
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
