import {
  FACILITY_ADMIN_PERMISSIONS,
  hasAll,
  type PermissionMap,
  PHARMACY_ADMIN_PERMISSIONS,
} from './permissions.ts';
import { FACILITY_ADMIN_ROLES, FACILITY_ROLES, type UserType } from './roles.ts';

/** A facility as the viewer sees it: their role there and the facility's permission map (`GET /facilities`). */
export interface ViewerFacility {
  readonly facID: number;
  readonly facName: string;
  readonly pharmID: string;
  readonly userRole: string;
  readonly permissions: PermissionMap;
}

/**
 * Who is administering: their id and type, the facilities they see, and for a pharmacy user their own
 * permissions at each of their pharmacies (`GET /pharmacies` userPermissions), which limit what a facility allows.
 */
export interface AdminViewer {
  readonly userId: number;
  readonly userType: UserType;
  readonly facilities: readonly ViewerFacility[];
  readonly pharmacyPermissions: Readonly<Record<string, PermissionMap>>;
}

/** The user being administered: their id and their role at each facility the viewer sees. */
export interface AdminTarget {
  readonly userId: number;
  readonly entityTypeAndRole: readonly { readonly facid: number; readonly userRole: string }[];
}

/** Facility pickers show this many results a page (spec 2, section 9). */
export const PICKER_PAGE_SIZE = 15;

/** `user_Edit{role}`: edit (name, phone, password, role) a user holding `role` at the facility. */
export const userEditKey = (role: string) => `user_Edit${role}`;
/** `user_Delete{role}`: delete a user holding `role` at the facility. */
export const userDeleteKey = (role: string) => `user_Delete${role}`;

function facilityOf(viewer: AdminViewer, facID: number): ViewerFacility | undefined {
  return viewer.facilities.find((f) => f.facID === facID);
}

/**
 * Whether the viewer is admin-level at a facility (spec 2, section 6): a super admin, a pharmacy user of the
 * facility's pharmacy, or the facility's facility admin. Only they add users to it or change roles there.
 */
export function isAdminLevel(viewer: AdminViewer, facID: number): boolean {
  const facility = facilityOf(viewer, facID);
  if (!facility) return false;
  if (viewer.userType === 'SuperAdmin' || viewer.userType === 'PharmacyUser') return true;
  return FACILITY_ADMIN_ROLES.includes(facility.userRole);
}

/**
 * What the viewer may do at a facility: a facility user's map already holds what their role grants there; a
 * pharmacy user holds a facility's key only when their own pharmacy role grants it too; a super admin all of it.
 */
export function effectivePermissions(viewer: AdminViewer, facID: number): PermissionMap {
  const facility = facilityOf(viewer, facID);
  if (!facility) return {};
  if (viewer.userType !== 'PharmacyUser') return facility.permissions;
  const own = viewer.pharmacyPermissions[facility.pharmID] ?? {};
  // Pharmacy roles carry no facility-only key for adding facilities; their "add to user" power is the
  // pharmacy-side user_AddPharmacyToUser, so that stands in for it.
  const ownKey = (key: string) =>
    key === FACILITY_ADMIN_PERMISSIONS.addFacilityToUser ? PHARMACY_ADMIN_PERMISSIONS.addPharmacyToUser : key;
  return Object.fromEntries(
    Object.entries(facility.permissions).filter(([key, v]) => v && own[ownKey(key)] === true),
  );
}

const holds = (viewer: AdminViewer, facID: number, key: string) =>
  hasAll(effectivePermissions(viewer, facID), key);

/**
 * The facility roles the viewer may give a user they add to this facility. Spec 2, section 6: adding is for
 * pharmacy users, super admins and facility admins (admin-level), and among pharmacy staff "SysAdmins and Managers
 * can add, edit and delete users", so a pharmacy user also needs their own pharmacy role to grant
 * `user_Edit{role}` (SysAdmin, Manager, Administrator do; a Pharmacist or Billing clerk, who answer alerts but do not
 * administer, do not: seed/role-grants.ts). Facility admins and super admins give any role, as before.
 */
export function addableRoles(viewer: AdminViewer, facID: number): string[] {
  const facility = facilityOf(viewer, facID);
  if (!facility || !isAdminLevel(viewer, facID)) return [];
  const roles = FACILITY_ROLES.map((r) => r.name);
  if (viewer.userType !== 'PharmacyUser') return roles;
  const own = viewer.pharmacyPermissions[facility.pharmID] ?? {};
  return roles.filter((role) => own[userEditKey(role)] === true);
}

/**
 * Whether the viewer may add a user to this facility with `role` (`/createuser`), or, without a role, with some
 * role (the Add User menu item, the Create Facility User picker).
 */
