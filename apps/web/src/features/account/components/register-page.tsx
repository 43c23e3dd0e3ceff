import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { registerFormSchema } from '@portal/domain';
import { type FormEvent, useState } from 'react';
import { isApiError } from '@/lib/api-error.ts';
import { useClientConfig } from '@/lib/client-config.ts';
import { useRegister } from '../api/public-account.ts';
import { fieldErrors, publicErrorMessage } from '../form-errors.ts';
import { PublicCard } from './public-card.tsx';

const EMPTY = { fullname: '', email: '', password: '', confirmPassword: '' };

/** /register: name, email, password and confirmation; the account is confirmed by an emailed link. */
export function RegisterPage() {
  const { passwordMinLength } = useClientConfig();
  const register = useRegister();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof typeof EMPTY) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [key]: value }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = registerFormSchema(passwordMinLength).safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    const { confirmPassword: _confirm, ...input } = parsed.data;
    register.mutate(input, {
      onError: (error) => {
        if (isApiError(error, 400)) setErrors(error.fields);
      },
    });
  };

  if (register.isSuccess)
    return (
      <PublicCard title="Register">
        <Alert color="green" variant="light" role="status">
          {register.data.message}
        </Alert>
      </PublicCard>
    );
  return (
    <PublicCard title="Register">
      <form onSubmit={onSubmit} noValidate aria-label="Register">
        <Stack>
          {register.isError ? (
            <Alert color="red" variant="light" role="alert">
              {publicErrorMessage(register.error)}
            </Alert>
          ) : null}
          <TextInput
            label="Full name"
            autoComplete="name"
            value={values.fullname}
            onChange={set('fullname')}
            error={errors.fullname}
            required
          />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={set('email')}
            error={errors.email}
            required
          />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            description={`At least ${passwordMinLength} characters`}
            value={values.password}
            onChange={set('password')}
            error={errors.password}
            required
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={set('confirmPassword')}
            error={errors.confirmPassword}
            required
          />
          <Button type="submit" loading={register.isPending} fullWidth>
            Register
          </Button>
        </Stack>
      </form>
    </PublicCard>
  );
}
