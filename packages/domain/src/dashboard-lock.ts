import { FACILITY_ADMIN_ROLES, PHARMACY_USER_MANAGER_ROLES } from './roles.ts';
import type { UserInfo } from './schemas/auth.ts';

/**
 * Whether a user administers dashboard settings, so their own configuration is never locked and they see the
 * lock switch: a super admin, a facility admin, or a pharmacy SysAdmin or Manager (spec 2, sections 2 and 6).
 * The server decides by the allowToSetSettingsForUsers key; these roles are the ones that hold it.
 */
export function isDashboardSettingsAdmin(user: Pick<UserInfo, 'userType' | 'entityTypeAndRole'>): boolean {
  if (user.userType === 'SuperAdmin') return true;
  return user.entityTypeAndRole.some((entity) =>
    'facid' in entity
      ? FACILITY_ADMIN_ROLES.includes(entity.userRole)
      : PHARMACY_USER_MANAGER_ROLES.includes(entity.userRole),
  );
}

/** Whether the user's own dashboard configuration is locked by an administrator (allowToSetSettings false). */
export function isDashboardLocked(
  user: Pick<UserInfo, 'userType' | 'entityTypeAndRole' | 'userSettings'>,
): boolean {
  const allow = user.userSettings.allowToSetSettings;
  return (allow === false || allow === 'false') && !isDashboardSettingsAdmin(user);
}
