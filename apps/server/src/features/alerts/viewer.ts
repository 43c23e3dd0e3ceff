import { ACTION_MESSAGES, type ActionContext, type Widget } from '@portal/domain';
import type { Db } from '../../db/client.ts';
import { facilityAccess, pharmacyAccess, visibleFacilityIds } from '../../platform/access.ts';
import type { AuthUser } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { findAlertRow } from './queries.ts';

const asMap = (keys: Set<string> | undefined) => Object.fromEntries([...(keys ?? [])].map((k) => [k, true]));

/**
 * The alert the viewer asks about, among the facilities they may see, with the permissions that decide what they
 * may do with it. An alert they may not see is a 404, exactly like one that does not exist.
 */
export async function alertForViewer(
  db: Db,
  user: AuthUser,
  widget: Widget,
  by: { id?: number; identifier?: string; uuid?: string },
) {
  const facilityIds = await visibleFacilityIds(db, user);
  const found = await findAlertRow(db, widget, facilityIds, by);
  if (!found) throw notFound(ACTION_MESSAGES.noAlert);
  const [facilities, pharmacies] = await Promise.all([
    facilityAccess(db, user, [found.alert.facId]),
    pharmacyAccess(db, user),
  ]);
  const facility = facilities[0];
  const pharmacy = pharmacies.find((p) => p.pharmId === found.alert.pharmId);
  const context: ActionContext = {
    userType: user.userType,
    userPermissions: asMap(pharmacy?.userPermissions),
    pharmPermissions: asMap(pharmacy?.pharmPermissions),
    facilityPermissions: asMap(facility?.permissions),
    isArchived: found.alert.isArchived,
  };
  return { ...found, context, facilityPermissions: facility?.permissions ?? new Set<string>() };
}
