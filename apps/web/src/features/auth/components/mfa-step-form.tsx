import { Button, Stack, Switch, Text, TextInput } from '@mantine/core';
import { ERROR_CODES, MESSAGES, MFA_MESSAGES, MfaLoginInputSchema } from '@portal/domain';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { isApiError } from '@/lib/api-error.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { useLoginMfa } from '../api/login-mfa.ts';

export interface MfaStepFormProps {
  /** The challenge the password step answered. */
  challenge: string;
  /** Called once the session has started. */
  onSignedIn: () => void;
  /** Called when the challenge has expired or was used: back to the password step, with why. */
  onExpired: (message: string) => void;
  /** Back to the password step by choice. */
  onCancel: () => void;
}

/** The second step of a two-step sign-in: an authenticator code, or (by a switch) a recovery code. */
export function MfaStepForm({ challenge, onSignedIn, onExpired, onCancel }: MfaStepFormProps) {
  const loginMfa = useLoginMfa();
  const [code, setCode] = useState('');
  const [isRecovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);

  // The field the user needs next has the focus: on arrival and after switching the kind of code.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refocus when the kind of code changes
  useEffect(() => input.current?.focus(), [isRecovery]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = MfaLoginInputSchema.safeParse({ challenge, code });
    if (!parsed.success) {
      setError(MFA_MESSAGES.codeRequired);
      return;
    }
    setError(undefined);
    loginMfa.mutate(parsed.data, {
      onSuccess: () => {
        notifySuccess(MESSAGES.loggedIn);
        onSignedIn();
      },
      onError: (failure) => {
        if (isApiError(failure, 401) && failure.code === ERROR_CODES.mfaChallengeExpired) {
          onExpired(failure.message);
          return;
        }
        setError(isApiError(failure) ? failure.message : MESSAGES.notSignedIn);
        setCode('');
        input.current?.focus();
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Two-step sign-in">
      <Stack>
        <Text size="sm" id="mfa-step-help">
          {isRecovery
            ? 'Enter one of the recovery codes you saved when you set up two-step sign-in. Each works once.'
            : 'Enter the 6-digit code your authenticator app shows for Care Portal.'}
        </Text>
        <TextInput
          ref={input}
          key={isRecovery ? 'recovery' : 'totp'}
          label={isRecovery ? 'Recovery code' : 'Authentication code'}
          autoComplete={isRecovery ? 'off' : 'one-time-code'}
          inputMode={isRecovery ? 'text' : 'numeric'}
          maxLength={isRecovery ? 24 : 7}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={error}
          aria-required
          aria-describedby="mfa-step-help"
        />
        {/* The medium size: the small switch is a 20 px target, under the 24 px a finger on a tablet needs. */}
        <Switch
          size="md"
          label="Use a recovery code"
          checked={isRecovery}
          onChange={(e) => {
            setRecovery(e.currentTarget.checked);
            setCode('');
            setError(undefined);
          }}
        />
        <Button type="submit" loading={loginMfa.isPending} fullWidth>
          Verify
        </Button>
        <Button variant="subtle" onClick={onCancel}>
          Back to sign in
        </Button>
      </Stack>
    </form>
  );
}
