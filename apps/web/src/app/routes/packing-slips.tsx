import { PlaceholderPage } from '@/components/placeholder-page.tsx';

/** Totes (placeholder until its issue lands). */
export function PackingSlipsRoute() {
  return (
    <PlaceholderPage
      title="Totes"
      comingLater="totes by date range and search, with the packing slips of each tote ready to print."
    />
  );
}
