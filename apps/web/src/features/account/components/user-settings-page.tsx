import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { isDashboardLocked, isDashboardSettingsAdmin, SETTINGS_LOCKED_MESSAGE } from '@portal/domain';
import { IconLock } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { OpenModal } from '@/components/open-modal.tsx';
import { useCurrentUser } from '@/features/auth';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';
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
  // Once the question goes (Later, Escape), the keyboard goes on from Save settings. The save remounted the form (its
  // key), so the button that had the focus is gone and the modal's own return would land on the page's heading.
  const pageRef = useRef<HTMLDivElement>(null);
  const wasAsking = useRef(false);
  useEffect(() => {
    if (wasAsking.current && !isAsking)
      pageRef.current?.querySelector<HTMLElement>('button[type="submit"]')?.focus();
    wasAsking.current = isAsking;
  }, [isAsking]);

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
      {/* The app's modal: it opens while Save is disabled (saving), so Mantine's own gave focus back to the body. */}
      {isAsking ? (
        <OpenModal onClose={() => setAsking(false)} title="Apply the new dashboard settings?">
          <Stack>
            <Text size="sm">Your dashboard shows the new settings after you sign in again.</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAsking(false)}>
                Later
              </Button>
              <Button onClick={() => navigate(PATHS.logout)}>Log out now</Button>
            </Group>
          </Stack>
        </OpenModal>
      ) : null}
    </Stack>
  );
}
