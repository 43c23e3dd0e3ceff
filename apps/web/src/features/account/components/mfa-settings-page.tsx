import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { formatDateTime, MFA_MESSAGES, type MfaStatus } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';
import { useErrorToast } from '@/hooks/use-error-toast.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { mfaStatusQuery, useDisableMfa, useMfaEnrolled, useRegenerateRecoveryCodes } from '../api/mfa.ts';
import { MfaEnrolPanel } from './mfa-enrol-panel.tsx';
import { MfaProofForm } from './mfa-proof-form.tsx';
import { RecoveryCodesPanel } from './recovery-codes-panel.tsx';

type Mode = 'idle' | 'disable' | 'regenerate';

/** Settings > Two-step sign-in: status, set-up with a QR code, turning off and new recovery codes (issue 7). */
export function MfaSettingsPage() {
  useDocumentTitle('Two-step sign-in');
  const status = useQuery(mfaStatusQuery());
  const enrolled = useMfaEnrolled();

  return (
    <Stack>
      <Title order={1}>Two-step sign-in</Title>
      <Text size="sm" maw={640}>
        With two-step sign-in, signing in needs a code from an authenticator app on your phone as well as your
        password, so a stolen password alone does not open your account.
      </Text>
      {status.isPending && <Loader role="status" aria-label="Loading two-step sign-in" />}
      {status.isError && (
        <Alert color="red" role="alert">
          {status.error.message}
        </Alert>
      )}
      {status.data &&
        (status.data.enabled ? (
          <EnabledCard status={status.data} />
        ) : (
          <SetUpCard isRequired={status.data.isRequired} onDone={() => void enrolled()} />
        ))}
    </Stack>
  );
}

/**
 * The set-up while it is off. Once the code is accepted it is on, though the status is read again only when the
 * recovery codes are saved: the badge says so meanwhile, not 'Off' beside the codes and the 'is on' toast.
 */
function SetUpCard({ isRequired, onDone }: { isRequired: boolean; onDone: () => void }) {
  const [isOn, setOn] = useState(false);
  return (
    <Card withBorder maw={640} component="section" aria-label="Set up two-step sign-in">
      <Stack>
        <Group>
          {isOn ? <Badge color="#237032">On</Badge> : <Badge color="gray.7">Off</Badge>}
          {isRequired && !isOn && <Text size="sm">{MFA_MESSAGES.enrolmentRequired}</Text>}
        </Group>
        <MfaEnrolPanel onEnabled={() => setOn(true)} onDone={onDone} />
      </Stack>
    </Card>
  );
}

function EnabledCard({ status }: { status: MfaStatus }) {
  const [mode, setMode] = useState<Mode>('idle');
  const [freshCodes, setFreshCodes] = useState<string[] | null>(null);
  const disable = useDisableMfa();
  const regenerate = useRegenerateRecoveryCodes();
  // A wrong code's toast must not stay up beside the success once a retry succeeds.
  const errorToast = useErrorToast();

  if (freshCodes) return <RecoveryCodesPanel codes={freshCodes} onDone={() => setFreshCodes(null)} />;
  return (
    <Card withBorder maw={640} component="section" aria-label="Two-step sign-in status">
      <Stack>
        <Group>
          <Badge color="#237032">On</Badge>
          <Text size="sm">Since {formatDateTime(status.enabledAt)}</Text>
        </Group>
        <Text size="sm">
          {status.recoveryCodesLeft} of 10 recovery codes left.
          {status.recoveryCodesLeft <= 3 && ' Make new ones before you run out.'}
        </Text>
        {status.isRequired && <Text size="sm">{MFA_MESSAGES.requiredForRole}</Text>}
        {mode === 'idle' && (
          <Group>
            <Button variant="default" onClick={() => setMode('regenerate')}>
              New recovery codes
            </Button>
            {!status.isRequired && (
              <Button color="red" variant="light" onClick={() => setMode('disable')}>
                Turn off
              </Button>
            )}
          </Group>
        )}
        {mode === 'regenerate' && (
          <MfaProofForm
            label="Make new recovery codes"
            submitLabel="Make new codes"
            isPending={regenerate.isPending}
            onCancel={() => setMode('idle')}
            onSubmit={(input) =>
              regenerate.mutateAsync(input).then(
                (answer) => {
                  errorToast.clear();
                  notifySuccess(answer.message);
                  setMode('idle');
                  setFreshCodes(answer.recoveryCodes);
                },
                (error: unknown) => {
                  errorToast.show(error);
                  throw error;
                },
              )
            }
          />
        )}
        {mode === 'disable' && (
          <MfaProofForm
            label="Turn off two-step sign-in"
            submitLabel="Turn off"
            isDanger
            isPending={disable.isPending}
            onCancel={() => setMode('idle')}
            onSubmit={(input) =>
              disable.mutateAsync(input).then(
                (answer) => {
                  errorToast.clear();
                  notifySuccess(answer.message);
                },
                (error: unknown) => {
                  errorToast.show(error);
                  throw error;
                },
              )
            }
          />
        )}
      </Stack>
    </Card>
  );
}
