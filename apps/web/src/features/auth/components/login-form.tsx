import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { isMfaChallenge, LoginInputSchema, MESSAGES } from '@portal/domain';
import { type FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useErrorToast } from '@/hooks/use-error-toast.ts';
import { firstInvalidField, useFocusAfterRender } from '@/hooks/use-focus-after-render.ts';
import { ApiError } from '@/lib/api-error.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { useLogin } from '../api/login.ts';
import { MfaStepForm } from './mfa-step-form.tsx';

export interface LoginFormProps {
  /** Where to go after signing in. */
  returnTo: string;
}

type FieldErrors = Partial<Record<'email' | 'password', string>>;

/**
 * Email and password sign-in, then the code for a user with two-step sign-in; a failure toasts
 * 'Error {status}: {statusText}' with the server's message, in place of the previous failure's toast.
 */
export function LoginForm({ returnTo }: LoginFormProps) {
  const navigate = useNavigate();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [challenge, setChallenge] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const errorToast = useErrorToast();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = LoginInputSchema.safeParse({ email, password });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'email' || field === 'password') && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      // Once the messages show, the cursor goes to the first field to fix, and a screen reader reads its message.
      focusAfterRender(() => firstInvalidField(formRef.current), formRef.current);
      return;
    }
    setErrors({});
    setNotice(null);
    login.mutate(parsed.data, {
      onSuccess: (answer) => {
        errorToast.clear();
        if (isMfaChallenge(answer)) {
          setChallenge(answer.challenge);
          return;
        }
        notifySuccess(MESSAGES.loggedIn);
        navigate(returnTo, { replace: true });
      },
      onError: (error) => {
        errorToast.show(error);
        if (error instanceof ApiError)
          setErrors({ email: error.fields.email, password: error.fields.password });
      },
    });
  };

  if (challenge)
    return (
      <MfaStepForm
        challenge={challenge}
        onSignedIn={() => navigate(returnTo, { replace: true })}
        onExpired={(message) => {
          setChallenge(null);
          setPassword('');
          setNotice(message);
        }}
        onCancel={() => {
          setChallenge(null);
          setPassword('');
        }}
      />
    );
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Sign in">
      <Stack>
        {notice && (
          <Alert color="yellow" variant="light" role="status">
            {notice}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={errors.email}
          aria-required
          data-autofocus
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password}
          aria-required
        />
        <Button type="submit" loading={login.isPending} fullWidth>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
