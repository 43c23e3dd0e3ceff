/**
 * The columns of each widget's table, and a widget page's column sort in its address (`?sort=facName&sortOrder=desc`),
 * without zod: the web app's boot script reads the sort to start the page's first list request
 * (apps/web/src/lib/early-requests.ts) and the server to answer that request inside the page's HTML
 * (apps/server/src/platform/navigation-data.ts), both before the page reads it itself; all three must read it by this
 * one rule, or the page asks for its list twice.
 */
import type { Widget, WidgetKey } from './widgets.ts';

/** The address's parameters of the sort: the list call's own names (widgets.md, "API"), so a link reads as the call. */
export const LIST_SORT_PARAM = 'sort';
export const LIST_SORT_ORDER_PARAM = 'sortOrder';

/** A list's sort other than its widget's default: a column by its sort name, and the way it goes. */
export interface ListSort {
  readonly column: string;
  readonly order: 'asc' | 'desc';
}

/**
 * A column of a widget's table: its heading, and the name the list call sorts it by (null: the discussion bubble,
 * which does not sort).
 */
export interface TableColumn<Sort extends string = string> {
  readonly header: string;
  readonly sort: Sort | null;
}

const PATIENT = { header: 'Patient', sort: 'patName' } as const;
const FACILITY = { header: 'Facility', sort: 'facName' } as const;
// The paged lists' own names for the same two columns.
const PAGED_PATIENT = { header: 'Patient', sort: 'patientName' } as const;
const PAGED_FACILITY = { header: 'Facility', sort: 'facilityName' } as const;
const DRUG = { header: 'Drug', sort: 'drugLabelName' } as const;
const COST = { header: 'Cost', sort: 'ttlPrice' } as const;
const DISCUSSION = { header: 'Discussion', sort: null } as const;
const STATUS = { header: 'Status', sort: 'srxStatus' } as const;
const ALERTED_ON = { header: 'Alerted On', sort: 'dateCreated' } as const;
const PLAIN = [PATIENT, FACILITY, DRUG, DISCUSSION, STATUS, ALERTED_ON] as const;
const PAGED = [PAGED_PATIENT, PAGED_FACILITY, DRUG, DISCUSSION, STATUS, ALERTED_ON] as const;

/**
 * The columns of each widget's table, in order (widgets.md, "Table columns"; the chat bubble is Discussion): the web
 * app's table shows these (alert-columns.tsx), the server's list call sorts by each (sorting.ts), and a page's
 * address may name each (`listSortOf`).
 */
export const TABLE_COLUMNS = {
  highCost: [
    PATIENT,
    FACILITY,
    DRUG,
    COST,
    DISCUSSION,
    { header: 'Pharm Stat', sort: 'pharmacyStatus' },
    STATUS,
    ALERTED_ON,
  ],
  openBatch: PLAIN,
  nonCovered: PLAIN,
  // PA Status is widgets.md's "status badge": the prior authorization's own status, beside the prescription's.
  priorAuth: [
    PATIENT,
    FACILITY,
    DRUG,
    DISCUSSION,
    { header: 'PA Status', sort: 'pharmacyStatus' },
    STATUS,
    ALERTED_ON,
  ],
  theraInt: PLAIN,
  admissionMeds: [
    PATIENT,
    FACILITY,
    { header: 'Admission Date', sort: 'admDate' },
    { header: 'Total Meds', sort: 'totalMeds' },
    { header: 'Grand Total', sort: 'sumTtlPrice' },
    DISCUSSION,
    ALERTED_ON,
  ],
  highCostAlerts: [
    PATIENT,
    FACILITY,
    DRUG,
    COST,
    DISCUSSION,
    { header: 'Stage', sort: 'stage' },
    { header: 'Status', sort: 'status' },
    ALERTED_ON,
  ],
  refillTooSoon: [...PAGED, { header: 'Due Date', sort: 'dueOn' }],
  pumpPickup: [...PAGED, { header: 'Serial Number', sort: 'serialNumber' }],
  narcoticsRefill: [...PAGED, { header: 'Prescriber', sort: 'physicianName' }],
  patMissing: PLAIN,
} as const satisfies Record<WidgetKey, readonly TableColumn[]>;

/** The sort names of a widget's table columns (of every widget's, by default), as its list call takes them. */
export type TableSortName<Key extends WidgetKey = WidgetKey> = NonNullable<
  (typeof TABLE_COLUMNS)[Key][number]['sort']
>;

/** The columns of a widget's table, in order. */
export function tableColumnsOf(widget: Widget): readonly TableColumn<TableSortName>[] {
  return TABLE_COLUMNS[widget.key];
}

/** The columns a widget's table sorts by, by the names the list call takes. */
export function listSortColumns(widget: Widget): readonly string[] {
  return tableColumnsOf(widget).flatMap((column) => (column.sort === null ? [] : [column.sort]));
}

/**
 * The sort an address names for a widget's list, from its `sort` and `sortOrder` values (null: absent): null for
 * the widget's default (its defaultSort, ascending; on the archive that is newest first), which the address never
 * writes. A column the table does not sort by, or an order other than `asc` or `desc`, is read as no sort at all, as
 * if it were not there: an address is typed, pasted and cut short, and a bad part of it must not cost the page its
 * list. A column alone sorts ascending; an order alone sorts the default column.
 */
export function listSortOf(widget: Widget, sort: string | null, sortOrder: string | null): ListSort | null {
  const column = sort ?? widget.defaultSort;
  if (!listSortColumns(widget).includes(column)) return null;
  if (sortOrder !== null && sortOrder !== 'asc' && sortOrder !== 'desc') return null;
  const order = sortOrder ?? 'asc';
  return column === widget.defaultSort && order === 'asc' ? null : { column, order };
}
