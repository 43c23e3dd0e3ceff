import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { USER_ADMIN_MESSAGES } from '@portal/domain';
import type { QueryKey } from '@tanstack/react-query';
import { OpenModal } from '@/components/open-modal.tsx';
import { notifySuccess } from '@/lib/notify.ts';
import { useDeleteUser } from '../api/mutations.ts';
import type { AdminTarget } from './admin-target.ts';

export interface DeleteUserModalProps {
  user: AdminTarget;
  /** The facility id, or the pharmacy id for a pharmacy user, the deletion goes through. */
  entityId: number | string;
  onClose: () => void;
  /** The lists to refresh afterwards (facility-users lists by default). */
  listKey?: QueryKey;
}

/** Delete User: a confirmation, then the account ends (its past thread entries keep the name). */
export function DeleteUserModal({ user, entityId, onClose, listKey }: DeleteUserModalProps) {
  const remove = useDeleteUser(listKey);
  const confirm = () =>
    remove.mutate(
      { email: user.email, entityId, UserId: user.userId },
      {
        onSuccess: () => {
          notifySuccess(USER_ADMIN_MESSAGES.deleted(user.displayName));
          onClose();
        },
        onError: (error) =>
          notifications.show({ color: 'red', message: USER_ADMIN_MESSAGES.deleteFailed(error.message) }),
      },
    );
  return (
    <OpenModal onClose={onClose} title="Delete User">
      <Stack gap="sm">
        <Text>
          Delete {user.displayName} ({user.email})? They will no longer be able to sign in.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending}>
            Delete User
          </Button>
        </Group>
      </Stack>
    </OpenModal>
  );
}
