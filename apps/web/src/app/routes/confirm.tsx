import { PlaceholderPage } from '@/components/placeholder-page.tsx';

/** Confirm your account (placeholder until its issue lands). */
export function ConfirmRoute() {
  return (
    <PlaceholderPage
      title="Confirm your account"
      comingLater="confirm a new account from the link in its welcome email."
    />
  );
}
