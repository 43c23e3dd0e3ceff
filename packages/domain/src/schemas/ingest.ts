import { z } from 'zod';
import type { WidgetKey } from '../widgets.ts';
import { WIDGET_FIELD_SCHEMAS } from './alerts.ts';
import { int4Id } from './ids.ts';
import { hasStorableYear, STORABLE_YEAR_MESSAGE, storableDateTime } from './storable-dates.ts';

/** Most alerts one ingest call may carry; a larger batch is refused with 413 before any work. */
export const INGEST_MAX_BATCH = 1000;

/** An ISO 8601 date-time with zone, stored in one canonical form (UTC, milliseconds) so a resend compares equal. */
const when = storableDateTime(
  'Must be an ISO 8601 date-time with a zone, e.g. 2026-11-02T15:00:00Z',
).transform((value) => new Date(value).toISOString());
const maybeWhen = when.nullable().default(null);
/** A calendar date (YYYY-MM-DD), or a date-time of which only the date counts. */
const day = z
  .union([z.iso.date(), when.transform((value) => value.slice(0, 10))], {
    message: 'Must be a date (YYYY-MM-DD)',
  })
  .refine(hasStorableYear, STORABLE_YEAR_MESSAGE);
const text = (max = 500) => z.string().max(max).default('');
const required = (max = 200) => z.string().trim().min(1, 'Required').max(max);
/** What a numeric(12,3) column holds: less than 1e9 either way, once rounded to 3 places as it is stored. */
const AMOUNT_LIMIT = 1e9;
// Bounded by the columns that store them (numeric(12,2) and (12,3)), so a huge number is a 400, not a 500: as
// rounded to 3 places (the server rounds so before it compares and stores), 999999999.9996 is 1000000000.
const amount = z
  .number()
  .gt(-AMOUNT_LIMIT)
  .lt(AMOUNT_LIMIT)
  .refine((value) => Math.abs(Math.round(value * 1000) / 1000) < AMOUNT_LIMIT, {
    message: `Must round to 3 decimals within ±${AMOUNT_LIMIT - 0.001}`,
  })
  .nullable()
  .default(null);
const wholeOrNull = z.number().int().min(-100_000).max(100_000).nullable().default(null);

/**
 * The fields every ingested alert carries (spec 1, section 3), under the list's wire names. `_internalUUID` is the
 * pharmacy system's id of the alert: sending it again updates that alert. Portal-owned state (the facility's
 * answer, its read state after creation, the discussion) is not ingested.
 */
export const IngestCommonFields = {
  _internalUUID: z.uuid('Must be a UUID'),
  /** Defaults to `_internalUUID`. */
  rxGuid: z.uuid('Must be a UUID').optional(),
  rxNo: required(40),
  _generatedID: text(100),
  facID: int4Id(),
  patName: required(200),
  drugLabelName: text(300),
  qty: amount,
  orgQty: amount,
  daysSupply: wholeOrNull,
  orgDaysSupply: wholeOrNull,
  ttlPrice: amount,
  dispenseDt: maybeWhen,
  dateCreated: when,
  nsid: text(40),
  nsName: text(100),
  room: text(40),
  bed: text(40),
  pharmacyStatus: z.string().max(200).nullable().default(null),
  /** Read state when the alert is created (unread by default; null = not markable). Ignored on update. */
  readByFaci: z.boolean().nullable().optional(),
  /** Archive time; archives the alert. */
  archiveDtTm: when.nullable().optional(),
  /** true archives (now, unless archiveDtTm says when); false brings an archived alert back. Absent: unchanged. */
  archived: z.boolean().optional(),
  _internalArchiveID: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable().optional(),
};

const comment = { loggedDateTime: when, comment: text(4000) };

