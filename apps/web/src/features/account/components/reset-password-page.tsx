import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { newPasswordPairSchema } from '@portal/domain';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '@/lib/api-error.ts';
import { useClientConfig } from '@/lib/client-config.ts';
import { PATHS } from '@/lib/paths.ts';
import { useResetPassword } from '../api/public-account.ts';
import { fieldErrors, publicErrorMessage } from '../form-errors.ts';
import { PublicCard } from './public-card.tsx';

export interface ResetPasswordPageProps {
  email: string;
  token: string;
}

const EMPTY = { password: '', confirmPassword: '' };

/** /reset-password?email=&token=: shows the email and sets a new password with the link (spec 2, section 2). */
export function ResetPasswordPage({ email, token }: ResetPasswordPageProps) {
  const { passwordMinLength } = useClientConfig();
  const reset = useResetPassword();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof typeof EMPTY) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [key]: value }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = newPasswordPairSchema(passwordMinLength).safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    reset.mutate(
      { email, token, ...parsed.data },
      {
        onError: (error) => {
          if (isApiError(error, 400)) setErrors(error.fields);
        },
      },
    );
  };

  if (reset.isSuccess)
    return (
      <PublicCard title="Reset password">
        <Alert color="green" variant="light" role="status">
          {reset.data.message}
        </Alert>
        <Button component={Link} to={PATHS.login} w="fit-content">
          Sign in
        </Button>
      </PublicCard>
    );
  return (
    <PublicCard title="Reset password">
      <form onSubmit={onSubmit} noValidate aria-label="Choose a new password">
        <Stack>
          <Text>
            Choose a new password for <strong>{email}</strong>.
          </Text>
          {reset.isError ? (
            <Alert color="red" variant="light" role="alert">
              {publicErrorMessage(reset.error)}
            </Alert>
          ) : null}
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
          <Button type="submit" loading={reset.isPending} fullWidth>
            Reset password
          </Button>
        </Stack>
      </form>
    </PublicCard>
  );
}
