import { Alert, Button, Group, Loader, Select, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  mayAddPharmacyToUser,
  mayChangePharmacyRole,
  mayRemoveFromPharmacy,
  PHARMACY_ADMIN_MESSAGES,
  type Pharmacy,
  type PharmacyUser,
  pharmaciesOffered,
  type UserPharmacy,
} from '@portal/domain';
import { useId, useState } from 'react';
import { OpenModal, openConfirmModal } from '@/components/open-modal.tsx';
import { TableScroller } from '@/components/table-scroller.tsx';
import { useLeavePendingGuard } from '@/components/use-leave-pending-guard.tsx';
import { usePendingRowsFocus } from '@/hooks/use-pending-rows-focus.ts';
import { notifyError, notifySuccess } from '@/lib/notify.ts';
import { useAddUserPharmacies, useRemovePharmacy } from '../api/change-user-pharmacies.ts';
import { usePharmacyRoles } from '../api/get-roles.ts';
import { useUserPharmacies } from '../api/get-user-pharmacies.ts';
import { LEAVE_PENDING_MESSAGE, type PendingPharmacy, pendingEntities } from './pending-pharmacies.ts';
import { pharmacyOption } from './pharmacy-option.ts';

export interface UserPharmaciesModalProps {
  user: PharmacyUser;
  callerId: number;
  standings: readonly Pharmacy[];
  onClose: () => void;
}

/**
 * View / Edit Pharmacies (spec 2, sections 2 and 4): the user's pharmacies with role changes and removal, and the
 * pending flow: pick pharmacies, give each a role, save them in one call. Leaving with pending rows asks first.
 */
