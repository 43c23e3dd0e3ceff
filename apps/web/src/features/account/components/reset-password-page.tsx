import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { newPasswordPairSchema } from '@portal/domain';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { NewPasswordInputs } from '@/components/new-password-inputs.tsx';
import { useSchemaForm } from '@/hooks/use-schema-form.ts';
import { isApiError } from '@/lib/api-error.ts';
import { useClientConfig } from '@/lib/client-config.ts';
import { PATHS } from '@/lib/paths.ts';
import { useResetPassword } from '../api/public-account.ts';
import { publicErrorMessage } from '../form-errors.ts';
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
  const schema = useMemo(() => newPasswordPairSchema(passwordMinLength), [passwordMinLength]);
  const { form, field, setFieldErrors } = useSchemaForm(schema, EMPTY);

  const onSubmit = form.handleSubmit((values) =>
    reset.mutate(
      { email, token, ...values },
      {
        onError: (error) => {
          if (isApiError(error, 400)) setFieldErrors(error.fields);
        },
      },
    ),
  );

  // A used or expired link cannot be retried: the way on is a new one.
  const isLinkRefused = isApiError(reset.error, 400) && Boolean(reset.error.fields.token);

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
              {isLinkRefused ? (
                <>
                  {' '}
                  <Anchor component={Link} to={PATHS.forgetPassword} inherit c="red.9" fw={700}>
                    Request a new link
                  </Anchor>
                </>
              ) : null}
            </Alert>
          ) : null}
          <NewPasswordInputs
            password={field('password')}
            confirmPassword={field('confirmPassword')}
            minLength={passwordMinLength}
          />
          <Button type="submit" loading={reset.isPending} fullWidth>
            Reset password
          </Button>
        </Stack>
      </form>
    </PublicCard>
  );
}
