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
  // Titled by the facility's name, as the Secure Forms page titles the same grid: a nurse knows her facility by
  // its name, not its number.
  const title = facility ? `Forms for ${facility.facName}` : `Forms for facility ${faciID}`;
  return (
    <OpenModal onClose={onClose} title={title} size="lg">
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
