import { Alert, Loader, Paper, Stack, Table, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { canAddUserToFacility, type Facility } from '@portal/domain';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { SortHeader } from '@/components/sort-header.tsx';
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
  const rows = useMemo(() => visibleFacilities(data?.facilities ?? [], search, sort), [data, search, sort]);
  const viewer = useAdminViewer();
  const [modal, setModal] = useState<{ kind: 'add' | 'users'; facility: Facility } | null>(null);

  return (
    <Stack gap="md">
      <Title order={1}>Facilities</Title>
      <TextInput
        label="Search facilities"
        placeholder="Search by facility name"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={420}
      />
      {error ? (
        <Alert color="red" title="Error">
          {error.message}
        </Alert>
      ) : null}
      {isPending ? <Loader role="status" aria-label="Loading facilities" /> : null}
      <Paper withBorder>
        <Table.ScrollContainer minWidth={520}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((column) => (
                  <SortHeader
                    key={column.key}
                    column={column.key}
                    label={column.label}
                    sort={sort}
                    onSort={setSort}
                  />
                ))}
                <Table.Th>Role</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((facility) => (
                <Table.Tr key={facility.facID}>
                  <Table.Td>{facility.facID}</Table.Td>
                  <Table.Td>{facility.facName}</Table.Td>
                  <Table.Td>{facility.pharmID}</Table.Td>
                  <Table.Td>{facility.userRole}</Table.Td>
                  <Table.Td>
                    <FacilityRowMenu
                      facility={facility}
                      mayAddUser={viewer !== null && canAddUserToFacility(viewer, facility.facID)}
                      onAddUser={() => setModal({ kind: 'add', facility })}
                      onViewUsers={() => setModal({ kind: 'users', facility })}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
              {!isPending && rows.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={5}>No facilities</Table.Td>
                </Table.Tr>
              ) : null}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {viewer && modal?.kind === 'add' ? (
        <CreateUserModal viewer={viewer} facility={modal.facility} onClose={() => setModal(null)} />
      ) : null}
      {modal?.kind === 'users' ? (
        <FacilityUserListModal facility={modal.facility} onClose={() => setModal(null)} />
      ) : null}
    </Stack>
  );
}
