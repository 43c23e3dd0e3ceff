import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type MfaProofInput, MfaProofInputSchema } from '@portal/domain';
import { type FormEvent, useState } from 'react';
import { isApiError } from '@/lib/api-error.ts';
import { fieldErrors } from '../form-errors.ts';

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
  const [values, setValues] = useState({ code: '', currentPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = MfaProofInputSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    onSubmit(parsed.data).catch((error: unknown) => {
      if (isApiError(error, 400) && Object.keys(error.fields).length > 0) setErrors(error.fields);
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Stack maw={360}>
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={(e) => {
            const currentPassword = e.currentTarget.value;
            setValues((v) => ({ ...v, currentPassword }));
          }}
          error={errors.currentPassword}
          required
        />
        <TextInput
          label="Code from the app, or a recovery code"
          autoComplete="one-time-code"
          value={values.code}
          onChange={(e) => {
            const code = e.currentTarget.value;
            setValues((v) => ({ ...v, code }));
          }}
          error={errors.code}
          required
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
