import { ActionIcon, Alert, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type AdminUser,
  type AdminViewer,
  canAddFacilityToUser,
  canAddUserToFacility,
  canChangeRole,
  canRemoveFromFacility,
  FACILITY_ROLES,
  PICKER_PAGE_SIZE,
  USER_ADMIN_MESSAGES,
  USER_MESSAGES,
} from '@portal/domain';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { OpenModal, openConfirmModal } from '@/components/open-modal.tsx';
import { useLeavePendingGuard } from '@/components/use-leave-pending-guard.tsx';
import { usePendingRowsFocus } from '@/hooks/use-pending-rows-focus.ts';
import { notifyError, notifySuccess } from '@/lib/notify.ts';
import { useAddUserFacilities, useEditUserRole, useRemoveFacility } from '../api/mutations.ts';
import { userFacilitiesQuery } from '../api/users.ts';

export interface UserFacilitiesModalProps {
  viewer: AdminViewer;
  user: AdminUser;
  onClose: () => void;
}

const ROLE_OPTIONS = FACILITY_ROLES.map((r) => ({ value: r.name, label: r.label }));
type Pending = { facID: number; facName: string; userRole: string | null };

/** View / Edit Facilities of a user: roles, removal, and pending facilities saved in one call (spec 2, section 4). */
export function UserFacilitiesModal({ viewer, user, onClose }: UserFacilitiesModalProps) {
  const { data, error } = useQuery(userFacilitiesQuery(user.email));
  // The roles as this dialog's own answer holds them now, not as the list's row held them when it opened: after a
  // role change, an addition or a removal here, the checks below go by the role the server saved (a facility added
  // here had no role in the row at all, so its picker and Remove stayed off until the dialog was opened again).
  const target = useMemo(
    () =>
      data
        ? {
            ...user,
            entityTypeAndRole: data.facilities.map((f) => ({ facid: f.facID, userRole: f.userRole })),
          }
        : user,
    [data, user],
  );
  const [pending, setPending] = useState<Pending[]>([]);
  // Set by a Save refused for a pending facility without a role; the message shows only while one still lacks it, so
  // it goes once the role is chosen or the row discarded (it stayed, saying what no longer held).
  const [isRoleAsked, setIsRoleAsked] = useState(false);
  const lacksRole = pending.some((p) => !p.userRole);
  const pendingError = isRoleAsked && lacksRole ? USER_MESSAGES.roleForAllUsers : null;
  const editRole = useEditUserRole();
  const removeFacility = useRemoveFacility();
  const addFacilities = useAddUserFacilities();
  const focus = usePendingRowsFocus();
  const { body, picker, closeButton, saveButton } = focus.refs;
  const held = new Set((data?.facilities ?? []).map((f) => f.facID));
  // The server keeps a user's last facility (409): say so beside a disabled Remove rather than after the click.
  const isKeptAsLast = (facID: number) =>
    data?.isOnlyMembership === true && canRemoveFromFacility(viewer, target, facID);
  const lastNoteId = useId();
  const choices = viewer.facilities
    .filter((f) => canAddFacilityToUser(viewer, f.facID) && !held.has(f.facID))
    .filter((f) => !pending.some((p) => p.facID === f.facID))
    .map((f) => ({ value: String(f.facID), label: `${f.facName} (${f.facID})` }));

  const hasPending = pending.length > 0;
  const leave = useLeavePendingGuard(hasPending, {
    title: 'Unsaved facilities',
    message: USER_ADMIN_MESSAGES.leavePending,
  });
  const close = () => leave(onClose);
  const confirmRemove = (facID: number, facName: string) =>
    openConfirmModal({
      title: 'Remove facility',
      children: <Text size="sm">{USER_ADMIN_MESSAGES.confirmRemove(user.displayName, facName)}</Text>,
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        removeFacility.mutate(
          { email: user.email, facID },
          { onSuccess: (answer) => notifySuccess(answer.message), onError: notifyError },
        ),
    });
  const save = () => {
    if (lacksRole) {
      setIsRoleAsked(true);
      return;
    }
    addFacilities.mutate(
      {
        email: user.email,
        entities: pending.map((p) => ({ entityID: p.facID, userRole: p.userRole ?? '' })),
      },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.message);
          setPending([]);
          setIsRoleAsked(false);
          focus.toPickerOrClose(saveButton.current);
        },
        onError: notifyError,
      },
    );
  };

  return (
    <OpenModal onClose={close} title={`Facilities of ${user.displayName}`} size="lg">
      <Stack gap="sm" ref={body}>
        {error ? <Alert color="red">{error.message}</Alert> : null}
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Facility</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Remove</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(data?.facilities ?? []).map((f) => (
              <Table.Tr key={f.facID}>
                <Table.Td>{f.facName}</Table.Td>
                <Table.Td>
                  <Select
                    aria-label={`Role at ${f.facName}`}
                    data={ROLE_OPTIONS.map((o) => ({
                      ...o,
                      // Only the roles the server takes (user_Edit of the new role too), as View / Edit Pharmacies.
                      disabled: o.value !== f.userRole && !canChangeRole(viewer, target, f.facID, o.value),
                    }))}
                    value={f.userRole}
                    disabled={!canChangeRole(viewer, target, f.facID)}
                    onChange={(role) =>
                      role &&
                      editRole.mutate(
                        { entityID: f.facID, email: user.email, userRole: role },
                        {
                          onSuccess: () => notifySuccess(USER_ADMIN_MESSAGES.roleChanged),
                          onError: (e) =>
                            notifications.show({
                              color: 'red',
                              message: USER_ADMIN_MESSAGES.roleChangeFailed(e.message),
                            }),
                        },
                      )
                    }
                  />
                </Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove from ${f.facName}`}
                    disabled={!canRemoveFromFacility(viewer, target, f.facID)}
                    // Focusable though disabled, so keyboard and screen-reader users reach it and hear why.
                    data-disabled={isKeptAsLast(f.facID) || undefined}
                    aria-disabled={isKeptAsLast(f.facID) || undefined}
                    aria-describedby={isKeptAsLast(f.facID) ? lastNoteId : undefined}
                    onClick={isKeptAsLast(f.facID) ? undefined : () => confirmRemove(f.facID, f.facName)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
            {pending.map((p) => (
              <Table.Tr key={`pending-${p.facID}`}>
                <Table.Td>
                  {p.facName}{' '}
                  <Text span c="dimmed" size="sm">
                    (pending)
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Select
                    aria-label={`Role at ${p.facName}`}
                    // Only the roles the server takes here (addableRoles), as Create Facility User offers.
                    data={ROLE_OPTIONS.map((o) => ({
                      ...o,
                      disabled: !canAddUserToFacility(viewer, p.facID, o.value),
                    }))}
                    value={p.userRole}
                    onChange={(role) => {
                      setPending((list) =>
                        list.map((x) => (x.facID === p.facID ? { ...x, userRole: role } : x)),
                      );
                    }}
                  />
                </Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Remove pending ${p.facName}`}
                    onClick={() => {
                      setPending((list) => list.filter((x) => x.facID !== p.facID));
                      focus.toPickerOrClose();
                    }}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {(data?.facilities ?? []).some((f) => isKeptAsLast(f.facID)) ? (
          <Text id={lastNoteId} size="sm" c="dimmed">
            {USER_ADMIN_MESSAGES.lastFacility(user.displayName)}
          </Text>
        ) : null}
        {choices.length > 0 ? (
          <Select
            ref={picker}
            label="Add facility"
            placeholder="Choose a facility"
            data={choices}
            searchable
            limit={PICKER_PAGE_SIZE}
            value={null}
            onChange={(value) => {
              const facility = viewer.facilities.find((f) => String(f.facID) === value);
              if (!facility) return;
              setPending((list) => [
                ...list,
                { facID: facility.facID, facName: facility.facName, userRole: null },
              ]);
              focus.toRoleOf(facility.facName);
            }}
          />
        ) : null}
        {pendingError ? <Alert color="red">{pendingError}</Alert> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} ref={closeButton}>
            Close
          </Button>
          <Button ref={saveButton} onClick={save} disabled={!hasPending} loading={addFacilities.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </OpenModal>
  );
}
