import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { LoginInputSchema, MESSAGES } from '@portal/domain';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '@/lib/api-error.ts';
import { notifyError, notifySuccess } from '@/lib/notify.ts';
import { useLogin } from '../api/login.ts';

export interface LoginFormProps {
  /** Where to go after signing in. */
  returnTo: string;
}

type FieldErrors = Partial<Record<'email' | 'password', string>>;

/** Email and password sign-in; failures toast 'Error {status}: {statusText}' with the server's message. */
export function LoginForm({ returnTo }: LoginFormProps) {
  const navigate = useNavigate();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

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
      return;
    }
    setErrors({});
    login.mutate(parsed.data, {
      onSuccess: () => {
        notifySuccess(MESSAGES.loggedIn);
        navigate(returnTo, { replace: true });
      },
      onError: (error) => {
        notifyError(error);
        if (error instanceof ApiError)
          setErrors({ email: error.fields.email, password: error.fields.password });
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Sign in">
      <Stack>
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
