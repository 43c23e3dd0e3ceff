import { TotesPage } from '@/features/totes';

/** /packing-slips: totes; query facID and toteID open the tote modal. */
export function PackingSlipsRoute() {
  return <TotesPage />;
}
