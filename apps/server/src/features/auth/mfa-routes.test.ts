import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, mfaChallenges, sessions, userMfa, users } from '../../db/schema/index.ts';
import { BROWSER_ENCODINGS } from '../../test/compression.ts';
import { bearer, bodyOf, buildTestApp, type TestApp } from '../../test/test-app.ts';

const LOGIN_SECRET = 'a-shared-secret-of-at-least-32-characters!';
const CODE_USED = 'This code has already been used. Wait for the next code.';
const PASSWORD = 'portal-demo-1';
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ loginTokenSecret: LOGIN_SECRET });
});
afterAll(async () => t.close());

/** The code an authenticator app shows for a secret, `steps` 30-second steps from now. */
const codeOf = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

type Body = Record<string, unknown>;
const post = (url: string, payload: Body, options: { token?: string; ip?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload,
    headers: options.token ? bearer(options.token) : {},
    remoteAddress: options.ip ?? '10.7.0.1',
  });
const get = (url: string, token: string) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(token) });

async function passwordStep(email: string, ip = '10.7.0.1') {
  const response = await post('/login', { email, password: PASSWORD }, { ip });
  expect(response.statusCode).toBe(200);
  return bodyOf<{ token?: string; mfaRequired?: true; challenge?: string }>(response);
}

async function sessionOf(email: string) {
  const answer = await passwordStep(email);
  if (!answer.token) throw new Error(`${email} has two-step sign-in on`);
  return answer.token;
}

/** Sets up two-step sign-in for a user; answers the secret and the recovery codes. */
async function enrol(email: string) {
  const token = await sessionOf(email);
  const { secret } = bodyOf<{ secret: string }>(await post('/mfa/enrol', {}, { token }));
  const confirmed = await post(
    '/mfa/enrol/confirm',
    { code: codeOf(secret), currentPassword: PASSWORD },
    { token },
  );
  expect(confirmed.statusCode).toBe(200);
  return { token, secret, recoveryCodes: bodyOf<{ recoveryCodes: string[] }>(confirmed).recoveryCodes };
}

async function userIdOf(email: string) {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(email);
  return row.id;
}

