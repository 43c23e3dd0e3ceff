import { Alert, Button, Center, Paper, Stack, Title } from '@mantine/core';
import { ERROR_CODES, MESSAGES } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useCurrentUser } from '@/features/auth';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';
import { isApiError } from '@/lib/api-error.ts';
import { PATHS } from '@/lib/paths.ts';
import { OwnPasswordForm } from './own-password-form.tsx';

export interface PasswordChangeGateProps {
  children: ReactNode;
}

const isChangeRequired = (error: unknown) =>
  isApiError(error, 403) && error.code === ERROR_CODES.mustChangePassword;

/**
 * Holds back every signed-in page while the user must replace a password an administrator set: after sign-in
 * (userInfo.mustChangePassword) or as soon as any call answers 403 PASSWORD_CHANGE_REQUIRED. Once changed, the
 * page the user was going to renders in place.
 */
export function PasswordChangeGate({ children }: PasswordChangeGateProps) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [isRefused, setRefused] = useState(false);

  useEffect(() => {
    const onError = (error: unknown) => {
      if (isChangeRequired(error)) setRefused(true);
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient]);

  if (!user.mustChangePassword && !isRefused) return children;
  return (
    <ChoosePasswordScreen
      email={user.email}
      onChanged={() => {
        setRefused(false);
        void queryClient.invalidateQueries();
      }}
    />
  );
}

function ChoosePasswordScreen({ email, onChanged }: { email: string; onChanged: () => void }) {
  useDocumentTitle('Choose a new password');
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={460}>
        <Stack>
          <Title order={1} size="h2">
            Choose a new password
          </Title>
          <Alert color="blue" variant="light" role="note">
            {MESSAGES.passwordChangeRequired}
          </Alert>
          <OwnPasswordForm email={email} submitLabel="Set new password" onChanged={onChanged} />
          <Button component={Link} to={PATHS.logout} variant="subtle" w="fit-content">
            Sign out
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
