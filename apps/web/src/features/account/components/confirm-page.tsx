import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { ConfirmEmailInputSchema } from '@portal/domain';
import { Link } from 'react-router';
import { useSchemaForm } from '@/hooks/use-schema-form.ts';
import { isApiError } from '@/lib/api-error.ts';
import { PATHS } from '@/lib/paths.ts';
import { useConfirmEmail } from '../api/public-account.ts';
import { publicErrorMessage } from '../form-errors.ts';
import { PublicCard } from './public-card.tsx';

export interface ConfirmPageProps {
  email: string | null;
  token: string | null;
}

// Only the password is typed; the email and token come from the link.
const PASSWORD_SCHEMA = ConfirmEmailInputSchema.pick({ password: true });
const EMPTY = { password: '' };

/**
 * /confirm?email=&token=: confirms the registration with the link and the password chosen when registering. Each
 * link goes with its own registration's password, so a registration of the address by someone else cannot set the
 * password of the account its owner confirms. A wrong password leaves the link usable: the reason shows under the
 * field, which takes the cursor, for another try. Too many wrong passwords hold the link back for a while; the
 * refusal then offers the password reset, which confirms the account too.
 */
export function ConfirmPage({ email, token }: ConfirmPageProps) {
  const confirm = useConfirmEmail();
  const { form, field, setFieldErrors } = useSchemaForm(PASSWORD_SCHEMA, EMPTY);

  if (!email || !token)
    return (
      <PublicCard title="Confirm your account">
        <Alert color="red" variant="light" role="alert">
          This confirmation link is incomplete. Open the link from your email again.
        </Alert>
      </PublicCard>
    );
  if (confirm.isSuccess)
    return (
      <PublicCard title="Confirm your account">
        <Alert color="green" variant="light" role="status">
          {confirm.data.message}
        </Alert>
        <Button component={Link} to={PATHS.login} w="fit-content">
          Sign in
        </Button>
      </PublicCard>
    );

  const onSubmit = form.handleSubmit(({ password }) =>
    confirm.mutate(
      { email, token, password },
      {
        onError: (error) => {
          if (isApiError(error, 400)) setFieldErrors(error.fields);
        },
      },
    ),
  );
  // A wrong password is said under the field; any other refusal (a used or expired link, too many tries) above it.
  const isPasswordRefused = isApiError(confirm.error, 400) && Boolean(confirm.error.fields.password);
  const isLinkRefused = isApiError(confirm.error, 400) && !isPasswordRefused;
  // Too many tries: the message says a password reset also confirms the account, and this is the way to one.
  const isThrottled = isApiError(confirm.error, 429);

  return (
    <PublicCard title="Confirm your account">
      <form onSubmit={onSubmit} noValidate aria-label="Confirm your account">
        <Stack>
          <Text>
            To confirm <strong>{email}</strong>, enter the password you chose when you registered.
          </Text>
          {confirm.isError && !isPasswordRefused ? (
            <Alert color="red" variant="light" role="alert">
              {publicErrorMessage(confirm.error)}
              {isLinkRefused ? (
                <>
                  {' '}
                  <Anchor component={Link} to={PATHS.register} inherit c="red.9" fw={700}>
                    Register again
                  </Anchor>
                </>
              ) : null}
              {isThrottled ? (
                <>
                  {' '}
                  <Anchor component={Link} to={PATHS.forgetPassword} inherit c="red.9" fw={700}>
                    Reset your password
                  </Anchor>
                </>
              ) : null}
            </Alert>
          ) : null}
          <PasswordInput
            label="Password"
            description="The one you chose when you registered"
            autoComplete="current-password"
            required
            {...field('password')}
          />
          <Button type="submit" loading={confirm.isPending} fullWidth>
            Confirm account
          </Button>
        </Stack>
      </form>
    </PublicCard>
  );
}
