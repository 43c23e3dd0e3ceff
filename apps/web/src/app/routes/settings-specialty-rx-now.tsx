import { PlaceholderPage } from '@/components/placeholder-page.tsx';

/** SpecialtyRx Now Credentials (placeholder until its issue lands). */
export function SettingsSpecialtyRxNowRoute() {
  return (
    <PlaceholderPage
      title="SpecialtyRx Now Credentials"
      comingLater="save or remove your SpecialtyRx Now (messaging service) credentials, needed to answer alerts."
    />
  );
}
