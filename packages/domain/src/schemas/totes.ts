import { z } from 'zod';
import { int4IdText } from './ids.ts';
import { hasStorableYear, STORABLE_YEAR_MESSAGE } from './storable-dates.ts';
import { TimeZoneSchema } from './time-zone.ts';

/**
 * How long a public packing slip link works after the slip was opened to copy it: long enough for a delivery round
 * and its paperwork, short enough that a forwarded link with residents' names does not work for good.
 */
export const SLIP_LINK_DAYS = 14;

/** Messages of the Totes date range and search (spec 2, sections 5 and 9). */
export const TOTES_MESSAGES = {
  badDate: 'Use a date as MM/DD/YYYY',
  fromAfterTo: 'From cannot be after To',
  inFuture: 'Totes date range cannot be in the future',
  loading: 'Loading Totes...',
  empty: 'Nothing to show',
  /** The public slip page, when its link is refused: expired and forged links are told apart nowhere. */
  linkRefused: 'This packing slip link has expired or is not valid. Ask whoever sent it for a new link.',
  linkLifetime: `Anyone with this link can open the slip for ${SLIP_LINK_DAYS} days.`,
  searchPlaceholder: 'Search TOT... PAK...',
  /** A range or search matching more totes than one answer holds (the newest are listed). */
  newestOnly: (shown: number, count: number) =>
    `Showing the newest ${shown.toLocaleString('en-US')} of ${count.toLocaleString('en-US')} totes. ` +
    'Narrow the ship dates, or search by tote or packing slip ID, to find an older one.',
} as const;

/** The Totes page's default range: the last 2 days (today and yesterday). */
export const TOTES_DEFAULT_RANGE_DAYS = 2;

// Month and day with or without the leading zero (12/4/2026 as well as 12/04/2026), as US dates are written.
const US_DAY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/**
 * A US date (MM/DD/YYYY, or M/D/YYYY unpadded) as an ISO day (YYYY-MM-DD), or null when it is not a real calendar
 * day (2/30/2026).
 */
