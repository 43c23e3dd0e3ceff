import { OpenSlipPage } from '@/features/totes';

/** /open-deposit-slip (public): a read-only packing slip from its signed link. */
export function OpenDepositSlipRoute() {
  return <OpenSlipPage />;
}
