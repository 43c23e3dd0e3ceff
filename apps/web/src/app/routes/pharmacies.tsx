import { PlaceholderPage } from '@/components/placeholder-page.tsx';

/** Pharmacies (placeholder until its issue lands). */
export function PharmaciesRoute() {
  return (
    <PlaceholderPage
      title="Pharmacies"
      comingLater="your pharmacies with their facilities, users and forms."
    />
  );
}
