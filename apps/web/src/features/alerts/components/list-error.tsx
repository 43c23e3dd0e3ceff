import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

export interface ListErrorProps {
  error: Error;
  onRetry: () => void;
}

/** A widget list that failed to load: its error state, with a retry (spec 1, section 8). */
export function ListError({ error, onRetry }: ListErrorProps) {
  return (
    <Alert color="red" variant="light" title="Could not load alerts" icon={<IconAlertTriangle aria-hidden />}>
      {error.message}{' '}
      <Button size="xs" variant="outline" color="red.9" onClick={onRetry} ml="xs">
        Try again
      </Button>
    </Alert>
  );
}
