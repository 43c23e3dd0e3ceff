import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { PasswordResetRequestSchema } from '@portal/domain';
import { type FormEvent, useRef, useState } from 'react';
import { firstInvalidField, useFocusAfterRender } from '@/hooks/use-focus-after-render.ts';
import { isApiError } from '@/lib/api-error.ts';
import { fieldErrors } from '@/lib/field-errors.ts';
import { useRequestPasswordReset } from '../api/public-account.ts';
import { publicErrorMessage } from '../form-errors.ts';
import { PublicCard } from './public-card.tsx';

/** /forget-password: asks for a reset link; the answer reads the same whether or not the email has an account. */
export function ForgetPasswordPage() {
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const formRef = useRef<HTMLFormElement>(null);
  const focusAfterRender = useFocusAfterRender();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = PasswordResetRequestSchema.safeParse({ username: email });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error).username);
      // Once the message shows, the cursor goes to the email field, and a screen reader reads the message.
      focusAfterRender(() => firstInvalidField(formRef.current), formRef.current);
      return;
    }
    setError(undefined);
    request.mutate(parsed.data, {
      onError: (err) => {
        if (isApiError(err, 400)) setError(err.fields.username);
      },
    });
  };

  if (request.isSuccess)
    return (
      <PublicCard title="Forgot password">
        <Alert color="green" variant="light" role="status">
          {request.data.message}
        </Alert>
      </PublicCard>
    );
  return (
    <PublicCard title="Forgot password">
      <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Request a password reset link">
        <Stack>
          <Text size="sm">Enter your email and we will send you a link to choose a new password.</Text>
          {request.isError && !isApiError(request.error, 400) ? (
            <Alert color="red" variant="light" role="alert">
              {publicErrorMessage(request.error)}
            </Alert>
          ) : null}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={error}
            required
          />
          <Button type="submit" loading={request.isPending} fullWidth>
            Send reset link
          </Button>
        </Stack>
      </form>
    </PublicCard>
  );
}
