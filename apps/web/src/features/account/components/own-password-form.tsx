import { Button, PasswordInput, Stack } from '@mantine/core';
import { ownPasswordFormSchema, USER_ADMIN_MESSAGES } from '@portal/domain';
import { type FormEvent, useState } from 'react';
import { isApiError } from '@/lib/api-error.ts';
import { useClientConfig } from '@/lib/client-config.ts';
import { notifyError, notifySuccess } from '@/lib/notify.ts';
import { useEditOwnAccount } from '../api/edit-user-info.ts';
import { fieldErrors } from '../form-errors.ts';

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
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof typeof EMPTY) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [key]: value }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ownPasswordFormSchema(passwordMinLength).safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    edit.mutate(
      { email, password: parsed.data.password, currentPassword: parsed.data.currentPassword },
      {
        onSuccess: () => {
          notifySuccess(USER_ADMIN_MESSAGES.passwordUpdated);
          setValues(EMPTY);
          onChanged?.();
        },
        onError: (error) => {
          if (isApiError(error, 400) && Object.keys(error.fields).length > 0) setErrors(error.fields);
          notifyError(error);
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Change password">
      <Stack maw={420}>
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={set('currentPassword')}
          error={errors.currentPassword}
          required
        />
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          description={`At least ${passwordMinLength} characters`}
          value={values.password}
          onChange={set('password')}
          error={errors.password}
          required
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
          error={errors.confirmPassword}
          required
        />
        <Button type="submit" loading={edit.isPending} w="fit-content">
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
