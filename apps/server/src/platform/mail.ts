import { and, asc, eq, inArray, lt, lte, ne, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';
import { hoursBefore } from './hours.ts';

/** A message to send. The dedupe key names what it is for, so queuing it twice queues it once. */
export interface OutgoingMail {
  dedupeKey: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  meta?: Record<string, unknown>;
  /** When it may first be sent (the sweep's clock); now by default. */
  notBefore?: Date;
}

/** Queues a message in the outbox (in the caller's transaction); answers its id, or null if already queued. */
export async function enqueueMail(db: Db, mail: OutgoingMail): Promise<number | null> {
  const [row] = await db
    .insert(outbox)
    .values({
      dedupeKey: mail.dedupeKey,
      kind: mail.kind,
      to: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html ?? null,
      meta: mail.meta ?? {},
      nextAttemptAt: mail.notBefore ?? new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: outbox.id });
  return row?.id ?? null;
}

/** The query parameter that carries a mailed link's one-time token (registration's `linkUrl`). */
export const LINK_TOKEN_PARAM = 'token';
/** What a mailed link's token reads once it is scrubbed from the outbox. */
const SCRUBBED_TOKEN = 'removed';

/**
 * A mail body with the token of every link in it replaced by SCRUBBED_TOKEN (`...?email=x&token=removed`), the
 * rest as it was. A PostgreSQL expression, so the delivery and the link sweep scrub rows where they lie.
 */
const scrubbed = (body: SQLWrapper): SQL =>
  sql`regexp_replace(${body}, ${`([?&;]${LINK_TOKEN_PARAM}=)[^&[:space:]"'<>]+`}, ${`\\1${SCRUBBED_TOKEN}`}, 'g')`;
const SCRUBBED_BODIES = { textBody: scrubbed(outbox.textBody), htmlBody: scrubbed(outbox.htmlBody) };

/**
 * Scrubs the link tokens out of the mails whose dedupe keys this subquery answers: the link sweep's step for the
 * mails of the links it deletes. Answers how many mails it rewrote.
 */
export async function scrubLinkTokens(db: Db, dedupeKeys: SQLWrapper): Promise<number> {
  const rows = await db
    .update(outbox)
    .set(SCRUBBED_BODIES)
    .where(inArray(outbox.dedupeKey, dedupeKeys))
    .returning({ id: outbox.id });
  return rows.length;
}

/** How the outbox is delivered: to an SMTP server, or kept in the table for inspection when there is none. */
export interface MailDelivery {
  from: string;
  transport: (Pick<Transporter, 'sendMail'> & { close?: () => void }) | null;
}

/** An SMTP transport for SMTP_URL, or none. */
export function mailDelivery(smtpUrl: string | undefined, from: string): MailDelivery {
  return { from, transport: smtpUrl ? nodemailer.createTransport(smtpUrl) : null };
}

/** Attempts before a message is given up as failed; waits double from one minute, at most an hour apart. */
export const MAX_ATTEMPTS = 8;
export function retryDelayMs(attempts: number): number {
  return Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Sends the messages that are due. Rows are claimed with FOR UPDATE SKIP LOCKED, so two processes never send the
 * same message; each outcome (sent, kept, or the error and the next try) is written back on the row. A message
 * sent, or failed for good, will not be sent again, so its links' one-time tokens are scrubbed from its row at
 * once: the outbox keeps what was mailed to whom, not a working reset link. A kept message keeps its tokens (it is
 * the developer's mailbox when there is no SMTP server) until the closed-links sweep deletes its link
 * (`scrubLinkTokens`).
 */
export async function deliverDueMail(
  db: Db,
  delivery: MailDelivery,
  now = new Date(),
  batch = 20,
): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(outbox)
      .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, now)))
      .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
      .limit(batch)
      .for('update', { skipLocked: true });
    for (const mail of due) {
      if (!delivery.transport) {
        await tx
          .update(outbox)
          .set({ status: 'kept', sentAt: now, attempts: mail.attempts + 1 })
          .where(eq(outbox.id, mail.id));
        continue;
      }
      try {
        await delivery.transport.sendMail({
          from: delivery.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.textBody,
          ...(mail.htmlBody ? { html: mail.htmlBody } : {}),
          headers: { 'X-Portal-Mail-Id': String(mail.id) },
        });
        await tx
          .update(outbox)
          .set({
            status: 'sent',
            sentAt: now,
            attempts: mail.attempts + 1,
            lastError: null,
            ...SCRUBBED_BODIES,
          })
          .where(eq(outbox.id, mail.id));
      } catch (error) {
        const attempts = mail.attempts + 1;
        const isGivenUp = attempts >= MAX_ATTEMPTS;
        await tx
          .update(outbox)
          .set({
            attempts,
            lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
            status: isGivenUp ? 'failed' : 'pending',
            nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
            ...(isGivenUp ? SCRUBBED_BODIES : {}),
          })
          .where(eq(outbox.id, mail.id));
      }
    }
    return due.length;
  });
}

/**
 * How long a message stays in the outbox once it is no longer pending (sent, kept or failed for good): 30 days
 * after it was queued, for "was I sent a reminder?" and a delivery's error; then `outbox-retention` deletes it, and
 * with it the address it went to. No mail can be queued twice because of that: every dedupe key is of something
 * that happens once (a link's token hash, a request id, reminder slots claimed for good in alert_reminders).
 */
export const OUTBOX_KEEP_HOURS = 30 * 24;

/** Deletes the messages queued more than OUTBOX_KEEP_HOURS before `now` that are no longer pending. */
export async function deleteOldMail(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(outbox)
    .where(and(ne(outbox.status, 'pending'), lt(outbox.createdAt, hoursBefore(now, OUTBOX_KEEP_HOURS))))
    .returning({ id: outbox.id });
  return gone.length;
}
