import { getTableColumns, sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { facilities, users } from './people.ts';

/**
 * Revisions of alerts' kept list rows (`alerts.list_rev`): a fresh value whenever an alert's `list_json` changes.
 */
export const alertListRevSeq = pgSequence('alert_list_rev_seq');

/**
 * Every alert of every widget, live or archived, in one table (see docs/data-model.md). Columns that lists show,
 * sort or filter on are typed columns; the rest of a widget's own fields sit in `details`.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uuid: uuid('uuid').notNull(),
    widget: text('widget').notNull(),
    facId: integer('fac_id')
      .notNull()
      .references(() => facilities.facId),
    pharmId: text('pharm_id').notNull(),
    rxNo: text('rx_no').notNull(),
    rxGuid: uuid('rx_guid').notNull(),
    generatedId: text('generated_id').notNull().default(''),
    /** admissionMedsGroupID for admission reviews; empty for others. */
    groupId: text('group_id').notNull().default(''),
    patName: text('pat_name').notNull(),
    patId: text('pat_id').notNull().default(''),
    drugLabelName: text('drug_label_name').notNull().default(''),
    qty: numeric('qty', { precision: 12, scale: 3, mode: 'number' }),
    orgQty: numeric('org_qty', { precision: 12, scale: 3, mode: 'number' }),
    daysSupply: integer('days_supply'),
    orgDaysSupply: integer('org_days_supply'),
    ttlPrice: numeric('ttl_price', { precision: 12, scale: 2, mode: 'number' }),
    dispenseDt: timestamp('dispense_dt', { withTimezone: true }),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull(),
    nsid: text('nsid').notNull().default(''),
    nsName: text('ns_name').notNull().default(''),
    room: text('room').notNull().default(''),
    bed: text('bed').notNull().default(''),
    srxStatus: text('srx_status'),
    pharmacyStatus: text('pharmacy_status'),
    /** Facility read state: true read, false unread, null not markable. */
    readByFaci: boolean('read_by_faci'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    archiveId: bigint('archive_id', { mode: 'number' }),
    /** Archived = an archive time or an archive id (spec 1, section 4), kept as a column so indexes can use it. */
    isArchived: boolean('is_archived')
      .notNull()
      .generatedAlwaysAs(sql`archived_at is not null or archive_id is not null`),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * The row as the list call reads it (its typed fields and its discussion, as JSON text), kept by triggers on
     * alerts and alert_actions (migration 0008) so the list reads one column per alert. Never written by the app.
     */
    listJson: text('list_json'),
    /**
     * The revision of `list_json`: the trigger that writes it takes a fresh value from `alert_list_rev_seq` whenever
     * the text changes, and keeps it otherwise (migration 0009), so an alert's id and revision name one exact text.
     * The list call reads these two and fetches the text only for the rows its wire cache lacks.
     */
    listRev: bigint('list_rev', { mode: 'number' }).notNull().default(sql`nextval('alert_list_rev_seq')`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('alerts_uuid_idx').on(t.uuid),
    // The list indexes hold the read state as the lists order by it (`READ_KEY` in features/alerts/sorting.ts:
    // unread rows first, spec 1, section 4) right after the widget and facility, so the unread rows and the read
    // ones are each one range in the default order; `read_by_faci` itself is last, so the page can read the key
    // from the index alone (PostgreSQL does not see that an expression's column is not otherwise needed).
    // Hot path for facility users (few facilities): one index range per facility and read state, in the default order.
    index('alerts_live_fac_idx')
      .on(t.widget, t.facId, sql`coalesce(${t.readByFaci}, true)`, t.dateCreated, t.id, t.readByFaci)
      .where(sql`not ${t.isArchived}`),
    // Hot path for pharmacy users and super admins (many facilities): walk the widget in order, filter facility.
    index('alerts_live_widget_idx')
      .on(t.widget, sql`coalesce(${t.readByFaci}, true)`, t.dateCreated, t.id, t.facId, t.readByFaci)
      .where(sql`not ${t.isArchived}`),
    // The archive, alike: both are in its default order (alert date), so a page of the archive of 200 facilities
    // walks the widget's index and stops after one page instead of sorting every archived alert.
    index('alerts_archived_fac_idx')
      .on(t.widget, t.facId, sql`coalesce(${t.readByFaci}, true)`, t.dateCreated, t.id, t.readByFaci)
      .where(sql`${t.isArchived}`),
    index('alerts_archived_widget_idx')
      .on(t.widget, sql`coalesce(${t.readByFaci}, true)`, t.dateCreated, t.id, t.facId, t.readByFaci)
      .where(sql`${t.isArchived}`),
    index('alerts_rx_idx').on(t.widget, t.rxNo),
    index('alerts_group_idx').on(t.widget, t.groupId).where(sql`${t.groupId} <> ''`),
  ],
);
/**
 * The alert's columns without `list_json` and its revision, for the reads that map a row themselves (detail,
 * events, ingest): the kept list text is the list statement's alone and would only add its kilobytes to every row
 * read.
 */
const { listJson: _listJson, listRev: _listRev, ...alertRowColumns } = getTableColumns(alerts);

export { alertRowColumns };
export type AlertRow = Omit<typeof alerts.$inferSelect, 'listJson' | 'listRev'>;

/** The discussion of an alert: every action and pharmacy Reply, oldest first. */
export const alertActions = pgTable(
  'alert_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    alertId: bigint('alert_id', { mode: 'number' })
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    comment: text('comment').notNull().default(''),
    limitDays: integer('limit_days'),
    /** Null for the facility's automatic rule or the pharmacy system. */
    requestedByUserId: integer('requested_by_user_id').references(() => users.id),
    /** Name at the time of the action, so a deleted user's entries stay readable. */
    requestedBy: text('requested_by').notNull(),
    isAutomatic: boolean('is_automatic').notNull().default(false),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    /** For pharmacy Replies: whether the facility has read it; null for entries that are not markable. */
    readByFaci: boolean('read_by_faci'),
    /**
     * The client's `Idempotency-Key` for the request that wrote this entry: the same user sending the same key again
     * (a retry after a lost answer) gets the first answer and writes nothing.
     */
    requestKey: uuid('request_key'),
  },
  (t) => [
    index('alert_actions_alert_idx').on(t.alertId, t.sentAt, t.id),
    uniqueIndex('alert_actions_request_key_idx')
      .on(t.requestedByUserId, t.requestKey)
      .where(sql`${t.requestKey} is not null`),
  ],
);

