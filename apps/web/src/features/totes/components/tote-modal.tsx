import type { PackingSlip } from '@portal/domain';
import { OpenModal } from '@/components/open-modal.tsx';
import { usePackingSlips } from '../api/get-totes.ts';
import { SlipList } from './slip-list.tsx';

export interface ToteModalProps {
  facID: number;
  toteID: string;
  onClose: () => void;
}

/** The public /open-deposit-slip link of a slip, on this portal's origin. */
export function publicSlipLink(slip: PackingSlip): string {
  const query = new URLSearchParams({ facID: String(slip.facID), toteID: slip.toteID, auth: slip.auth });
  return `${window.location.origin}/open-deposit-slip?${query.toString()}`;
}

/** The tote modal: its packing slips, printable, with the copyable public link. */
export function ToteModal({ facID, toteID, onClose }: ToteModalProps) {
  const { data, isPending } = usePackingSlips(facID, toteID);
  return (
    <OpenModal onClose={onClose} title={`Tote ${toteID}`} size="xl">
      <SlipList slips={data?.data} isPending={isPending} publicLinkOf={publicSlipLink} />
    </OpenModal>
  );
}
