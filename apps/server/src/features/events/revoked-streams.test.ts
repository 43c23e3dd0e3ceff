import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DON, NURSE } from '../../test/demo-accounts.ts';
import { bearer, buildTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { type Subscription, subscribe } from './test-support.ts';

// A heartbeat far beyond the test: a stream that ends here was ended by the revocation itself, not by the
// heartbeat's session check (events-routes.test.ts covers that one, with a one-second heartbeat).
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
