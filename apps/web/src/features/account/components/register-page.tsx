import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { registerFormSchema } from '@portal/domain';
import { useMemo } from 'react';
import { NewPasswordInputs } from '@/components/new-password-inputs.tsx';
import { useSchemaForm } from '@/hooks/use-schema-form.ts';
import { isApiError } from '@/lib/api-error.ts';
import { useClientConfig } from '@/lib/client-config.ts';
import { useRegister } from '../api/public-account.ts';
import { publicErrorMessage } from '../form-errors.ts';
import { PublicCard } from './public-card.tsx';

const EMPTY = { fullname: '', email: '', password: '', confirmPassword: '' };

/** /register: name, email, password and confirmation; the account is confirmed by an emailed link. */
export function RegisterPage() {
  const { passwordMinLength } = useClientConfig();
  const register = useRegister();
  const schema = useMemo(() => registerFormSchema(passwordMinLength), [passwordMinLength]);
  const { form, field, setFieldErrors } = useSchemaForm(schema, EMPTY);

  const onSubmit = form.handleSubmit(({ confirmPassword: _confirm, ...input }) =>
    register.mutate(input, {
      onError: (error) => {
        if (isApiError(error, 400)) setFieldErrors(error.fields);
      },
    }),
  );

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
          <TextInput label="Full name" autoComplete="name" required {...field('fullname')} />
          <TextInput label="Email" type="email" autoComplete="email" required {...field('email')} />
          <NewPasswordInputs
            password={field('password')}
            confirmPassword={field('confirmPassword')}
            minLength={passwordMinLength}
            replacing={false}
          />
          <Button type="submit" loading={register.isPending} fullWidth>
            Register
          </Button>
        </Stack>
      </form>
    </PublicCard>
  );
}
