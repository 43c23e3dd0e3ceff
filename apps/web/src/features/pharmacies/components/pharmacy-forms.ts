/**
 * The pharmacy forms modal's catalogue (spec 2, "Secure Forms page"): the region comes from the pharmacy id and
 * each region offers the same four forms. Kept here until the secure-forms catalogue lands in domain.
 */
const REGION_BY_PHARMACY: Readonly<Record<string, string>> = {
  fll: 'FLL',
  flw: 'FLW',
  ohio: 'OH',
  parx: 'NY',
  sprx: 'NJ',
  upny: 'NY',
  alrx: 'AL',
};

/** The form region of a pharmacy; anything not listed uses NY, as the spec says. */
export function formRegion(pharmID: string): string {
  return REGION_BY_PHARMACY[pharmID.toLowerCase()] ?? 'NY';
}

/** The four form labels of the pharmacy forms modal. */
export const PHARMACY_FORM_LABELS = [
  'out on pass medication',
  'facility stock vaccine request',
  'refill/reorder medication',
  'covid vaccine independent contractor',
] as const;