export function UserPharmaciesModal({ user, callerId, standings, onClose }: UserPharmaciesModalProps) {
  const held = useUserPharmacies(user.email);
  const roles = usePharmacyRoles();
  const add = useAddUserPharmacies();
  const remove = useRemovePharmacy();
  const [pending, setPending] = useState<PendingPharmacy[]>([]);
  // Set by a Save refused for a pending pharmacy without a role; the message shows only while that still holds, so it
  // goes once each role is chosen or the row discarded (it stayed until the next Save, saying what no longer held).
  const [isRoleAsked, setIsRoleAsked] = useState(false);
  const checked = pendingEntities(pending);
  const problem = isRoleAsked && 'problem' in checked ? checked.problem : null;
  const hasPending = pending.length > 0;
  const standingAt = (pharmID: string) => standings.find((s) => s.pharmID === pharmID);
  const roleOptions = (roles.data?.roles ?? []).map((r) => ({
    value: r.name,
    label: r.label,
    disabled: r.disabled,
  }));
  const heldIds = new Set((held.data?.pharmacies ?? []).map((p) => p.pharmacyId));
  const pickable = pharmaciesOffered(standings)
    .filter((s) => !heldIds.has(s.pharmID) && !pending.some((p) => p.pharmID === s.pharmID))
    .map(pharmacyOption);
  const mayAddAny = callerId !== user.userId && pickable.length > 0;
  const mayRemoveFrom = (p: UserPharmacy) => {
    const standing = standingAt(p.pharmacyId);
    return !!standing && mayRemoveFromPharmacy(callerId, standing, user.userId, p.userRole);
  };
  // The server keeps a user's last pharmacy (409): say so beside a disabled Remove rather than after the click.
  const isKeptAsLast = (p: UserPharmacy) => held.data?.isOnlyMembership === true && mayRemoveFrom(p);
  const lastNoteId = useId();
  const focus = usePendingRowsFocus();
  const { body, picker, closeButton, saveButton } = focus.refs;

  const leave = useLeavePendingGuard(hasPending, {
    title: 'Unsaved pharmacies',
    message: LEAVE_PENDING_MESSAGE,
  });
  const close = () => leave(onClose);

  function changeRole(pharmID: string, role: string) {
    add.mutate(
      { email: user.email, entities: [{ entityid: pharmID, userRole: role }] },
      {
        onSuccess: () => notifySuccess(PHARMACY_ADMIN_MESSAGES.roleChanged),
        onError: (failure) => notifications.show({ color: 'red', message: `Error: ${failure.message}` }),
      },
    );
  }

  function confirmRemove(pharmID: string, pharmName: string) {
    openConfirmModal({
      title: 'Remove pharmacy',
      children: <Text size="sm">{PHARMACY_ADMIN_MESSAGES.confirmRemove(user.displayName, pharmName)}</Text>,
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(
          { email: user.email, pharmID },
          {
            onSuccess: () => notifySuccess(PHARMACY_ADMIN_MESSAGES.removed(user.displayName, pharmName)),
            onError: notifyError,
          },
        ),
    });
  }

  function save() {
    if ('problem' in checked) {
      setIsRoleAsked(true);
      return;
    }
    add.mutate(
      { email: user.email, entities: checked.entities },
      {
        onSuccess: () => {
          setPending([]);
          setIsRoleAsked(false);
          notifySuccess(PHARMACY_ADMIN_MESSAGES.added);
          focus.toPickerOrClose(saveButton.current);
        },
        onError: notifyError,
      },
    );
  }

  return (
    <OpenModal onClose={close} title={`Pharmacies of ${user.displayName}`} size="xl">
      <Stack ref={body}>
        {held.isPending ? <Loader role="status" aria-label="Loading pharmacies" /> : null}
        {held.error ? <Alert color="red">{held.error.message}</Alert> : null}
        <TableScroller minWidth={480}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Pharmacy</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(held.data?.pharmacies ?? []).map((p) => {
                const standing = standingAt(p.pharmacyId);
                const mayEdit =
                  !!standing &&
                  mayChangePharmacyRole(callerId, standing, user.userId, p.userRole, p.userRole);
                const mayRemove = mayRemoveFrom(p);
                const isLast = isKeptAsLast(p);
                return (
                  <Table.Tr key={p.pharmacyId}>
                    <Table.Td>
                      {p.pharmacyId}{' '}
                      <Text span c="dimmed" size="sm">
                        {p.pharmName}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Select
                        aria-label={`Role at ${p.pharmacyId}`}
                        data={roleOptions.map((o) => ({
                          ...o,
                          disabled:
                            o.disabled ||
                            !(
                              standing &&
                              mayChangePharmacyRole(callerId, standing, user.userId, p.userRole, o.value)
                            ),
                        }))}
                        value={p.userRole}
                        onChange={(role) => role && role !== p.userRole && changeRole(p.pharmacyId, role)}
                        disabled={!mayEdit}
                        allowDeselect={false}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="compact-sm"
                        variant="light"
                        color="red"
                        disabled={!mayRemove}
                        // Focusable though disabled, so keyboard and screen-reader users reach it and hear why.
                        data-disabled={isLast || undefined}
                        aria-disabled={isLast || undefined}
                        aria-describedby={isLast ? lastNoteId : undefined}
                        onClick={isLast ? undefined : () => confirmRemove(p.pharmacyId, p.pharmName)}
                        aria-label={`Remove from ${p.pharmacyId}`}
                      >
                        Remove
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
              {pending.map((p) => (
                <Table.Tr key={`pending-${p.pharmID}`}>
                  <Table.Td>
                    {p.pharmID}{' '}
                    <Text span c="dimmed" size="sm">
                      {standingAt(p.pharmID)?.pharmName}
                    </Text>{' '}
                    <Text span c="dimmed" fw={600} size="sm">
                      (pending)
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={`Role at ${p.pharmID}`}
                      placeholder="Select a role"
                      data={roleOptions.map((o) => {
                        const standing = standingAt(p.pharmID);
                        const allowed =
                          !!standing && mayAddPharmacyToUser(callerId, standing, user.userId, o.value);
                        return { ...o, disabled: o.disabled || !allowed };
                      })}
                      value={p.role}
                      onChange={(role) =>
                        setPending((list) => list.map((x) => (x.pharmID === p.pharmID ? { ...x, role } : x)))
                      }
                    />
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      onClick={() => {
                        setPending((list) => list.filter((x) => x.pharmID !== p.pharmID));
                        focus.toPickerOrClose();
                      }}
                      aria-label={`Discard pending ${p.pharmID}`}
                    >
                      Discard
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroller>
        {(held.data?.pharmacies ?? []).some(isKeptAsLast) ? (
          <Text id={lastNoteId} size="sm" c="dimmed">
            {PHARMACY_ADMIN_MESSAGES.lastPharmacy(user.displayName)}
          </Text>
        ) : null}
        <Group align="flex-end">
          <Select
            ref={picker}
            label="Add pharmacy"
            placeholder={mayAddAny ? 'Choose a pharmacy' : 'No pharmacies to add'}
            data={pickable}
            value={null}
            disabled={!mayAddAny}
            onChange={(pharmID) => {
              if (!pharmID) return;
              setPending((list) => [...list, { pharmID, role: null }]);
              focus.toRoleOf(pharmID);
            }}
          />
        </Group>
        {problem ? (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} ref={closeButton}>
            Close
          </Button>
          <Button ref={saveButton} onClick={save} disabled={!hasPending} loading={add.isPending}>
            Save pharmacies
          </Button>
        </Group>
      </Stack>
    </OpenModal>
  );
}
