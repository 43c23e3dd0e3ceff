import { PlaceholderPage } from '@/components/placeholder-page.tsx';

/** Alerts Dashboard Configuration (placeholder until its issue lands). */
export function SettingsUserSettingsRoute() {
  return (
    <PlaceholderPage
      title="Alerts Dashboard Configuration"
      comingLater="choose the order and visibility of each dashboard widget, and lock the configuration."
    />
  );
}
