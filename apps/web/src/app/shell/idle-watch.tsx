import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { durationInWords, formatCountdown } from '@portal/domain';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCountdown } from '@/hooks/use-countdown.ts';
import { useIdleTimer } from '@/hooks/use-idle-timer.ts';
import { useClientConfig } from '@/lib/client-config.ts';
import { PATHS } from '@/lib/paths.ts';
import { announceActivity, onActivityElsewhere } from '@/lib/tab-activity.ts';

/**
 * Idle logout (spec 2 section 4): after the configured idle time a modal counts down and then signs out;
 * 'Stay Active' closes it and starts the idle time again, in every tab of the portal, as activity in another tab
 * does. Mounted only inside the signed-in shell.
 */
export function IdleWatch() {
  const { idleTimeoutSeconds, idleCountdownSeconds } = useClientConfig();
  const navigate = useNavigate();
  const [isIdle, setIsIdle] = useState(false);
  const logOut = useCallback(() => navigate(PATHS.logout), [navigate]);

  useIdleTimer(idleTimeoutSeconds * 1000, () => setIsIdle(true), !isIdle);
  const remaining = useCountdown(idleCountdownSeconds * 1000, isIdle, logOut);
  // Activity in another tab ends this tab's countdown: the user is there, and the session is one for all tabs.
  useEffect(() => (isIdle ? onActivityElsewhere(() => setIsIdle(false)) : undefined), [isIdle]);
  const stayActive = () => {
    announceActivity();
    setIsIdle(false);
  };

  return (
    <Modal
      opened={isIdle}
      onClose={stayActive}
      title={`You've been idle for ${durationInWords(idleTimeoutSeconds)}`}
      centered
      data-testid="idle-modal"
    >
      <Stack>
        <Text>
          For your security you will be logged out in{' '}
          <Text span fw={700} data-testid="idle-countdown">
            {formatCountdown(remaining)}
          </Text>
          .
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={logOut}>
            Log out now
          </Button>
          <Button onClick={stayActive} data-autofocus>
            Stay Active
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
