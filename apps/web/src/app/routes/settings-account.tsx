import { PlaceholderPage } from '@/components/placeholder-page.tsx';

/** Account Info (placeholder until its issue lands). */
export function SettingsAccountRoute() {
  return (
    <PlaceholderPage
      title="Account Info"
      comingLater="edit your display name, phone and title, join the beta and change your password."
    />
  );
}
