/** What the Secure Forms page says (spec 2, "Secure Forms page"). */
export const SECURE_FORMS_MESSAGES = {
  /**
   * A link's `?faciID=` names no facility of the viewer's: the same words whether it is another's or none at all,
   * so the page tells nobody which facilities exist.
   */
  notYours: 'That facility is not one of yours. Choose one of your facilities below to open its forms.',
} as const;

/** A form of the external forms service: its label and its path under the service's base URL. */
export interface SecureForm {
  readonly id: string;
  readonly label: string;
  readonly path: string;
  /** The contractor form is prefilled with the facility's state and the user's title too. */
  readonly isContractorForm: boolean;
}

/** The pharmacy codes that select a facility's form set (spec 2, "Secure Forms page"). */
export const FORM_SET_CODES = ['SPRX', 'UPNY', 'OHIO', 'PARX', 'FLN', 'FLL', 'FLW', 'ALRX'] as const;
export type FormSetCode = (typeof FORM_SET_CODES)[number];

/** The four forms every set has, in the order the page shows them. */
const SET_FORMS = [
  { id: 'otc-override', label: 'OTC Override Authorization' },
  { id: 'out-on-pass', label: 'Out on Pass Medication' },
  { id: 'reorder', label: 'Reorder Medication' },
  { id: 'vaccine-request', label: 'Vaccine Request' },
] as const;

/** The contractor vaccine form, offered to NJ facilities only. */
export const CONTRACTOR_VACCINE_FORM: SecureForm = {
  id: 'covid-vaccine-contractor',
  label: 'Covid Vaccine Independent Contractor',
  path: 'NJ/covid-vaccine-contractor',
  isContractorForm: true,
};

/** The form set of a pharmacy code. */
export function formSet(code: FormSetCode): SecureForm[] {
  return SET_FORMS.map((f) => ({ ...f, path: `${code}/${f.id}`, isContractorForm: false }));
}

/** The form set code of a facility's pharmacy (its id upper-cased), or null when it has none. */
export function formSetCodeOf(pharmID: string): FormSetCode | null {
  const code = pharmID.toUpperCase();
  return (FORM_SET_CODES as readonly string[]).includes(code) ? (code as FormSetCode) : null;
}

/** The forms a facility may open on the Secure Forms page: its pharmacy's set, plus the contractor form in NJ. */
export function facilityForms(facility: { pharmID: string; facState: string }): SecureForm[] {
  const code = formSetCodeOf(facility.pharmID);
  const forms = code ? formSet(code) : [];
  return facility.facState === 'NJ' ? [...forms, CONTRACTOR_VACCINE_FORM] : forms;
}

/** The region of the pharmacy forms modal by pharmacy id: fll FLL, flw FLW, ohio OH, parx NY, sprx NJ, ... */
const REGION_BY_PHARMACY: Record<string, string> = {
  fll: 'FLL',
  flw: 'FLW',
  ohio: 'OH',
  parx: 'NY',
  sprx: 'NJ',
  upny: 'NY',
  alrx: 'AL',
};

/** The forms region of a pharmacy id; anything unlisted is NY (spec 2, "Secure Forms page"). */
export function pharmacyFormsRegion(pharmID: string): string {
  return REGION_BY_PHARMACY[pharmID.toLowerCase()] ?? 'NY';
}

/** The pharmacy forms modal's grid of a pharmacy: the four labelled forms of its region. */
export function pharmacyForms(pharmID: string): SecureForm[] {
  const region = pharmacyFormsRegion(pharmID);
  return [
    { id: 'out-on-pass', label: 'Out on Pass Medication' },
    { id: 'facility-stock-vaccine', label: 'Facility Stock Vaccine Request' },
    { id: 'refill-reorder', label: 'Refill/Reorder Medication' },
    { id: 'covid-vaccine-contractor', label: 'Covid Vaccine Independent Contractor' },
  ].map((f) => ({
    ...f,
    path: `${region}/${f.id}`,
    isContractorForm: f.id === 'covid-vaccine-contractor',
  }));
}

/** What a form is prefilled with. `today` is the reader's date as MM/DD/YYYY. */
export interface FormPrefill {
  facilityName: string;
  userName: string;
  today: string;
  state: string;
  title: string;
}

/**
 * The link that opens a form at the forms service (`formsBaseUrl` from the client config), prefilled by query
 * string with facility name, user display name and today's date, plus state and title for the contractor form.
 */
export function buildFormLink(formsBaseUrl: string, form: SecureForm, prefill: FormPrefill): string {
  const params: [string, string][] = [
    ['facilityName', prefill.facilityName],
    ['userName', prefill.userName],
    ['date', prefill.today],
  ];
  if (form.isContractorForm) params.push(['state', prefill.state], ['title', prefill.title]);
  // encodeURIComponent rather than URLSearchParams: the domain loads no DOM or Node types.
  const query = params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
  return `${formsBaseUrl.replace(/\/+$/, '')}/${form.path}?${query}`;
}

/** State names of the state filter cards (spec 2, section 9). */
export const STATE_NAMES: Record<string, string> = {
  AL: 'Alabama',
  CT: 'Connecticut',
  FL: 'Florida',
  KY: 'Kentucky',
  MD: 'Maryland',
  NJ: 'New Jersey',
  NY: 'New York',
  OH: 'Ohio',
  PA: 'Pennsylvania',
};
