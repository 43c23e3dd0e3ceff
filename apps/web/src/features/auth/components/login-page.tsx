import { Anchor, Group, Paper, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';
import { PATHS, returnPath } from '@/lib/paths.ts';
import { getToken } from '@/lib/session-store.ts';
import { LoginForm } from './login-form.tsx';
import { TokenSignIn } from './token-sign-in.tsx';

/** /account/login: email sign-in, or the `?token=` exchange; a user already signed in goes to the dashboard. */
export function LoginPage() {
  useDocumentTitle('Sign in');
  const [params] = useSearchParams();
  const oneTimeToken = params.get('token');
  // Checked once: signing in on this page stores a token too, and must then go to `from`, not the dashboard.
  const [wasSignedIn] = useState(() => getToken() !== null);

  if (wasSignedIn && !oneTimeToken) return <Navigate to={PATHS.dashboard} replace />;
  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
      <Stack>
        <Title order={1} size="h2">
          Sign in
        </Title>
        {oneTimeToken ? (
          <TokenSignIn oneTimeToken={oneTimeToken} />
        ) : (
          <>
            <LoginForm returnTo={returnPath(params.get('from'))} />
            <Group justify="space-between">
              <Anchor component={Link} to={PATHS.forgetPassword} size="sm">
                Forgot password?
              </Anchor>
              <Anchor component={Link} to={PATHS.register} size="sm">
                Register
              </Anchor>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
