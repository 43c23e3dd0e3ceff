import { FACILITY_ADMIN_PERMISSIONS, PHARMACY_ADMIN_PERMISSIONS } from '@portal/domain';
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
      .select({ pharmId: pharmacyMemberships.pharmId })
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
  const allowed = new Set(
    pharmacies
      .filter((p) => p.userPermissions.has(PHARMACY_ADMIN_PERMISSIONS.setSettingsForUsers))
      .map((p) => p.pharmId),
  );
  return (
    targetPharmacies.some((p) => allowed.has(p.pharmId)) ||
    targetFacilities.some((f) => allowed.has(f.pharmId))
  );
}
