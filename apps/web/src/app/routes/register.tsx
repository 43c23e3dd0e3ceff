import { RegisterPage } from '@/features/account';

/** /register */
export function RegisterRoute() {
  return <RegisterPage />;
}
