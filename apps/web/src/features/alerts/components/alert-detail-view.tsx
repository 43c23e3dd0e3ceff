import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import type { AnyAlert, Widget } from '@portal/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { isApiError } from '@/lib/api-error.ts';
import { whenIdle } from '@/lib/when-idle.ts';
import type { DetailTab } from '../api/detail-tab.ts';
import { alertDetailQuery } from '../api/get-alert.ts';
import { AlertNotFound } from './alert-not-found.tsx';

const loadContent = () => import('./alert-detail-content.tsx');

// The detail's tabs, fields, action dialogs and their forms are a chunk of their own: the dashboard and the widget
// page show rows without them, and fetch them once the user reaches for a row (preloadAlertDetail).
const AlertDetailContent = lazy(() => loadContent().then((m) => ({ default: m.AlertDetailContent })));

let preloaded = false;

/** Fetches and runs the detail's chunk ahead of the first open (a hover or focus on a table, or idle time). */
export function preloadAlertDetail(): void {
  if (preloaded) return;
  preloaded = true;
  // A failed load is retried by the open itself, which shows its own error.
  loadContent().catch(() => {
    preloaded = false;
  });
}

/** Preloads the detail when the page is next idle (after a table's first render), where the browser says so. */
export function preloadAlertDetailWhenIdle(): () => void {
  return preloaded ? () => undefined : whenIdle(preloadAlertDetail);
}

function LoadingSettings() {
  return (
    <Center py="xl">
      <Stack align="center" gap="xs">
        <Loader size="sm" aria-hidden />
        <Text role="status">Loading Settings...</Text>
      </Stack>
    </Center>
  );
}

export interface AlertDetailViewProps {
  widget: Widget;
  identifier: string;
  internalId: number | null;
  /** The row the user opened, shown while the fresh copy loads. */
  placeholder?: AnyAlert | undefined;
  /** Called after the user marks the alert read or unread by hand (the modal closes). */
  onManualRead?: (() => void) | undefined;
  /** The tab shown first (Detail unless said). */
  initialTab?: DetailTab | undefined;
  /** Called when the user turns to another tab. */
  onTabChange?: ((tab: DetailTab) => void) | undefined;
}

/**
 * A 404, or the 400 the server gives an id no alert can have (a link pasted with more after it, past the id's
 * length, or a pinned number out of range): to the user both are an alert that is not there.
 */
function namesNoAlert(error: unknown): boolean {
  return (
    isApiError(error, 404) ||
    (isApiError(error, 400) && ('identifier' in error.fields || 'internalId' in error.fields))
  );
}

/**
 * Loads one alert and shows it: 'Loading Settings...', 'No Active Alert Found' on a 404 (or an id no alert can
 * have), else the detail.
 */
export function AlertDetailView({
  widget,
  identifier,
  internalId,
  placeholder,
  onManualRead,
  initialTab,
  onTabChange,
}: AlertDetailViewProps) {
  const query = useQuery({
    ...alertDetailQuery(widget, identifier, internalId),
    placeholderData: placeholder ?? keepPreviousData,
  });
  if (query.data)
    return (
      <Suspense fallback={<LoadingSettings />}>
        <AlertDetailContent
          widget={widget}
          alert={query.data}
          onManualRead={onManualRead}
          initialTab={initialTab}
          onTabChange={onTabChange}
        />
      </Suspense>
    );
  if (query.isPending) return <LoadingSettings />;
  if (namesNoAlert(query.error)) return <AlertNotFound />;
  return (
    <Alert color="red" variant="light" role="alert" title="Could not load this alert">
      {query.error?.message}
    </Alert>
  );
}
