import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, users } from '../../db/schema/index.ts';
import { DON, NURSE } from '../../test/demo-accounts.ts';
import { bearer, buildTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { deletePharmacyRole } from '../pharmacy-users/queries.ts';
import { isAlertEvent, type Subscription, subscribe } from './test-support.ts';

// A heartbeat far beyond the test: a stream that ends (or narrows) here did so on the notice itself, not on the
// heartbeat's session check or the minute's visibility refresh (events-routes.test.ts covers those, with a
// one-second heartbeat).
let t: TestApp;
let base: string;
const open: Subscription[] = [];

beforeAll(async () => {
  t = await buildTestApp({ sseHeartbeatSeconds: 600 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const subscription of open) subscription.close();
  await t.close();
});

async function streamOf(token: string): Promise<Subscription> {
  const subscription = await subscribe(base, token);
  expect(subscription.status).toBe(200);
  await subscription.waitFor((m) => m.event === 'ready', 'ready');
  open.push(subscription);
  return subscription;
}

/** 'ended' when the server ends the stream within `ms`, else 'open'. */
function within(subscription: Subscription, ms: number): Promise<'ended' | 'open'> {
  return Promise.race([
    subscription.ended.then(() => 'ended' as const),
    new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), ms)),
  ]);
}

describe('live updates of a revoked session', () => {
  it('end at once on sign-out, and only that session’s: the same user’s other session and others stay open', async () => {
    const first = await signIn(t.app, NURSE);
    const second = await signIn(t.app, NURSE);
    const [signedOut, otherSession, otherUser] = await Promise.all([
      streamOf(first),
      streamOf(second),
      streamOf(await signIn(t.app, DON)),
    ]);
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(first) });
    expect(out.statusCode).toBe(200);
    expect(await within(signedOut, 3000)).toBe('ended');
    expect(await within(otherSession, 300)).toBe('open');
    expect(await within(otherUser, 0)).toBe('open');
  });

  it('end at once when an administrator sets the user a new password (every session of the user revoked)', async () => {
    const nurse = await streamOf(await signIn(t.app, NURSE));
    const don = await streamOf(await signIn(t.app, DON));
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/adminpwdreset',
      headers: bearer(await signIn(t.app, 'admin@meadowbrook.test')),
      payload: { password: 'new-pass-12', confirmPassword: 'new-pass-12', email: NURSE, entityId: 101 },
    });
    expect(reset.statusCode).toBe(200);
    expect(await within(nurse, 3000)).toBe('ended');
    expect(await within(don, 300)).toBe('open');
  });
});

/** Changes one alert of each facility by hand, in order; answers their ids. */
async function changeAlertsAt(...facIds: number[]): Promise<number[]> {
  const db = t.database.db;
  const ids: number[] = [];
  for (const facId of facIds) {
    const [row] = await db.select().from(alerts).where(eq(alerts.facId, facId)).limit(1);
    await db
      .update(alerts)
      .set({ pharmacyStatus: 'after removal' })
      .where(eq(alerts.id, row?.id ?? 0));
    ids.push(row?.id ?? 0);
  }
  return ids;
}

describe('live updates of a user who loses a membership', () => {
  it('stop carrying a facility the user was taken off at once, and go on carrying the others', async () => {
    const sysadmin = await signIn(t.app, 'sysadmin@pharmacy.test');
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/adduserfacilities',
      headers: bearer(sysadmin),
      payload: { email: DON, entities: [{ entityID: 101, userRole: 'Nursing' }] },
    });
    expect(added.statusCode).toBe(200);
    const stream = await streamOf(await signIn(t.app, DON));
    const removed = await t.app.inject({
      method: 'POST',
      url: '/api/removefacility',
      headers: bearer(sysadmin),
      payload: { email: DON, facID: 101 },
    });
    expect(removed.statusCode).toBe(200);
    // The notice and the lookup it starts take milliseconds; the minute's refresh would take a minute.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const [, at201] = await changeAlertsAt(101, 201);
    await stream.waitFor(isAlertEvent(at201 ?? 0, 'alert.changed'), 'the change at 201');
    expect(stream.alerts().filter((event) => event.facId === 101)).toEqual([]);
    expect(await within(stream, 0)).toBe('open');
  });

  it('stop carrying the facilities of a pharmacy the user was taken off at once', async () => {
    const PHARMACY = 'sysadmin@pharmacy.test';
    const stream = await streamOf(await signIn(t.app, PHARMACY));
    const [person] = await t.database.db.select().from(users).where(eq(users.email, PHARMACY));
    // What POST /api/removepharmacy does in its transaction (pharmacy-users/routes.ts).
    await deletePharmacyRole(t.database.db, person?.id ?? 0, 'upny');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const [, at101] = await changeAlertsAt(201, 101);
    await stream.waitFor(isAlertEvent(at101 ?? 0, 'alert.changed'), 'the change at 101');
    expect(stream.alerts().filter((event) => event.facId === 201)).toEqual([]);
  });
});
