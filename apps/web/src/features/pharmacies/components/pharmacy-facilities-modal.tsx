import { Button, Stack, Table, TextInput } from '@mantine/core';
import { type Pharmacy, roleLabel } from '@portal/domain';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { EmptyTableRow } from '@/components/empty-table-row.tsx';
import { OpenModal } from '@/components/open-modal.tsx';
import { SortHeader, type SortState } from '@/components/sort-header.tsx';
import { TableScroller } from '@/components/table-scroller.tsx';

type Row = Pharmacy['facilities'][number];
type Key = 'facID' | 'facName';

function visibleRows(rows: readonly Row[], search: string, sort: SortState<Key>): Row[] {
  const wanted = search.trim().toLowerCase();
  const matching = rows.filter((r) => !wanted || `${r.facID} ${r.facName}`.toLowerCase().includes(wanted));
  const sign = sort.direction === 'asc' ? 1 : -1;
  return matching.sort(
    (a, b) => sign * (sort.key === 'facID' ? a.facID - b.facID : a.facName.localeCompare(b.facName)),
  );
}

export interface PharmacyFacilitiesModalProps {
  pharmacy: Pharmacy;
  onClose: () => void;
  onOpenForms: (facID: number) => void;
}

/** The facilities modal (`?pharmID=`): search, sortable ID and Name, the viewer's role, and each one's forms. */
export function PharmacyFacilitiesModal({ pharmacy, onClose, onOpenForms }: PharmacyFacilitiesModalProps) {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState<Key>>({ key: 'facName', direction: 'asc' });
  const rows = useMemo(() => visibleRows(pharmacy.facilities, search, sort), [pharmacy, search, sort]);
  return (
    <OpenModal onClose={onClose} title={`Facilities of ${pharmacy.pharmID}`} size="xl">
      <Stack>
        <TextInput
          label="Search facilities"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          data-autofocus
        />
        <TableScroller minWidth={420}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <SortHeader column="facID" label="ID" sort={sort} onSort={setSort} />
                <SortHeader column="facName" label="Name" sort={sort} onSort={setSort} />
                <Table.Th>Role</Table.Th>
                <Table.Th>Forms</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.facID}>
                  <Table.Td>{row.facID}</Table.Td>
                  <Table.Td>{row.facName}</Table.Td>
                  <Table.Td>{roleLabel(row.userRole)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="light"
                      onClick={() => onOpenForms(row.facID)}
                      aria-label={`Forms for ${row.facName}`}
                    >
                      Forms
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
              {rows.length === 0 ? <EmptyTableRow columns={4}>No facilities</EmptyTableRow> : null}
            </Table.Tbody>
          </Table>
        </TableScroller>
      </Stack>
    </OpenModal>
  );
}
