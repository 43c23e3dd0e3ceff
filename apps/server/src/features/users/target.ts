import {
  canDeleteUser,
  canEditProfile,
  isAdminLevel,
  isPharmacyUserManager,
  mayActAtPharmacy,
  type PharmacyStanding,
  toPermissionMap,
} from '@portal/domain';
import type { Db } from '../../db/client.ts';
import type { users } from '../../db/schema/index.ts';
import { notFound } from '../../platform/errors.ts';
import { facilityRolesOf, findLiveUser, pharmacyRolesOf } from './queries.ts';
import type { ServerViewer } from './viewer.ts';

/** What the viewer may do to one user through one facility (or pharmacy). */
export interface TargetAt {
  user: typeof users.$inferSelect;
  kind: 'facility' | 'pharmacy';
  entityId: number | string;
  entityName: string;
  role: string;
  mayEdit: boolean;
  mayDelete: boolean;
  /** The viewer is admin-level there (the wire's requestorIsAdmin). */
  isAdmin: boolean;
  /** Every membership of the user lies where the viewer administers (deleting the account takes them all). */
  isWithinViewer: boolean;
}

export const NO_SUCH_USER = 'No such user.';

/**
 * The user with `email` as seen through `entityId` (a facility id, or a pharmacy id for a pharmacy user). 404 when
 * the viewer does not see the entity, or the user has no role there: a user is visible only through an entity
 * the viewer can see, so another tenant's user looks exactly like a missing one.
 */
export async function findTargetAt(
  db: Db,
  viewer: ServerViewer,
  email: string,
  entityId: number | string,
): Promise<TargetAt> {
  const user = await findLiveUser(db, email);
  if (!user) throw notFound(NO_SUCH_USER);
  const [facilityRoles, pharmacyRoles] = await Promise.all([
    facilityRolesOf(db, user.id),
    pharmacyRolesOf(db, user.id),
  ]);
  const visibleFacilities = new Set(viewer.facilities.map((f) => f.facID));
  const visiblePharmacies = new Set(viewer.pharmacies.map((p) => p.pharmId));
  const isWithinViewer =
    facilityRoles.every((r) => visibleFacilities.has(r.facid)) &&
    pharmacyRoles.every((r) => visiblePharmacies.has(r.pharmId));

  if (typeof entityId === 'number') {
    const facility = viewer.facilities.find((f) => f.facID === entityId);
    const role = facilityRoles.find((r) => r.facid === entityId)?.userRole;
    if (!facility || !role) throw notFound(NO_SUCH_USER);
    const target = {
      userId: user.id,
      entityTypeAndRole: facilityRoles.filter((r) => visibleFacilities.has(r.facid)),
    };
    return {
      user,
      kind: 'facility',
      entityId,
      entityName: facility.facName,
      role,
      mayEdit: canEditProfile(viewer, target, entityId),
      mayDelete: canDeleteUser(viewer, target, entityId),
      isAdmin: isAdminLevel(viewer, entityId),
      isWithinViewer,
    };
  }
  const pharmacy = viewer.pharmacies.find((p) => p.pharmId === entityId);
  const role = pharmacyRoles.find((r) => r.pharmId === entityId)?.role;
  if (!pharmacy || !role) throw notFound(NO_SUCH_USER);
  // The same rule as the Pharmacy Users row menu (pharmacy-admin.ts), so the server refuses what the menu hides.
  const standing: PharmacyStanding = {
    pharmID: pharmacy.pharmId,
    userRole: viewer.userType === 'SuperAdmin' ? 'SuperAdmin' : pharmacy.role,
    userPermissions: toPermissionMap(pharmacy.userPermissions),
  };
  const rights = {
    mayEdit: mayActAtPharmacy('editProfile', viewer.userId, standing, user.id, role),
    mayDelete: mayActAtPharmacy('delete', viewer.userId, standing, user.id, role),
    isAdmin: isPharmacyUserManager(standing),
  };
  return {
    user,
    kind: 'pharmacy',
    entityId,
    entityName: pharmacy.name,
    role,
    ...rights,
    isWithinViewer,
  };
}
