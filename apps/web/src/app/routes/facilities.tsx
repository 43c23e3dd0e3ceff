import { PlaceholderPage } from '@/components/placeholder-page.tsx';

/** Facilities (placeholder until its issue lands). */
export function FacilitiesRoute() {
  return (
    <PlaceholderPage
      title="Facilities"
      comingLater="your facilities with search, sorting, their users and their settings."
    />
  );
}
