import { PlaceholderPage } from '@/components/placeholder-page.tsx';

/** Register (placeholder until its issue lands). */
export function RegisterRoute() {
  return (
    <PlaceholderPage
      title="Register"
      comingLater="create a portal account with your name, email and password."
    />
  );
}
