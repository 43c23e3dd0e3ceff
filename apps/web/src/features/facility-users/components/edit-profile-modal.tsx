import { Button, Group, Stack, TextInput } from '@mantine/core';
import { EditUserInfoProfileSchema, maskPhone, USER_ADMIN_MESSAGES } from '@portal/domain';
import type { QueryKey } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ConflictNotice } from '@/components/conflict-notice.tsx';
import { OpenModal } from '@/components/open-modal.tsx';
import { PhoneInput } from '@/components/phone-input.tsx';
import { useFocusAfterRender } from '@/hooks/use-focus-after-render.ts';
import { useFocusServerErrors, useSchemaForm } from '@/hooks/use-schema-form.ts';
import { isApiError } from '@/lib/api-error.ts';
import { notifyError, notifySuccess } from '@/lib/notify.ts';
import { useEditProfile } from '../api/mutations.ts';
import type { AdminTarget } from './admin-target.ts';
import classes from './user-forms.module.css';

export interface EditProfileModalProps {
  /** The user as the list holds them now: the form starts from it, and Reload takes its values again. */
  user: AdminTarget;
  /** The facility id, or the pharmacy id for a pharmacy user, the edit goes through. */
  entityId: number | string;
  onClose: () => void;
  /** The lists to refresh afterwards (facility-users lists by default). */
  listKey?: QueryKey;
}

const formValues = (user: AdminTarget, entityId: number | string) => ({
  displayName: user.displayName,
  // In the mask the field keeps as digits are typed, as every phone field of the portal does.
  phone: maskPhone(user.phone),
  email: user.email,
  entityId,
});

/**
 * Edit Profile: another user's display name and phone (spec 2, section 5), named so on both sides; the row menus'
 * item that opens it is 'Edit Name and Phone'.
 *
 * A save sends the profile version the form was loaded with, so it cannot silently replace a name or phone another
 * administrator saved meanwhile (the form sends both). When the server refuses it (409), the dialog says so, keeps
 * what was typed, and offers to load the user's current values, which replace it.
 */
export function EditProfileModal({ user, entityId, onClose, listKey }: EditProfileModalProps) {
  const { form, field, setFieldErrors } = useSchemaForm(
    EditUserInfoProfileSchema,
    formValues(user, entityId),
  );
  // The version the form's values came with: the list may refresh meanwhile, but the typing was not done on that.
  const [version, setVersion] = useState(user.profileVersion);
  const [conflict, setConflict] = useState<string>();
  const reloadRef = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const edit = useEditProfile(listKey);
  const serverErrors = useFocusServerErrors();
  const submit = form.handleSubmit((values) =>
    edit.mutate(
      { ...values, profileVersion: version },
      {
        // The list is refreshed before this runs (useEditProfile), so the dialog opened next carries the new version.
        onSuccess: () => {
          notifySuccess(USER_ADMIN_MESSAGES.profileUpdated);
          onClose();
        },
        onError: (error) => {
          if (isApiError(error, 409)) {
            setConflict(error.message);
            focusAfterRender(() => reloadRef.current, serverErrors.ref.current);
            return;
          }
          if (isApiError(error, 400)) {
            setFieldErrors(error.fields);
            serverErrors.focus();
          }
          notifyError(error);
        },
      },
    ),
  );
  // The list was refreshed when the save was refused, so `user` holds what was saved meanwhile.
  const reload = () => {
    form.reset(formValues(user, entityId));
    setVersion(user.profileVersion);
    setConflict(undefined);
    // Once the notice and its button are gone: to the first field, now holding the current name.
    const form_ = serverErrors.ref.current;
    focusAfterRender(() => form_?.querySelector<HTMLInputElement>('input[name="displayName"]'), form_);
  };
  return (
    <OpenModal onClose={onClose} title={`Edit Profile: ${user.email}`}>
      <form ref={serverErrors.ref} onSubmit={submit} noValidate className={classes.form}>
        <Stack gap="sm">
          <TextInput label="Display name" data-autofocus {...field('displayName')} />
          <PhoneInput label="Phone" {...field('phone')} />
          {conflict ? <ConflictNotice message={conflict} onReload={reload} reloadRef={reloadRef} /> : null}
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
