import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { type AdminUser, EditUserInfoProfileSchema, formatPhone, USER_ADMIN_MESSAGES } from '@portal/domain';
import { type Resolver, useForm } from 'react-hook-form';
import { notifyError, notifySuccess } from '@/lib/notify.ts';
import { useEditProfile } from '../api/mutations.ts';
import classes from './user-forms.module.css';

export interface EditProfileModalProps {
  user: AdminUser;
  entityId: number;
  onClose: () => void;
}

type Values = { displayName: string; phone: string; email: string; entityId: number };

/** Edit Profile: another user's display name and phone (spec 2, section 5). */
export function EditProfileModal({ user, entityId, onClose }: EditProfileModalProps) {
  const form = useForm<Values>({
    resolver: zodResolver(EditUserInfoProfileSchema as never) as unknown as Resolver<Values>,
    defaultValues: {
      displayName: user.displayName,
      phone: formatPhone(user.phone),
      email: user.email,
      entityId,
    },
  });
  const edit = useEditProfile();
  const errors = form.formState.errors;
  const submit = form.handleSubmit((values) =>
    edit.mutate(values, {
      onSuccess: () => {
        notifySuccess(USER_ADMIN_MESSAGES.profileUpdated);
        onClose();
      },
      onError: notifyError,
    }),
  );
  return (
    <Modal opened onClose={onClose} title={`Edit Profile: ${user.email}`}>
      <form onSubmit={submit} noValidate className={classes.form}>
        <Stack gap="sm">
          <TextInput
            label="Display name"
            {...form.register('displayName')}
            error={errors.displayName?.message}
          />
          <TextInput
            label="Phone"
            placeholder="ddd-ddd-dddd"
            {...form.register('phone')}
            error={errors.phone?.message}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={edit.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
