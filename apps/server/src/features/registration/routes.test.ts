import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  emailConfirmationTokens,
  loginAttempts,
  outbox,
  passwordResetTokens,
  sessions,
  users,
} from '../../db/schema/index.ts';
import { bearer, bodyOf, buildTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { SIGN_IN_CHECKED_REGISTRATIONS } from './link-tokens.ts';
import { mailedLink, PUBLIC_URL } from './test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ publicUrl: PUBLIC_URL, passwordMinLength: 8 });
});
afterAll(async () => t.close());

let address = 0;
// Each call from its own address unless a test is about throttling, so the address limit stays out of the way.
const post = (
  url: string,
  payload: object,
  remoteAddress = `10.7.${Math.floor(address / 200)}.${address++ % 200}`,
) => t.app.inject({ method: 'POST', url: `/api${url}`, payload, remoteAddress });
const login = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password },
    remoteAddress: '10.8.0.1',
  });

const mailsTo = (to: string) =>
  t.database.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id));
const lastLink = (to: string, page: string) => mailedLink(t.database.db, to, page);
const userRow = async (email: string) =>
  (await t.database.db.select().from(users).where(eq(users.email, email)))[0];
const auditOf = (kind: string, actor: string) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.kind, kind), eq(auditEvents.actor, actor)));

