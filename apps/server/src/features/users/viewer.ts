import { type AdminViewer, toPermissionMap } from '@portal/domain';
import type { Db } from '../../db/client.ts';
import { facilityAccess, type PharmacyAccess, pharmacyAccess } from '../../platform/access.ts';
import type { AuthUser } from '../../platform/context.ts';

/** The administering viewer as the domain rule takes it, plus their pharmacies for pharmacy-side targets. */
export interface ServerViewer extends AdminViewer {
  readonly pharmacies: readonly PharmacyAccess[];
}

/** Builds the viewer from what they may see: the same facility and pharmacy access every route uses. */
export async function adminViewerOf(db: Db, user: AuthUser): Promise<ServerViewer> {
  const [facilities, pharmacies] = await Promise.all([
    facilityAccess(db, user),
    user.userType === 'FacilityUser' ? Promise.resolve([]) : pharmacyAccess(db, user),
  ]);
  return {
    userId: user.id,
    userType: user.userType,
    facilities: facilities.map((f) => ({
      facID: f.facId,
      facName: f.name,
      pharmID: f.pharmId,
      userRole: f.role,
      permissions: toPermissionMap(f.permissions),
    })),
    pharmacyPermissions: Object.fromEntries(
      pharmacies.map((p) => [p.pharmId, toPermissionMap(p.userPermissions)]),
    ),
    pharmacies,
  };
}
