import {
  FACILITY_ADMIN_PERMISSIONS,
  mayActAtPharmacy,
  PHARMACY_ADMIN_PERMISSIONS,
  toPermissionMap,
} from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { facilities, facilityMemberships, pharmacyMemberships } from '../../db/schema/index.ts';
import { facilityAccess, pharmacyAccess } from '../../platform/access.ts';
import type { AuthUser } from '../../platform/context.ts';

/**
 * Whether the viewer may set another user's dashboard configuration (spec 2, section 6: allowToSetSettingsForUsers):
 * a super admin always; otherwise the viewer holds the key at a facility the target belongs to, or at a pharmacy the
 * target belongs to or whose facility the target belongs to.
 */
export async function mayConfigureUser(db: Db, viewer: AuthUser, targetId: number): Promise<boolean> {
  if (viewer.userType === 'SuperAdmin') return true;
  const [targetFacilities, targetPharmacies] = await Promise.all([
    db
      .select({ facId: facilityMemberships.facId, pharmId: facilities.pharmId })
      .from(facilityMemberships)
      .innerJoin(facilities, eq(facilities.facId, facilityMemberships.facId))
      .where(eq(facilityMemberships.userId, targetId)),
    db
      .select({ pharmId: pharmacyMemberships.pharmId, role: pharmacyMemberships.role })
      .from(pharmacyMemberships)
      .where(eq(pharmacyMemberships.userId, targetId)),
  ]);
  if (viewer.userType === 'FacilityUser') {
    const ids = targetFacilities.map((f) => f.facId);
    if (ids.length === 0) return false;
    const access = await facilityAccess(db, viewer, ids);
    return access.some((a) => a.permissions.has(FACILITY_ADMIN_PERMISSIONS.setSettingsForUsers));
  }
  const pharmacies = await pharmacyAccess(db, viewer);
  // A pharmacy user as the target: the Pharmacy Users menu's own rule (a manager at a shared pharmacy holding
  // allowToSetSettingsForUsers there, never oneself), so the server allows exactly what the menu offers.
  const mayAtPharmacy = (p: (typeof pharmacies)[number], role: string) =>
    mayActAtPharmacy(
      'editSettings',
      viewer.id,
      { pharmID: p.pharmId, userRole: p.role, userPermissions: toPermissionMap(p.userPermissions) },
      targetId,
      role,
    );
  const byId = new Map(pharmacies.map((p) => [p.pharmId, p]));
  if (targetPharmacies.length > 0) {
    return targetPharmacies.some((t) => {
      const shared = byId.get(t.pharmId);
      return shared !== undefined && mayAtPharmacy(shared, t.role);
    });
  }
  // A facility user as the target: the pharmacy's key at the pharmacy serving one of the target's facilities.
  const allowed = new Set(
    pharmacies
      .filter((p) => p.userPermissions.has(PHARMACY_ADMIN_PERMISSIONS.setSettingsForUsers))
      .map((p) => p.pharmId),
  );
  return targetFacilities.some((f) => allowed.has(f.pharmId));
}
