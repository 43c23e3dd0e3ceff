import { AlertWidgetCard, CardErrorBoundary } from '@/features/alerts';
import { useCurrentUser } from '@/features/auth';
import { DashboardPage } from '@/features/dashboard';

/** /dashboard: the user's widgets, each card with its own error boundary so one failure leaves the rest working. */
export function DashboardRoute() {
  const user = useCurrentUser();
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
