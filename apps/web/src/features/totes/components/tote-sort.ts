import type { PackingSlipHeader } from '@portal/domain';
import type { SortState } from '@/components/sort-header.tsx';

/** Columns of the Totes table, all sortable (spec 2, "Totes page"). */
export type ToteSortKey = Exclude<keyof PackingSlipHeader, 'psid'>;
export type ToteSort = SortState<ToteSortKey>;

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
