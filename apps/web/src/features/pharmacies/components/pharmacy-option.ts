import type { Pharmacy } from '@portal/domain';

/** A pharmacy picker's option: people know a pharmacy by its name, so the id only follows it. */
export function pharmacyOption(pharmacy: Pharmacy): { value: string; label: string } {
  return { value: pharmacy.pharmID, label: `${pharmacy.pharmName} (${pharmacy.pharmID})` };
}
