import { visibleWidgets, WIDGETS } from '@portal/domain';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { AlertWidgetCard, CardErrorBoundary, prefetchAlertList } from '@/features/alerts';
import { useCurrentUser } from '@/features/auth';
import { DashboardPage } from '@/features/dashboard';
import { firstPageUrl, isEarlyStarted, rememberDashboardWidgets } from '@/lib/early-requests.ts';
import { getToken } from '@/lib/session-store.ts';

/**
 * Puts the lists the boot script started (lib/early-requests.ts) into the query cache as their answers arrive,
 * with the query each card asks (default sort, first page), while the session check is still on its way. The
 * answers are then parsed before the shell renders, and a card whose list is in mounts with its rows in the same
 * render as the shell instead of a spinner and one more render (and layout) per card. Lists the boot script did
 * not start are left to the cards, as before.
 */
export function prefetchEarlyLists(queryClient: QueryClient): void {
  const bearer = getToken();
  for (const widget of WIDGETS) {
    if (isEarlyStarted(firstPageUrl(widget.listCall), bearer)) prefetchAlertList(queryClient, widget);
  }
}

/** /dashboard: the user's widgets, each card with its own error boundary so one failure leaves the rest working. */
export function DashboardRoute() {
  const user = useCurrentUser();
  const widgetKeys = visibleWidgets(user.userSettings)
    .map((widget) => widget.key)
    .join(',');
  // The next load of the dashboard fetches these lists as the app boots.
  useEffect(() => rememberDashboardWidgets(widgetKeys), [widgetKeys]);
  return (
    <DashboardPage
      userSettings={user.userSettings}
      renderWidget={(widget) => (
        <CardErrorBoundary title={widget.title}>
          <AlertWidgetCard widget={widget} />
        </CardErrorBoundary>
      )}
    />
  );
}
