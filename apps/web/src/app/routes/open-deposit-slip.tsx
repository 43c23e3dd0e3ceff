import { PlaceholderPage } from '@/components/placeholder-page.tsx';

/** Packing Slip (placeholder until its issue lands). */
export function OpenDepositSlipRoute() {
  return (
    <PlaceholderPage
      title="Packing Slip"
      comingLater="a read-only packing slip opened from a delivery link (facID, toteID, auth)."
    />
  );
}
