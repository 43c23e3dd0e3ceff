import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { CREDENTIALS_MESSAGES } from '@portal/domain';
import { IconCircleCheck } from '@tabler/icons-react';
import { openConfirmModal } from '@/components/open-modal.tsx';
import { useCurrentUser } from '@/features/auth';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';
import { notifyError, notifySuccess } from '@/lib/notify.ts';
import { useClearCredentials } from '../api/credentials.ts';
import { CredentialsForm } from './credentials-form.tsx';

/**
 * Settings > SpecialtyRx Now: the credentials form, or once saved the success card with the way to remove them
 * (spec 2, sections 2 and 4: unverified form, verified card, removal back to the form).
 */
export function CredentialsPage() {
  useDocumentTitle('SpecialtyRx Now Credentials');
  const user = useCurrentUser();
  return (
    <Stack>
      <Title order={1}>SpecialtyRx Now Credentials</Title>
      <Text size="sm" maw={640}>
        Your SpecialtyRx Now (secure messaging) credentials are needed to answer alerts. The password and
        encryption key are stored encrypted and never shown again.
      </Text>
      {user.mediprocityUser ? <SavedCard user={user.mediprocityInfo?.user ?? ''} /> : <CredentialsForm />}
    </Stack>
  );
}

function SavedCard({ user }: { user: string }) {
  const clear = useClearCredentials();
  // The app's confirmation, not Mantine's own: the Remove button that opened it goes with this card, and Mantine gave
  // the focus back to that removed button, leaving a keyboard user on the page's body.
  const confirmRemove = () =>
    openConfirmModal({
      title: 'Remove credentials',
      children: <Text size="sm">{CREDENTIALS_MESSAGES.confirmRemove}</Text>,
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        clear.mutate(undefined, {
          onSuccess: (answer) => notifySuccess(answer.message),
          onError: notifyError,
        }),
    });
  return (
    <Card withBorder maw={520} component="section" aria-label="Saved credentials">
      <Stack>
        <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
          {CREDENTIALS_MESSAGES.saved}
        </Alert>
        <Text>
          Signed in to SpecialtyRx Now as <strong>{user}</strong>.
        </Text>
        <Group>
          <Button color="red" variant="light" onClick={confirmRemove} loading={clear.isPending}>
            Remove credentials
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
