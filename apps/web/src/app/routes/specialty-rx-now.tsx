import { PlaceholderPage } from '@/components/placeholder-page.tsx';

/** SpecialtyRx Now (placeholder until its issue lands). */
export function SpecialtyRxNowRoute() {
  return (
    <PlaceholderPage
      title="SpecialtyRx Now"
      comingLater="the embedded SpecialtyRx Now ordering integration."
    />
  );
}
