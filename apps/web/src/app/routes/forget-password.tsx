import { PlaceholderPage } from '@/components/placeholder-page.tsx';

/** Forgot password (placeholder until its issue lands). */
export function ForgetPasswordRoute() {
  return <PlaceholderPage title="Forgot password" comingLater="request a password reset link by email." />;
}
