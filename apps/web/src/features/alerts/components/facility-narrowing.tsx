import { Button, Group, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useFacilities } from '../api/get-facilities.ts';

const FACILITY_PARAM = 'facilityIds';

/**
 * The facilities a widget page is narrowed to by its address (`?facilityIds=101`, as a reminder email links to
 * one facility's waiting alerts): positive whole numbers, in order, each once. Empty: every facility.
 */
export function useFacilityNarrowing(): readonly number[] {
  const [search] = useSearchParams();
  const raw = search.getAll(FACILITY_PARAM).join(',');
  return useMemo(() => {
    const ids = raw
      .split(',')
      .map((part) => Number(part.trim()))
      .filter((id) => Number.isInteger(id) && id > 0);
    return [...new Set(ids)];
  }, [raw]);
}

export interface FacilityNarrowingProps {
  facilityIds: readonly number[];
  /** The same page for every facility. */
  allPath: string;
}

/** Says which facilities the page shows, with the way back to all of them. */
export function FacilityNarrowing({ facilityIds, allPath }: FacilityNarrowingProps) {
  const facilities = useFacilities().data?.facilities;
  const names = facilityIds.map((id) => facilities?.find((f) => f.facID === id)?.facName ?? `Facility ${id}`);
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm">
        Showing <strong>{names.join(', ')}</strong> only
      </Text>
      <Button
        component={Link}
        to={allPath}
        size="compact-sm"
        variant="default"
        leftSection={<IconX size={14} aria-hidden />}
      >
        Show all facilities
      </Button>
    </Group>
  );
}

/** The query string that keeps the narrowing when the page changes (Archive, Current). */
export function narrowingSearch(facilityIds: readonly number[]): string {
  return facilityIds.length > 0 ? `?${facilityIds.map((id) => `${FACILITY_PARAM}=${id}`).join('&')}` : '';
}
