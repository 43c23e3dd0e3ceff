import { PlaceholderPage } from '@/components/placeholder-page.tsx';

/** Secure Forms (placeholder until its issue lands). */
export function SecureFormsRoute() {
  return (
    <PlaceholderPage
      title="Secure Forms"
      comingLater="state filter cards, the facility table and the form sets of each pharmacy, opened in the forms service."
    />
  );
}
