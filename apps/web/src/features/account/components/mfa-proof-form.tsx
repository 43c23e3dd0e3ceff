import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type MfaProofInput, MfaProofInputSchema } from '@portal/domain';
import { useSchemaForm } from '@/hooks/use-schema-form.ts';
import { isApiError } from '@/lib/api-error.ts';

export interface MfaProofFormProps {
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  isDanger?: boolean;
  isPending: boolean;
  /** Sends the proof; rejects with the server's error so its fields land on the inputs. */
  onSubmit: (input: MfaProofInput) => Promise<unknown>;
  onCancel: () => void;
}

/** Password and a code (authenticator or recovery): what turning off and new recovery codes ask for. */
export function MfaProofForm({
  label,
  submitLabel,
  isDanger,
  isPending,
  onSubmit,
  onCancel,
}: MfaProofFormProps) {
  const { form, field, setFieldErrors } = useSchemaForm(MfaProofInputSchema, {
    code: '',
    currentPassword: '',
  });

  const submit = form.handleSubmit((values) =>
    onSubmit(values).catch((error: unknown) => {
      if (isApiError(error, 400)) setFieldErrors(error.fields);
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Stack maw={360}>
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          required
          {...field('currentPassword')}
        />
        <TextInput
          label="Code from the app, or a recovery code"
          autoComplete="one-time-code"
          required
          {...field('code')}
        />
        <Group>
          <Button type="submit" color={isDanger ? 'red' : undefined} loading={isPending}>
            {submitLabel}
          </Button>
          <Button variant="subtle" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
