import { useCurrentUser } from '@/features/auth/index.ts';
import { DashboardPage } from '@/features/dashboard/index.ts';

/** /dashboard */
export function DashboardRoute() {
  const user = useCurrentUser();
  return <DashboardPage userSettings={user.userSettings} />;
}
