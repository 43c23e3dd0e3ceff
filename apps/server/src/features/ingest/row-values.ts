import { type IngestAlert, IngestCommonFields, type WidgetKey } from '@portal/domain';
import type { AlertRow } from '../../db/schema/index.ts';

const COMMON = new Set(Object.keys(IngestCommonFields));

/** What an ingest row decides about an alert; everything else (answers, read state, discussion) is the portal's. */
export interface OwnedColumns {
  widget: WidgetKey;
  facId: number;
  pharmId: string;
  rxNo: string;
  rxGuid: string;
  generatedId: string;
  groupId: string;
  patName: string;
  drugLabelName: string;
  qty: number | null;
  orgQty: number | null;
  daysSupply: number | null;
  orgDaysSupply: number | null;
  ttlPrice: number | null;
  dispenseDt: Date | null;
  dateCreated: Date;
  nsid: string;
  nsName: string;
  room: string;
  bed: string;
  pharmacyStatus: string | null;
  archivedAt: Date | null;
  archiveId: number | null;
  details: Record<string, unknown>;
}

// Rounded as the numeric columns store them, so a resent value compares equal to the stored one.
const round = (value: number | null, places: number) =>
  value === null ? null : Math.round(value * 10 ** places) / 10 ** places;
const dateOrNull = (value: string | null) => (value ? new Date(value) : null);

/**
 * The archive state after this row: `archived: false` brings the alert back, `archiveDtTm` archives it then,
 * `archived: true` archives it now unless it already is; with none of them the state stays as it was.
 */
function archiveAfter(row: IngestAlert, existing: AlertRow | undefined, now: Date) {
  let archivedAt = existing?.archivedAt ?? null;
  let archiveId = existing?.archiveId ?? null;
  if (row.archived === false) {
    archivedAt = null;
    archiveId = null;
  }
  if (row.archiveDtTm) archivedAt = new Date(row.archiveDtTm);
  if (row._internalArchiveID !== undefined) archiveId = row._internalArchiveID;
  // Archive lists order by the archive time, so an archived alert always has one.
  if ((row.archived === true || archiveId !== null) && !archivedAt) archivedAt = now;
  return { archivedAt, archiveId };
}

/** The columns a validated ingest row sets: common fields typed, the widget's own fields in `details`. */
export function ownedColumns(
  widget: WidgetKey,
  row: IngestAlert,
  pharmId: string,
  existing: AlertRow | undefined,
  now: Date,
): OwnedColumns {
  const details: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(row)) if (!COMMON.has(name)) details[name] = value;
  const isReview = widget === 'admissionMeds';
  const sum = typeof details.sumTtlPrice === 'number' ? details.sumTtlPrice : null;
  return {
    widget,
    facId: row.facID,
    pharmId,
    rxNo: row.rxNo,
    rxGuid: row.rxGuid ?? row._internalUUID,
    generatedId: row._generatedID,
    groupId: isReview && typeof details.admissionMedsGroupID === 'string' ? details.admissionMedsGroupID : '',
    patName: row.patName,
    drugLabelName: row.drugLabelName,
    qty: round(row.qty, 3),
    orgQty: round(row.orgQty, 3),
    daysSupply: row.daysSupply,
    orgDaysSupply: row.orgDaysSupply,
    // An admission review's grand total is the sum of its meds, which the list sorts by (as the seed stores it).
    ttlPrice: round(isReview ? (row.ttlPrice ?? sum) : row.ttlPrice, 2),
    dispenseDt: dateOrNull(row.dispenseDt),
    dateCreated: new Date(row.dateCreated),
    nsid: row.nsid,
    nsName: row.nsName,
    room: row.room,
    bed: row.bed,
    pharmacyStatus: row.pharmacyStatus,
    ...archiveAfter(row, existing, now),
    details,
  };
}

/** JSON with object keys sorted, so two values compare equal whatever order jsonb gave their keys back in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

const comparable = (value: unknown): unknown => (value instanceof Date ? value.getTime() : value);

/** Whether storing these columns would change the stored alert (compared before any update, so resends are no-ops). */
export function differs(next: OwnedColumns, stored: AlertRow): boolean {
  for (const [name, value] of Object.entries(next) as [keyof OwnedColumns, unknown][]) {
    const current = stored[name];
    if (name === 'details') {
      if (canonical(value) !== canonical(current)) return true;
    } else if (comparable(value) !== comparable(current)) return true;
  }
  return false;
}
