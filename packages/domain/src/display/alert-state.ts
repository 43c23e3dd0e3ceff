import { type HighCostFlags, highCostStatus } from './high-cost.ts';

/** How a row of an alert table is shown (spec 1, section 4). */
export type RowDisplayState =
  | 'new'
  | 'old'
  | 'deleted'
  | 'approved'
  | 'approvedOnce'
  | 'denied'
  | 'asked'
  | 'send'
  | 'donotsend';

const BY_STATUS: Record<string, RowDisplayState> = {
  approve: 'approved',
  submitlimit: 'approved',
  limitedApproval: 'approved',
  approveonce: 'approvedOnce',
  deny: 'denied',
  ask: 'asked',
  send: 'send',
  donotsend: 'donotsend',
};

/**
 * The display state of a row: deleted first (a flat high cost alert whose status badge reads DELETED: a posted one
 * stays POSTED, spec 1 section 4), then the answered status, then new (unread) or old. Unanswered alerts whose read
 * state is not markable count as old.
 */
export function rowDisplayState(
  alert: { srxStatus?: string | null; readByFaci?: boolean | null } & HighCostFlags,
): RowDisplayState {
  if (highCostStatus(alert) === 'DELETED') return 'deleted';
  const answered = alert.srxStatus ? BY_STATUS[alert.srxStatus] : undefined;
  if (answered) return answered;
  return alert.readByFaci === false ? 'new' : 'old';
}

/**
 * Whether a row's state is an answer given to the alert (approved, approvedOnce, denied, asked, send, donotsend),
 * rather than new, old or deleted.
 */
export function isAnsweredRowState(state: RowDisplayState): boolean {
  return state !== 'new' && state !== 'old' && state !== 'deleted';
}

/** Archived means an archive time or an archive id (spec 1, section 4). */
export function isArchivedAlert(alert: {
  archiveDtTm?: string | null;
  _internalArchiveID?: number | string | null;
}): boolean {
  return (
    Boolean(alert.archiveDtTm) ||
    (alert._internalArchiveID !== null && alert._internalArchiveID !== undefined)
  );
}

/** Unread rows sort before read rows; the order within each group is kept (a stable sort). */
export function unreadFirst<T extends { readByFaci?: boolean | null }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => Number(b.readByFaci === false) - Number(a.readByFaci === false));
}

/** Narcotics quantity remaining: total prescribed minus fills times quantity (spec 1, section 9). */
export function narcoticsQuantityRemaining(alert: {
  totalQtyPrescribed: number;
  fills: number;
  qty: number;
}): number {
  return alert.totalQtyPrescribed - alert.fills * alert.qty;
}

/**
 * Whose alert this is, in a few words: the patient and the drug ('Yamamoto, Gloria · Quetiapine 25 mg tablet'). The
 * detail and every action dialog show it, so that whoever approves, denies or asks can see which resident and which
 * prescription they are answering for, whatever tab or dialog is open.
 */
export function alertSubject(alert: { patName: string; drugLabelName: string }): string {
  return [alert.patName, alert.drugLabelName]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' · ');
}
