import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emailConfirmationTokens,
  jobRuns,
  outbox,
  passwordResetTokens,
  users,
} from '../../db/schema/index.ts';
import { HOUR_MS, hoursBefore } from '../../platform/hours.ts';
import { bodyOf, buildTestApp, type TestApp } from '../../test/test-app.ts';
import { CLOSED_LINK_KEEP_HOURS, issueLinkToken, sweepClosedLinks } from './link-tokens.ts';
import { mailedLink, PUBLIC_URL } from './test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ publicUrl: PUBLIC_URL, passwordMinLength: 8 });
});
afterAll(async () => t.close());

let address = 0;
const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload, remoteAddress: `10.9.0.${address++}` });
const lastLink = (to: string, page: string) => mailedLink(t.database.db, to, page);
const userId = async (email: string) =>
  (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? 0;
const register = async (email: string, password: string) => {
  expect((await post('/users/register', { fullname: `Name of ${email}`, email, password })).statusCode).toBe(
    200,
  );
  return { ...(await lastLink(email, '/confirm')), password };
};
const requestReset = async (email: string) => {
  expect((await post('/users/password-reset', { username: email })).statusCode).toBe(200);
  return lastLink(email, '/reset-password');
};
const TABLES = { confirm: emailConfirmationTokens, reset: passwordResetTokens };
/** The rows of the account's links of this kind, oldest first. */
async function linkRows<K extends keyof typeof TABLES>(kind: K, email: string) {
  const table: (typeof TABLES)[keyof typeof TABLES] = TABLES[kind];
  const rows = await t.database.db
    .select()
    .from(table)
    .where(eq(table.userId, await userId(email)))
    .orderBy(table.id);
  return rows as (typeof TABLES)[K]['$inferSelect'][];
}
const confirmRows = (email: string) => linkRows('confirm', email);
const resetRows = (email: string) => linkRows('reset', email);
/** Moves every link of the account `hours` into the past, as if it had been mailed (and used) that much earlier. */
async function age(kind: 'confirm' | 'reset', email: string, hours: number) {
  const table = TABLES[kind];
  const back = sql`make_interval(hours => ${hours})`;
  await t.database.db
    .update(table)
    .set({
      createdAt: sql`${table.createdAt} - ${back}`,
      expiresAt: sql`${table.expiresAt} - ${back}`,
      usedAt: sql`${table.usedAt} - ${back}`,
    })
    .where(eq(table.userId, await userId(email)));
}

describe('the closed-link sweep', () => {
  it('deletes links closed more than a day ago, with their registration, and leaves every open link working', async () => {
    expect(CLOSED_LINK_KEEP_HOURS).toBe(24);
    // Confirmed a day and an hour ago: its link spent, the other registration's voided.
    const confirmed = 'confirmed.long.ago@example.test';
    const used = await register(confirmed, 'first-password');
    await register(confirmed, 'second-password');
    expect((await post('/users/confirm', used)).statusCode).toBe(200);
    await age('confirm', confirmed, 25);
    // Never confirmed: the link expired 25 hours ago, still holding the registration's password hash and name.
    const abandoned = 'abandoned@example.test';
    await register(abandoned, 'abandoned-password');
    await age('confirm', abandoned, 49);
    expect((await confirmRows(abandoned))[0]?.passwordHash).toMatch(/^\$argon2id\$/);
    // Expired 6 hours ago: within the day it is kept.
    const recent = 'expired.recently@example.test';
    await register(recent, 'recent-password');
    await age('confirm', recent, 30);
    // Open: mailed just now, and one mailed 30 days ago that works for 60 (no link lives that long today, but
    // the sweep goes by the link's end, not its age).
    const pending = 'pending@example.test';
    const open = await register(pending, 'pending-password');
    const longLived = 'long.lived@example.test';
    const longLink = await register(longLived, 'long-password');
    await t.database.db
      .update(emailConfirmationTokens)
      .set({
        createdAt: sql`now() - interval '30 days'`,
        expiresAt: sql`now() + interval '30 days'`,
      })
      .where(eq(emailConfirmationTokens.userId, await userId(longLived)));

    // Reset links: one used a day and an hour ago (its sibling voided then), one expired 25 hours ago, one expired
    // an hour ago, one open.
    const resetDone = 'admin@meadowbrook.test';
    await requestReset(resetDone);
    const resetLink = await requestReset(resetDone);
    const reset = { ...resetLink, password: 'reset-password-1', confirmPassword: 'reset-password-1' };
    expect((await post('/resetPassword', reset)).statusCode).toBe(200);
    await age('reset', resetDone, 25);
    const resetExpired = 'don@lakeside.test';
    await requestReset(resetExpired);
    await age('reset', resetExpired, 26);
    const resetRecent = 'nurse@meadowbrook.test';
    await requestReset(resetRecent);
    await age('reset', resetRecent, 2);
    const resetOpen = 'billing@pharmacy.test';
    const openReset = await requestReset(resetOpen);

    const before = {
      confirm: await t.database.db.select().from(emailConfirmationTokens),
      reset: await t.database.db.select().from(passwordResetTokens),
    };
    // The scheduler's tick, as every server process runs it (one at a time across processes).
    await t.app.jobs.runAll();
    const [run] = await t.database.db.select().from(jobRuns).where(eq(jobRuns.name, 'closed-links'));
    expect(run).toMatchObject({ lastError: null });
    expect(run?.lastFinishedAt).toBeInstanceOf(Date);

    expect(await confirmRows(confirmed)).toEqual([]);
    expect(await confirmRows(abandoned)).toEqual([]);
    // The accounts stay: only their links go.
    expect(await userId(abandoned)).toBeGreaterThan(0);
    const byId = <T extends { id: number }>(rows: T[], id: number | undefined) =>
      rows.find((r) => r.id === id);
    for (const email of [recent, pending, longLived]) {
      const rows = await confirmRows(email);
      expect(rows, email).toHaveLength(1);
      expect(rows[0], email).toEqual(byId(before.confirm, rows[0]?.id));
      expect(rows[0]?.passwordHash, email).toMatch(/^\$argon2id\$/);
    }
    expect(await resetRows(resetDone)).toEqual([]);
    expect(await resetRows(resetExpired)).toEqual([]);
    for (const email of [resetRecent, resetOpen]) {
      const rows = await resetRows(email);
      expect(rows, email).toHaveLength(1);
      expect(rows[0], email).toEqual(byId(before.reset, rows[0]?.id));
    }
    const left = (await t.database.db.select().from(emailConfirmationTokens)).length;
    expect(left).toBe(3);

    // The mails of the links swept keep no token; those of the links kept (the open ones, and those closed within
    // the day) are left as they were: kept in the outbox (no SMTP here), a developer reads the link there.
    const mails = async (to: string) => t.database.db.select().from(outbox).where(eq(outbox.to, to));
    for (const email of [confirmed, abandoned, resetDone, resetExpired]) {
      const sent = await mails(email);
      expect(sent.length, email).toBeGreaterThan(0);
      for (const mail of sent) {
        expect(mail.textBody, email).toContain('&token=removed');
        expect(mail.textBody, email).not.toMatch(/token=(?!removed)/);
      }
    }
    for (const email of [recent, pending, longLived, resetRecent, resetOpen]) {
      const [mail] = await mails(email);
      expect(mail?.status, email).toBe('kept');
      expect(mail?.textBody, email).not.toContain('token=removed');
    }
    expect(await lastLink(pending, '/confirm')).toEqual({ email: open.email, token: open.token });
    expect(await lastLink(longLived, '/confirm')).toEqual({ email: longLink.email, token: longLink.token });
    expect(await lastLink(resetOpen, '/reset-password')).toEqual(openReset);

    // The open links still work.
    expect((await post('/users/confirm', open)).statusCode).toBe(200);
    expect((await post('/users/confirm', longLink)).statusCode).toBe(200);
    const resetAgain = { ...openReset, password: 'reset-password-2', confirmPassword: 'reset-password-2' };
    const answer = await post('/resetPassword', resetAgain);
    expect(answer.statusCode, JSON.stringify(bodyOf(answer))).toBe(200);
  });

  it('removes each closed link once when several processes sweep at the same moment, and keeps the open one', async () => {
    const now = new Date();
    // Nothing else left to sweep, so the count below is of this test's links alone.
    await sweepClosedLinks(t.database.db, now);
    const id = await userId('pharmacist@pharmacy.test');
    const registration = { passwordHash: 'not-a-real-hash', displayName: 'Swept' };
    for (let i = 0; i < 20; i++) {
      await issueLinkToken(t.database.db, { kind: 'reset' }, id, HOUR_MS, hoursBefore(now, 30));
      await issueLinkToken(
        t.database.db,
        { kind: 'confirm', registration },
        id,
        HOUR_MS,
        hoursBefore(now, 30),
      );
    }
    await issueLinkToken(t.database.db, { kind: 'reset' }, id, HOUR_MS, now);
    // Without the scheduler's lock: two processes' sweeps running together (on PostgreSQL, on two connections).
    const removed = await Promise.all([
      sweepClosedLinks(t.database.db, now),
      sweepClosedLinks(t.database.db, now),
    ]);
    expect(removed[0] + removed[1]).toBe(40);
    const rows = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.expiresAt.getTime()).toBe(now.getTime() + HOUR_MS);
    expect(
      await t.database.db
        .select()
        .from(emailConfirmationTokens)
        .where(eq(emailConfirmationTokens.userId, id)),
    ).toEqual([]);
  });
});
