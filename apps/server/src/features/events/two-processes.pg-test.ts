import { type AnyAlert, widgetByKey } from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts } from '../../db/schema/index.ts';
import { seedIfEmpty } from '../../db/seed/index.ts';
import { type ServerProcess, startServerProcess, stopServerProcesses } from '../../test/server-process.ts';
import { freshDatabase } from '../../test/test-app.ts';
import { isAlertEvent, type Subscription, subscribe } from './test-support.ts';

// Runs only against PostgreSQL (vitest includes *.pg-test.ts when DATABASE_URL is set): two processes on one
// database is the multi-process fan-out through LISTEN/NOTIFY. events-routes.test.ts covers one process on both.

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
const servers: ServerProcess[] = [];
const subscriptions: Subscription[] = [];

async function start(env: Record<string, string> = {}): Promise<ServerProcess> {
  const server = await startServerProcess({ DATABASE_URL: fresh.url, ...env });
  servers.push(server);
  return server;
}

async function login(url: string, email: string): Promise<string> {
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'portal-demo-1' }),
  });
  return ((await response.json()) as { token: string }).token;
}

async function listening(url: string, token: string): Promise<Subscription> {
  const subscription = await subscribe(url, token);
  expect(subscription.status).toBe(200);
  await subscription.waitFor((m) => m.event === 'ready', 'ready');
  subscriptions.push(subscription);
  return subscription;
}

beforeAll(async () => {
  fresh = await freshDatabase();
  await seedIfEmpty(fresh.database.db, { pharmacyEmailDomain: 'pharmacy.test' });
}, 60_000);

afterAll(async () => {
  for (const s of subscriptions) s.close();
  await stopServerProcesses(servers);
  await fresh.drop();
});

describe('two server processes on one PostgreSQL database', () => {
  it('deliver an action through one to a subscriber on each exactly once, and nothing of 101 to 201', async () => {
    const [a, b] = await Promise.all([start(), start()]);
    if (!a || !b) throw new Error('servers did not start');
    const nurse = await login(a.url, 'nurse@meadowbrook.test');
    const don = await login(b.url, 'don@lakeside.test');
    const [onA, onB, donOnB] = [
      await listening(a.url, nurse),
      await listening(b.url, nurse),
      await listening(b.url, don),
    ];

    const listed = await fetch(`${a.url}/api${widgetByKey('highCost').listCall}?facilityIds=101`, {
      headers: { authorization: `Bearer ${nurse}` },
    });
    const list = ((await listed.json()) as { highCostList: AnyAlert[] }).highCostList;
    const alert = list.find((x) => x.srxStatus === null);
    if (!alert) throw new Error('no open highCost alert at 101');
    const action = await fetch(`${a.url}/api/requestaction`, {
      method: 'POST',
      headers: { authorization: `Bearer ${nurse}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        widget: 'HighCost',
        _internalID: alert._internalID,
        requestedAction: 'ask',
        actionComment: 'Across processes',
      }),
    });
    expect(action.status).toBe(200);

    for (const subscriber of [onA, onB]) {
      await subscriber.waitFor(isAlertEvent(alert._internalID, 'action.recorded'), 'the action');
      await subscriber.waitFor(isAlertEvent(alert._internalID, 'alert.changed'), 'the status change');
    }
    // Time for a second copy to arrive, if anything would send one.
    await new Promise((r) => setTimeout(r, 1500));
    for (const subscriber of [onA, onB]) {
      const kinds = subscriber.alerts().map((e) => `${e.alertId} ${e.kind}`);
      expect(kinds).toEqual([`${alert._internalID} action.recorded`, `${alert._internalID} alert.changed`]);
      expect(subscriber.alerts()[0]?.alert?.requestedActions.at(-1)?.actionComment).toBe('Across processes');
    }
    expect(onA.alerts().map((e) => e.id)).toEqual(onB.alerts().map((e) => e.id));
    expect(donOnB.alerts()).toEqual([]);

    // Both LISTEN connections cut: what commits meanwhile reaches each subscriber once, through the catch-up read
    // after the reconnect (no notification was delivered to anyone).
    const db = fresh.database.db;
    const killed = await db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query ilike 'listen %'`,
    );
    expect((killed as unknown as { rows: unknown[] }).rows).toHaveLength(2);
    const [other] = await db.select().from(alerts).where(eq(alerts.facId, 101)).limit(1);
    await db
      .update(alerts)
      .set({ pharmacyStatus: 'while down' })
      .where(eq(alerts.id, other?.id ?? 0));
    for (const subscriber of [onA, onB]) {
      await subscriber.waitFor(isAlertEvent(other?.id ?? 0, 'alert.changed'), 'the change made while down');
    }
    await new Promise((r) => setTimeout(r, 1000));
    for (const subscriber of [onA, onB]) {
      expect(subscriber.alerts().filter((e) => e.alertId === other?.id)).toHaveLength(1);
    }

    // SIGTERM with a stream open: the stream ends and the process exits cleanly instead of waiting on it.
    a.child.kill('SIGTERM');
    await onA.ended;
    expect(await a.exited).toBe(0);
  }, 90_000);

  it('end a stream on one when its session is signed out through the other, at once', async () => {
    // Heartbeats far beyond the test: only the revocation's notice can end the stream in time.
    const [a, b] = await Promise.all([
      start({ SSE_HEARTBEAT_SECONDS: '300' }),
      start({ SSE_HEARTBEAT_SECONDS: '300' }),
    ]);
    if (!a || !b) throw new Error('servers did not start');
    const signedOut = await login(a.url, 'nurse@meadowbrook.test');
    const stays = await login(a.url, 'nurse@meadowbrook.test');
    const [onB, otherOnB] = [await listening(b.url, signedOut), await listening(b.url, stays)];
    const out = await fetch(`${a.url}/api/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${signedOut}` },
    });
    expect(out.status).toBe(200);
    const within = (subscription: Subscription, ms: number) =>
      Promise.race([
        subscription.ended.then(() => 'ended'),
        new Promise((resolve) => setTimeout(() => resolve('open'), ms)),
      ]);
    expect(await within(onB, 3000)).toBe('ended');
    expect(await within(otherOnB, 300)).toBe('open');
  }, 90_000);
});
