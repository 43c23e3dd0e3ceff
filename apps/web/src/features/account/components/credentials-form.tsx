import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { CREDENTIALS_MESSAGES, MediprocityInputSchema } from '@portal/domain';
import { type FormEvent, useState } from 'react';
import { isApiError } from '@/lib/api-error.ts';
import { notifyError, notifySuccess } from '@/lib/notify.ts';
import { useSaveCredentials } from '../api/credentials.ts';
import { fieldErrors } from '../form-errors.ts';

const EMPTY = { user: '', password: '', encryptionKey: '' };

/** The SpecialtyRx Now credentials form: user, password and encryption key, all required (spec 2, section 5). */
export function CredentialsForm() {
  const save = useSaveCredentials();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof typeof EMPTY) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [key]: value }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = MediprocityInputSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => notifySuccess(CREDENTIALS_MESSAGES.saved),
      onError: (error) => {
        if (isApiError(error, 400)) setErrors(error.fields);
        notifyError(error);
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="SpecialtyRx Now credentials">
      <Stack maw={420}>
        <TextInput
          label="User"
          autoComplete="off"
          value={values.user}
          onChange={set('user')}
          error={errors.user}
          required
        />
        <PasswordInput
          label="Password"
          autoComplete="off"
          value={values.password}
          onChange={set('password')}
          error={errors.password}
          required
        />
        <PasswordInput
          label="Encryption key"
          autoComplete="off"
          value={values.encryptionKey}
          onChange={set('encryptionKey')}
          error={errors.encryptionKey}
          required
        />
        <Button type="submit" loading={save.isPending} w="fit-content">
          Save credentials
        </Button>
      </Stack>
    </form>
  );
}
