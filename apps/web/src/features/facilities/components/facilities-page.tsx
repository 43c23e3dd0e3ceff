import { Stack, Table, Title } from '@mantine/core';
import { canAddUserToFacility, type Facility, roleLabel } from '@portal/domain';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { SearchableTable } from '@/components/searchable-table.tsx';
import { CreateUserModal, FacilityUserListModal, useAdminViewer } from '@/features/facility-users';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';
import { useFacilitiesList } from '../api/get-facilities.ts';
import { FacilityRowMenu } from './facility-row-menu.tsx';
import { type FacilitySort, type FacilitySortKey, visibleFacilities } from './facility-sort.ts';

const COLUMNS: { key: FacilitySortKey; label: string }[] = [
  { key: 'facID', label: 'ID' },
  { key: 'facName', label: 'Name' },
  { key: 'pharmID', label: 'Pharmacy ID' },
];

/** The Facilities list (spec 2, section 2): search by name, sortable ID, name and pharmacy ID, a row menu. */
export function FacilitiesPage() {
  useDocumentTitle('Facilities');
  const { data, isPending, error } = useFacilitiesList();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<FacilitySort>({ key: 'facName', direction: 'asc' });
  // The rows follow the search a step behind the box (see SearchableTable's renderRow).
  const query = useDeferredValue(search);
  const rows = useMemo(() => visibleFacilities(data?.facilities ?? [], query, sort), [data, query, sort]);
  const viewer = useAdminViewer();
  const [modal, setModal] = useState<{ kind: 'add' | 'users'; facility: Facility } | null>(null);

  const renderRow = useCallback(
    (facility: Facility) => (
      <Table.Tr key={facility.facID}>
        <Table.Td>{facility.facID}</Table.Td>
        <Table.Td>{facility.facName}</Table.Td>
        <Table.Td>{facility.pharmID}</Table.Td>
        <Table.Td>{roleLabel(facility.userRole)}</Table.Td>
        <Table.Td>
          <FacilityRowMenu
            facility={facility}
            mayAddUser={viewer !== null && canAddUserToFacility(viewer, facility.facID)}
            onAddUser={() => setModal({ kind: 'add', facility })}
            onViewUsers={() => setModal({ kind: 'users', facility })}
          />
        </Table.Td>
      </Table.Tr>
    ),
    [viewer],
  );
  return (
    <Stack gap="md">
      <Title order={1}>Facilities</Title>
      <SearchableTable
        searchLabel="Search facilities"
        searchPlaceholder="Search by facility name"
        search={search}
        onSearch={setSearch}
        error={error ? { title: 'Error', message: error.message } : null}
        isPending={isPending}
        loadingLabel="Loading facilities"
        minWidth={520}
        sorting={{ columns: COLUMNS, sort, onSort: setSort }}
        head={
          <>
            <Table.Th>Role</Table.Th>
            <Table.Th>Actions</Table.Th>
          </>
        }
        rows={rows}
        columns={5}
        emptyText="No facilities"
        renderRow={renderRow}
      />
      {viewer && modal?.kind === 'add' ? (
        <CreateUserModal viewer={viewer} facility={modal.facility} onClose={() => setModal(null)} />
      ) : null}
      {modal?.kind === 'users' ? (
        <FacilityUserListModal facility={modal.facility} onClose={() => setModal(null)} />
      ) : null}
    </Stack>
  );
}
