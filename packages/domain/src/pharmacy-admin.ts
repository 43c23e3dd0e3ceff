import { hasAll, type PermissionMap, PHARMACY_ADMIN_PERMISSIONS } from './permissions.ts';
import { PHARMACY_USER_MANAGER_ROLES, type UserType } from './roles.ts';

/**
 * Pharmacy-side user administration (spec 2, section 6): one rule for the server's checks and the screens'
 * menus. A caller's standing at each pharmacy is what `GET /pharmacies` gives them (role and own permissions).
 */

/** The caller's role and own permission flags at one pharmacy. */
export interface PharmacyStanding {
  readonly pharmID: string;
  readonly userRole: string;
  readonly userPermissions: PermissionMap;
}

/** A pharmacy user's role at one pharmacy, as `pharmRole` carries it. */
export interface PharmacyRoleEntry {
  readonly pharid: string;
  readonly role: string;
}

/** The user an action is aimed at. */
export interface PharmacyUserTarget {
  readonly userId: number;
  readonly pharmRole: readonly PharmacyRoleEntry[];
}

/** The row-menu actions gated by a per-pharmacy flag (View / Edit Pharmacies is always offered). */
export type PharmacyUserAction = 'resetPassword' | 'editProfile' | 'editSettings' | 'delete';

/** Text people read on the pharmacy administration screens (spec 2, sections 4, 5 and 8). */
export const PHARMACY_ADMIN_MESSAGES = {
  onlyPharmacyStaff: 'Only pharmacy staff manage pharmacy users',
  emailDomain: (domain: string) => `Pharmacy staff emails must end with @${domain}`,
  notYourself: 'You cannot change your own role or remove yourself',
  pharmacyNotAllowed: (pharmID: string) => `You may not add users to ${pharmID}`,
  roleNotAllowed: (role: string) => `You may not manage ${role} users`,
  alreadyMember: (pharmID: string) => `The user already has a role at ${pharmID}`,
  created: 'Pharmacy user successfully created',
  /** Why Add Pharmacy User is off: the caller manages users at none of their pharmacies (pharmaciesOffered). */
  mayNotCreate: 'Only a SysAdmin or Manager of a pharmacy adds pharmacy users',
  added: 'User added to pharmacies',
  roleChanged: 'User role successfully changed',
  removed: (name: string, pharmacy: string) => `${name} removed from ${pharmacy}`,
  /** Taking a user off their only pharmacy would leave an account nobody can see or manage. */
  lastPharmacy: (name: string) => `${name} has no other pharmacy. Delete the user instead.`,
  confirmRemove: (name: string, pharmacy: string) => `Remove ${name} from ${pharmacy}?`,
  retrieveError: 'Error retrieving pharmacy users',
  leavePending: 'There are unsaved pending pharmacies. Leave page without saving?',
  resetDone: (message: string, email: string) => `${message} for "${email}"`,
  noUsers: 'No Users',
} as const;

/** Pharmacy users and super admins administer pharmacy users; facility users never do. */
export function mayAdministerPharmacyUsers(userType: UserType): boolean {
  return userType === 'PharmacyUser' || userType === 'SuperAdmin';
}

/** SysAdmins and Managers manage users in their pharmacies; a super admin's standing counts as theirs. */
export function isPharmacyUserManager(standing: PharmacyStanding): boolean {
  return standing.userRole === 'SuperAdmin' || PHARMACY_USER_MANAGER_ROLES.includes(standing.userRole);
}

const editKey = (role: string) => `user_Edit${role}`;
const deleteKey = (role: string) => `user_Delete${role}`;

/** Whether the caller may give someone `role` at this pharmacy (add a pharmacy, or create a user there). */
export function mayAssignPharmacyRole(standing: PharmacyStanding, role: string): boolean {
  return (
    isPharmacyUserManager(standing) &&
    hasAll(standing.userPermissions, PHARMACY_ADMIN_PERMISSIONS.addPharmacyToUser, editKey(role))
  );
}

