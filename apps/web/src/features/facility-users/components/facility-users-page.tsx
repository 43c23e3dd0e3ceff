import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { type AdminUser, canAddUserToFacility, formatPhone, USER_ADMIN_MESSAGES } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useId, useMemo, useState } from 'react';
import { SearchableTable } from '@/components/searchable-table.tsx';
import { SelfBadgeName } from '@/components/self-badge-name.tsx';
import { useCurrentUser } from '@/features/auth';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';
import { useAdminViewer, usersQuery } from '../api/users.ts';
import { CreateUserModal } from './create-user-modal.tsx';
import { DeleteUserModal } from './delete-user-modal.tsx';
import { EditProfileModal } from './edit-profile-modal.tsx';
import { EditSettingsModal } from './edit-settings-modal.tsx';
import { ResetPasswordModal } from './reset-password-modal.tsx';
import { UserFacilitiesModal } from './user-facilities-modal.tsx';
import { type UserModal, UserRowMenu } from './user-row-menu.tsx';
import { type UserSort, type UserSortKey, visibleUsers } from './user-sort.ts';

const COLUMNS: { key: UserSortKey; label: string }[] = [
  { key: 'displayName', label: 'Name' },
  { key: 'email', label: 'Email' },
];

/** Facility Users (spec 2, section 2): search, sort, Self badge, row menu and its modals. */
export function FacilityUsersPage() {
  useDocumentTitle('Facility Users');
  const me = useCurrentUser();
  const viewer = useAdminViewer();
  const { data, isPending, error } = useQuery(usersQuery());
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<UserSort>({ key: 'displayName', direction: 'asc' });
  const [modal, setModal] = useState<UserModal | { kind: 'create' } | null>(null);
  // The rows follow the search a step behind the box (see SearchableTable's renderRow).
  const query = useDeferredValue(search);
  const rows = useMemo(() => visibleUsers(data?.users ?? [], query, sort), [data, query, sort]);
  const close = () => setModal(null);
  // The modal's user as the list holds them now (refreshed after a save), not as they were when it opened.
  const current = (user: AdminUser) => data?.users.find((u) => u.userId === user.userId) ?? user;
  const mayCreate = viewer?.facilities.some((f) => canAddUserToFacility(viewer, f.facID)) ?? false;
  // Off, the button stays reachable and says why (as Add Pharmacy User and the row menus do); only while the
  // facilities load is it quietly off.
  const whyNotId = useId();
  const saysWhyNot = Boolean(viewer) && !mayCreate;
  const renderRow = useCallback(
    (user: AdminUser) => (
      <Table.Tr key={user.userId}>
        <Table.Td>
          <SelfBadgeName name={user.displayName} isSelf={user.userId === me.userId} />
        </Table.Td>
        <Table.Td>{user.email}</Table.Td>
        <Table.Td>{user.phone ? formatPhone(user.phone) : ''}</Table.Td>
        <Table.Td>{user.numberFacilities}</Table.Td>
        <Table.Td>{viewer ? <UserRowMenu viewer={viewer} user={user} onOpen={setModal} /> : null}</Table.Td>
      </Table.Tr>
    ),
    [me.userId, viewer],
  );
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Facility Users</Title>
        <Group gap="xs">
          {saysWhyNot ? (
            <Text id={whyNotId} size="sm" c="dimmed">
              {USER_ADMIN_MESSAGES.mayNotAdd}
            </Text>
          ) : null}
          <Button
            onClick={() => (mayCreate ? setModal({ kind: 'create' }) : undefined)}
            disabled={!viewer}
            aria-disabled={saysWhyNot || undefined}
            data-disabled={saysWhyNot || undefined}
            aria-describedby={saysWhyNot ? whyNotId : undefined}
          >
            Add Facility User
          </Button>
        </Group>
      </Group>
      <SearchableTable
        searchLabel="Search users"
        searchPlaceholder="Search by name or email"
        search={search}
        onSearch={setSearch}
        error={error ? { message: USER_ADMIN_MESSAGES.listFailed } : null}
        isPending={isPending}
        loadingLabel="Loading users"
        minWidth={600}
        sorting={{ columns: COLUMNS, sort, onSort: setSort }}
        head={
          <>
            <Table.Th>Phone</Table.Th>
            <Table.Th>Facilities</Table.Th>
            <Table.Th>Actions</Table.Th>
          </>
        }
        rows={rows}
        columns={5}
        emptyText="No Users"
        renderRow={renderRow}
      />
      {viewer && modal?.kind === 'create' ? <CreateUserModal viewer={viewer} onClose={close} /> : null}
      {viewer && modal?.kind === 'facilities' ? (
        <UserFacilitiesModal viewer={viewer} user={modal.user} onClose={close} />
      ) : null}
      {modal?.kind === 'reset' ? (
        <ResetPasswordModal user={modal.user} entityId={modal.entityId} onClose={close} />
      ) : null}
      {modal?.kind === 'profile' ? (
        <EditProfileModal user={current(modal.user)} entityId={modal.entityId} onClose={close} />
      ) : null}
      {modal?.kind === 'settings' ? <EditSettingsModal user={modal.user} onClose={close} /> : null}
      {modal?.kind === 'delete' ? (
        <DeleteUserModal user={modal.user} entityId={modal.entityId} onClose={close} />
      ) : null}
    </Stack>
  );
}
