import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { SESSION_TIMINGS } from '@portal/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PATHS } from '@/lib/paths.ts';

export interface ErrorFallbackProps {
  error: unknown;
}

function asError(error: unknown): { name: string; message: string } {
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: typeof error === 'string' ? error : 'Something went wrong.' };
}

/**
 * The 'Uh Oh...' modal for a render error (spec 2 section 2): the error's name and message, a 10-second
 * countdown, then back to the previous page (or the dashboard when there is none). 'Go Back Now' skips the wait.
 */
export function ErrorFallback({ error }: ErrorFallbackProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const { name, message } = asError(error);
  const totalSeconds = Math.round(SESSION_TIMINGS.errorRedirectMs / 1000);
  const [secondsLeft, setSecondsLeft] = useState(totalSeconds);
  const hasLeft = useRef(false);

  const goBack = useCallback(() => {
    if (hasLeft.current) return;
    hasLeft.current = true;
    // The router gives the first page of a visit the key 'default': there is nothing of ours to go back to.
    if (location.key !== 'default') navigate(-1);
    else navigate(PATHS.dashboard, { replace: true });
  }, [navigate, location.key]);

  useEffect(() => {
    const deadline = Date.now() + SESSION_TIMINGS.errorRedirectMs;
    const timer = window.setInterval(() => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setSecondsLeft(left);
      if (left === 0) {
        window.clearInterval(timer);
        goBack();
      }
    }, 250);
    return () => window.clearInterval(timer);
  }, [goBack]);

  return (
    <Modal
      opened
      onClose={goBack}
      title="Uh Oh..."
      centered
      withCloseButton={false}
      data-testid="error-fallback"
    >
      <Stack>
        <Text fw={700}>{name}</Text>
        <Text>{message}</Text>
        <Text size="sm" c="dimmed" aria-live="polite">
          Going back in {secondsLeft} second{secondsLeft === 1 ? '' : 's'}.
        </Text>
        <Group justify="flex-end">
          <Button onClick={goBack}>Go Back Now</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
