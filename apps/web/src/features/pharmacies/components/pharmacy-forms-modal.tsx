import { Text } from '@mantine/core';
import type { Pharmacy } from '@portal/domain';
import { OpenModal } from '@/components/open-modal.tsx';
import { PharmacyFormsGrid } from '@/features/secure-forms';

export interface PharmacyFormsModalProps {
  pharmacy: Pharmacy;
  faciID: string;
  onClose: () => void;
}

/**
 * The forms modal (`?pharmID=&faciID=`): the pharmacy region's form cards, each opening the forms service
 * prefilled for that facility (the Secure Forms page's grid).
 */
export function PharmacyFormsModal({ pharmacy, faciID, onClose }: PharmacyFormsModalProps) {
  const facility = pharmacy.facilities.find((f) => String(f.facID) === faciID);
  return (
    <OpenModal onClose={onClose} title={`Forms for facility ${faciID} (${pharmacy.pharmID})`} size="lg">
      {facility ? (
        <PharmacyFormsGrid pharmID={pharmacy.pharmID} facility={facility} />
      ) : (
        <Text>
          No facility {faciID} in {pharmacy.pharmID}
        </Text>
      )}
    </OpenModal>
  );
}
