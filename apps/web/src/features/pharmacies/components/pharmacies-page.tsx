import { ActionIcon, Group, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { mayAdministerPharmacyUsers, type Pharmacy } from '@portal/domain';
import { IconBuildingHospital, IconUsers } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { OpenModal } from '@/components/open-modal.tsx';
import { SearchableTable } from '@/components/searchable-table.tsx';
import { useCurrentUser } from '@/features/auth';
import { useDialogAddress } from '@/hooks/use-dialog-address.ts';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';
import { usePharmacies } from '../api/get-pharmacies.ts';
import { PharmacyFacilitiesModal } from './pharmacy-facilities-modal.tsx';
import { PharmacyFormsModal } from './pharmacy-forms-modal.tsx';
import { PharmacyUsersModal } from './pharmacy-users-modal.tsx';

/**
 * The pharmacies whose id or name, the two texts their row shows, contains the search: a row that matched on text
 * it does not show would look like a wrong answer.
 */
function matching(pharmacies: readonly Pharmacy[], search: string): Pharmacy[] {
  const wanted = search.trim().toLowerCase();
  return pharmacies.filter(
    (p) => !wanted || p.pharmID.toLowerCase().includes(wanted) || p.pharmName.toLowerCase().includes(wanted),
  );
}

/**
 * The Pharmacies page (spec 2, section 2): pharmacy id and number of facilities, search, and two row actions.
 * The open modal lives in the query (`?pharmID=`, `&users=true`, `&faciID=`) so each view has a link of its own.
 */
export function PharmaciesPage() {
  useDocumentTitle('Pharmacies');
  const user = useCurrentUser();
  const mayListUsers = mayAdministerPharmacyUsers(user.userType);
  const { data, isPending, error } = usePharmacies();
  const [search, setSearch] = useState('');
  const dialog = useDialogAddress();
  const params = dialog.params;
  const rows = useMemo(() => matching(data?.pharmacies ?? [], search), [data, search]);
  const pharmID = params.get('pharmID');
  const open = data?.pharmacies.find((p) => p.pharmID === pharmID);
  // A link naming a pharmacy the viewer has none of (mistyped, or another's) says so instead of showing nothing.
  const isUnknown = data !== undefined && pharmID !== null && open === undefined;
  const faciID = params.get('faciID');
  const showUsers = params.get('users') === 'true' && mayListUsers;
  const close = () => dialog.close({});

  return (
    <Stack gap="md">
      <Title order={1}>Pharmacies</Title>
      <SearchableTable
        searchLabel="Search pharmacies"
        searchPlaceholder="Search by pharmacy ID or name"
        search={search}
        onSearch={setSearch}
        error={error ? { title: 'Error', message: error.message } : null}
        isPending={isPending}
        loadingLabel="Loading pharmacies"
        minWidth={480}
        head={
          <>
            <Table.Th>Pharmacy ID</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Facilities</Table.Th>
            <Table.Th>Actions</Table.Th>
          </>
        }
        rows={rows}
        columns={4}
        emptyText="No pharmacies"
        renderRow={(pharmacy) => (
          <Table.Tr key={pharmacy.pharmID}>
            <Table.Td>{pharmacy.pharmID}</Table.Td>
            <Table.Td>{pharmacy.pharmName}</Table.Td>
            <Table.Td>{pharmacy.facilities.length}</Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <Tooltip label="Facilities">
                  <ActionIcon
                    variant="light"
                    aria-label={`Facilities of ${pharmacy.pharmID}`}
                    onClick={() => dialog.open({ pharmID: pharmacy.pharmID })}
                  >
                    <IconBuildingHospital size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
                {mayListUsers ? (
                  <Tooltip label="Users">
                    <ActionIcon
                      variant="light"
                      aria-label={`Users of ${pharmacy.pharmID}`}
                      onClick={() => dialog.open({ pharmID: pharmacy.pharmID, users: 'true' })}
                    >
                      <IconUsers size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                ) : null}
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
      />
      {isUnknown ? (
        <OpenModal onClose={close} title={`Pharmacy ${pharmID}`}>
          <Text>No pharmacy {pharmID} among yours</Text>
        </OpenModal>
      ) : null}
      {open && !faciID && showUsers ? <PharmacyUsersModal pharmID={open.pharmID} onClose={close} /> : null}
      {/* The forms modal opens over the facilities modal, which stays (its search and sort with it): closing the
          forms returns to the facility list and to the Forms button that opened them. */}
      {open && (faciID || !showUsers) ? (
        <PharmacyFacilitiesModal
          pharmacy={open}
          onClose={close}
          onOpenForms={(facID) => dialog.open({ pharmID: open.pharmID, faciID: String(facID) })}
        />
      ) : null}
      {open && faciID ? (
        <PharmacyFormsModal
          pharmacy={open}
          faciID={faciID}
          onClose={() => dialog.close({ pharmID: open.pharmID })}
        />
      ) : null}
    </Stack>
  );
}