/** Per-facility, per-widget settings: reminder count and interval, auto-respond action (spec 1, section 3). */
export const facilitySettings = pgTable(
  'facility_settings',
  {
    facId: integer('fac_id')
      .notNull()
      .references(() => facilities.facId, { onDelete: 'cascade' }),
    widget: text('widget').notNull(),
    settingName: text('setting_name').notNull(),
    settingValue: text('setting_value').notNull(),
    settingNote: text('setting_note').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.facId, t.widget, t.settingName] })],
);

/** Reminder email contacts of a facility per widget. */
export const facilityContacts = pgTable(
  'facility_contacts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    facId: integer('fac_id')
      .notNull()
      .references(() => facilities.facId, { onDelete: 'cascade' }),
    widget: text('widget').notNull(),
    contactMethod: text('contact_method').notNull().default('Email'),
    contactInfo: text('contact_info').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('facility_contacts_unique_idx').on(t.facId, t.widget, sql`lower(${t.contactInfo})`)],
);

/** One reminder slot of an alert; the primary key makes each slot sent at most once across processes. */
export const alertReminders = pgTable(
  'alert_reminders',
  {
    alertId: bigint('alert_id', { mode: 'number' })
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    slot: integer('slot').notNull(),
    outboxId: bigint('outbox_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.slot] })],
);

/**
 * How many alerts each facility holds per widget, live and archived: the list calls' `count` without a
 * `count(*)` over the alerts (bench/README.md). Kept exact by triggers on `alerts` (migration 0003), so every
 * insert, archive, move or delete changes it in the same transaction, whoever writes the alert.
 */
export const alertCounts = pgTable(
  'alert_counts',
  {
    widget: text('widget').notNull(),
    facId: integer('fac_id').notNull(),
    isArchived: boolean('is_archived').notNull(),
    alertCount: bigint('alert_count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.widget, t.facId, t.isArchived] })],
);
