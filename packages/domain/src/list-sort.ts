/**
 * A widget page's column sort in its address (`?sort=facName&sortOrder=desc`), without zod: the web app's boot
 * script reads it to start the page's first list request (apps/web/src/lib/early-requests.ts) and the server to
 * answer that request inside the page's HTML (apps/server/src/platform/navigation-data.ts), both before the page
 * reads it itself; all three must read it by this one rule, or the page asks for its list twice.
 */
import type { Widget } from './widgets.ts';

/** The address's parameters of the sort: the list call's own names (widgets.md, "API"), so a link reads as the call. */
export const LIST_SORT_PARAM = 'sort';
export const LIST_SORT_ORDER_PARAM = 'sortOrder';

/** A list's sort other than its widget's default: a column by its sort name, and the way it goes. */
export interface ListSort {
  readonly column: string;
  readonly order: 'asc' | 'desc';
}

/**
 * The columns a widget's table sorts by, by the names the list call takes (the web app's alert-columns.tsx shows
 * these, and the server's sorting.ts accepts each).
 */
export function listSortColumns(widget: Widget): readonly string[] {
  const patient = widget.paged ? 'patientName' : 'patName';
  const facility = widget.paged ? 'facilityName' : 'facName';
  const base = [patient, facility, 'drugLabelName', 'srxStatus', 'dateCreated'];
  switch (widget.key) {
    case 'highCost':
      return [patient, facility, 'drugLabelName', 'ttlPrice', 'pharmacyStatus', 'srxStatus', 'dateCreated'];
    case 'highCostAlerts':
      return [patient, facility, 'drugLabelName', 'ttlPrice', 'stage', 'status', 'dateCreated'];
    case 'priorAuth':
      return [patient, facility, 'drugLabelName', 'pharmacyStatus', 'srxStatus', 'dateCreated'];
    case 'admissionMeds':
      return [patient, facility, 'admDate', 'totalMeds', 'sumTtlPrice', 'dateCreated'];
    case 'refillTooSoon':
      return [...base, 'dueOn'];
    case 'pumpPickup':
      return [...base, 'serialNumber'];
    case 'narcoticsRefill':
      return [...base, 'physicianName'];
    default:
      return base;
  }
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
