import type { PackingSlipHeader } from '@portal/domain';

/** Columns of the Totes table, all sortable (spec 2, "Totes page"). */
export type ToteSortKey = Exclude<keyof PackingSlipHeader, 'psid'>;
export interface ToteSort {
  key: ToteSortKey;
  direction: 'asc' | 'desc';
}

export const DEFAULT_TOTE_SORT: ToteSort = { key: 'facName', direction: 'asc' };

/** The totes in the order of the sort, ties by ship date newest first. */
export function sortTotes(totes: readonly PackingSlipHeader[], sort: ToteSort): PackingSlipHeader[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...totes].sort((a, b) => {
    const x = a[sort.key];
    const y = b[sort.key];
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return order * sign || b.shipDate.localeCompare(a.shipDate);
  });
}

/** Clicking the active column flips it; another column starts ascending. */
export function nextToteSort(current: ToteSort, key: ToteSortKey): ToteSort {
  if (current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: 'asc' };
}
