import { PasswordInput } from '@mantine/core';
import type { SchemaField } from '@/hooks/use-schema-form.ts';

export interface NewPasswordInputsProps {
  /** The new password's and its confirmation's fields (`useSchemaForm`'s `field('password')`, ...). */
  password: SchemaField;
  confirmPassword: SchemaField;
  /** The server's minimum length, said under the first input. */
  minLength: number;
  /** 'New password' / 'Confirm new password' where a password is being replaced; 'Password' / 'Confirm password'. */
  replacing?: boolean;
  /** In a dialog that asks only for the password: the dialog opens with the cursor in the first input. */
  isDialogStart?: boolean;
}

/** A new password and its confirmation, as every form that sets one asks for them. */
export function NewPasswordInputs({
  password,
  confirmPassword,
  minLength,
  replacing = true,
  isDialogStart = false,
}: NewPasswordInputsProps) {
  return (
    <>
      <PasswordInput
        label={replacing ? 'New password' : 'Password'}
        autoComplete="new-password"
        description={`At least ${minLength} characters`}
        required
        data-autofocus={isDialogStart || undefined}
        {...password}
      />
      <PasswordInput
        label={replacing ? 'Confirm new password' : 'Confirm password'}
        autoComplete="new-password"
        required
        {...confirmPassword}
      />
    </>
  );
}
