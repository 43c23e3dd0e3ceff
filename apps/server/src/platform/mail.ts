import { and, asc, eq, lte } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';

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
 * same message; each outcome (sent, kept, or the error and the next try) is written back on the row.
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
          .set({ status: 'sent', sentAt: now, attempts: mail.attempts + 1, lastError: null })
          .where(eq(outbox.id, mail.id));
      } catch (error) {
        const attempts = mail.attempts + 1;
        await tx
          .update(outbox)
          .set({
            attempts,
            lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
            nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
          })
          .where(eq(outbox.id, mail.id));
      }
    }
    return due.length;
  });
}
