import { Alert, Button, Loader, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { PATHS } from '@/lib/paths.ts';
import { useConfirmEmail } from '../api/public-account.ts';
import { publicErrorMessage } from '../form-errors.ts';
import { PublicCard } from './public-card.tsx';

export interface ConfirmPageProps {
  email: string | null;
  token: string | null;
}

/** /confirm?email=&token=: confirms the registration once, shows the result and the way to sign in. */
export function ConfirmPage({ email, token }: ConfirmPageProps) {
  const confirm = useConfirmEmail();
  const started = useRef(false);
  const hasLink = Boolean(email && token);

  useEffect(() => {
    // Once per visit: the link is single use, and StrictMode runs effects twice.
    if (started.current || !email || !token) return;
    started.current = true;
    confirm.mutate({ email, token });
  }, [email, token, confirm]);

  return (
    <PublicCard title="Confirm your account">
      {!hasLink ? (
        <Alert color="red" variant="light" role="alert">
          This confirmation link is incomplete. Open the link from your email again.
        </Alert>
      ) : confirm.isSuccess ? (
        <Alert color="green" variant="light" role="status">
          {confirm.data.message}
        </Alert>
      ) : confirm.isError ? (
        <Alert color="red" variant="light" role="alert">
          {publicErrorMessage(confirm.error)}
        </Alert>
      ) : (
        <Text>
          <Loader size="xs" mr="xs" aria-hidden />
          Confirming {email}...
        </Text>
      )}
      {confirm.isSuccess ? (
        <Button component={Link} to={PATHS.login} w="fit-content">
          Sign in
        </Button>
      ) : null}
    </PublicCard>
  );
}
