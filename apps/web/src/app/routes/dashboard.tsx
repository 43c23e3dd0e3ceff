import { useCurrentUser } from '@/features/auth';
import { DashboardPage } from '@/features/dashboard';

/** /dashboard */
export function DashboardRoute() {
  const user = useCurrentUser();
  return <DashboardPage userSettings={user.userSettings} />;
}
