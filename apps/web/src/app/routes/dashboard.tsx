import { visibleWidgets } from '@portal/domain';
import { useEffect } from 'react';
import { AlertWidgetCard, CardErrorBoundary, usePrefetchAlertPermissions } from '@/features/alerts';
import { useCurrentUser } from '@/features/auth';
import { DashboardPage } from '@/features/dashboard';
import { rememberDashboardWidgets } from '@/lib/early-requests.ts';

export { prefetchEarlyLists } from '@/features/alerts';

/** /dashboard: the user's widgets, each card with its own error boundary so one failure leaves the rest working. */
export function DashboardRoute() {
  const user = useCurrentUser();
  const widgetKeys = visibleWidgets(user.userSettings)
    .map((widget) => widget.key)
    .join(',');
  // The next load of the dashboard fetches these lists as the app boots.
  useEffect(() => rememberDashboardWidgets(widgetKeys), [widgetKeys]);
  // An alert opened from a card, or a widget page opened from one, then has what it waits for.
  usePrefetchAlertPermissions();
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
