import { Button, Group, Stack, TextInput } from '@mantine/core';
import { EditUserInfoProfileSchema, maskPhone, USER_ADMIN_MESSAGES } from '@portal/domain';
import type { QueryKey } from '@tanstack/react-query';
import { OpenModal } from '@/components/open-modal.tsx';
import { PhoneInput } from '@/components/phone-input.tsx';
import { useFocusServerErrors, useSchemaForm } from '@/hooks/use-schema-form.ts';
import { isApiError } from '@/lib/api-error.ts';
import { notifyError, notifySuccess } from '@/lib/notify.ts';
import { useEditProfile } from '../api/mutations.ts';
import type { AdminTarget } from './admin-target.ts';
import classes from './user-forms.module.css';

export interface EditProfileModalProps {
  user: AdminTarget;
  /** The facility id, or the pharmacy id for a pharmacy user, the edit goes through. */
  entityId: number | string;
  onClose: () => void;
  /** The lists to refresh afterwards (facility-users lists by default). */
  listKey?: QueryKey;
}

/**
 * Edit Profile: another user's display name and phone (spec 2, section 5), named so on both sides; the row menus'
 * item that opens it is 'Edit Name and Phone'.
 */
export function EditProfileModal({ user, entityId, onClose, listKey }: EditProfileModalProps) {
  const { form, field, setFieldErrors } = useSchemaForm(EditUserInfoProfileSchema, {
    displayName: user.displayName,
    // In the mask the field keeps as digits are typed, as every phone field of the portal does.
    phone: maskPhone(user.phone),
    email: user.email,
    entityId,
  });
  const edit = useEditProfile(listKey);
  const serverErrors = useFocusServerErrors();
  const submit = form.handleSubmit((values) =>
    edit.mutate(values, {
      onSuccess: () => {
        notifySuccess(USER_ADMIN_MESSAGES.profileUpdated);
        onClose();
      },
      onError: (error) => {
        if (isApiError(error, 400)) {
          setFieldErrors(error.fields);
          serverErrors.focus();
        }
        notifyError(error);
      },
    }),
  );
  return (
    <OpenModal onClose={onClose} title={`Edit Profile: ${user.email}`}>
      <form ref={serverErrors.ref} onSubmit={submit} noValidate className={classes.form}>
        <Stack gap="sm">
          <TextInput label="Display name" data-autofocus {...field('displayName')} />
          <PhoneInput label="Phone" {...field('phone')} />
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
    </OpenModal>
  );
}