/** The pharmacies a picker offers: where the caller manages users and holds `user_AddPharmacyToUser`. */
export function pharmaciesOffered<S extends PharmacyStanding>(standings: readonly S[]): S[] {
  return standings.filter(
    (s) =>
      isPharmacyUserManager(s) && hasAll(s.userPermissions, PHARMACY_ADMIN_PERMISSIONS.addPharmacyToUser),
  );
}

/** The target's roles at pharmacies the caller also belongs to; empty means the caller may not act on them. */
export function sharedPharmacies(
  standings: readonly PharmacyStanding[],
  target: PharmacyUserTarget,
): { standing: PharmacyStanding; role: string }[] {
  return target.pharmRole.flatMap((entry) => {
    const standing = standings.find((s) => s.pharmID === entry.pharid);
    return standing ? [{ standing, role: entry.role }] : [];
  });
}

/** Whether the caller may change the target's role at a pharmacy from one role to another (never their own). */
export function mayChangePharmacyRole(
  callerId: number,
  standing: PharmacyStanding,
  targetId: number,
  fromRole: string,
  toRole: string,
): boolean {
  return (
    callerId !== targetId &&
    isPharmacyUserManager(standing) &&
    hasAll(standing.userPermissions, editKey(fromRole), editKey(toRole))
  );
}

/** Whether the caller may remove the target (holding `role` there) from a pharmacy; nobody removes themselves. */
export function mayRemoveFromPharmacy(
  callerId: number,
  standing: PharmacyStanding,
  targetId: number,
  role: string,
): boolean {
  return (
    callerId !== targetId &&
    isPharmacyUserManager(standing) &&
    hasAll(standing.userPermissions, deleteKey(role))
  );
}

/** Whether the caller may add the target to a pharmacy with `role`; nobody adds pharmacies to themselves. */
export function mayAddPharmacyToUser(
  callerId: number,
  standing: PharmacyStanding,
  targetId: number,
  role: string,
): boolean {
  return callerId !== targetId && mayAssignPharmacyRole(standing, role);
}

/**
 * Whether the caller may do a row-menu action to the target (holding `role` there) through one pharmacy: never to
 * themselves, only as a user manager there, holding `user_Edit{Role}` for reset and profile, `user_Delete{Role}` for
 * delete, `allowToSetSettingsForUsers` for settings. The server's /adminpwdreset, /edituserinfo and /deleteuser
 * checks for a pharmacy target use this same rule.
 */
export function mayActAtPharmacy(
  action: PharmacyUserAction,
  callerId: number,
  standing: PharmacyStanding,
  targetId: number,
  role: string,
): boolean {
  if (callerId === targetId) return false;
  // Dashboard settings follow their own key alone: a role such as Superuser holds allowToSetSettingsForUsers
  // without managing users (spec 2, section 6 lists the flag apart from the SysAdmin/Manager user management).
  if (action === 'editSettings')
    return hasAll(standing.userPermissions, PHARMACY_ADMIN_PERMISSIONS.setSettingsForUsers);
  if (!isPharmacyUserManager(standing)) return false;
  if (action === 'delete') return hasAll(standing.userPermissions, deleteKey(role));
  return hasAll(standing.userPermissions, editKey(role));
}

/** The first pharmacy both share through which the caller may do the action (the call's `entityId`), or null. */
export function pharmacyForUserAction(
  action: PharmacyUserAction,
  callerId: number,
  standings: readonly PharmacyStanding[],
  target: PharmacyUserTarget,
): string | null {
  const shared = sharedPharmacies(standings, target).find(({ standing, role }) =>
    mayActAtPharmacy(action, callerId, standing, target.userId, role),
  );
  return shared?.standing.pharmID ?? null;
}

/**
 * Whether a row-menu action applies to the target: in some pharmacy both share, the caller manages users and holds
 * the flag for the target's role there (`user_Edit{Role}` for reset and profile, `user_Delete{Role}` for delete,
 * `allowToSetSettingsForUsers` for settings). Nobody does these to themselves from the administration list.
 */
export function mayActOnPharmacyUser(
  action: PharmacyUserAction,
  callerId: number,
  standings: readonly PharmacyStanding[],
  target: PharmacyUserTarget,
): boolean {
  return pharmacyForUserAction(action, callerId, standings, target) !== null;
}