describe('POST /api/users/register', () => {
  const email = 'new.nurse@example.test';

  it('creates an unconfirmed FacilityUser with no facility or pharmacy and mails a confirmation link', async () => {
    const response = await post('/users/register', {
      fullname: 'New Nurse',
      email,
      password: 'a-good-password',
    });
    expect(response.statusCode).toBe(200);
    expect(bodyOf(response)).toEqual({ message: 'Check your email for a link to confirm your account.' });
    const row = await userRow(email);
    expect(row).toMatchObject({ displayName: 'New Nurse', userType: 'FacilityUser', emailConfirmedAt: null });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const { token } = await lastLink(email, '/confirm');
    const stored = await t.database.db
      .select()
      .from(emailConfirmationTokens)
      .where(eq(emailConfirmationTokens.userId, row?.id ?? 0));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).not.toBe(token);
    const hours = ((stored[0]?.expiresAt.getTime() ?? 0) - (stored[0]?.createdAt.getTime() ?? 0)) / 3_600_000;
    expect(hours).toBeCloseTo(24, 3);
    expect(await auditOf('auth.register', email)).toHaveLength(1);
  });

  it('refuses sign-in until the email is confirmed, with a clear message', async () => {
    const response = await login(email, 'a-good-password');
    expect(response.statusCode).toBe(403);
    expect(bodyOf(response)).toEqual({
      message: 'Confirm your email address before signing in: use the link we emailed you.',
      code: 'EMAIL_NOT_CONFIRMED',
    });
    expect((await login(email, 'a-wrong-password')).statusCode).toBe(401);
  });

  it('confirms once with the mailed link and the password; the account then signs in and holds no facility', async () => {
    const { token } = await lastLink(email, '/confirm');
    const password = 'a-good-password';
    const wrong = await post('/users/confirm', { email, token: `${token}x`, password });
    expect(wrong.statusCode).toBe(400);
    expect(bodyOf(wrong).message).toBe('This confirmation link is invalid, expired or already used.');
    const other = await post('/users/confirm', { email: 'nurse@meadowbrook.test', token, password });
    expect(other.statusCode).toBe(400);
    const missing = await post('/users/confirm', { email, token });
    expect(missing.statusCode).toBe(400);
    expect(bodyOf(missing).fields).toEqual({ password: 'Password is required' });

    const first = await post('/users/confirm', { email: email.toUpperCase(), token, password });
    expect(first.statusCode).toBe(200);
    expect(bodyOf(first)).toEqual({ message: 'Your email address is confirmed. You can now sign in.' });
    expect((await userRow(email))?.emailConfirmedAt).toBeInstanceOf(Date);
    expect((await post('/users/confirm', { email, token, password })).statusCode).toBe(400);
    expect((await auditOf('auth.confirm', email)).map((a) => [a.outcome, a.detail])).toEqual([
      ['failure', { reason: 'invalidLink' }],
      ['success', {}],
      ['failure', { reason: 'invalidLink' }],
    ]);

    const signedIn = await login(email, 'a-good-password');
    expect(signedIn.statusCode).toBe(200);
    const info = bodyOf<{ userInfo: { entityTypeAndRole: unknown[]; userType: string } }>(signedIn).userInfo;
    expect(info).toMatchObject({ userType: 'FacilityUser', entityTypeAndRole: [] });
    const { token: session } = bodyOf<{ token: string }>(signedIn);
    const facilities = await t.app.inject({
      method: 'GET',
      url: '/api/facilities',
      headers: bearer(session),
    });
    expect(bodyOf<{ facilities: unknown[] }>(facilities).facilities).toEqual([]);
  });

  it('answers an existing email exactly as a new one, changes nothing and tells the owner by mail', async () => {
    const before = await userRow('nurse@meadowbrook.test');
    const response = await post('/users/register', {
      fullname: 'Impostor',
      email: 'Nurse@Meadowbrook.test',
      password: 'another-password',
    });
    expect(response.statusCode).toBe(200);
    expect(bodyOf(response)).toEqual({ message: 'Check your email for a link to confirm your account.' });
    const after = await userRow('nurse@meadowbrook.test');
    expect(after?.passwordHash).toBe(before?.passwordHash);
    expect(after?.displayName).toBe(before?.displayName);
    const [mail] = await mailsTo('nurse@meadowbrook.test');
    expect(mail?.kind).toBe('account.already-registered');
    expect(mail?.textBody).toContain(`${PUBLIC_URL}/forget-password`);
    await signIn(t.app, 'nurse@meadowbrook.test');
  });

  it('mails the owner once per registration, whatever request id the client sends', async () => {
    const owner = 'nurse.nocreds@meadowbrook.test';
    const register = (requestId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/register',
        payload: { fullname: 'Someone', email: owner, password: 'another-password' },
        headers: { 'x-request-id': requestId },
        remoteAddress: `10.9.0.${address++ % 200}`,
      });
    const alreadyRegistered = async () =>
      (await mailsTo(owner)).filter((mail) => mail.kind === 'account.already-registered');
    const before = (await alreadyRegistered()).length;
    // One id for two registrations, and an id a client could guess the server uses: each still mails the owner.
    expect((await register('client-chosen-id-1')).statusCode).toBe(200);
    expect((await register('client-chosen-id-1')).statusCode).toBe(200);
    expect(await alreadyRegistered()).toHaveLength(before + 2);
    const keys = (await alreadyRegistered()).map((mail) => mail.dedupeKey);
    expect(keys.join(' ')).not.toContain('client-chosen-id-1');
  });

  it('never lets a registration by someone else set the password of the account the owner confirms', async () => {
    const victim = 'victim@example.test';
    const answer = await post('/users/register', {
      fullname: 'Vera Victim',
      email: victim,
      password: 'victim-password',
    });
    const victimLink = await lastLink(victim, '/confirm');
    const before = await userRow(victim);
    // Right after, before the owner clicks: someone who knows the address (but cannot read its mail) registers it.
    const attacker = await post('/users/register', {
      fullname: 'Mallory',
      email: victim,
      password: 'attacker-password',
    });
    expect(attacker.statusCode).toBe(200);
    expect(bodyOf(attacker)).toEqual(bodyOf(answer));
    const attackerLink = await lastLink(victim, '/confirm');
    expect(attackerLink.token).not.toBe(victimLink.token);
    // The account is as the owner's registration left it.
    expect(await userRow(victim)).toMatchObject({
      passwordHash: before?.passwordHash,
      displayName: 'Vera Victim',
      emailConfirmedAt: null,
    });

    // The owner opens the newest mail (the other registration's) and types their own password: refused, with a
    // reason, and nothing changes.
    const refused = await post('/users/confirm', { ...attackerLink, password: 'victim-password' });
    expect(refused.statusCode).toBe(400);
    const wrongPassword =
      "This is not the password chosen when registering with this link. If you registered more than once, each email's link goes with the password chosen that time.";
    expect(bodyOf(refused)).toMatchObject({ message: wrongPassword, fields: { password: wrongPassword } });
    expect((await userRow(victim))?.emailConfirmedAt).toBeNull();

    // Their own link (not voided by the later registration) confirms with their password.
    const confirmed = await post('/users/confirm', { ...victimLink, password: 'victim-password' });
    expect(confirmed.statusCode).toBe(200);
    expect((await login(victim, 'victim-password')).statusCode).toBe(200);
    expect((await login(victim, 'attacker-password')).statusCode).toBe(401);
    expect((await userRow(victim))?.displayName).toBe('Vera Victim');

    // The other registration's link is void now, even with its own password: it never sets the password.
    const late = await post('/users/confirm', { ...attackerLink, password: 'attacker-password' });
    expect(late.statusCode).toBe(400);
    expect(bodyOf(late).message).toBe('This confirmation link is invalid, expired or already used.');
    expect((await login(victim, 'attacker-password')).statusCode).toBe(401);
    expect((await login(victim, 'victim-password')).statusCode).toBe(200);

    expect((await auditOf('auth.register', victim)).map((a) => [a.outcome, a.detail])).toEqual([
      ['success', {}],
      ['success', { resent: true }],
    ]);
    expect((await auditOf('auth.confirm', victim)).map((a) => [a.outcome, a.detail])).toEqual([
      ['failure', { reason: 'wrongPassword' }],
      ['success', {}],
      ['failure', { reason: 'invalidLink' }],
    ]);
  });

  it("gives an address registered first by someone else its owner's password and name when the owner confirms", async () => {
    const owner = 'late.owner@example.test';
    await post('/users/register', { fullname: 'Mallory', email: owner, password: 'attacker-password' });
    const attackerLink = await lastLink(owner, '/confirm');
    await post('/users/register', { fullname: 'Olive Owner', email: owner, password: 'owner-password' });
    const ownerLink = await lastLink(owner, '/confirm');

    expect((await post('/users/confirm', { ...ownerLink, password: 'attacker-password' })).statusCode).toBe(
      400,
    );
    expect((await post('/users/confirm', { ...ownerLink, password: 'owner-password' })).statusCode).toBe(200);
    expect((await userRow(owner))?.displayName).toBe('Olive Owner');
    expect((await login(owner, 'owner-password')).statusCode).toBe(200);
    expect((await login(owner, 'attacker-password')).statusCode).toBe(401);
    expect(
      (await post('/users/confirm', { ...attackerLink, password: 'attacker-password' })).statusCode,
    ).toBe(400);
  });

  it('leaves the link open after a wrong password, so its owner can try again', async () => {
    const typo = 'typo@example.test';
    await post('/users/register', { fullname: 'Tom Typo', email: typo, password: 'my-password-1' });
    const link = await lastLink(typo, '/confirm');
    for (const password of ['my-password-2', 'MY-PASSWORD-1', 'my-password-1 '])
      expect((await post('/users/confirm', { ...link, password })).statusCode).toBe(400);
    const row = await userRow(typo);
    expect(row?.emailConfirmedAt).toBeNull();
    const [stored] = await t.database.db
      .select()
      .from(emailConfirmationTokens)
      .where(eq(emailConfirmationTokens.userId, row?.id ?? 0));
    expect(stored?.usedAt).toBeNull();
    expect(stored?.passwordHash).toBe(row?.passwordHash);

    expect((await post('/users/confirm', { ...link, password: 'my-password-1' })).statusCode).toBe(200);
    expect((await login(typo, 'my-password-1')).statusCode).toBe(200);
  });

  it('confirms with the link of any registration repeated before confirming, which voids the others', async () => {
    const again = 'twice.registered@example.test';
    await post('/users/register', { fullname: 'First Try', email: again, password: 'first-password' });
    const firstLink = await lastLink(again, '/confirm');
    const second = await post('/users/register', {
      fullname: 'Second Try',
      email: again,
      password: 'second-password',
    });
    expect(second.statusCode).toBe(200);
    const secondLink = await lastLink(again, '/confirm');
    expect(secondLink.token).not.toBe(firstLink.token);

    // Each link goes with its own registration's password: the second with the second, and the first (still
    // open) with the first, which confirms and voids the second.
    expect((await post('/users/confirm', { ...secondLink, password: 'first-password' })).statusCode).toBe(
      400,
    );
    expect((await post('/users/confirm', { ...firstLink, password: 'first-password' })).statusCode).toBe(200);
    expect((await post('/users/confirm', { ...secondLink, password: 'second-password' })).statusCode).toBe(
      400,
    );
    expect((await login(again, 'second-password')).statusCode).toBe(401);
    expect((await login(again, 'first-password')).statusCode).toBe(200);
    expect((await userRow(again))?.displayName).toBe('First Try');
    // Spent and voided links keep no password hash.
    const stored = await t.database.db
      .select()
      .from(emailConfirmationTokens)
      .where(eq(emailConfirmationTokens.userId, (await userRow(again))?.id ?? 0));
    expect(stored.map((s) => [s.usedAt instanceof Date, s.passwordHash])).toEqual([
      [true, ''],
      [true, ''],
    ]);
  });

  it('tells someone who registered again with a new password, before confirming, to confirm, not that it is wrong', async () => {
    const again = 'forgot.registered@example.test';
    await post('/users/register', { fullname: 'First Try', email: again, password: 'first-password' });
    const firstLink = await lastLink(again, '/confirm');
    await post('/users/register', { fullname: 'Second Try', email: again, password: 'second-password' });
    const notConfirmed = {
      message: 'Confirm your email address before signing in: use the link we emailed you.',
      code: 'EMAIL_NOT_CONFIRMED',
    };
    for (const password of ['first-password', 'second-password']) {
      const response = await login(again, password);
      expect(response.statusCode).toBe(403);
      expect(bodyOf(response)).toEqual(notConfirmed);
    }
    expect((await login(again, 'neither-password')).statusCode).toBe(401);
    // The second registration's password counts only while its link is open: once the first link confirms the
    // account (voiding the second), the second password is wrong like any other.
    expect((await post('/users/confirm', { ...firstLink, password: 'first-password' })).statusCode).toBe(200);
    expect((await login(again, 'second-password')).statusCode).toBe(401);
    expect((await login(again, 'first-password')).statusCode).toBe(200);
  });

  it('compares a sign-in password with only the newest few open registrations; an older link still confirms', async () => {
    // Every comparison is an argon2 run: were every open link's password tried, registering an address again and
    // again would make each sign-in attempt against it cost hundreds of them.
    const often = 'often.registered@example.test';
    const links = [];
    for (let i = 1; i <= 2 + SIGN_IN_CHECKED_REGISTRATIONS; i += 1) {
      const password = `registration-${i}`;
      expect(
        (await post('/users/register', { fullname: `Try ${i}`, email: often, password })).statusCode,
      ).toBe(200);
      links.push({ ...(await lastLink(often, '/confirm')), password });
    }
    const signInAs = async (password: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: often, password },
          remoteAddress: '10.8.1.1',
        })
      ).statusCode;
    // The account's own (first) password, and the newest registrations' passwords, hear they must confirm.
    const [first, beyondBound, ...newest] = links;
    expect(newest).toHaveLength(SIGN_IN_CHECKED_REGISTRATIONS);
    expect(await signInAs(first?.password ?? '')).toBe(403);
    for (const link of newest) expect(await signInAs(link.password)).toBe(403);
    // The registration older than the newest few is not compared: its password is wrong at sign-in...
    expect(await signInAs(beyondBound?.password ?? '')).toBe(401);
    // ...yet its link still confirms the account with it.
    expect((await post('/users/confirm', beyondBound ?? {})).statusCode).toBe(200);
    expect(await signInAs(beyondBound?.password ?? '')).toBe(200);
    expect((await userRow(often))?.displayName).toBe('Try 2');
  });

  it('confirms an account once when two of its links are confirmed at the same moment', async () => {
    const racer = 'racer@example.test';
    const links = [];
    for (const password of ['race-password-1', 'race-password-2']) {
      await post('/users/register', { fullname: 'Rae Racer', email: racer, password });
      links.push({ ...(await lastLink(racer, '/confirm')), password });
    }
    const answers = await Promise.all(links.map((link) => post('/users/confirm', link)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const winner = links[answers.findIndex((a) => a.statusCode === 200)]?.password ?? '';
    const loser = links.find((link) => link.password !== winner)?.password ?? '';
    expect((await login(racer, winner)).statusCode).toBe(200);
    expect((await login(racer, loser)).statusCode).toBe(401);
  });

  it('throttles wrong passwords with the sign-in throttle, and the link still works once the window has passed', async () => {
    const guessed = 'guessed@example.test';
    await post('/users/register', { fullname: 'Gus Guessed', email: guessed, password: 'the-real-password' });
    const link = await lastLink(guessed, '/confirm');
    // 5 wrong passwords, each from its own address: the account's limit.
    for (let i = 0; i < 5; i++)
      expect((await post('/users/confirm', { ...link, password: `guess-${i}` })).statusCode).toBe(400);
    const throttled = await post('/users/confirm', { ...link, password: 'the-real-password' });
    expect(throttled.statusCode).toBe(429);
    // Said as what was refused: confirmation attempts, not sign-in ones.
    expect(bodyOf(throttled)).toEqual({
      message:
        'Too many confirmation attempts. Try again in 15 minutes. A password reset also confirms your account.',
      code: 'TOO_MANY_REQUESTS',
    });
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(800);
    expect((await userRow(guessed))?.emailConfirmedAt).toBeNull();
    // One throttle with sign-in: the account's failures count there too, and sign-in says sign-in.
    const signInThrottled = await login(guessed, 'the-real-password');
    expect(signInThrottled.statusCode).toBe(429);
    expect(bodyOf(signInThrottled).message).toBe('Too many sign-in attempts. Try again in 15 minutes.');
    expect((await auditOf('auth.confirm', guessed)).map((a) => a.detail)).toEqual([
      ...Array.from({ length: 5 }, () => ({ reason: 'wrongPassword' })),
      { reason: 'throttled' },
    ]);

    await t.database.db
      .update(loginAttempts)
      .set({ at: sql`${loginAttempts.at} - interval '16 minutes'` })
      .where(eq(loginAttempts.account, guessed));
    expect((await post('/users/confirm', { ...link, password: 'the-real-password' })).statusCode).toBe(200);
    expect((await login(guessed, 'the-real-password')).statusCode).toBe(200);
  });

  it('shares one budget with sign-in both ways: failed sign-ins hold the link back, a reset link still confirms', async () => {
    // Sign-in of an unconfirmed account checks the same passwords a link does (each open registration's), so
    // failed sign-ins spend the guesses the confirmation form would otherwise add on top.
    const held = 'held@example.test';
    await post('/users/register', { fullname: 'Hal Held', email: held, password: 'held-real-password' });
    const link = await lastLink(held, '/confirm');
    // Each from its own address: the account's budget, not the address's, holds the link back.
    for (let i = 0; i < 5; i++) {
      const failed = await post('/login', { email: held, password: `wrong-${i}` });
      expect(failed.statusCode).toBe(401);
    }
    const refused = await post('/users/confirm', { ...link, password: 'held-real-password' });
    expect(refused.statusCode).toBe(429);
    expect(bodyOf(refused).message).toBe(
      'Too many confirmation attempts. Try again in 15 minutes. A password reset also confirms your account.',
    );
    expect((await userRow(held))?.emailConfirmedAt).toBeNull();
    // The owner is not stuck: a reset link proves the mailbox and confirms the account while sign-in is throttled.
    expect((await post('/users/password-reset', { username: held })).statusCode).toBe(200);
    const reset = await post('/resetPassword', {
      ...(await lastLink(held, '/reset-password')),
      password: 'held-new-password',
      confirmPassword: 'held-new-password',
    });
    expect(reset.statusCode).toBe(200);
    expect((await userRow(held))?.emailConfirmedAt).toBeInstanceOf(Date);
  });

  it('voids the confirmation links when a password reset has confirmed the account', async () => {
    const resetter = 'resetter@example.test';
    await post('/users/register', { fullname: 'Ray Resetter', email: resetter, password: 'registered-pass' });
    const confirmLink = await lastLink(resetter, '/confirm');
    await post('/users/password-reset', { username: resetter });
    const resetLink = await lastLink(resetter, '/reset-password');
    const reset = await post('/resetPassword', {
      ...resetLink,
      password: 'reset-password',
      confirmPassword: 'reset-password',
    });
    expect(reset.statusCode).toBe(200);
    expect((await post('/users/confirm', { ...confirmLink, password: 'registered-pass' })).statusCode).toBe(
      400,
    );
    expect((await login(resetter, 'reset-password')).statusCode).toBe(200);
    expect((await login(resetter, 'registered-pass')).statusCode).toBe(401);
  });

  it('refuses a pharmacy-domain email: those accounts are made by a pharmacy administrator', async () => {
    const response = await post('/users/register', {
      fullname: 'Pharm Person',
      email: 'someone@pharmacy.test',
      password: 'a-good-password',
    });
    expect(response.statusCode).toBe(400);
    expect(bodyOf(response).fields).toEqual({
      email: 'Pharmacy staff accounts are created by a pharmacy administrator.',
    });
    expect(await userRow('someone@pharmacy.test')).toBeUndefined();
  });

  it.each([
    [{}, { fullname: 'Full name is required', email: 'Email is required', password: 'Password is required' }],
    [
      { fullname: ' ', email: 'not-an-email', password: 'short' },
      {
        fullname: 'Full name is required',
        email: 'Invalid email',
        password: 'Password must include a minimum of 8 characters',
      },
    ],
    [
      { fullname: 'A B', email: 'ab@example.test', password: 'long-enough', role: 'SuperAdmin' },
      { role: 'Unknown field' },
    ],
  ])(
    'refuses %j with 400 naming each field with its message, and creates nothing',
    async (payload, fields) => {
      const response = await post('/users/register', payload);
      expect(response.statusCode).toBe(400);
      expect(bodyOf(response).fields).toEqual(fields);
      expect(await userRow('ab@example.test')).toBeUndefined();
    },
  );
});

