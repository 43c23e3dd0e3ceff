import { SecureFormsPage } from '@/features/secure-forms';

/** /secureForms: the facilities' form sets, opened at the forms service (?faciID= opens a facility's forms). */
export function SecureFormsRoute() {
  return <SecureFormsPage />;
}
