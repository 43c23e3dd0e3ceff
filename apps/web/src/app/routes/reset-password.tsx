import { Navigate, useSearchParams } from 'react-router';
import { PlaceholderPage } from '@/components/placeholder-page.tsx';
import { PATHS } from '@/lib/paths.ts';
import { useToken } from '@/lib/session-store.ts';

/** /reset-password?email=&token= (spec 2 section 2): needs both; a signed-in user goes to the dashboard. */
export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const token = useToken();
  if (token) return <Navigate to={PATHS.dashboard} replace />;
  const email = params.get('email');
  if (!email || !params.get('token')) return <Navigate to={PATHS.login} replace />;
  return (
    <PlaceholderPage title="Reset password" comingLater="choose a new password for this account.">
      <p>{email}</p>
    </PlaceholderPage>
  );
}
