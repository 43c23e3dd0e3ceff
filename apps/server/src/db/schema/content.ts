import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { facilities, users } from './people.ts';

/** Files and folders of the file manager; `deletedAt` set means in the recycling bin. */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind', { enum: ['file', 'folder'] }).notNull(),
    /** Which tree the item lives in: the Facilities root or the States root. */
    root: text('root', { enum: ['facilities', 'states'] }).notNull(),
    isTopLevel: boolean('is_top_level').notNull().default(false),
    /** The facility (Facilities tree) or state (States tree) the item belongs to; null on the roots. */
    facId: integer('fac_id').references(() => facilities.facId),
    state: text('state'),
    fileType: text('file_type').notNull().default(''),
    fullFileType: text('full_file_type').notNull().default(''),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    storageKey: text('storage_key'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastAddedAt: timestamp('last_added_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id),
    pathnameAtDeletion: text('pathname_at_deletion'),
  },
  (t) => [
    foreignKey({ columns: [t.parentId], foreignColumns: [t.id] }),
    index('files_parent_idx').on(t.parentId, t.name),
    index('files_deleted_idx').on(t.deletedAt),
  ],
);

/** A tote's packing slip: one per facility, nursing station and tote. */
export const packingSlips = pgTable(
  'packing_slips',
  {
    id: serial('id').primaryKey(),
    facId: integer('fac_id')
      .notNull()
      .references(() => facilities.facId),
    toteId: text('tote_id').notNull(),
    nsId: text('ns_id').notNull(),
    nsName: text('ns_name').notNull(),
    shipDate: timestamp('ship_date', { withTimezone: true }).notNull(),
    deliveryRoute: text('delivery_route').notNull().default(''),
    legalHeader: text('legal_header').notNull().default(''),
    showDeliveryInfo: boolean('show_delivery_info').notNull().default(false),
    deliveredBy: text('delivered_by'),
    receivedBy: text('received_by'),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    signorTitle: text('signor_title'),
    /** Base64 PNG of the receiver's signature. */
    signature: text('signature'),
  },
  (t) => [
    uniqueIndex('packing_slips_tote_idx').on(t.facId, t.toteId),
    index('packing_slips_ship_idx').on(t.shipDate),
  ],
);

/** One dispensed prescription in a packing slip, with its patient. */
export const packingSlipItems = pgTable(
  'packing_slip_items',
  {
    id: serial('id').primaryKey(),
    slipId: integer('slip_id')
      .notNull()
      .references(() => packingSlips.id, { onDelete: 'cascade' }),
    patId: text('pat_id').notNull(),
    patName: text('pat_name').notNull(),
    room: text('room').notNull().default(''),
    bed: text('bed').notNull().default(''),
    rxNo: text('rx_no').notNull(),
    roNo: text('ro_no').notNull().default(''),
    deaClass: text('dea_class').notNull().default(''),
    qty: text('qty').notNull(),
    drugLabelName: text('drug_label_name').notNull(),
    phName: text('ph_name').notNull().default(''),
    delivered: boolean('delivered').notNull().default(false),
    newRx: boolean('new_rx').notNull().default(false),
    serialNo: text('serial_no').notNull().default(''),
    packSlipMsg: text('pack_slip_msg').notNull().default(''),
  },
  (t) => [index('packing_slip_items_slip_idx').on(t.slipId)],
);

/** Release notes; `pharmUserOnly` notes show to pharmacy users only, tagged 'Admin Only'. */
export const releaseNotes = pgTable('release_notes', {
  id: serial('id').primaryKey(),
  type: text('type').notNull(),
  title: text('title').notNull(),
  /** Sanitised HTML. */
  description: text('description').notNull(),
  date: date('date', { mode: 'string' }).notNull(),
  author: text('author').notNull(),
  pharmUserOnly: boolean('pharm_user_only').notNull().default(false),
});

/**
 * A version's number as compareVersions reads it, in SQL: each part without its leading zeros and no trailing `.0`
 * parts, so '02.4.0', '2.4' and '2.4.0.0' are all '2.4'.
 */
export const versionNumberSql = (column: SQL | AnyPgColumn) =>
  sql`regexp_replace(regexp_replace(${column}, '(^|[.])0+([0-9])', '\\1\\2', 'g'), '([.]0)+$', '')`;

/** Released versions of the portal. */
export const versions = pgTable(
  'versions',
  {
    id: serial('id').primaryKey(),
    version: text('version').notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    pharmUserDescription: text('pharm_user_description').notNull().default(''),
    date: date('date', { mode: 'string' }).notNull(),
    author: text('author').notNull(),
  },
  // One row per version however its number is written: two saves of '2.4' and '2.4.0' at once both pass the
  // route's check, and only the index stops the second.
  (t) => [uniqueIndex('versions_number_idx').on(versionNumberSql(t.version))],
);
