import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  facilities,
  facilityMemberships,
  facilityPermissions,
  pharmacies,
  pharmacyMemberships,
  pharmacyPermissions,
  rolePermissions,
} from '../db/schema/index.ts';
import type { AuthUser } from './context.ts';

/** A facility the viewer may see, with their role there and the permissions that apply to them. */
export interface FacilityAccess {
  facId: number;
  name: string;
  pharmId: string;
  state: string;
  role: string;
  permissions: Set<string>;
}

type FacilityRow = { facId: number; name: string; pharmId: string; state: string; role: string };

/** The facilities a user may see with their role there, narrowed (never widened) by `only`. One query. */
async function facilityRows(db: Db, user: AuthUser, only?: readonly number[]): Promise<FacilityRow[]> {
  const narrow = only ? inArray(facilities.facId, [...only]) : undefined;
  const columns = {
    facId: facilities.facId,
    name: facilities.name,
    pharmId: facilities.pharmId,
    state: facilities.state,
  };
  if (user.userType === 'FacilityUser') {
    return db
      .select({ ...columns, role: facilityMemberships.role })
      .from(facilityMemberships)
      .innerJoin(facilities, eq(facilities.facId, facilityMemberships.facId))
      .where(and(eq(facilityMemberships.userId, user.id), narrow));
  }
  if (user.userType === 'PharmacyUser') {
    return db
      .select({ ...columns, role: pharmacyMemberships.role })
      .from(pharmacyMemberships)
      .innerJoin(facilities, eq(facilities.pharmId, pharmacyMemberships.pharmId))
      .where(and(eq(pharmacyMemberships.userId, user.id), narrow));
  }
  return db
    .select({ ...columns, role: sql<string>`'SuperAdmin'` })
    .from(facilities)
    .where(narrow);
}

/**
 * The facilities a user may see (reference/api.md, "Tenancy"): a facility user their memberships, a pharmacy user
 * every facility of their pharmacies, a super admin all. Permissions: a facility user holds the facility's keys
 * that their role grants too; pharmacy users and super admins see the facility's own keys (their own limits are
 * the pharmacy side's userPermissions).
 */
export async function facilityAccess(
  db: Db,
  user: AuthUser,
  only?: readonly number[],
): Promise<FacilityAccess[]> {
  const rows = await facilityRows(db, user, only);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.facId);
  const granted = await db
    .select({ facId: facilityPermissions.facId, key: facilityPermissions.key })
    .from(facilityPermissions)
    .where(inArray(facilityPermissions.facId, ids));
  const roleKeys =
    user.userType === 'FacilityUser'
      ? await roleGrants(
          db,
          'facility',
          rows.map((r) => r.role),
        )
      : null;
  const byFacility = new Map<number, Set<string>>(ids.map((id) => [id, new Set<string>()]));
  const roleOf = new Map(rows.map((r) => [r.facId, r.role]));
  for (const { facId, key } of granted) {
    const role = roleOf.get(facId) ?? '';
    if (roleKeys && !roleKeys.get(role)?.has(key)) continue;
    byFacility.get(facId)?.add(key);
  }
  return rows
    .map((r) => ({ ...r, permissions: byFacility.get(r.facId) ?? new Set<string>() }))
    .sort((a, b) => a.facId - b.facId);
}

/** The ids of the facilities a user may see, narrowed (never widened) by the ids asked for. */
export async function visibleFacilityIds(
  db: Db,
  user: AuthUser,
  asked?: readonly number[],
): Promise<number[]> {
  return (await facilityRows(db, user, asked)).map((r) => r.facId);
}

/** A pharmacy the viewer may see: their role and own permissions there, and the pharmacy's permissions. */
export interface PharmacyAccess {
  pharmId: string;
  name: string;
  state: string;
  role: string;
  userPermissions: Set<string>;
  pharmPermissions: Set<string>;
}

/**
 * The pharmacies a user may see: a pharmacy user their memberships, a facility user the pharmacies of their
 * facilities (for the pharmacy's permissions; they hold no role there), a super admin all.
 */
export async function pharmacyAccess(db: Db, user: AuthUser): Promise<PharmacyAccess[]> {
  let rows: { pharmId: string; name: string; state: string; role: string }[];
  if (user.userType === 'PharmacyUser') {
    rows = await db
      .select({
        pharmId: pharmacies.pharmId,
        name: pharmacies.name,
        state: pharmacies.state,
        role: pharmacyMemberships.role,
      })
      .from(pharmacyMemberships)
      .innerJoin(pharmacies, eq(pharmacies.pharmId, pharmacyMemberships.pharmId))
      .where(eq(pharmacyMemberships.userId, user.id));
  } else if (user.userType === 'FacilityUser') {
    rows = await db
      .selectDistinct({
        pharmId: pharmacies.pharmId,
        name: pharmacies.name,
        state: pharmacies.state,
        role: sql<string>`''`,
      })
      .from(facilityMemberships)
      .innerJoin(facilities, eq(facilities.facId, facilityMemberships.facId))
      .innerJoin(pharmacies, eq(pharmacies.pharmId, facilities.pharmId))
      .where(eq(facilityMemberships.userId, user.id));
  } else {
    rows = await db
      .select({
        pharmId: pharmacies.pharmId,
        name: pharmacies.name,
        state: pharmacies.state,
        role: sql<string>`'SuperAdmin'`,
      })
      .from(pharmacies);
  }
  if (rows.length === 0) return [];
  const pharmKeys = await db
    .select({ pharmId: pharmacyPermissions.pharmId, key: pharmacyPermissions.key })
    .from(pharmacyPermissions)
    .where(
      inArray(
        pharmacyPermissions.pharmId,
        rows.map((r) => r.pharmId),
      ),
    );
  const roleKeys = await roleGrants(
    db,
    'pharmacy',
    rows.map((r) => r.role),
  );
  return rows
    .map((r) => {
      const own = pharmKeys.filter((k) => k.pharmId === r.pharmId).map((k) => k.key);
      // A super admin holds every key the pharmacy allows; a facility user holds none on the pharmacy side.
      const userKeys = user.userType === 'SuperAdmin' ? new Set(own) : new Set(roleKeys.get(r.role) ?? []);
      return { ...r, userPermissions: userKeys, pharmPermissions: new Set(own) };
    })
    .sort((a, b) => a.pharmId.localeCompare(b.pharmId));
}

async function roleGrants(
  db: Db,
  entity: 'facility' | 'pharmacy',
  roleNames: string[],
): Promise<Map<string, Set<string>>> {
  const names = [...new Set(roleNames.filter(Boolean))];
  const grants = new Map<string, Set<string>>();
  if (names.length === 0) return grants;
  const rows = await db
    .select({ role: rolePermissions.role, key: rolePermissions.key })
    .from(rolePermissions)
    .where(and(eq(rolePermissions.entity, entity), inArray(rolePermissions.role, names)));
  for (const { role, key } of rows) {
    if (!grants.has(role)) grants.set(role, new Set());
    grants.get(role)?.add(key);
  }
  return grants;
}
