import {
  type AnyAlert,
  type HighCostFlags,
  type RequestedAction,
  rowDisplayState,
  type Widget,
} from '@portal/domain';
import type { AlertRow, alertActions } from '../../db/schema/index.ts';

/** A timestamp as the ORM gives it (Date) or as the list statement gives it (already an ISO string). */
type Stamp = Date | string;
export type WireAlertRow = Omit<
  AlertRow,
  'dispenseDt' | 'dateCreated' | 'archivedAt' | 'createdAt' | 'updatedAt'
> & { dispenseDt: Stamp | null; dateCreated: Stamp; archivedAt: Stamp | null };
export type WireActionRow = Omit<typeof alertActions.$inferSelect, 'sentAt'> & { sentAt: Stamp };

function iso(date: Stamp): string;
function iso(date: Stamp | null): string | null;
function iso(date: Stamp | null): string | null {
  if (date === null) return null;
  return typeof date === 'string' ? date : date.toISOString();
}

/** A discussion entry on the wire. */
export function toRequestedAction(row: WireActionRow): RequestedAction {
  return {
    requestActionID: row.id,
    action: row.action as RequestedAction['action'],
    actionComment: row.comment,
    limitDays: row.limitDays,
    requestedBy: row.requestedBy,
    isAutomatic: row.isAutomatic,
    sentTime: iso(row.sentAt),
    readByFaci: row.readByFaci,
  };
}

/**
 * An alert on the wire: the common fields of spec 1 section 3 from the typed columns, the widget's own fields from
 * `details`, and for the paged widgets the same values under their own names.
 */
export function toWireAlert(
  widget: Widget,
  row: WireAlertRow,
  facName: string,
  actions: readonly WireActionRow[],
): AnyAlert {
  const requestedActions = actions.map(toRequestedAction);
  const common = {
    _internalID: row.id,
    _internalUUID: row.uuid,
    rxGuid: row.rxGuid,
    rxNo: row.rxNo,
    _generatedID: row.generatedId,
    patName: row.patName,
    facID: row.facId,
    facName,
    pharmID: row.pharmId,
    drugLabelName: row.drugLabelName,
    qty: row.qty,
    orgQty: row.orgQty,
    daysSupply: row.daysSupply,
    orgDaysSupply: row.orgDaysSupply,
    ttlPrice: row.ttlPrice,
    dispenseDt: iso(row.dispenseDt),
    dateCreated: iso(row.dateCreated),
    nsid: row.nsid,
    nsName: row.nsName,
    room: row.room,
    bed: row.bed,
    srxStatus: row.srxStatus,
    pharmacyStatus: row.pharmacyStatus,
    displayStatus: rowDisplayState({
      srxStatus: row.srxStatus,
      readByFaci: row.readByFaci,
      ...(widget.key === 'highCostAlerts' ? highCostFlags(row.details) : {}),
    }),
    readByFaci: row.readByFaci,
    hasUnreadReply: requestedActions.some((a) => a.action === 'Reply' && a.readByFaci === false),
    requestedActions,
    archiveDtTm: iso(row.archivedAt),
    _internalArchiveID: row.archiveId,
  };
  const own: Record<string, unknown> = { ...row.details };
  if (widget.key === 'highCostAlerts') {
    own.highCostAlertsId = row.id;
    own.highCostAlertsArchiveId = row.archiveId;
  }
  if (widget.key === 'admissionMeds') {
    own.admissionMedsGroupID = row.groupId;
    // Total meds is the number of meds in the review, as the list sorts it.
    own.totalMeds = Array.isArray(own.admissionMedsDetailsList) ? own.admissionMedsDetailsList.length : 0;
  }
  if (widget.paged) {
    own.sig ??= '';
    Object.assign(own, {
      rxNumber: row.rxNo,
      facilityId: row.facId,
      facilityName: facName,
      patientName: row.patName,
      nursingStationId: row.nsid,
      nursingStation: row.nsName,
      roomNumber: row.room,
      bedNumber: row.bed,
      pharmacyId: row.pharmId,
    });
  }
  return withOwnFields(common, own);
}

/** A flat high cost alert's status flags from its own fields (the status badge's, and so the row's deleted state). */
function highCostFlags(details: Record<string, unknown>): HighCostFlags {
  return { posted: details.posted === true, deleted: details.deleted === true };
}

/**
 * `{ ...own, ...common }`, built the other way round: spreading ~30 common fields onto the widget's own costs
 * V8 about 50 µs per alert (a property-by-property copy onto a new shape), which was a third of a 100-alert list
 * call's CPU (bench/README.md); adding the few own fields to `common` costs about 3 µs. Common still wins a name
 * clash. The answer is identical: the response schema writes its own fields first in its order, then the rest in
 * the order they come here.
 */
function withOwnFields<T extends Record<string, unknown>>(common: T, own: Record<string, unknown>): T {
  for (const key of Object.keys(own)) {
    if (Object.hasOwn(common, key)) continue;
    // defineProperty, not assignment: a "__proto__" key from stored JSON stays a plain field, as the spread made it.
    Object.defineProperty(common, key, {
      value: own[key],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return common;
}
