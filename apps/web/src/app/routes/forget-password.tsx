import { ForgetPasswordPage } from '@/features/account';

/** /forget-password */
export function ForgetPasswordRoute() {
  return <ForgetPasswordPage />;
}
