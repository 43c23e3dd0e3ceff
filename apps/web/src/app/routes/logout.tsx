import { LogoutPage } from '@/features/auth';

/** /logout */
export function LogoutRoute() {
  return <LogoutPage />;
}
