import { canManageContent, type UserInfo } from '@portal/domain';

/** Whether the user may add, edit and delete release notes and versions (the server's rule). */
export function userManagesContent(user: UserInfo): boolean {
  const pharmacyRoles = user.entityTypeAndRole.flatMap((e) => ('pharid' in e ? [e.userRole] : []));
  return canManageContent(user.userType, pharmacyRoles);
}

/** Today as the reader's ISO day, the editors' default date. */
export function todayIso(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
