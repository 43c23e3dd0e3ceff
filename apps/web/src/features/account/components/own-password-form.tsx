import { Button, PasswordInput, Stack } from '@mantine/core';
import { ownPasswordFormSchema, USER_ADMIN_MESSAGES } from '@portal/domain';
import { useMemo } from 'react';
import { NewPasswordInputs } from '@/components/new-password-inputs.tsx';
import { useSchemaForm } from '@/hooks/use-schema-form.ts';
import { isApiError } from '@/lib/api-error.ts';
import { useClientConfig } from '@/lib/client-config.ts';
import { notifyError, notifySuccess } from '@/lib/notify.ts';
import { useEditOwnAccount } from '../api/edit-user-info.ts';

export interface OwnPasswordFormProps {
  /** The signed-in user's email, which `/edituserinfo` names. */
  email: string;
  submitLabel?: string;
  /** Called after the password changed. */
  onChanged?: () => void;
}

const EMPTY = { currentPassword: '', password: '', confirmPassword: '' };

/** Change one's own password: the current one (as security expects), the new one and its confirmation. */
export function OwnPasswordForm({ email, submitLabel = 'Update password', onChanged }: OwnPasswordFormProps) {
  const { passwordMinLength } = useClientConfig();
  const edit = useEditOwnAccount();
  const schema = useMemo(() => ownPasswordFormSchema(passwordMinLength), [passwordMinLength]);
  const { form, field, setFieldErrors } = useSchemaForm(schema, EMPTY);

  const onSubmit = form.handleSubmit((values) =>
    edit.mutate(
      { email, password: values.password, currentPassword: values.currentPassword },
      {
        onSuccess: () => {
          notifySuccess(USER_ADMIN_MESSAGES.passwordUpdated);
          form.reset(EMPTY);
          onChanged?.();
        },
        onError: (error) => {
          if (isApiError(error, 400)) setFieldErrors(error.fields);
          notifyError(error);
        },
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Change password">
      <Stack maw={420}>
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          required
          {...field('currentPassword')}
        />
        <NewPasswordInputs
          password={field('password')}
          confirmPassword={field('confirmPassword')}
          minLength={passwordMinLength}
        />
        <Button type="submit" loading={edit.isPending} w="fit-content">
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
