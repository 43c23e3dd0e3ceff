import { PHARMACY_ADMIN_MESSAGES, USER_MESSAGES } from '@portal/domain';

/** A pharmacy chosen for a user but not saved yet; its role is null until one is picked (spec 2, section 4). */
export interface PendingPharmacy {
  pharmID: string;
  role: string | null;
}

/** The body's entities when every pending row has a role, else the spec's message. */
export function pendingEntities(
  pending: readonly PendingPharmacy[],
): { entities: { entityid: string; userRole: string }[] } | { problem: string } {
  if (pending.some((p) => !p.role)) return { problem: USER_MESSAGES.roleForAllPharmacies };
  return { entities: pending.map((p) => ({ entityid: p.pharmID, userRole: p.role ?? '' })) };
}

export const LEAVE_PENDING_MESSAGE = PHARMACY_ADMIN_MESSAGES.leavePending;
