import { pharmacyForms } from '@portal/domain';
import { useCurrentUser } from '@/features/auth';
import { FormLinkGrid } from './form-link-grid.tsx';
import { formPrefill } from './form-prefill.ts';

export interface PharmacyFormsGridProps {
  /** The pharmacy whose region selects the forms (fll FLL, sprx NJ, ... anything else NY). */
  pharmID: string;
  /** The facility the forms are filled in for. */
  facility: { facName: string; facState: string };
}

/** The pharmacy forms modal's grid (spec 2, "Pharmacies page"): the region's forms, prefilled. */
export function PharmacyFormsGrid({ pharmID, facility }: PharmacyFormsGridProps) {
  const user = useCurrentUser();
  return <FormLinkGrid forms={pharmacyForms(pharmID)} prefill={formPrefill(facility, user, new Date())} />;
}