describe('two-step sign-in, from set-up to turning it off', () => {
  const email = 'nurse@meadowbrook.test';
  let token = '';
  let secret = '';
  let recoveryCodes: string[] = [];

  it('starts a set-up with a secret, its otpauth URI and an SVG QR code, and nothing is on yet', async () => {
    token = await sessionOf(email);
    const started = await post('/mfa/enrol', {}, { token });
    expect(started.statusCode).toBe(200);
    const body = bodyOf<{ secret: string; otpauthUri: string; qrCode: string }>(started);
    secret = body.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauthUri).toMatch(/^otpauth:\/\/totp\/Care%20Portal:nurse%40meadowbrook\.test\?/);
    expect(body.otpauthUri).toContain(`secret=${secret}`);
    expect(Buffer.from(body.qrCode.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toMatch(
      /^<svg/,
    );
    expect(bodyOf(await get('/mfa', token))).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
    // Still a plain sign-in while the set-up is pending.
    expect((await passwordStep(email)).token).toBeTruthy();
  });

  it('refuses a wrong code and a wrong password at confirmation, and turns nothing on', async () => {
    const wrongCode = await post(
      '/mfa/enrol/confirm',
      { code: '000000', currentPassword: PASSWORD },
      { token },
    );
    const wrongPassword = await post(
      '/mfa/enrol/confirm',
      { code: codeOf(secret), currentPassword: 'not-it' },
      { token },
    );
    const badShape = await post('/mfa/enrol/confirm', { code: '12ab', currentPassword: PASSWORD }, { token });
    expect(wrongCode.statusCode).toBe(400);
    expect(bodyOf(wrongCode)).toMatchObject({ fields: { code: expect.stringMatching(/not right/) } });
    expect(wrongPassword.statusCode).toBe(400);
    expect(bodyOf(wrongPassword)).toMatchObject({
      fields: { currentPassword: 'Current password is incorrect' },
    });
    expect(badShape.statusCode).toBe(400);
    expect(bodyOf(await get('/mfa', token))).toMatchObject({ enabled: false });
    const info = bodyOf<{ userInfo: { mfaEnabled: boolean } }>(await get('/tokeninfo', token));
    expect(info.userInfo.mfaEnabled).toBe(false);
  });

  it('turns on with a current code and the password, answering 10 recovery codes once', async () => {
    const confirmed = await post(
      '/mfa/enrol/confirm',
      { code: codeOf(secret), currentPassword: PASSWORD },
      { token },
    );
    expect(confirmed.statusCode).toBe(200);
    recoveryCodes = bodyOf<{ recoveryCodes: string[] }>(confirmed).recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    expect(bodyOf(await get('/mfa', token))).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    // Only hashes are kept, and the secret is sealed.
    const [row] = await t.database.db
      .select()
      .from(userMfa)
      .where(eq(userMfa.userId, await userIdOf(email)));
    expect(JSON.stringify(row?.recoveryCodeHashes)).not.toContain(
      recoveryCodes[0]?.replaceAll('-', '') ?? '?',
    );
    expect(Buffer.from(row?.secret ?? []).toString('latin1')).not.toContain(secret);
    // A second set-up needs turning it off first.
    expect((await post('/mfa/enrol', {}, { token })).statusCode).toBe(409);
  });

  it('answers a challenge and no session for the right password, and a session for the right code', async () => {
    const userId = await userIdOf(email);
    const before = await t.database.db.select().from(sessions).where(eq(sessions.userId, userId));
    const step = await passwordStep(email);
    expect(step).toEqual({ mfaRequired: true, challenge: expect.any(String) });
    const after = await t.database.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(after).toHaveLength(before.length);
    // The challenge is no bearer token.
    expect((await get('/tokeninfo', step.challenge ?? '')).statusCode).toBe(401);

    // The confirmation used this step's code; the next step's is a new one.
    const code = codeOf(secret, 1);
    const done = await post('/login/mfa', { challenge: step.challenge, code });
    expect(done.statusCode).toBe(200);
    const session = bodyOf<{ token: string; userInfo: { email: string; mfaEnabled: boolean } }>(done);
    expect(session.userInfo).toMatchObject({ email, mfaEnabled: true });
    expect((await get('/facilities', session.token)).statusCode).toBe(200);

    // The same challenge works once.
    const again = await post('/login/mfa', { challenge: step.challenge, code: codeOf(secret, 1) });
    expect(again.statusCode).toBe(401);
    expect(bodyOf(again)).toMatchObject({ code: 'MFA_CHALLENGE_EXPIRED' });
    // Only a hash of the challenge is kept.
    const kept = await t.database.db.select().from(mfaChallenges).where(eq(mfaChallenges.userId, userId));
    expect(kept.some((c) => c.tokenHash === step.challenge)).toBe(false);

    // The same code works once (no replay), even with a fresh challenge.
    const next = await passwordStep(email);
    const left = await t.database.db.select().from(mfaChallenges).where(eq(mfaChallenges.userId, userId));
    expect(left.filter((c) => c.usedAt !== null)).toEqual([]);
    const replayed = await post('/login/mfa', { challenge: next.challenge, code });
    expect(replayed.statusCode).toBe(401);
    expect(bodyOf(replayed)).toMatchObject({ code: 'UNAUTHORIZED', message: CODE_USED });
  });

  it('takes a recovery code once, in any case and with or without dashes', async () => {
    const first = await passwordStep(email);
    const used = recoveryCodes[0] ?? '';
    const typed = used.toLowerCase().replaceAll('-', ' ');
    const done = await post('/login/mfa', { challenge: first.challenge, code: typed });
    expect(done.statusCode).toBe(200);
    expect(bodyOf(await get('/mfa', token))).toMatchObject({ recoveryCodesLeft: 9 });
    const second = await passwordStep(email);
    const reused = await post('/login/mfa', { challenge: second.challenge, code: used });
    expect(reused.statusCode).toBe(401);
    expect(bodyOf(reused)).toMatchObject({ message: expect.stringMatching(/already used/) });
  });

  it('makes new recovery codes (password and a code) and the old ones are gone', async () => {
    // This step's and the next step's codes are used up; a recovery code proves the factor as well.
    const renewed = await post(
      '/mfa/recovery-codes',
      { code: recoveryCodes[1], currentPassword: PASSWORD },
      { token },
    );
    expect(renewed.statusCode).toBe(200);
    const fresh = bodyOf<{ recoveryCodes: string[] }>(renewed).recoveryCodes;
    expect(fresh).toHaveLength(10);
    for (const old of recoveryCodes) expect(fresh).not.toContain(old);
    expect(bodyOf(await get('/mfa', token))).toMatchObject({ recoveryCodesLeft: 10 });
    recoveryCodes = fresh;
  });

  it('turns off with the password and a recovery code; sign-in is one step again', async () => {
    const off = await post('/mfa/disable', { code: recoveryCodes[0], currentPassword: PASSWORD }, { token });
    expect(off.statusCode).toBe(200);
    expect(bodyOf(await get('/mfa', token))).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
    const plain = await passwordStep(email);
    expect(Object.keys(plain).sort()).toEqual(['token', 'userInfo']);
    expect(
      (await post('/mfa/disable', { code: '123456', currentPassword: PASSWORD }, { token })).statusCode,
    ).toBe(409);
  });
});

describe('an authenticator code used once and entered again', () => {
  const email = 'nurse.nocreds@meadowbrook.test';

  it('says it was already used, at sign-in and in Settings, and a wrong code still says it is not right', async () => {
    const { token, secret } = await enrol(email);
    const code = codeOf(secret, 1);
    const first = await passwordStep(email);
    expect((await post('/login/mfa', { challenge: first.challenge, code })).statusCode).toBe(200);

    const second = await passwordStep(email);
    const again = await post('/login/mfa', { challenge: second.challenge, code });
    expect(again.statusCode).toBe(401);
    expect(bodyOf(again)).toEqual({ code: 'UNAUTHORIZED', message: CODE_USED });
    // Refused, it starts no session, and the challenge is still there for the next code.
    const nearby = [-2, -1, 0, 1, 2, 3].map((steps) => codeOf(secret, steps));
    const wrong = ['000000', '111111', '222222', '333333'].find((c) => !nearby.includes(c)) ?? '';
    const wrongAnswer = await post('/login/mfa', { challenge: second.challenge, code: wrong });
    expect(wrongAnswer.statusCode).toBe(401);
    expect(bodyOf(wrongAnswer)).toMatchObject({
      message: 'That code is not right. Check your authenticator app and try again.',
    });
    const failures = await t.database.db
      .select({ detail: auditEvents.detail })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.kind, 'auth.mfa'),
          eq(auditEvents.actor, email),
          eq(auditEvents.outcome, 'failure'),
        ),
      )
      .orderBy(auditEvents.id);
    expect(failures.map((f) => f.detail)).toEqual([
      { method: 'totp', reason: 'used' },
      { method: 'totp', reason: 'wrong' },
    ]);

    // Settings' proof (turning it off) says the same at the code's field, and turns nothing off.
    const off = await post('/mfa/disable', { code, currentPassword: PASSWORD }, { token });
    expect(off.statusCode).toBe(400);
    expect(bodyOf(off)).toMatchObject({ fields: { code: CODE_USED } });
    expect(bodyOf(await get('/mfa', token))).toMatchObject({ enabled: true });
  });
});

