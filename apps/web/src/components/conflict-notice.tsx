import { Alert, Button, Stack, Text } from '@mantine/core';
import type { Ref } from 'react';

export interface ConflictNoticeProps {
  /** The server's 409 message: what was changed since, and that nothing was saved. */
  message: string;
  /** The reload button's label: 'Reload current values' unless the form names what it reloads. */
  reloadLabel?: string;
  /** Loads the current values, which replace what was typed. */
  onReload: () => void;
  isReloading?: boolean | undefined;
  /** The reload button, which takes the focus when the notice appears (the Save pressed said nothing). */
  reloadRef?: Ref<HTMLButtonElement>;
}

/**
 * Said where a save was refused because someone else saved the same record after the form was loaded (409). What
 * was typed stays in the form; the button offers the current values instead.
 */
export function ConflictNotice({
  message,
  reloadLabel = 'Reload current values',
  onReload,
  isReloading,
  reloadRef,
}: ConflictNoticeProps) {
  return (
    <Alert color="red" role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button ref={reloadRef} variant="light" color="red" onClick={onReload} loading={isReloading ?? false}>
          {reloadLabel}
        </Button>
      </Stack>
    </Alert>
  );
}
