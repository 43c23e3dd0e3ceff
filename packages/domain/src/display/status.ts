/** Colours of badges, as theme colour names both the UI and PDFs map to real colours. */
export type BadgeColor = 'green' | 'red' | 'gray' | 'yellow' | 'primary';

/**
 * The labels shown for `srxStatus` codes (spec 1, section 4); a code not listed is shown as it is. The server sorts
 * the Status column by these too, so the order follows what the nurse reads.
 */
export const SRX_STATUS_LABELS: Readonly<Record<string, string>> = {
  approve: 'Approved',
  deny: 'Denied',
  approveonce: 'Approved Once',
  submitlimit: 'Limit Approval',
};

/** The label of an alert's `srxStatus` (spec 1, section 4); values without a label are shown as they are. */
export function srxStatusLabel(srxStatus: string | null | undefined): string {
  if (!srxStatus) return '';
  // Own keys only: a code such as 'constructor' is shown as it is, not as Object's built-in.
  return Object.hasOwn(SRX_STATUS_LABELS, srxStatus)
    ? (SRX_STATUS_LABELS[srxStatus] ?? srxStatus)
    : srxStatus;
}

const SRX_STATUS_COLORS: Record<string, BadgeColor> = {
  approve: 'green',
  deny: 'red',
  approveonce: 'gray',
  ask: 'yellow',
};

/** Badge colour of a status or action: approve green, deny red, approveonce grey, ask yellow, others primary. */
export function statusBadgeColor(status: string | null | undefined): BadgeColor {
  return (status && SRX_STATUS_COLORS[status]) || 'primary';
}

/** Prior authorization status badge: 'pending' is a danger badge, anything else a success badge. */
export function priorAuthBadgeColor(status: string | null | undefined): BadgeColor {
  return status?.toLowerCase() === 'pending' ? 'red' : 'green';
}