describe('throttling the code step', () => {
  it('answers 429 after 5 wrong codes for the account, like the password step, even for the right code', async () => {
    const email = 'billing@pharmacy.test';
    const { secret } = await enrol(email);
    const { challenge } = await passwordStep(email, '10.7.1.1');
    for (let i = 0; i < 5; i += 1) {
      const wrong = await post('/login/mfa', { challenge, code: '000000' }, { ip: `10.7.1.${10 + i}` });
      expect(wrong.statusCode).toBe(401);
    }
    const blocked = await post('/login/mfa', { challenge, code: codeOf(secret, 1) }, { ip: '10.7.1.99' });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(bodyOf(blocked)).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    const [throttled] = await t.database.db
      .select({ detail: auditEvents.detail })
      .from(auditEvents)
      .where(
        and(eq(auditEvents.kind, 'auth.mfa'), eq(auditEvents.actor, email), eq(auditEvents.ip, '10.7.1.99')),
      );
    expect(throttled?.detail).toEqual({ reason: 'throttled' });
    // The password step shares the count.
    expect((await post('/login', { email, password: PASSWORD }, { ip: '10.7.1.98' })).statusCode).toBe(429);
  });

  it('refuses a bad body with 400 and fields, and an unknown challenge with 401', async () => {
    const bad = await post('/login/mfa', { challenge: 'short', code: '' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bodyOf<{ fields: Body }>(bad).fields).sort()).toEqual(['challenge', 'code']);
    const unknown = await post('/login/mfa', { challenge: 'x'.repeat(43), code: '123456' });
    expect(unknown.statusCode).toBe(401);
    expect(bodyOf(unknown)).toMatchObject({ code: 'MFA_CHALLENGE_EXPIRED' });
  });

  it('says what a body left empty is missing, in words, as the password step does', async () => {
    const empty = await post('/login/mfa', {});
    expect(empty.statusCode).toBe(400);
    expect(bodyOf(empty)).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: {
        challenge: 'Sign in with your email and password first, then enter the code.',
        code: 'Please enter the code',
      },
    });
  });

  it('needs a session for the Settings calls', async () => {
    for (const url of ['/mfa/enrol', '/mfa/enrol/confirm', '/mfa/disable', '/mfa/recovery-codes'])
      expect((await post(url, { code: '123456', currentPassword: PASSWORD })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/mfa' })).statusCode).toBe(401);
  });
});

