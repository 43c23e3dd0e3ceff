import { canManageContent, type UserInfo } from '@portal/domain';

/** Whether the user may add, edit and delete release notes and versions (the server's rule). */
export function userManagesContent(user: UserInfo): boolean {
  const pharmacyRoles = user.entityTypeAndRole.flatMap((e) => ('pharid' in e ? [e.userRole] : []));
  return canManageContent(user.userType, pharmacyRoles);
}
