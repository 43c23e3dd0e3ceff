import type { AdminUser } from '@portal/domain';

/** The user a modal acts on: what both the facility and the pharmacy administration lists carry. */
export type AdminTarget = Pick<
  AdminUser,
  'userId' | 'email' | 'displayName' | 'phone' | 'profileVersion' | 'userSettings'
>;

/**
 * The accessible name of a user's row menu in the administration tables. The email is in it because names repeat:
 * two users both named 'Pat Lee' had menus a screen reader read alike, and an administrator could act on the wrong
 * one.
 */
export function userRowMenuLabel(user: Pick<AdminTarget, 'displayName' | 'email'>): string {
  return `Actions for ${user.displayName} (${user.email})`;
}
