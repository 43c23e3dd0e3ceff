import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  formatPhone,
  PHARMACY_ADMIN_MESSAGES,
  type PharmacyUser,
  type PharmacyUserAction,
  pharmaciesOffered,
} from '@portal/domain';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import { SearchableTable } from '@/components/searchable-table.tsx';
import { SelfBadgeName } from '@/components/self-badge-name.tsx';
import { SortHeader, type SortState } from '@/components/sort-header.tsx';
import { useCurrentUser } from '@/features/auth';
import {
  DeleteUserModal,
  EditProfileModal,
  EditSettingsModal,
  ResetPasswordModal,
} from '@/features/facility-users';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';
import { usePharmacies } from '../api/get-pharmacies.ts';
import { pharmacyUsersQuery, usePharmacyUsers } from '../api/get-pharmacy-users.ts';
import { CreatePharmacyUserModal } from './create-pharmacy-user-modal.tsx';
import { PharmacyUserRowMenu } from './pharmacy-user-row-menu.tsx';
import { UserPharmaciesModal } from './user-pharmacies-modal.tsx';

type Key = 'displayName' | 'email';

/** An open row-menu dialog: the action, its user and the shared pharmacy the call goes through. */
type OpenAction = { action: PharmacyUserAction; userId: number; pharmID: string };

const LIST_KEY = pharmacyUsersQuery().queryKey;

function visibleUsers(users: readonly PharmacyUser[], search: string, sort: SortState<Key>): PharmacyUser[] {
  const wanted = search.trim().toLowerCase();
  const matching = users.filter(
    (u) => !wanted || u.displayName.toLowerCase().includes(wanted) || u.email.toLowerCase().includes(wanted),
  );
  const sign = sort.direction === 'asc' ? 1 : -1;
  return matching.sort((a, b) => sign * a[sort.key].localeCompare(b[sort.key]) || a.userId - b.userId);
}

/** The Pharmacy Users page (spec 2, sections 2, 4, 6 and 8): pharmacy staff manage the users of their pharmacies. */
export function PharmacyUsersPage() {
  useDocumentTitle('Pharmacy Users');
  const me = useCurrentUser();
  const users = usePharmacyUsers();
  const pharmacies = usePharmacies();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState<Key>>({ key: 'displayName', direction: 'asc' });
  const [isCreating, setIsCreating] = useState(false);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [open, setOpen] = useState<OpenAction | null>(null);
  const standings = pharmacies.data?.pharmacies ?? [];
  // The rows follow the search a step behind the box (see SearchableTable's renderRow).
  const query = useDeferredValue(search);
  const rows = useMemo(() => visibleUsers(users.data?.users ?? [], query, sort), [users.data, query, sort]);
  const editing = users.data?.users.find((u) => u.userId === editingId);
  const acting = open ? users.data?.users.find((u) => u.userId === open.userId) : undefined;
  const closeAction = () => setOpen(null);
  // Nowhere to add a user (a Billing user, say): the dialog would offer no pharmacy and could never be sent. The
  // button stays focusable and says why, as the row menus' disabled items do.
  const mayCreate = pharmacies.isPending || pharmaciesOffered(standings).length > 0;
  const whyNotId = useId();

  useEffect(() => {
    if (users.error) notifications.show({ color: 'red', message: PHARMACY_ADMIN_MESSAGES.retrieveError });
  }, [users.error]);

  const renderRow = useCallback(
    (user: PharmacyUser) => (
      <Table.Tr key={user.userId}>
        <Table.Td>
          <SelfBadgeName name={user.displayName} isSelf={user.userId === me.userId} />
        </Table.Td>
        <Table.Td>{user.email}</Table.Td>
        <Table.Td>{formatPhone(user.phone)}</Table.Td>
        <Table.Td>{user.numberPharmacies}</Table.Td>
        <Table.Td>
          <PharmacyUserRowMenu
            user={user}
            callerId={me.userId}
            standings={standings}
            onViewPharmacies={() => setEditingId(user.userId)}
            onAction={(action, pharmID) => setOpen({ action, userId: user.userId, pharmID })}
          />
        </Table.Td>
      </Table.Tr>
    ),
    [me.userId, standings],
  );
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Pharmacy Users</Title>
        <Group gap="xs">
          {mayCreate ? null : (
            <Text id={whyNotId} size="sm" c="dimmed">
              {PHARMACY_ADMIN_MESSAGES.mayNotCreate}
            </Text>
          )}
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => (mayCreate ? setIsCreating(true) : undefined)}
            aria-disabled={mayCreate ? undefined : true}
            data-disabled={mayCreate ? undefined : true}
            aria-describedby={mayCreate ? undefined : whyNotId}
          >
            Add Pharmacy User
          </Button>
        </Group>
      </Group>
      <SearchableTable
        searchLabel="Search users"
        searchPlaceholder="Search by name or email"
        search={search}
        onSearch={setSearch}
        error={users.error ? { message: PHARMACY_ADMIN_MESSAGES.retrieveError } : null}
        isPending={users.isPending}
        loadingLabel="Loading pharmacy users"
        minWidth={640}
        head={
          <>
            <SortHeader column="displayName" label="Name" sort={sort} onSort={setSort} />
            <SortHeader column="email" label="Email" sort={sort} onSort={setSort} />
            <Table.Th>Phone</Table.Th>
            <Table.Th>Pharmacies</Table.Th>
            <Table.Th>Actions</Table.Th>
          </>
        }
        rows={rows}
        columns={5}
        emptyText={PHARMACY_ADMIN_MESSAGES.noUsers}
        renderRow={renderRow}
      />
      {isCreating ? (
        <CreatePharmacyUserModal standings={standings} onClose={() => setIsCreating(false)} />
      ) : null}
      {editing ? (
        <UserPharmaciesModal
          user={editing}
          callerId={me.userId}
          standings={standings}
          onClose={() => setEditingId(null)}
        />
      ) : null}
      {open && acting && open.action === 'resetPassword' ? (
        <ResetPasswordModal user={acting} entityId={open.pharmID} listKey={LIST_KEY} onClose={closeAction} />
      ) : null}
      {open && acting && open.action === 'editProfile' ? (
        <EditProfileModal user={acting} entityId={open.pharmID} listKey={LIST_KEY} onClose={closeAction} />
      ) : null}
      {open && acting && open.action === 'editSettings' ? (
        <EditSettingsModal user={acting} listKey={LIST_KEY} onClose={closeAction} />
      ) : null}
      {open && acting && open.action === 'delete' ? (
        <DeleteUserModal user={acting} entityId={open.pharmID} listKey={LIST_KEY} onClose={closeAction} />
      ) : null}
    </Stack>
  );
}
