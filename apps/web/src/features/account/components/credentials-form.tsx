import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { CREDENTIALS_MESSAGES, MediprocityInputSchema } from '@portal/domain';
import { useSchemaForm } from '@/hooks/use-schema-form.ts';
import { isApiError } from '@/lib/api-error.ts';
import { notifyError, notifySuccess } from '@/lib/notify.ts';
import { useSaveCredentials } from '../api/credentials.ts';

const EMPTY = { user: '', password: '', encryptionKey: '' };

/** The SpecialtyRx Now credentials form: user, password and encryption key, all required (spec 2, section 5). */
export function CredentialsForm() {
  const save = useSaveCredentials();
  const { form, field, setFieldErrors } = useSchemaForm(MediprocityInputSchema, EMPTY);

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => notifySuccess(CREDENTIALS_MESSAGES.saved),
      onError: (error) => {
        if (isApiError(error, 400)) setFieldErrors(error.fields);
        notifyError(error);
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="SpecialtyRx Now credentials">
      <Stack maw={420}>
        <TextInput label="User" autoComplete="off" required {...field('user')} />
        <PasswordInput label="Password" autoComplete="off" required {...field('password')} />
        <PasswordInput label="Encryption key" autoComplete="off" required {...field('encryptionKey')} />
        <Button type="submit" loading={save.isPending} w="fit-content">
          Save credentials
        </Button>
      </Stack>
    </form>
  );
}