describe('password reset by link', () => {
  const email = 'admin@meadowbrook.test';

  it('answers the same message whether or not the email exists, and mails only a real account', async () => {
    const known = await post('/users/password-reset', { username: email });
    const unknown = await post('/users/password-reset', { username: 'ghost@meadowbrook.test' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(bodyOf(known)).toEqual(bodyOf(unknown));
    expect(bodyOf(known)).toEqual({
      message:
        'If an account exists for this email, a password reset link is on its way. It works for one hour.',
    });
    expect(await mailsTo('ghost@meadowbrook.test')).toHaveLength(0);
    const [mail] = await mailsTo(email);
    expect(mail).toMatchObject({ kind: 'password.reset', subject: 'Reset your Care Portal password' });
    const link = await lastLink(email, '/reset-password');
    expect(link.email).toBe(email);
    const [stored] = await t.database.db
      .select()
      .from(passwordResetTokens)
      .orderBy(desc(passwordResetTokens.id))
      .limit(1);
    expect(stored?.tokenHash).not.toBe(link.token);
    expect(((stored?.expiresAt.getTime() ?? 0) - (stored?.createdAt.getTime() ?? 0)) / 60_000).toBeCloseTo(
      60,
      3,
    );
  });

  it.each([
    [{}, { username: 'Email is required' }],
    [{ username: 'nope' }, { username: 'Invalid email' }],
  ])('refuses %j with 400 and the field named', async (payload, fields) => {
    const response = await post('/users/password-reset', payload);
    expect(response.statusCode).toBe(400);
    expect(bodyOf(response).fields).toEqual(fields);
  });

  it('sets the password once, clears a forced change, and signs the user out everywhere', async () => {
    await t.database.db.update(users).set({ mustChangePassword: true }).where(eq(users.email, email));
    const session = await signIn(t.app, email);
    const link = await lastLink(email, '/reset-password');
    const reset = await post('/resetPassword', {
      ...link,
      password: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    });
    expect(reset.statusCode).toBe(200);
    expect(bodyOf(reset)).toEqual({
      message: 'Your password has been reset. Sign in with your new password.',
    });
    expect((await userRow(email))?.mustChangePassword).toBe(false);
    const old = await t.app.inject({ method: 'GET', url: '/api/tokeninfo', headers: bearer(session) });
    expect(old.statusCode).toBe(401);
    expect((await login(email, 'portal-demo-1')).statusCode).toBe(401);
    expect((await login(email, 'brand-new-pass')).statusCode).toBe(200);

    const again = await post('/resetPassword', {
      ...link,
      password: 'third-password',
      confirmPassword: 'third-password',
    });
    expect(again.statusCode).toBe(400);
    expect(bodyOf(again).message).toBe('This password reset link is invalid, expired or already used.');
    expect((await login(email, 'brand-new-pass')).statusCode).toBe(200);
    expect((await auditOf('password.reset', email)).map((a) => a.outcome)).toEqual(['success', 'failure']);
  });

  it('sets the password once when reset links of one account are used at the same moment', async () => {
    // Each request spends its own link and then voids the others: without one lock taken first, each waited for
    // another's row and PostgreSQL answered one of them with a deadlock (500). The race is a round trip wide, so it
    // is run for four accounts, with three links each.
    for (const racer of [
      'pharmacist@pharmacy.test',
      'sysadmin@pharmacy.test',
      'super@portal.test',
      'nurse.nocreds@meadowbrook.test',
    ]) {
      const links = [];
      for (const n of [1, 2, 3]) {
        await post('/users/password-reset', { username: racer });
        const password = `reset-race-pass-${n}`;
        links.push({ ...(await lastLink(racer, '/reset-password')), password, confirmPassword: password });
      }
      const answers = await Promise.all(links.map((link) => post('/resetPassword', link)));
      expect(answers.map((a) => a.statusCode).sort(), racer).toEqual([200, 400, 400]);
      const winner = links[answers.findIndex((a) => a.statusCode === 200)]?.password ?? '';
      expect((await login(racer, winner)).statusCode, racer).toBe(200);
      for (const link of links.filter((l) => l.password !== winner))
        expect((await login(racer, link.password)).statusCode, racer).toBe(401);
    }
  });

  it('refuses a link past its hour, a wrong token and a token of another account', async () => {
    const target = 'don@lakeside.test';
    await post('/users/password-reset', { username: target });
    const link = await lastLink(target, '/reset-password');
    const body = (extra: object) => ({
      ...link,
      password: 'new-password-1',
      confirmPassword: 'new-password-1',
      ...extra,
    });
    expect((await post('/resetPassword', body({ token: 'x'.repeat(43) }))).statusCode).toBe(400);
    expect((await post('/resetPassword', body({ email: 'nurse@meadowbrook.test' }))).statusCode).toBe(400);
    const row = await userRow(target);
    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, row?.id ?? 0));
    const expired = await post('/resetPassword', body({}));
    expect(expired.statusCode).toBe(400);
    expect(bodyOf(expired).fields).toEqual({
      token: 'This password reset link is invalid, expired or already used.',
    });
    expect((await userRow(target))?.passwordHash).toBe(row?.passwordHash);
    await signIn(t.app, target);
  });

  it.each([
    [{}, ['confirmPassword', 'email', 'password', 'token']],
    [{ password: 'short', confirmPassword: 'short' }, ['password']],
    [{ password: 'long-enough-1', confirmPassword: 'long-enough-2' }, ['confirmPassword']],
  ])('refuses %j with the spec messages and changes nothing', async (payload, fieldNames) => {
    const full = { email: 'nurse@meadowbrook.test', token: 'x'.repeat(43), ...payload };
    const response = await post('/resetPassword', Object.keys(payload).length ? full : {});
    expect(response.statusCode).toBe(400);
    const fields = bodyOf<{ fields: Record<string, string> }>(response).fields;
    expect(Object.keys(fields).sort()).toEqual(fieldNames);
    if (fields.password)
      expect(fields.password).toMatch(/^Password (is required|must include a minimum of 8 characters)$/);
    if (fieldNames.includes('confirmPassword') && fieldNames.length === 1)
      expect(fields.confirmPassword).toBe('Passwords do not match');
  });

  it('throttles requests for one email after 5 in 15 minutes, with 429 and Retry-After', async () => {
    const target = 'billing@pharmacy.test';
    for (let i = 0; i < 5; i++)
      expect((await post('/users/password-reset', { username: target })).statusCode).toBe(200);
    const refused = await post('/users/password-reset', { username: target });
    expect(refused.statusCode).toBe(429);
    expect(bodyOf(refused).message).toMatch(/^Too many requests\. Try again in 15 minutes\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
    expect(await mailsTo(target)).toHaveLength(5);
    // Reset requests never count as failed sign-ins.
    expect((await login(target, 'portal-demo-1')).statusCode).toBe(200);
  });

  it('keeps only hashes: no session or token in the audit trail', async () => {
    const rows = await t.database.db.select().from(auditEvents);
    const tokens = (await t.database.db.select().from(sessions)).map((s) => s.tokenHash);
    expect(tokens.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toMatch(/brand-new-pass|a-good-password/);
  });
});
