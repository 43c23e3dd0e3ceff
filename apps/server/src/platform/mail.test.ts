import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRuns, outbox } from '../db/schema/index.ts';
import { startSmtpListener } from '../test/smtp-listener.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { hoursAfter, hoursBefore } from './hours.ts';
import {
  deliverDueMail,
  enqueueMail,
  MAX_ATTEMPTS,
  mailDelivery,
  OUTBOX_KEEP_HOURS,
  type OutgoingMail,
} from './mail.ts';
import { newToken } from './tokens.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
beforeAll(async () => {
  t = await buildTestApp();
  smtp = await startSmtpListener();
});
afterAll(async () => {
  await smtp.close();
  await t.close();
});

const FROM = 'Care Portal <no-reply@portal.test>';
const PAGE = 'https://portal.example.test/reset-password?email=someone%40example.test';
/** A mail carrying a one-time link, in its text and in its HTML, as the registration's mails do. */
const linkMail = (dedupeKey: string, token: string, notBefore: Date): OutgoingMail => ({
  dedupeKey,
  kind: 'password.reset',
  to: 'someone@example.test',
  subject: 'Reset your Care Portal password',
  text: `Choose a new password with this link:\n${PAGE}&token=${token}\n\nIf you did not ask for it, ignore this.`,
  html: `<p><a href="${PAGE}&amp;token=${token}">Choose a new password</a></p>`,
  notBefore,
});
const row = async (id: number | null) =>
  (
    await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.id, id ?? 0))
  )[0];
/** A received message's text as sent, quoted-printable soft line breaks joined. */
const receivedText = () => smtp.received.map((m) => m.raw.replace(/=\r?\n/g, '')).join('\n');

describe('the outbox', () => {
  it('keeps no link token of a message once it is sent or given up, and keeps a kept one readable', async () => {
    const db = t.database.db;
    const now = new Date();
    const tokens = { sent: newToken(), failed: newToken(), kept: newToken() };
    // Oldest first, so the refusal below falls on the message on its last attempt.
    const failedId = await enqueueMail(db, linkMail('test:failed', tokens.failed, hoursBefore(now, 0.2)));
    await db
      .update(outbox)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(outbox.id, failedId ?? 0));
    const sentId = await enqueueMail(db, linkMail('test:sent', tokens.sent, hoursBefore(now, 0.1)));
    const reminderText =
      'Open them in the Care Portal: https://portal.example.test/alerts/authorization?facilityIds=301';
    const reminderId = await enqueueMail(db, {
      dedupeKey: 'test:reminder',
      kind: 'reminder',
      to: 'someone@example.test',
      subject: 'Reminder',
      text: reminderText,
      notBefore: hoursBefore(now, 0.1),
    });

    smtp.failNext(1);
    await deliverDueMail(db, mailDelivery(smtp.url, FROM), now);

    const sent = await row(sentId);
    expect(sent?.status).toBe('sent');
    // The mail went with its token; the outbox keeps the message with the token scrubbed, the rest as it was.
    expect(receivedText()).toContain(tokens.sent);
    expect(sent?.textBody).toBe(linkMail('', 'removed', now).text);
    expect(sent?.htmlBody).toBe(linkMail('', 'removed', now).html);
    const failed = await row(failedId);
    expect(failed?.status).toBe('failed');
    expect(`${failed?.textBody}${failed?.htmlBody}`).not.toContain(tokens.failed);
    expect(failed?.textBody).toContain('&token=removed');
    // A mail without a link token is kept as it was.
    expect((await row(reminderId))?.textBody).toBe(reminderText);

    // Without SMTP the message is kept for a developer to read, link and all.
    const keptId = await enqueueMail(db, linkMail('test:kept', tokens.kept, now));
    await deliverDueMail(db, mailDelivery(undefined, FROM), now);
    const kept = await row(keptId);
    expect(kept?.status).toBe('kept');
    expect(kept?.textBody).toBe(linkMail('', tokens.kept, now).text);
    expect(kept?.htmlBody).toBe(linkMail('', tokens.kept, now).html);
  });

  it('deletes a message done with (sent, kept or failed) 30 days after it was queued; pending ones stay', async () => {
    const db = t.database.db;
    expect(OUTBOX_KEEP_HOURS).toBe(30 * 24);
    const now = new Date();
    const queued = (key: string, status: 'pending' | 'sent' | 'failed' | 'kept', daysAgo: number) => ({
      dedupeKey: `retention:${key}`,
      kind: 'reminder',
      to: 'someone@example.test',
      subject: 'Reminder',
      textBody: 'Reminder',
      status,
      createdAt: hoursBefore(now, daysAgo * 24),
      // A pending one is not due, so the scheduler's delivery leaves it pending.
      nextAttemptAt: status === 'pending' ? hoursAfter(now, 1) : hoursBefore(now, daysAgo * 24),
    });
    await db
      .insert(outbox)
      .values([
        queued('sent-old', 'sent', 31),
        queued('kept-old', 'kept', 30.1),
        queued('failed-old', 'failed', 45),
        queued('pending-old', 'pending', 31),
        queued('sent-recent', 'sent', 29.9),
        queued('kept-recent', 'kept', 1),
      ]);

    await t.app.jobs.runAll(now);
    const [run] = await db.select().from(jobRuns).where(eq(jobRuns.name, 'outbox-retention'));
    expect(run).toMatchObject({ lastError: null });
    const left = await db
      .select({ key: outbox.dedupeKey })
      .from(outbox)
      .where(like(outbox.dedupeKey, 'retention:%'));
    expect(left.map((r) => r.key).sort()).toEqual([
      'retention:kept-recent',
      'retention:pending-old',
      'retention:sent-recent',
    ]);
  });
});
