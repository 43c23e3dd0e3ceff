import { Navigate, useSearchParams } from 'react-router';
import { ResetPasswordPage } from '@/features/account';
import { PATHS } from '@/lib/paths.ts';
import { useToken } from '@/lib/session-store.ts';

/** /reset-password?email=&token= (spec 2 section 2): needs both; a signed-in user goes to the dashboard. */
export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const token = useToken();
  if (token) return <Navigate to={PATHS.dashboard} replace />;
  const email = params.get('email');
  const linkToken = params.get('token');
  if (!email || !linkToken) return <Navigate to={PATHS.login} replace />;
  return <ResetPasswordPage email={email} token={linkToken} />;
}
