import { Alert, Button, Center, Paper, Stack, Title } from '@mantine/core';
import { ERROR_CODES, MFA_MESSAGES } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useCurrentUser } from '@/features/auth';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';
import { isApiError } from '@/lib/api-error.ts';
import { PATHS } from '@/lib/paths.ts';
import { useMfaEnrolled } from '../api/mfa.ts';
import { MfaEnrolPanel } from './mfa-enrol-panel.tsx';

export interface MfaEnrolmentGateProps {
  children: ReactNode;
}

const isEnrolmentRequired = (error: unknown) =>
  isApiError(error, 403) && error.code === ERROR_CODES.mfaEnrolmentRequired;

/**
 * Holds back every signed-in page while MFA_REQUIRED_FOR_ADMINS waits for this SysAdmin or SuperAdmin to set up
 * two-step sign-in: after sign-in (userInfo.mfaEnrolmentRequired) or as soon as any call answers 403
 * MFA_ENROLMENT_REQUIRED. Once set up and the recovery codes saved, the page the user was going to renders.
 */
export function MfaEnrolmentGate({ children }: MfaEnrolmentGateProps) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const enrolled = useMfaEnrolled();
  const [isRefused, setRefused] = useState(false);
  // Set once the codes are saved, so the pages show before the refreshed user arrives.
  const [hasEnrolled, setEnrolled] = useState(false);

  useEffect(() => {
    const onError = (error: unknown) => {
      if (isEnrolmentRequired(error)) setRefused(true);
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

  if (hasEnrolled || (!user.mfaEnrolmentRequired && !isRefused)) return children;
  return (
    <SetUpScreen
      onDone={() => {
        setEnrolled(true);
        setRefused(false);
        void enrolled().then(() => queryClient.invalidateQueries());
      }}
    />
  );
}

function SetUpScreen({ onDone }: { onDone: () => void }) {
  useDocumentTitle('Set up two-step sign-in');
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={560}>
        <Stack>
          <Title order={1} size="h2">
            Set up two-step sign-in
          </Title>
          <Alert color="blue" variant="light" role="note">
            {MFA_MESSAGES.enrolmentRequired}
          </Alert>
          <MfaEnrolPanel onDone={onDone} />
          <Button component={Link} to={PATHS.logout} variant="subtle" w="fit-content">
            Sign out
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
