import { LoginPage } from '@/features/auth/index.ts';

/** /account/login */
export function LoginRoute() {
  return <LoginPage />;
}
