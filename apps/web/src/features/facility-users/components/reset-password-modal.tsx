import { Button, Group, Stack, Text } from '@mantine/core';
import { adminPasswordResetInputSchema } from '@portal/domain';
import type { QueryKey } from '@tanstack/react-query';
import { useMemo } from 'react';
import { NewPasswordInputs } from '@/components/new-password-inputs.tsx';
import { OpenModal } from '@/components/open-modal.tsx';
import { useSchemaForm } from '@/hooks/use-schema-form.ts';
import { useClientConfig } from '@/lib/client-config.ts';
import { notifyError, notifySuccess } from '@/lib/notify.ts';
import { useAdminPasswordReset } from '../api/mutations.ts';
import type { AdminTarget } from './admin-target.ts';
import classes from './user-forms.module.css';

export interface ResetPasswordModalProps {
  user: AdminTarget;
  /** The facility id, or the pharmacy id for a pharmacy user, the reset goes through. */
  entityId: number | string;
  onClose: () => void;
  /** The lists to refresh afterwards (facility-users lists by default). */
  listKey?: QueryKey;
}

/** Reset Password for a user: the new password twice; they must change it at their next sign-in. */
export function ResetPasswordModal({ user, entityId, onClose, listKey }: ResetPasswordModalProps) {
  const { passwordMinLength } = useClientConfig();
  const schema = useMemo(() => adminPasswordResetInputSchema(passwordMinLength), [passwordMinLength]);
  const { form, field } = useSchemaForm(schema, {
    password: '',
    confirmPassword: '',
    email: user.email,
    entityId,
  });
  const reset = useAdminPasswordReset(listKey);
  const submit = form.handleSubmit((values) =>
    reset.mutate(values, {
      onSuccess: (answer) => {
        notifySuccess(`${answer.message} for "${answer.email}"`);
        onClose();
      },
      onError: notifyError,
    }),
  );
  return (
    <OpenModal onClose={onClose} title={`Reset Password for ${user.displayName}`}>
      <form onSubmit={submit} noValidate className={classes.form}>
        <Stack gap="sm">
          <Text size="sm">{user.email}</Text>
          <NewPasswordInputs
            password={field('password')}
            confirmPassword={field('confirmPassword')}
            minLength={passwordMinLength}
            isDialogStart
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={reset.isPending}>
              Reset Password
            </Button>
          </Group>
        </Stack>
      </form>
    </OpenModal>
  );
}
