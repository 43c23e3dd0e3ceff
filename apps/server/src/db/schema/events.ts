import { bigint, bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per change to an alert, written by triggers on `alerts` and `alert_actions` (migration 0005) in the same
 * transaction as the change, whoever the writer is; each writing statement also `pg_notify('alert_events',
 * 'first:last')` with its ids. `GET /api/events` reads them by id and pushes them (features/events). Rows older
 * than a day are deleted by a scheduled job. Migration 0012 adds `xid` (xid8, the writing transaction's id, by its
 * default): read by raw SQL in features/events/queries.ts, so not declared here (drizzle has no xid8 type).
 */
export const alertEvents = pgTable(
  'alert_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind').notNull(),
    widget: text('widget').notNull(),
    facId: integer('fac_id').notNull(),
    alertId: bigint('alert_id', { mode: 'number' }).notNull(),
  },
  (t) => [index('alert_events_at_idx').on(t.at)],
);
