import { Button, Group, MultiSelect } from '@mantine/core';
import { FACILITY_FILTER_PARAM, type Facility, facilityFilterIds } from '@portal/domain';
import { IconX } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '@/features/auth';
import { useFacilities } from '../api/get-facilities.ts';

const ALL: readonly number[] = [];

/** The widget page's facility narrowing, as its address holds it. */
export interface FacilityFilter {
  /** The facilities the list is narrowed to, in the address's order; empty: all of the viewer's. */
  ids: readonly number[];
  /**
   * False while the address names facilities and the viewer's own are not known yet: the list waits rather than
   * ask for one the viewer cannot see and then again without it. `ids` are then the ones the address names.
   */
  isSettled: boolean;
  /**
   * True once the viewer's facilities are known, or their first call failed (no filter until a retry brings them).
   */
  isKnown: boolean;
  /**
   * Whether the viewer may see more than one facility, by their session alone (a facility user's own facilities;
   * a pharmacy-side user sees their pharmacies' facilities): the filter keeps its place while the facilities load,
   * so it never appears above rows already shown and pushes them down.
   */
  mayNarrow: boolean;
  /** The viewer's facilities, the filter's choices; empty until known. */
  facilities: readonly Pick<Facility, 'facID' | 'facName'>[];
  /** Narrows to these facilities (none: all), in the address, replacing its history entry. */
  change: (ids: readonly number[]) => void;
}

/** The address's search with these facilities named (none: the parameter gone), every other parameter kept. */
export function withFacilityFilter(search: URLSearchParams, ids: readonly number[]): URLSearchParams {
  const next = new URLSearchParams(search);
  next.delete(FACILITY_FILTER_PARAM);
  for (const id of ids) next.append(FACILITY_FILTER_PARAM, String(id));
  return next;
}

/** The query string that keeps the narrowing when the page changes (Archive, Current). */
export function narrowingSearch(ids: readonly number[]): string {
  const search = withFacilityFilter(new URLSearchParams(), ids).toString();
  return search ? `?${search}` : '';
}

/**
 * The facilities a widget page is narrowed to by its address (`?facilityIds=101&facilityIds=102`: the facility
 * filter's choice, or a reminder email's link to one facility's waiting alerts). Ids are read by the domain's rule
 * (`facilityFilterIds`, as the boot script reads them to ask early); once the viewer's facilities are known, the
 * ones they cannot see are dropped, and the address is rewritten to what the list shows (junk gone too), so a
 * copied link says what the page showed. The server narrows and never widens whatever it is asked.
 *
 * The choice replaces the history entry, as the open alert (`?alert=`) does: Back leaves the page, and a reload,
 * a copied link or coming Back to it keeps the choice.
 */
export function useFacilityFilter(): FacilityFilter {
  const [search, setSearch] = useSearchParams();
  const raw = search.getAll(FACILITY_FILTER_PARAM);
  const rawKey = raw.join('&');
  // biome-ignore lint/correctness/useExhaustiveDependencies: rawKey stands for raw, a new array each render.
  const named = useMemo(() => facilityFilterIds(raw), [rawKey]);
  const query = useFacilities();
  const facilities = query.data?.facilities;
  const ids = useMemo(() => {
    if (named.length === 0 || !facilities) return named.length === 0 ? ALL : named;
    const visible = new Set(facilities.map((f) => f.facID));
    const seen = named.filter((id) => visible.has(id));
    return seen.length === named.length ? named : seen;
  }, [named, facilities]);
  // Not known and not to be known (the facility list failed): the server narrows to the ones the viewer sees.
  const isSettled = named.length === 0 || facilities !== undefined || query.isError;

  const change = useCallback(
    (next: readonly number[]) =>
      setSearch((now) => withFacilityFilter(now, next), { replace: true, preventScrollReset: true }),
    [setSearch],
  );
  const canonical = ids.map(String).join('&');
  useEffect(() => {
    if (isSettled && canonical !== rawKey) change(ids);
  }, [isSettled, canonical, rawKey, ids, change]);

  const isKnown = facilities !== undefined || query.isError || query.failureCount > 0;
  const user = useCurrentUser();
  const mayNarrow =
    user.userType !== 'FacilityUser' ||
    user.entityTypeAndRole.filter((entity) => 'facid' in entity).length > 1;
  return { ids, isSettled, isKnown, mayNarrow, facilities: facilities ?? [], change };
}

/** The filter field's label and width, the same for its place held while the facilities load. */
const FIELD = { label: 'Facilities', w: { base: '100%', xs: 340 } } as const;

export interface FacilityFilterFieldProps {
  filter: FacilityFilter;
  /** The new choice (none: all facilities); `filter.change` unless the page does more. */
  onChange?: (ids: readonly number[]) => void;
}

/**
 * The facility filter of a widget page: a searchable multi-select of the viewer's facilities ('Name (id)', as the
 * facility pickers elsewhere show them) with 'All facilities' to clear it. Nothing for a viewer of one facility:
 * there is nothing to narrow. While the facilities load, a disabled field holds its place for a viewer who may have
 * more than one.
 */
export function FacilityFilterField({ filter, onChange }: FacilityFilterFieldProps) {
  const { ids, isSettled, facilities } = filter;
  const change = onChange ?? filter.change;
  const input = useRef<HTMLInputElement>(null);
  const options = useMemo(
    () => facilities.map((f) => ({ value: String(f.facID), label: `${f.facName} (${f.facID})` })),
    [facilities],
  );
  if (!filter.isKnown) {
    // Its place, kept while the facilities load (`mayNarrow`): the same field, not yet usable.
    return filter.mayNarrow ? (
      <MultiSelect {...FIELD} placeholder="Loading facilities..." data={[]} disabled />
    ) : null;
  }
  if (facilities.length < 2 || !isSettled) return null;
  const isNarrowed = ids.length > 0;
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <MultiSelect
        ref={input}
        {...FIELD}
        placeholder={isNarrowed ? undefined : 'All facilities'}
        data={options}
        value={ids.map(String)}
        onChange={(values) => change(facilityFilterIds(values))}
        searchable
        nothingFoundMessage="No facility matches"
        maxDropdownHeight={280}
      />
      {isNarrowed ? (
        <Button
          variant="default"
          leftSection={<IconX size={16} aria-hidden />}
          onClick={() => {
            change([]);
            // The button goes with the narrowing: the focus stays in the filter instead of falling to the page.
            input.current?.focus();
          }}
        >
          All facilities
        </Button>
      ) : null}
    </Group>
  );
}
