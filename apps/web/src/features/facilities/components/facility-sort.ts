import type { Facility } from '@portal/domain';
import type { SortState } from '@/components/sort-header.tsx';

/** Columns the facilities table sorts by (spec 2: ID, name and pharmacy ID; name ascending by default). */
export type FacilitySortKey = 'facID' | 'facName' | 'pharmID';
export type FacilitySort = SortState<FacilitySortKey>;

/** Facilities whose name contains the search (case-insensitive), sorted. */
export function visibleFacilities(
  facilities: readonly Facility[],
  search: string,
  sort: FacilitySort,
): Facility[] {
  const wanted = search.trim().toLowerCase();
  const matching = wanted
    ? facilities.filter((f) => f.facName.toLowerCase().includes(wanted))
    : [...facilities];
  const sign = sort.direction === 'asc' ? 1 : -1;
  return matching.sort((a, b) => {
    const x = a[sort.key];
    const y = b[sort.key];
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return order * sign || a.facID - b.facID;
  });
}