describe('POST /api/loginWithToken for a user with two-step sign-in', () => {
  it('answers a challenge instead of a session, finished with a code', async () => {
    const email = 'pharmacist@pharmacy.test';
    const { secret } = await enrol(email);
    const oneTime = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(email)
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime('2m')
      .sign(new TextEncoder().encode(LOGIN_SECRET));
    const exchanged = await t.app.inject({
      method: 'POST',
      url: '/api/loginWithToken',
      headers: bearer(oneTime),
    });
    expect(exchanged.statusCode).toBe(200);
    const { challenge } = bodyOf<{ challenge: string }>(exchanged);
    expect(bodyOf(exchanged)).toEqual({ mfaRequired: true, challenge });
    const done = await post('/login/mfa', { challenge, code: codeOf(secret, 1) });
    expect(done.statusCode).toBe(200);
    const { token } = bodyOf<{ token: string }>(done);

    // Turning it off needs the password as well as a code; a wrong one changes nothing.
    const refused = await post('/mfa/disable', { code: '123456', currentPassword: 'not-it' }, { token });
    expect(refused.statusCode).toBe(400);
    expect(bodyOf(refused)).toMatchObject({ fields: { currentPassword: 'Current password is incorrect' } });
    expect(bodyOf(await get('/mfa', token))).toMatchObject({ enabled: true });
  });
});

describe('audit', () => {
  it('records each kind of two-step event', async () => {
    const rows = await t.database.db
      .select({ kind: auditEvents.kind, outcome: auditEvents.outcome, actor: auditEvents.actor })
      .from(auditEvents)
      .where(inArray(auditEvents.actor, ['nurse@meadowbrook.test', 'pharmacist@pharmacy.test']));
    const seen = new Set(rows.map((r) => `${r.kind}:${r.outcome}`));
    for (const event of [
      'auth.mfa:success',
      'auth.mfa:failure',
      'mfa.enrol:success',
      'mfa.enrol:failure',
      'mfa.disable:success',
      'mfa.disable:failure',
      'mfa.recovery-used:success',
      'mfa.recovery-regenerate:success',
    ])
      expect(seen, event).toContain(event);
    const failures = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'auth.mfa'), eq(auditEvents.outcome, 'failure')));
    // Never a code or a secret in the trail.
    expect(JSON.stringify(failures)).not.toMatch(/000000/);
  });
});

describe('answer compression', () => {
  it('never compresses the set-up answer, which carries the new secret, even for a client that accepts brotli', async () => {
    const token = await sessionOf('don@lakeside.test');
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/mfa/enrol',
      payload: {},
      headers: { ...bearer(token), 'accept-encoding': BROWSER_ENCODINGS },
    });
    expect(started.statusCode).toBe(200);
    expect(started.headers['content-encoding']).toBeUndefined();
    // Past the compression threshold: only the route's leaving it out keeps the secret uncompressed (BREACH).
    expect(started.rawPayload.length).toBeGreaterThan(2048);
    expect(bodyOf<{ secret: string }>(started).secret).toMatch(/^[A-Z2-7]{32}$/);
  });
});
