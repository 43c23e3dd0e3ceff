import { Button, Code, Group, Image, List, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { MFA_MESSAGES, MfaEnrolConfirmInputSchema, type MfaEnrolStartAnswer } from '@portal/domain';
import { useState } from 'react';
import { useErrorToast } from '@/hooks/use-error-toast.ts';
import { useSchemaForm } from '@/hooks/use-schema-form.ts';
import { isApiError } from '@/lib/api-error.ts';
import { notifyError, notifySuccess } from '@/lib/notify.ts';
import { useConfirmMfaEnrol, useStartMfaEnrol } from '../api/mfa.ts';
import { RecoveryCodesPanel } from './recovery-codes-panel.tsx';

export interface MfaEnrolPanelProps {
  /** Called once it is on and the recovery codes are saved. */
  onDone: () => void;
  /** Called when the code is accepted: it is on from then, while the recovery codes are still shown. */
  onEnabled?: () => void;
  /** Shown as a way out before it is on (Settings); the forced set-up offers signing out instead. */
  onCancel?: () => void;
}

// Groups of four are easier to type into an app by hand.
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** Setting up two-step sign-in: scan the QR code (or type the key), prove it with a code, save the recovery codes. */
export function MfaEnrolPanel({ onDone, onEnabled, onCancel }: MfaEnrolPanelProps) {
  const start = useStartMfaEnrol();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (recoveryCodes) return <RecoveryCodesPanel codes={recoveryCodes} onDone={onDone} />;
  if (!start.data)
    return (
      <Group>
        <Button onClick={() => start.mutate(undefined, { onError: notifyError })} loading={start.isPending}>
          Set up two-step sign-in
        </Button>
        {onCancel && (
          <Button variant="subtle" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </Group>
    );
  return (
    <ScanAndConfirm
      enrolment={start.data}
      onConfirmed={(codes) => {
        setRecoveryCodes(codes);
        onEnabled?.();
      }}
      onCancel={onCancel}
    />
  );
}

interface ScanAndConfirmProps {
  enrolment: MfaEnrolStartAnswer;
  onConfirmed: (codes: string[]) => void;
  onCancel?: () => void;
}

function ScanAndConfirm({ enrolment, onConfirmed, onCancel }: ScanAndConfirmProps) {
  const confirm = useConfirmMfaEnrol();
  // A wrong code's toast must not stay up beside 'Two-step sign-in is on' once a retry succeeds.
  const errorToast = useErrorToast();
  const { form, field, setFieldErrors } = useSchemaForm(MfaEnrolConfirmInputSchema, {
    code: '',
    currentPassword: '',
  });

  const onSubmit = form.handleSubmit((values) =>
    confirm.mutate(values, {
      onSuccess: (answer) => {
        errorToast.clear();
        notifySuccess(answer.message);
        onConfirmed(answer.recoveryCodes);
      },
      onError: (error) => {
        if (isApiError(error, 400)) setFieldErrors(error.fields);
        errorToast.show(error);
      },
    }),
  );

  return (
    <Stack maw={520}>
      <List type="ordered" spacing="xs">
        <List.Item>
          Open an authenticator app on your phone (for example Google Authenticator or Authy).
        </List.Item>
        <List.Item>Scan this QR code, or add an account by typing the key below.</List.Item>
        <List.Item>Enter the 6-digit code the app shows, and your password.</List.Item>
      </List>
      <Image
        src={enrolment.qrCode}
        alt="QR code to scan with your authenticator app"
        w={200}
        h={200}
        bg="white"
      />
      <Text size="sm">
        Key for typing:{' '}
        <Code data-testid="mfa-secret" aria-label="Key for typing">
          {grouped(enrolment.secret)}
        </Code>
      </Text>
      <form onSubmit={onSubmit} noValidate aria-label="Confirm two-step sign-in">
        <Stack maw={360}>
          <TextInput
            label="Code from the app"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={7}
            required
            {...field('code')}
          />
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            {...field('currentPassword')}
          />
          <Group>
            <Button type="submit" loading={confirm.isPending}>
              Turn on
            </Button>
            {onCancel && (
              <Button variant="subtle" onClick={onCancel}>
                Cancel
              </Button>
            )}
          </Group>
        </Stack>
      </form>
      <Text size="xs" c="dimmed">
        {MFA_MESSAGES.codeFormat}.
      </Text>
    </Stack>
  );
}
