import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, sessions, users } from '../../db/schema/index.ts';
import { bearer, bodyOf, buildTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { THROTTLE } from './throttle.ts';

const LOGIN_SECRET = 'a-shared-secret-of-at-least-32-characters!';
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ loginTokenSecret: LOGIN_SECRET });
});
afterAll(async () => t.close());

const login = (payload: unknown, remoteAddress = '10.9.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: payload as object, remoteAddress });

describe('POST /api/login', () => {
  it.each([
    ['super@portal.test', 'SuperAdmin', 'SuperAdmin'],
    ['sysadmin@pharmacy.test', 'PharmacyUser', 'SysAdmin'],
    ['nurse@meadowbrook.test', 'FacilityUser', 'Nursing'],
    ['Admin@Meadowbrook.test', 'FacilityUser', 'facilityadmin'],
  ])('signs in %s as %s with role %s', async (email, userType, userRole) => {
    const response = await login({ email, password: 'portal-demo-1' }, '10.9.1.1');
    expect(response.statusCode).toBe(200);
    const body = bodyOf<{ token: string; userInfo: Record<string, unknown> }>(response);
    expect(body.token.length).toBeGreaterThanOrEqual(22);
    expect(body.userInfo).toMatchObject({ email: email.toLowerCase(), userType, userRole });
    expect(JSON.stringify(body)).not.toMatch(/passwordHash|argon2|mediprocitySecret/);
  });

  it('lists the memberships in entityTypeAndRole', async () => {
    const body = bodyOf<{ userInfo: { entityTypeAndRole: unknown[] } }>(
      await login({ email: 'sysadmin@pharmacy.test', password: 'portal-demo-1' }, '10.9.1.2'),
    );
    expect(body.userInfo.entityTypeAndRole).toEqual([
      { pharid: 'sprx', userRole: 'SysAdmin' },
      { pharid: 'upny', userRole: 'SysAdmin' },
    ]);
  });

  it('keeps only a hash of the token, with an absolute expiry of SESSION_MAX_HOURS', async () => {
    const { token } = bodyOf<{ token: string }>(
      await login({ email: 'don@lakeside.test', password: 'portal-demo-1' }, '10.9.1.3'),
    );
    const rows = await t.database.db.select().from(sessions);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    const newest = rows.sort((a, b) => b.id - a.id)[0];
    const hours = ((newest?.expiresAt.getTime() ?? 0) - (newest?.createdAt.getTime() ?? 0)) / 3_600_000;
    expect(hours).toBeCloseTo(t.config.sessionMaxHours, 1);
  });

  it('answers a wrong password and an unknown account alike: 401 Invalid credentials', async () => {
    const wrong = await login({ email: 'nurse@meadowbrook.test', password: 'nope' }, '10.9.2.1');
    const unknown = await login({ email: 'nobody@meadowbrook.test', password: 'nope' }, '10.9.2.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(bodyOf(wrong)).toEqual(bodyOf(unknown));
    expect(bodyOf(wrong)).toEqual({ message: 'Invalid credentials', code: 'UNAUTHORIZED' });
  });

  it.each([
    ['missing fields', {}, ['email', 'password']],
    ['wrong types', { email: 42, password: true }, ['email', 'password']],
    ['a bad email', { email: 'not-an-email', password: 'x' }, ['email']],
    ['unknown fields', { email: 'a@b.test', password: 'x', isAdmin: true }, ['isAdmin']],
    ['a 1 MB string', { email: 'a@b.test', password: 'x'.repeat(1024 * 1024 - 100) }, ['password']],
  ])('refuses %s with 400 and the fields named', async (_case, payload, fields) => {
    const response = await login(payload, '10.9.3.1');
    expect(response.statusCode).toBe(400);
    const body = bodyOf<{ code: string; fields: Record<string, string> }>(response);
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.fields).sort()).toEqual([...fields].sort());
  });

  it('says a too long email or password is too long, not missing', async () => {
    const response = await login(
      { email: `${'a'.repeat(250)}@b.test`, password: 'x'.repeat(1025) },
      '10.9.3.2',
    );
    expect(response.statusCode).toBe(400);
    expect(bodyOf<{ fields: Record<string, string> }>(response).fields).toEqual({
      email: 'Must be at most 254 characters',
      password: 'Must be at most 1024 characters',
    });
  });

  it('refuses a body over 1 MB with 413 and malformed JSON with 400', async () => {
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(bodyOf(huge)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
    expect(bodyOf(broken)).toHaveProperty('message');
  });

  it('throttles an account after 5 failures with 429 and a clear message, from any address', async () => {
    const email = 'nurse.nocreds@meadowbrook.test';
    for (let i = 0; i < THROTTLE.perAccount; i++) {
      expect((await login({ email, password: `bad-${i}` }, `10.9.4.${i}`)).statusCode).toBe(401);
    }
    const refused = await login({ email, password: 'portal-demo-1' }, '10.9.4.99');
    expect(refused.statusCode).toBe(429);
    expect(bodyOf(refused).message).toMatch(/^Too many sign-in attempts\. Try again in 15 minutes\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
    const other = await login({ email: 'nurse@meadowbrook.test', password: 'portal-demo-1' }, '10.9.4.99');
    expect(other.statusCode).toBe(200);
  });

  it('throttles an address after 20 failures across accounts', async () => {
    for (let i = 0; i < THROTTLE.perAddress; i++) {
      await login({ email: `probe${i}@example.test`, password: 'x' }, '10.9.5.5');
    }
    const refused = await login({ email: 'nurse@meadowbrook.test', password: 'portal-demo-1' }, '10.9.5.5');
    expect(refused.statusCode).toBe(429);
    expect(
      (await login({ email: 'nurse@meadowbrook.test', password: 'portal-demo-1' }, '10.9.5.6')).statusCode,
    ).toBe(200);
  });

  it('records sign-in successes and failures in the audit trail', async () => {
    const rows = await t.database.db.select().from(auditEvents).where(eq(auditEvents.kind, 'auth.login'));
    expect(rows.some((r) => r.outcome === 'success' && r.actor === 'nurse@meadowbrook.test')).toBe(true);
    expect(rows.some((r) => r.outcome === 'failure' && r.actor === 'nobody@meadowbrook.test')).toBe(true);
    expect(JSON.stringify(rows)).not.toContain('nope');
  });
});

describe('POST /api/users/authenticate', () => {
  it('signs in with username and password', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/authenticate',
      payload: { username: 'billing@pharmacy.test', password: 'portal-demo-1' },
    });
    expect(response.statusCode).toBe(200);
    expect(bodyOf<{ userInfo: { userRole: string } }>(response).userInfo.userRole).toBe('Billing');
  });

  it('refuses the email field name with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/authenticate',
      payload: { email: 'billing@pharmacy.test', password: 'portal-demo-1' },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /api/tokeninfo and POST /api/logout', () => {
  it('answers the userInfo of a valid token', async () => {
    const token = await signIn(t.app, 'nurse@meadowbrook.test');
    const response = await t.app.inject({ method: 'GET', url: '/api/tokeninfo', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(bodyOf<{ userInfo: { entityTypeAndRole: unknown } }>(response).userInfo.entityTypeAndRole).toEqual(
      [{ facid: 101, userRole: 'Nursing' }],
    );
  });

  it.each([
    ['no header', {}],
    ['an unknown token', bearer('x'.repeat(43))],
    ['a malformed header', { authorization: 'Basic abc' }],
  ])('answers 401 for %s', async (_case, headers) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/tokeninfo', headers });
    expect(response.statusCode).toBe(401);
    expect(bodyOf(response)).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('revokes the token on logout, so it answers 401 afterwards', async () => {
    const token = await signIn(t.app, 'don@lakeside.test');
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect(bodyOf(out)).toEqual({ message: 'User Logged Out' });
    const after = await t.app.inject({ method: 'GET', url: '/api/tokeninfo', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
  });

  it('ends a session idle longer than SESSION_IDLE_MINUTES, and one past its absolute expiry', async () => {
    const idleToken = await signIn(t.app, 'admin@meadowbrook.test');
    const oldToken = await signIn(t.app, 'admin@meadowbrook.test');
    const [idle, old] = (await t.database.db.select().from(sessions)).sort((a, b) => b.id - a.id);
    if (!idle || !old) throw new Error('sessions missing');
    const idleAgo = new Date(Date.now() - (t.config.sessionIdleMinutes + 1) * 60_000);
    await t.database.db.update(sessions).set({ lastSeenAt: idleAgo }).where(eq(sessions.id, old.id));
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, idle.id));
    for (const token of [idleToken, oldToken]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/tokeninfo', headers: bearer(token) });
      expect(response.statusCode).toBe(401);
    }
  });

  it("revokes a deleted user's sessions", async () => {
    const token = await signIn(t.app, 'billing@pharmacy.test');
    await t.database.db
      .update(users)
      .set({ deletedAt: sql`now()` })
      .where(eq(users.email, 'billing@pharmacy.test'));
    const response = await t.app.inject({ method: 'GET', url: '/api/tokeninfo', headers: bearer(token) });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/loginWithToken', () => {
  const oneTime = (claims: { sub: string; jti?: string }, secret = LOGIN_SECRET, expiresIn = '2m') =>
    new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setJti(claims.jti ?? randomUUID())
      .setIssuedAt()
      .setExpirationTime(expiresIn)
      .sign(new TextEncoder().encode(secret));
  const exchange = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/loginWithToken', headers: bearer(token) });

  it('exchanges a signed one-time token for a session, once', async () => {
    const token = await oneTime({ sub: 'nurse@meadowbrook.test' });
    const first = await exchange(token);
    expect(first.statusCode).toBe(200);
    const session = bodyOf<{ token: string }>(first).token;
    const info = await t.app.inject({ method: 'GET', url: '/api/tokeninfo', headers: bearer(session) });
    expect(bodyOf<{ userInfo: { email: string } }>(info).userInfo.email).toBe('nurse@meadowbrook.test');
    expect((await exchange(token)).statusCode).toBe(401);
  });

  it('refuses a token signed with another secret, an expired one, an unknown user, and no token', async () => {
    expect(
      (
        await exchange(
          await oneTime({ sub: 'nurse@meadowbrook.test' }, 'another-secret-of-at-least-32-chars!!'),
        )
      ).statusCode,
    ).toBe(401);
    expect(
      (await exchange(await oneTime({ sub: 'nurse@meadowbrook.test' }, LOGIN_SECRET, '-1m'))).statusCode,
    ).toBe(401);
    expect((await exchange(await oneTime({ sub: 'ghost@meadowbrook.test' }))).statusCode).toBe(401);
    const none = await t.app.inject({ method: 'POST', url: '/api/loginWithToken' });
    expect(none.statusCode).toBe(401);
    expect(bodyOf(none)).toMatchObject({ message: 'This sign-in link is invalid or has expired.' });
  });

  it('refuses (401, not 500) a signed token whose claims are not text PostgreSQL stores, or whose exp is past any date', async () => {
    const now = Math.floor(Date.now() / 1000);
    const signed = (claims: Record<string, unknown>) =>
      new SignJWT({ sub: 'nurse@meadowbrook.test', jti: randomUUID(), iat: now, exp: now + 60, ...claims })
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode(LOGIN_SECRET));
    for (const claims of [
      { sub: 'nurse@meadowbrook.test\u0000' },
      { sub: 'nurse@meadowbrook.test\ud800' },
      { sub: 7 },
      { jti: 'j\u0000' },
      { jti: ['a'] },
      { jti: 7 },
    ]) {
      const response = await exchange(await signed(claims));
      expect(response.statusCode, JSON.stringify(claims)).toBe(401);
      expect(bodyOf(response), JSON.stringify(claims)).toMatchObject({ code: 'UNAUTHORIZED' });
    }
    // A token lives 5 minutes from iat whatever its exp says: an exp past the last Date is kept as iat + 5 minutes.
    const lasting = await exchange(await signed({ exp: 1e15 }));
    expect(lasting.statusCode).toBe(200);
  });
});