export function usDateToIso(value: string): string | null {
  const match = US_DAY.exec(value);
  if (!match) return null;
  const [, month = '', day = '', yyyy] = match;
  const iso = `${yyyy}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
}

/** An ISO day (YYYY-MM-DD) as a US date (MM/DD/YYYY). */
export function isoToUsDate(iso: string): string {
  const [yyyy, mm, dd] = iso.split('-');
  return `${mm}/${dd}/${yyyy}`;
}

/**
 * `GET /packingslipheaders` query: a US-format range (fdate, edate) or a SearchText over tote and packing slip ids.
 * Without either the last 2 days are listed.
 */
export const PackingSlipHeadersQuerySchema = z.strictObject({
  fdate: z.string().max(10).optional(),
  edate: z.string().max(10).optional(),
  SearchText: z.string().trim().max(100).optional(),
  /** The caller's time zone: fdate, edate and "today" are its calendar days (UTC days without it). */
  tz: TimeZoneSchema.optional(),
});
export type PackingSlipHeadersQuery = z.infer<typeof PackingSlipHeadersQuerySchema>;

/**
 * Field problems of a Totes range against `today` (an ISO day): each date a real MM/DD/YYYY (or M/D/YYYY) day with a storable
 * year (STORABLE_YEARS), From not after To, neither in the future. Empty when the range is fine.
 */
export function totesRangeProblems(
  fdate: string | undefined,
  edate: string | undefined,
  today: string,
): Record<string, string> {
  const problems: Record<string, string> = {};
  const from = fdate === undefined ? undefined : usDateToIso(fdate);
  const to = edate === undefined ? undefined : usDateToIso(edate);
  if (from === null) problems.fdate = TOTES_MESSAGES.badDate;
  else if (from && !hasStorableYear(from)) problems.fdate = STORABLE_YEAR_MESSAGE;
  else if (from && from > today) problems.fdate = TOTES_MESSAGES.inFuture;
  if (to === null) problems.edate = TOTES_MESSAGES.badDate;
  else if (to && !hasStorableYear(to)) problems.edate = STORABLE_YEAR_MESSAGE;
  else if (to && to > today) problems.edate = TOTES_MESSAGES.inFuture;
  if (from && to && from > to && !problems.fdate && !problems.edate)
    problems.fdate = TOTES_MESSAGES.fromAfterTo;
  return problems;
}

/** One row of the Totes table (spec 2, section 3: packing slip header). */
export const PackingSlipHeaderSchema = z.object({
  facID: z.number().int(),
  facName: z.string(),
  pharmID: z.string(),
  nsName: z.string(),
  nsID: z.string(),
  toteID: z.string(),
  shipDate: z.string(),
  patCount: z.number().int(),
  rxCount: z.number().int(),
  psid: z.string(),
});
export type PackingSlipHeader = z.infer<typeof PackingSlipHeaderSchema>;

export const PackingSlipHeadersAnswerSchema = z.object({
  /** The newest totes matching, at most a fixed number (the server's HEADERS_LIMIT). */
  packingSlipHeadersList: z.array(PackingSlipHeaderSchema),
  /** How many totes match in all: more than the list holds when the range or search is wider than one answer. */
  count: z.number().int(),
});

/** One dispensed prescription on a slip. */
export const DrugDetailSchema = z.object({
  rxNo: z.string(),
  roNo: z.string(),
  deaClass: z.string(),
  qty: z.string(),
  drugLabelName: z.string(),
  phName: z.string(),
  delivered: z.boolean(),
  newRx: z.boolean(),
  serialNo: z.string(),
  packSlipMsg: z.string(),
});
export type DrugDetail = z.infer<typeof DrugDetailSchema>;

/** A patient on a slip with their prescriptions. */
export const PatientDetailSchema = z.object({
  patName: z.string(),
  patID: z.string(),
  room: z.string(),
  bed: z.string(),
  drugDetails: z.array(DrugDetailSchema),
});
export type PatientDetail = z.infer<typeof PatientDetailSchema>;

/**
 * A packing slip (spec 2, section 3: packing slip detail), with the tote it belongs to and `auth`, the signed
 * token of its public link (/open-deposit-slip).
 */
export const PackingSlipSchema = z.object({
  facID: z.number().int(),
  facName: z.string(),
  toteID: z.string(),
  nsName: z.string(),
  psid: z.string(),
  shipDate: z.string(),
  facStreet1: z.string(),
  facCity: z.string(),
  facState: z.string(),
  facZip: z.string(),
  deliveryRoute: z.string(),
  pharmName: z.string(),
  pharmStreet1: z.string(),
  pharmCity: z.string(),
  pharmState: z.string(),
  pharmZip: z.string(),
  pharmPhone: z.string(),
  legalHeader: z.string(),
  showDeliveryInfo: z.boolean(),
  deliveredBy: z.string().nullable(),
  receivedBy: z.string().nullable(),
  receivedDateTime: z.string().nullable(),
  signorTitle: z.string().nullable(),
  /** Base64 PNG, without the data: prefix. */
  signature: z.string().nullable(),
  patientDetails: z.array(PatientDetailSchema),
  auth: z.string(),
});
export type PackingSlip = z.infer<typeof PackingSlipSchema>;

const facIdParam = int4IdText();
const toteIdParam = z.string().trim().min(1).max(100);

/** `GET /packingslipdetails` query. */
export const PackingSlipDetailsQuerySchema = z.strictObject({ facID: facIdParam, toteID: toteIdParam });

/** `GET /packingslipdetailsopen` query: the public link's facility, tote and signed token. */
export const PackingSlipOpenQuerySchema = z.strictObject({
  facID: facIdParam,
  toteID: toteIdParam,
  auth: z.string().max(200),
});

export const PackingSlipDetailsAnswerSchema = z.object({ data: z.array(PackingSlipSchema) });
/** The public slip's answer: the same slips under the spec's `slips` key. */
export const PackingSlipOpenAnswerSchema = z.object({ slips: z.array(PackingSlipSchema) });
