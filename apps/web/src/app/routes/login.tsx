import { LoginPage } from '@/features/auth';

/** /account/login */
export function LoginRoute() {
  return <LoginPage />;
}
