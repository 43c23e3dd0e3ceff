import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Mail to send: every message goes through here, whether it is relayed to SMTP or kept for inspection. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Identifies what the mail is for (e.g. a reminder slot) so it is never queued twice. */
    dedupeKey: text('dedupe_key').notNull(),
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** What the mail is about, for the record: facility, widget, alert ids and slots. Never patient data. */
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'kept'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('outbox_dedupe_idx').on(t.dedupeKey),
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    // The retention's delete (`outbox-retention`: messages done with, queued over OUTBOX_KEEP_HOURS ago).
    index('outbox_created_idx').on(t.createdAt),
  ],
);

/** Last run of each scheduled job, for health and for the sweeps' own bookkeeping. */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  lastError: text('last_error'),
});

/** Live-update events, kept briefly so a reconnecting client can catch up from its Last-Event-ID. */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind').notNull(),
    facId: integer('fac_id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('live_events_at_idx').on(t.at)],
);

/** Who did or saw what, when, from where. Append-only: a trigger refuses update and delete. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id'),
    actor: text('actor').notNull(),
    kind: text('kind').notNull(),
    recordType: text('record_type').notNull().default(''),
    recordId: text('record_id').notNull().default(''),
    facId: integer('fac_id'),
    ip: text('ip').notNull().default(''),
    outcome: text('outcome', { enum: ['success', 'failure', 'denied'] }).notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('audit_events_at_idx').on(t.at, t.id),
    index('audit_events_user_idx').on(t.userId, t.at),
    index('audit_events_fac_idx').on(t.facId, t.at),
    index('audit_events_kind_idx').on(t.kind, t.at),
    // The audit screen's record filter ("everything that happened to this alert / user / file").
    index('audit_events_record_idx').on(t.recordType, t.recordId, t.at),
  ],
);
