import { Alert, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { isDashboardLocked, isDashboardSettingsAdmin, SETTINGS_LOCKED_MESSAGE } from '@portal/domain';
import { IconLock } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '@/features/auth';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';
import { isFocusLost } from '@/hooks/use-focus-after-render.ts';
import { notifyError, notifySuccess } from '@/lib/notify.ts';
import { PATHS } from '@/lib/paths.ts';
import { useSaveUserSettings } from '../api/user-settings.ts';
import { DashboardConfigForm } from './dashboard-config-form.tsx';

/**
 * Settings > Alerts dashboard configuration: the own order and visibility of the widgets; a locked user sees the
 * notice and cannot edit; after saving, log out now to apply or later (spec 2, "Settings area").
 */
export function UserSettingsPage() {
  useDocumentTitle('Alerts Dashboard Configuration');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const save = useSaveUserSettings();
  const [isAsking, setAsking] = useState(false);
  const isLocked = isDashboardLocked(user);
  const pageRef = useRef<HTMLDivElement>(null);

  return (
    <Stack ref={pageRef}>
      <Title order={1}>Alerts Dashboard Configuration</Title>
      {isLocked ? (
        <Alert color="yellow" variant="light" icon={<IconLock aria-hidden />} role="note">
          {SETTINGS_LOCKED_MESSAGE}
        </Alert>
      ) : null}
      <DashboardConfigForm
        key={JSON.stringify(user.userSettings)}
        settings={user.userSettings}
        disabled={isLocked}
        canLock={isDashboardSettingsAdmin(user)}
        isSubmitting={save.isPending}
        onSubmit={(settingValues) =>
          save.mutate(
            { UserId: user.userId, settingValues },
            {
              onSuccess: (answer) => {
                notifySuccess(answer.message);
                setAsking(true);
              },
              onError: notifyError,
            },
          )
        }
      />
      <Modal
        opened={isAsking}
        onClose={() => setAsking(false)}
        title="Apply the new dashboard settings?"
        // The saved settings remount the form (its key), so the Save button the modal would give the focus back to
        // is gone and the focus fell to the page's body: the new form's Save takes it instead.
        returnFocus={false}
        onExitTransitionEnd={() => {
          if (isFocusLost()) pageRef.current?.querySelector<HTMLElement>('button[type="submit"]')?.focus();
        }}
      >
        <Stack>
          <Text size="sm">Your dashboard shows the new settings after you sign in again.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)}>
              Later
            </Button>
            <Button onClick={() => navigate(PATHS.logout)}>Log out now</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
