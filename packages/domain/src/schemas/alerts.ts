import { z } from 'zod';
import { ACTION_VALUES, WIDGET_KEYS, type WidgetKey } from '../widgets.ts';

const isoDate = z.string();
const nullableIso = isoDate.nullable();
const money = z.number().nullable();

/** One entry of an alert's discussion: a facility action, a pharmacy Reply or an automatic response. */
export const RequestedActionSchema = z.object({
  requestActionID: z.number().int(),
  action: z.enum(ACTION_VALUES),
  actionComment: z.string(),
  limitDays: z.number().int().nullable(),
  requestedBy: z.string(),
  /** True when the facility's auto-respond rule sent it, not a person. */
  isAutomatic: z.boolean(),
  sentTime: isoDate,
  readByFaci: z.boolean().nullable(),
});
export type RequestedAction = z.infer<typeof RequestedActionSchema>;

/** The fields every alert carries (spec 1, section 3), whatever its widget. */
export const AlertBaseSchema = z.object({
  _internalID: z.number().int(),
  _internalUUID: z.string(),
  rxGuid: z.string(),
  rxNo: z.string(),
  _generatedID: z.string(),
  patName: z.string(),
  facID: z.number().int(),
  facName: z.string(),
  pharmID: z.string(),
  drugLabelName: z.string(),
  qty: z.number().nullable(),
  orgQty: z.number().nullable(),
  daysSupply: z.number().int().nullable(),
  orgDaysSupply: z.number().int().nullable(),
  ttlPrice: money,
  dispenseDt: nullableIso,
  dateCreated: isoDate,
  nsid: z.string(),
  nsName: z.string(),
  room: z.string(),
  bed: z.string(),
  srxStatus: z.string().nullable(),
  pharmacyStatus: z.string().nullable(),
  displayStatus: z.string(),
  readByFaci: z.boolean().nullable(),
  /** True while a pharmacy Reply in the discussion is unread by the facility (the red chat bubble). */
  hasUnreadReply: z.boolean(),
  requestedActions: z.array(RequestedActionSchema),
  archiveDtTm: nullableIso,
  _internalArchiveID: z.number().int().nullable(),
});
export type AlertBase = z.infer<typeof AlertBaseSchema>;

const comment = z.object({ loggedDateTime: isoDate, comment: z.string() });

/** Fields the paged widgets (refill, pump, narcotics) carry under their own names (spec 1, section 3). */
const pagedFields = {
  rxNumber: z.string(),
  facilityId: z.number().int(),
  facilityName: z.string(),
  patientName: z.string(),
  nursingStationId: z.string(),
  nursingStation: z.string(),
  roomNumber: z.string(),
  bedNumber: z.string(),
  pharmacyId: z.string(),
  sig: z.string(),
};

/** Each widget's own fields on top of the common ones. */
export const WIDGET_FIELD_SCHEMAS = {
  highCost: z.object({ authBy: z.string(), minQtyDisp: z.number().nullable(), invoiceGrp: z.string() }),
  highCostAlerts: z.object({
    highCostAlertsId: z.number().int(),
    highCostAlertsArchiveId: z.number().int().nullable(),
    entered: nullableIso,
    initReview: nullableIso,
    labelPrintedOn: nullableIso,
    packed: nullableIso,
    checked: nullableIso,
    placedInTote: nullableIso,
    posted: z.boolean(),
    deleted: z.boolean(),
    profileOnly: z.boolean(),
  }),
  openBatch: z.object({
    sig: z.string(),
    openBatchCommentList: z.array(comment.extend({ qerDescription: z.string() })),
  }),
  nonCovered: z.object({ nonCoveredCommentList: z.array(comment) }),
  priorAuth: z.object({ billingComment: z.string() }),
  theraInt: z.object({ prescribedDrugName: z.string() }),
  admissionMeds: z.object({
    admissionMedsGroupID: z.string(),
    admDate: isoDate,
    sumTtlPrice: money,
    totalMeds: z.number().int(),
    admissionMedsDetailsList: z.array(
      z.object({
        rxNo: z.string(),
        drug: z.string(),
        dispenseDt: nullableIso,
        daysSupply: z.number().int().nullable(),
        qty: z.number().nullable(),
        ttlPrice: money,
      }),
    ),
  }),
  // Patient Missing's own fields are not in the spec (decided): the pharmacy's note on who is missing.
  patMissing: z.object({ comment: z.string() }),
  refillTooSoon: z.object({
    ...pagedFields,
    filledOn: nullableIso,
    receivedOn: nullableIso,
    dueOn: nullableIso,
  }),
  pumpPickup: z.object({
    ...pagedFields,
    serialNumber: z.string(),
    comment: z.string(),
    parentRxNumber: z.string(),
    dispensedOn: nullableIso,
    cutoffOn: nullableIso,
  }),
  narcoticsRefill: z.object({
    ...pagedFields,
    physicianName: z.string(),
    totalQtyPrescribed: z.number(),
    fills: z.number().int(),
    createdAt: isoDate,
  }),
} satisfies Record<WidgetKey, z.ZodObject>;

/** The full alert schema of a widget: common fields plus its own. */
export function alertSchemaOf(key: WidgetKey) {
  return AlertBaseSchema.extend(WIDGET_FIELD_SCHEMAS[key].shape);
}

/** Any alert of any widget, as list and detail answers carry it. */
export const AnyAlertSchema = AlertBaseSchema.catchall(z.unknown());
export type AnyAlert = z.infer<typeof AnyAlertSchema>;

/** Widget keys as a zod enum, for params. */
export const WidgetKeySchema = z.enum(WIDGET_KEYS);