/** The pharmacy system's own fields of each widget, the list's field definitions with ingest defaults. */
export const INGEST_WIDGET_FIELDS = {
  highCost: { authBy: text(), minQtyDisp: amount, invoiceGrp: text() },
  // highCostAlertsId and highCostAlertsArchiveId are the portal's ids of the alert, not ingested.
  highCostAlerts: {
    entered: maybeWhen,
    initReview: maybeWhen,
    labelPrintedOn: maybeWhen,
    packed: maybeWhen,
    checked: maybeWhen,
    placedInTote: maybeWhen,
    posted: z.boolean().default(false),
    deleted: z.boolean().default(false),
    profileOnly: z.boolean().default(false),
  },
  openBatch: {
    sig: text(1000),
    openBatchCommentList: z
      .array(z.strictObject({ qerDescription: text(), ...comment }))
      .max(200)
      .default([]),
  },
  nonCovered: { nonCoveredCommentList: z.array(z.strictObject(comment)).max(200).default([]) },
  priorAuth: { billingComment: text(4000) },
  theraInt: { prescribedDrugName: text(300) },
  // totalMeds is counted from the list, not ingested.
  admissionMeds: {
    admissionMedsGroupID: required(100),
    admDate: day,
    sumTtlPrice: amount,
    admissionMedsDetailsList: z
      .array(
        z.strictObject({
          rxNo: required(40),
          drug: text(300),
          dispenseDt: maybeWhen,
          daysSupply: wholeOrNull,
          qty: amount,
          ttlPrice: amount,
        }),
      )
      .max(500)
      .default([]),
  },
  patMissing: { comment: text(4000) },
  // The paged widgets' other fields (rxNumber, facilityId, patientName ...) are the common fields under
  // their own names: ingested once, as the common fields, and answered under both names.
  refillTooSoon: { sig: text(1000), filledOn: maybeWhen, receivedOn: maybeWhen, dueOn: maybeWhen },
  pumpPickup: {
    sig: text(1000),
    serialNumber: text(100),
    comment: text(4000),
    parentRxNumber: text(40),
    dispensedOn: maybeWhen,
    cutoffOn: maybeWhen,
  },
  narcoticsRefill: {
    sig: text(1000),
    physicianName: text(200),
    totalQtyPrescribed: z.number().gt(-1e9).lt(1e9).default(0),
    fills: z.number().int().min(0).default(0),
    createdAt: when,
  },
} satisfies Record<WidgetKey, z.ZodRawShape>;

/** Fields of the list's widget schema that the portal derives itself, so ingest does not take them. */
export const INGEST_DERIVED_FIELDS: Readonly<Record<WidgetKey, readonly string[]>> = {
  highCost: [],
  highCostAlerts: ['highCostAlertsId', 'highCostAlertsArchiveId'],
  openBatch: [],
  nonCovered: [],
  priorAuth: [],
  theraInt: [],
  admissionMeds: ['totalMeds'],
  patMissing: [],
  refillTooSoon: [
    'rxNumber',
    'facilityId',
    'facilityName',
    'patientName',
    'nursingStationId',
    'nursingStation',
    'roomNumber',
    'bedNumber',
    'pharmacyId',
  ],
  pumpPickup: [
    'rxNumber',
    'facilityId',
    'facilityName',
    'patientName',
    'nursingStationId',
    'nursingStation',
    'roomNumber',
    'bedNumber',
    'pharmacyId',
  ],
  narcoticsRefill: [
    'rxNumber',
    'facilityId',
    'facilityName',
    'patientName',
    'nursingStationId',
    'nursingStation',
    'roomNumber',
    'bedNumber',
    'pharmacyId',
  ],
};

/** One ingested alert of any widget, after defaults: the common fields typed, the widget's own by name. */
export type IngestAlert = z.output<z.ZodObject<typeof IngestCommonFields>> & Record<string, unknown>;

const ingestSchemas: Partial<Record<WidgetKey, z.ZodType<IngestAlert>>> = {};

const ARCHIVED_FALSE_CONFLICT =
  'archived: false brings the alert back, so archiveDtTm and _internalArchiveID must be empty';

/** One ingested alert of a widget: unknown fields are refused, so a misspelt column never goes unnoticed. */
export function ingestAlertSchemaOf(key: WidgetKey): z.ZodType<IngestAlert> {
  ingestSchemas[key] ??= z
    .strictObject({ ...IngestCommonFields, ...INGEST_WIDGET_FIELDS[key] })
    .superRefine((row, ctx) => {
      // Bringing an alert back while naming its archive time or id says two things at once; the archive won, so a
      // system that meant to restore the alert archived it instead.
      if (row.archived === false && (row.archiveDtTm != null || row._internalArchiveID != null))
        ctx.addIssue({ code: 'custom', path: ['archived'], message: ARCHIVED_FALSE_CONFLICT });
    });
  return ingestSchemas[key];
}

/** The body of `POST /ingest/{key}`: a batch (a single alert object is accepted too, as a batch of one). */
export function ingestBatchSchemaOf(key: WidgetKey) {
  return z.strictObject({ alerts: z.array(ingestAlertSchemaOf(key)).min(1) });
}

/** The answer of an ingest call: how many alerts of the batch were created, updated, archived or unchanged. */
export const IngestAnswerSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  archived: z.number().int(),
  unchanged: z.number().int(),
});
export type IngestAnswer = z.infer<typeof IngestAnswerSchema>;

/** The widget's list fields an ingest row supplies: every own field of the list schema but the derived ones. */
export function ingestedListFields(key: WidgetKey): string[] {
  const derived = new Set(INGEST_DERIVED_FIELDS[key]);
  return Object.keys(WIDGET_FIELD_SCHEMAS[key].shape).filter((name) => !derived.has(name));
}
