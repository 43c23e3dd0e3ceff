import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { ACTION_MESSAGES, type AnyAlert, type Widget } from '@portal/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-error.ts';
import { alertDetailQuery } from '../api/get-alert.ts';
import { AlertDetailContent } from './alert-detail-content.tsx';

export interface AlertDetailViewProps {
  widget: Widget;
  identifier: string;
  internalId: number | null;
  /** The row the user opened, shown while the fresh copy loads. */
  placeholder?: AnyAlert | undefined;
  /** Called after the user marks the alert read or unread by hand (the modal closes). */
  onManualRead?: (() => void) | undefined;
}

/** Loads one alert and shows it: 'Loading Settings...', 'No Active Alert Found' on a 404, else the detail. */
export function AlertDetailView({
  widget,
  identifier,
  internalId,
  placeholder,
  onManualRead,
}: AlertDetailViewProps) {
  const query = useQuery({
    ...alertDetailQuery(widget, identifier, internalId),
    placeholderData: placeholder ?? keepPreviousData,
  });
  if (query.data)
    return <AlertDetailContent widget={widget} alert={query.data} onManualRead={onManualRead} />;
  if (query.isPending) {
    return (
      <Center py="xl">
        <Stack align="center" gap="xs">
          <Loader size="sm" aria-hidden />
          <Text role="status">Loading Settings...</Text>
        </Stack>
      </Center>
    );
  }
  if (isApiError(query.error, 404)) {
    return (
      <Alert color="red" variant="light" role="alert">
        {ACTION_MESSAGES.noAlert}
      </Alert>
    );
  }
  return (
    <Alert color="red" variant="light" role="alert" title="Could not load this alert">
      {query.error?.message}
    </Alert>
  );
}
