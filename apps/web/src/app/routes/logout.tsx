import { LogoutPage } from '@/features/auth/index.ts';

/** /logout */
export function LogoutRoute() {
  return <LogoutPage />;
}
