import { SRX_STATUS_LABELS, type TableSortName, type WidgetKey } from '@portal/domain';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alerts, facilities } from '../../db/schema/index.ts';

/** How a sort value is carried in a cursor and cast back for the keyset comparison. */
export type SortKind = 'text' | 'number' | 'time';

export interface SortColumn {
  expr: SQL;
  kind: SortKind;
  /**
   * A date kept as text (ISO, so it sorts as text). With the timestamps, the columns where the archive's
   * "ascending means newest first" applies (spec 1, section 9).
   */
  isDate?: true;
  /** The expression reads the facility's row (its name), which the page then joins before it sorts. */
  readsFacility?: true;
}

/**
 * The read state as every list orders by it, before its sort column (spec 1, section 4: unread rows sort before
 * read rows): false for an unread alert, true for a read one and for one that is not markable (null), which the
 * table shows as read (never bold). Written exactly as the list indexes hold it (migration 0016), so a page's
 * `not READ_KEY` / `READ_KEY` is an index condition.
 */
export const READ_KEY = sql`coalesce(${alerts.readByFaci}, true)`;

/** Whether ascending on the archive lists this column newest first (its dates; names and numbers sort as asked). */
export const isChronological = (column: SortColumn) => column.kind === 'time' || column.isDate === true;

const detail = (field: string) => sql`coalesce(${alerts.details}->>${field}, '')`;
const detailNumber = (field: string) => sql`coalesce((${alerts.details}->>${field})::numeric, -1)`;
// Sort expressions never yield null, so the keyset comparison (value, id) > (cursor value, cursor id) is exact.
// Text sorts without regard to case ('de Luca' among the D's, 'insulin' before 'Omeprazole'), whatever the
// database's collation: the embedded database compares bytes, where every capital comes before every small letter.
const text = (expr: SQL | unknown): SortColumn => ({ expr: sql`lower(coalesce(${expr}, ''))`, kind: 'text' });
const number = (expr: SQL | unknown): SortColumn => ({ expr: sql`coalesce(${expr}, -1)`, kind: 'number' });

/**
 * A code column as its label reads, from the domain's label map (the one the table shows): a code without a label
 * reads as itself, and null stays null for `text` to make ''. The codes and labels are bound as parameters; the list
 * statement keeps its shape's parameters and fills in only its placeholders (list-statement.ts).
 */
function shownAs(column: SQLWrapper, labels: Readonly<Record<string, string>>): SQL {
  const whens = Object.entries(labels).map(([code, label]) => sql`when ${code} then ${label}`);
  return sql`(case ${column} ${sql.join(whens, sql` `)} else ${column} end)`;
}

// Every list call sorts by these, also by those its table does not show (the API takes them as it always has).
const COMMON = {
  dateCreated: { expr: sql`${alerts.dateCreated}`, kind: 'time' },
  patName: text(alerts.patName),
  facName: { ...text(facilities.name), readsFacility: true },
  drugLabelName: text(alerts.drugLabelName),
  ttlPrice: number(alerts.ttlPrice),
  qty: number(alerts.qty),
  daysSupply: number(alerts.daysSupply),
  // The Status column shows srxStatus's label ('Limit Approval' for submitlimit) and sorts by it.
  srxStatus: text(shownAs(alerts.srxStatus, SRX_STATUS_LABELS)),
  // Shown as it is (Pharm Stat, PA Status).
  pharmacyStatus: text(alerts.pharmacyStatus),
  dispenseDt: { expr: sql`coalesce(${alerts.dispenseDt}, 'epoch'::timestamptz)`, kind: 'time' },
  room: text(alerts.room),
  rxNo: text(alerts.rxNo),
  nsName: text(alerts.nsName),
} satisfies Record<string, SortColumn>;

// The paged widgets' own names for the same columns.
const PAGED_ALIASES = {
  patientName: text(alerts.patName),
  facilityName: { ...text(facilities.name), readsFacility: true },
  roomNumber: text(alerts.room),
  rxNumber: text(alerts.rxNo),
  nursingStation: text(alerts.nsName),
} satisfies Record<string, SortColumn>;

const STAGE = sql`case
  when ${alerts.details}->>'placedInTote' is not null then 6
  when ${alerts.details}->>'checked' is not null then 5
  when ${alerts.details}->>'packed' is not null then 4
  when ${alerts.details}->>'labelPrintedOn' is not null then 3
  when ${alerts.details}->>'initReview' is not null then 2
  when ${alerts.details}->>'entered' is not null then 1
  else 0 end`;
const HCA_STATUS = sql`case
  when (${alerts.details}->>'posted')::boolean then 3
  when (${alerts.details}->>'deleted')::boolean then 2
  when (${alerts.details}->>'profileOnly')::boolean then 1
  else 0 end`;

/**
 * The sortable columns of each widget, by their wire names: the common ones, and those of its own table (widgets.md,
 * "Table columns"). Each takes every sort name of its widget's table in the domain (TABLE_COLUMNS): a column without
 * its ordering here does not compile.
 */
const BY_WIDGET: {
  readonly [Key in WidgetKey]: Record<TableSortName<Key>, SortColumn> & Record<string, SortColumn>;
} = {
  highCost: COMMON,
  openBatch: COMMON,
  nonCovered: COMMON,
  priorAuth: COMMON,
  theraInt: COMMON,
  admissionMeds: {
    ...COMMON,
    admDate: { expr: detail('admDate'), kind: 'text', isDate: true },
    totalMeds: {
      expr: sql`jsonb_array_length(coalesce(${alerts.details}->'admissionMedsDetailsList', '[]'::jsonb))`,
      kind: 'number',
    },
    sumTtlPrice: { expr: detailNumber('sumTtlPrice'), kind: 'number' },
  },
  highCostAlerts: {
    ...COMMON,
    stage: { expr: STAGE, kind: 'number' },
    status: { expr: HCA_STATUS, kind: 'number' },
  },
  refillTooSoon: {
    ...COMMON,
    ...PAGED_ALIASES,
    dueOn: { expr: detail('dueOn'), kind: 'text', isDate: true },
  },
  pumpPickup: { ...COMMON, ...PAGED_ALIASES, serialNumber: text(sql`${alerts.details}->>'serialNumber'`) },
  narcoticsRefill: {
    ...COMMON,
    ...PAGED_ALIASES,
    physicianName: text(sql`${alerts.details}->>'physicianName'`),
  },
  patMissing: COMMON,
};

/** The sortable columns of a widget, by their wire names. */
export function sortColumnsOf(key: WidgetKey): Readonly<Record<string, SortColumn>> {
  return BY_WIDGET[key];
}
