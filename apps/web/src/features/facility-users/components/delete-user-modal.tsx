import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type AdminUser, USER_ADMIN_MESSAGES } from '@portal/domain';
import { notifySuccess } from '@/lib/notify.ts';
import { useDeleteUser } from '../api/mutations.ts';

export interface DeleteUserModalProps {
  user: AdminUser;
  entityId: number;
  onClose: () => void;
}

/** Delete User: a confirmation, then the account ends (its past thread entries keep the name). */
export function DeleteUserModal({ user, entityId, onClose }: DeleteUserModalProps) {
  const remove = useDeleteUser();
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
    <Modal opened onClose={onClose} title="Delete User">
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
    </Modal>
  );
}
