import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { MESSAGES } from '@portal/domain';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '@/lib/api-error.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { PATHS } from '@/lib/paths.ts';
import { useLoginWithToken } from '../api/login-with-token.ts';
import { LoginForm } from './login-form.tsx';
import { MfaStepForm } from './mfa-step-form.tsx';

export interface TokenSignInProps {
  oneTimeToken: string;
}

/** Signs in with a one-time `?token=` link, then opens the dashboard; on failure shows why on the page. */
export function TokenSignIn({ oneTimeToken }: TokenSignInProps) {
  const navigate = useNavigate();
  const exchange = useLoginWithToken();
  const started = useRef(false);
  const { mutate } = exchange;
  const [hasSecondStepEnded, setSecondStepEnded] = useState(false);

  useEffect(() => {
    // One exchange per token: the token is single-use, so a second (StrictMode) call would always fail.
    if (started.current) return;
    started.current = true;
    mutate(oneTimeToken, {
      onSuccess: (result) => {
        if (result.challenge) return;
        notifySuccess(MESSAGES.loggedIn);
        navigate(PATHS.dashboard, { replace: true });
      },
    });
  }, [mutate, navigate, oneTimeToken]);

  // The link stood in for the password only; without the code it is spent, so the plain form is what is left.
  if (hasSecondStepEnded) return <LoginForm returnTo={PATHS.dashboard} />;
  if (exchange.data?.challenge) {
    return (
      <MfaStepForm
        challenge={exchange.data.challenge}
        onSignedIn={() => navigate(PATHS.dashboard, { replace: true })}
        onExpired={() => setSecondStepEnded(true)}
        onCancel={() => setSecondStepEnded(true)}
      />
    );
  }
  if (exchange.isError) {
    const error = exchange.error;
    return (
      <Stack>
        <Alert color="red" title="Sign-in link failed" role="alert">
          <Text size="sm">{error instanceof ApiError ? error.message : MESSAGES.invalidLoginToken}</Text>
          <Text size="sm">Sign in with your email and password below.</Text>
        </Alert>
        <LoginForm returnTo={PATHS.dashboard} />
      </Stack>
    );
  }
  return (
    <Center>
      <Stack align="center" gap="xs">
        <Loader role="status" aria-label="Signing you in" />
        <Text>Signing you in...</Text>
      </Stack>
    </Center>
  );
}