export function canAddUserToFacility(viewer: AdminViewer, facID: number, role?: string): boolean {
  const roles = addableRoles(viewer, facID);
  return role === undefined ? roles.length > 0 : roles.includes(role);
}

/** Facilities a picker offers: only those where the viewer is admin-level, by name. */
export function pickerFacilities(viewer: AdminViewer): ViewerFacility[] {
  return viewer.facilities
    .filter((f) => isAdminLevel(viewer, f.facID))
    .sort((a, b) => a.facName.localeCompare(b.facName) || a.facID - b.facID);
}

const isSelf = (viewer: AdminViewer, target: AdminTarget) => viewer.userId === target.userId;
const roleAt = (target: AdminTarget, facID: number) =>
  target.entityTypeAndRole.find((e) => e.facid === facID)?.userRole;

/** Whether the viewer may change the target's role at a facility: admin-level, not themselves, Edit of both roles. */
export function canChangeRole(
  viewer: AdminViewer,
  target: AdminTarget,
  facID: number,
  newRole?: string,
): boolean {
  const role = roleAt(target, facID);
  if (!role || isSelf(viewer, target) || !isAdminLevel(viewer, facID)) return false;
  return holds(viewer, facID, userEditKey(role)) && (!newRole || holds(viewer, facID, userEditKey(newRole)));
}

/** Whether the viewer may take the target off a facility: admin-level, not themselves, Delete of their role. */
export function canRemoveFromFacility(viewer: AdminViewer, target: AdminTarget, facID: number): boolean {
  const role = roleAt(target, facID);
  if (!role || isSelf(viewer, target) || !isAdminLevel(viewer, facID)) return false;
  return holds(viewer, facID, userDeleteKey(role));
}

/** Edit Name and Phone at a facility: `user_Edit{role}` of the target's role there. */
export function canEditProfile(viewer: AdminViewer, target: AdminTarget, facID: number): boolean {
  const role = roleAt(target, facID);
  return role !== undefined && holds(viewer, facID, userEditKey(role));
}

/**
 * Reset Password at a facility: `user_Edit{role}` and the viewer is admin-level there (requestorIsAdmin); never
 * oneself, whose password is changed under Settings with the current one (as on the pharmacy side).
 */
export function canResetPassword(viewer: AdminViewer, target: AdminTarget, facID: number): boolean {
  return !isSelf(viewer, target) && canEditProfile(viewer, target, facID) && isAdminLevel(viewer, facID);
}

/** Delete User through a facility: `user_Delete{role}` of the target's role there; never oneself. */
export function canDeleteUser(viewer: AdminViewer, target: AdminTarget, facID: number): boolean {
  const role = roleAt(target, facID);
  return role !== undefined && !isSelf(viewer, target) && holds(viewer, facID, userDeleteKey(role));
}

/** Edit User Settings: `allowToSetSettingsForUsers` at one of the target's facilities. */
export function canEditUserSettings(viewer: AdminViewer, target: AdminTarget): boolean {
  return target.entityTypeAndRole.some((e) =>
    holds(viewer, e.facid, FACILITY_ADMIN_PERMISSIONS.setSettingsForUsers),
  );
}

/** Adding a facility to a user: admin-level there and `user_AddFacilityToUser`. */
export function canAddFacilityToUser(viewer: AdminViewer, facID: number): boolean {
  return isAdminLevel(viewer, facID) && holds(viewer, facID, FACILITY_ADMIN_PERMISSIONS.addFacilityToUser);
}

/** Whether the viewer is admin-level at any of the target's facilities (the wire's `requestorIsAdmin`). */
export function requestorIsAdmin(viewer: AdminViewer, target: AdminTarget): boolean {
  return target.entityTypeAndRole.some((e) => isAdminLevel(viewer, e.facid));
}

/** The facility each row-menu action goes through (the first that allows it), or null when none does. */
export interface UserRowActions {
  resetPassword: number | null;
  editProfile: number | null;
  deleteUser: number | null;
  editSettings: boolean;
  addFacilities: boolean;
}

/** The Facility Users row menu's gates (spec 2, section 6) for one target. */
export function userRowActions(viewer: AdminViewer, target: AdminTarget): UserRowActions {
  const first = (rule: (facID: number) => boolean) =>
    target.entityTypeAndRole.map((e) => e.facid).find(rule) ?? null;
  return {
    resetPassword: first((id) => canResetPassword(viewer, target, id)),
    editProfile: first((id) => canEditProfile(viewer, target, id)),
    deleteUser: first((id) => canDeleteUser(viewer, target, id)),
    editSettings: canEditUserSettings(viewer, target),
    addFacilities: viewer.facilities.some((f) => canAddFacilityToUser(viewer, f.facID)),
  };
}
