import {
  type AdminUser,
  type AdminViewer,
  defaultUserSettings,
  requestorIsAdmin,
  type UserFacility,
} from '@portal/domain';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { facilities, facilityMemberships, pharmacyMemberships, users } from '../../db/schema/index.ts';
import { profileVersion } from './profile-version.ts';

type UserRow = typeof users.$inferSelect;

/** The live user with this email (case-insensitive), or null. */
export async function findLiveUser(db: Db, email: string): Promise<UserRow | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt)))
    .limit(1);
  return user ?? null;
}

/** A user's facility memberships, by facility id. */
export async function facilityRolesOf(db: Db, userId: number) {
  return db
    .select({ facid: facilityMemberships.facId, userRole: facilityMemberships.role })
    .from(facilityMemberships)
    .where(eq(facilityMemberships.userId, userId))
    .orderBy(asc(facilityMemberships.facId));
}

/** A user's pharmacy memberships. */
export async function pharmacyRolesOf(db: Db, userId: number) {
  return db
    .select({ pharmId: pharmacyMemberships.pharmId, role: pharmacyMemberships.role })
    .from(pharmacyMemberships)
    .where(eq(pharmacyMemberships.userId, userId));
}

const HEADLINE_ROLES = ['facilityadmin', 'DON', 'Nursing', 'BusinessOffice'];

/**
 * The live facility users with a role at any of `facIds` (facilities the viewer sees), each with only those
 * memberships: nothing of a facility the viewer may not see leaves the server.
 */
export async function findAdminUsers(
  db: Db,
  viewer: AdminViewer,
  facIds: readonly number[],
): Promise<AdminUser[]> {
  if (facIds.length === 0) return [];
  const visible = viewer.facilities.map((f) => f.facID);
  const holders = db
    .selectDistinct({ userId: facilityMemberships.userId })
    .from(facilityMemberships)
    .where(inArray(facilityMemberships.facId, [...facIds]));
  const rows = await db
    .select({ user: users, facid: facilityMemberships.facId, userRole: facilityMemberships.role })
    .from(users)
    .innerJoin(facilityMemberships, eq(facilityMemberships.userId, users.id))
    .where(
      and(
        isNull(users.deletedAt),
        inArray(users.id, holders),
        inArray(facilityMemberships.facId, visible.length ? visible : [-1]),
      ),
    )
    .orderBy(asc(users.displayName), asc(users.id), asc(facilityMemberships.facId));
  const byUser = new Map<number, { user: UserRow; roles: { facid: number; userRole: string }[] }>();
  for (const row of rows) {
    const entry = byUser.get(row.user.id) ?? { user: row.user, roles: [] };
    entry.roles.push({ facid: row.facid, userRole: row.userRole });
    byUser.set(row.user.id, entry);
  }
  return [...byUser.values()].map(({ user, roles }) => toAdminUser(viewer, user, roles));
}

/** The wire user of the administration lists (spec 2, section 3). */
export function toAdminUser(
  viewer: AdminViewer,
  user: UserRow,
  roles: { facid: number; userRole: string }[],
): AdminUser {
  const target = { userId: user.id, entityTypeAndRole: roles };
  const names = roles.map((r) => r.userRole);
  return {
    id: user.id,
    userId: user.id,
    email: user.email,
    displayName: user.displayName,
    phone: user.phone,
    title: user.title,
    userType: user.userType,
    userRole:
      user.userType === 'SuperAdmin' ? 'SuperAdmin' : (HEADLINE_ROLES.find((r) => names.includes(r)) ?? ''),
    numberFacilities: roles.length,
    entityTypeAndRole: roles,
    requestorIsAdmin: requestorIsAdmin(viewer, target),
    profileVersion: profileVersion(user),
    userSettings: { ...defaultUserSettings(), ...user.settings },
  };
}

/** The user's facilities among those the viewer sees, with names. */
export async function findUserFacilities(
  db: Db,
  userId: number,
  visible: readonly number[],
): Promise<UserFacility[]> {
  if (visible.length === 0) return [];
  return db
    .select({
      facID: facilities.facId,
      facName: facilities.name,
      pharmID: facilities.pharmId,
      facState: facilities.state,
      userRole: facilityMemberships.role,
    })
    .from(facilityMemberships)
    .innerJoin(facilities, eq(facilities.facId, facilityMemberships.facId))
    .where(and(eq(facilityMemberships.userId, userId), inArray(facilityMemberships.facId, [...visible])))
    .orderBy(asc(facilities.name));
}

/** How many facility and pharmacy memberships the user holds, everywhere (not only where a viewer sees). */
export async function membershipCount(db: Db, userId: number): Promise<number> {
  const [held] = await db
    .select({
      n: sql<number>`(select count(*) from ${facilityMemberships} where ${facilityMemberships.userId} = ${userId})
        + (select count(*) from ${pharmacyMemberships} where ${pharmacyMemberships.userId} = ${userId})`.mapWith(
        Number,
      ),
    })
    .from(users)
    .where(eq(users.id, userId));
  return held?.n ?? 0;
}

/** Locks the user's row until the transaction ends (pass a transaction); false when the user is deleted or gone. */
export async function lockLiveUser(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('update');
  return row !== undefined;
}

/**
 * The live user's name and phone with the row locked until the transaction ends (pass a transaction), for a profile
 * save to check its version against what is stored now; null when the user is deleted or gone.
 */
export async function lockProfile(db: Db, userId: number) {
  const [row] = await db
    .select({ displayName: users.displayName, phone: users.phone })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('update');
  return row ?? null;
}

/**
 * The membership count with the user's row locked for the rest of the transaction, so that two removals at once
 * cannot each see the other's membership as the one left.
 */
export async function lockedMembershipCount(db: Db, userId: number): Promise<number> {
  // Two statements on purpose: the count must take its snapshot after the lock is held (READ COMMITTED), or a
  // removal that waited on the lock would still count the membership the other one just deleted.
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  return membershipCount(db, userId);
}
