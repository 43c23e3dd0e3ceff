import {
  defaultUserSettings,
  type PharmacyStanding,
  type PharmacyUser,
  type PharmacyUserTarget,
  toPermissionMap,
  type UserSettings,
} from '@portal/domain';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pharmacyMemberships, users } from '../../db/schema/index.ts';
import { type PharmacyAccess, pharmacyAccess } from '../../platform/access.ts';
import type { AuthUser } from '../../platform/context.ts';
import { announce, NOTICE_CHANNELS } from '../../platform/notices.ts';
import { profileVersion } from '../users/profile-version.ts';

/** The caller's pharmacies: names for answers, standings for the domain rule. */
export interface CallerPharmacies {
  access: PharmacyAccess[];
  standings: PharmacyStanding[];
}

/** What the caller holds at each of their pharmacies (a super admin: every pharmacy, with its keys). */
export async function callerPharmacies(db: Db, caller: AuthUser): Promise<CallerPharmacies> {
  const access = await pharmacyAccess(db, caller);
  return {
    access,
    standings: access.map((a) => ({
      pharmID: a.pharmId,
      userRole: a.role,
      userPermissions: toPermissionMap(a.userPermissions),
    })),
  };
}

/** A live pharmacy user with every pharmacy role they hold (not yet narrowed to what a caller may see). */
export interface PharmacyUserRecord extends PharmacyUserTarget {
  displayName: string;
  email: string;
  phone: string;
  title: string;
  settings: UserSettings;
}

async function membershipsOf(db: Db, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .select({
      userId: pharmacyMemberships.userId,
      pharid: pharmacyMemberships.pharmId,
      role: pharmacyMemberships.role,
    })
    .from(pharmacyMemberships)
    .where(inArray(pharmacyMemberships.userId, userIds))
    .orderBy(asc(pharmacyMemberships.pharmId));
}

const userColumns = {
  userId: users.id,
  displayName: users.displayName,
  email: users.email,
  phone: users.phone,
  title: users.title,
  settings: users.settings,
};

/** Live pharmacy users holding a role at any of `pharmIds`, each with all their pharmacy roles. */
export async function findPharmacyUsersIn(
  db: Db,
  pharmIds: readonly string[],
): Promise<PharmacyUserRecord[]> {
  if (pharmIds.length === 0) return [];
  const rows = await db
    .selectDistinct(userColumns)
    .from(users)
    .innerJoin(pharmacyMemberships, eq(pharmacyMemberships.userId, users.id))
    .where(
      and(
        eq(users.userType, 'PharmacyUser'),
        isNull(users.deletedAt),
        inArray(pharmacyMemberships.pharmId, [...pharmIds]),
      ),
    );
  const roles = await membershipsOf(
    db,
    rows.map((r) => r.userId),
  );
  return rows.map((r) => ({
    ...r,
    pharmRole: roles.filter((m) => m.userId === r.userId).map(({ pharid, role }) => ({ pharid, role })),
  }));
}

/** A live pharmacy user by email (case-insensitive), with all their pharmacy roles; null when there is none. */
export async function findPharmacyUserByEmail(db: Db, email: string): Promise<PharmacyUserRecord | null> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(
      and(
        eq(sql`lower(${users.email})`, email.toLowerCase()),
        eq(users.userType, 'PharmacyUser'),
        isNull(users.deletedAt),
      ),
    );
  if (!row) return null;
  const roles = await membershipsOf(db, [row.userId]);
  return { ...row, pharmRole: roles.map(({ pharid, role }) => ({ pharid, role })) };
}

/** Whether a live account (of any type) already uses this email. */
export async function isEmailTaken(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), isNull(users.deletedAt)));
  return row !== undefined;
}

/** The user as the caller may see them: only the roles at pharmacies the caller belongs to. */
export function toWireUser(record: PharmacyUserRecord, visiblePharmIds: ReadonlySet<string>): PharmacyUser {
  const pharmRole = record.pharmRole.filter((p) => visiblePharmIds.has(p.pharid));
  return {
    displayName: record.displayName,
    email: record.email,
    phone: record.phone,
    userId: record.userId,
    title: record.title,
    numberPharmacies: pharmRole.length,
    pharmRole,
    userType: 'PharmacyUser',
    userRole: pharmRole[0]?.role ?? '',
    profileVersion: profileVersion(record),
    userSettings: { ...defaultUserSettings(), ...record.settings },
  };
}

/** Creates a pharmacy user with the same role at each pharmacy; the password must be changed at first sign-in. */
export async function insertPharmacyUser(
  db: Db,
  input: {
    email: string;
    displayName: string;
    phone: string;
    title: string;
    passwordHash: string;
    pharmIds: readonly string[];
    role: string;
  },
): Promise<number> {
  const [created] = await db
    .insert(users)
    .values({
      email: input.email,
      displayName: input.displayName,
      phone: input.phone,
      title: input.title,
      userType: 'PharmacyUser',
      passwordHash: input.passwordHash,
      mustChangePassword: true,
      settings: defaultUserSettings(),
    })
    .returning({ id: users.id });
  if (!created) throw new Error('user insert returned no row');
  await db
    .insert(pharmacyMemberships)
    .values(input.pharmIds.map((pharmId) => ({ userId: created.id, pharmId, role: input.role })));
  return created.id;
}

/** Gives the user `role` at the pharmacy, adding the membership or changing the role they hold there. */
export async function upsertPharmacyRole(
  db: Db,
  userId: number,
  pharmId: string,
  role: string,
): Promise<void> {
  await db
    .insert(pharmacyMemberships)
    .values({ userId, pharmId, role })
    .onConflictDoUpdate({ target: [pharmacyMemberships.userId, pharmacyMemberships.pharmId], set: { role } });
}

/**
 * Ends the user's role at the pharmacy; their open dashboards stop receiving its facilities' alerts at once. False
 * when they held none there (another removal came first).
 */
export async function deletePharmacyRole(db: Db, userId: number, pharmId: string): Promise<boolean> {
  const removed = await db
    .delete(pharmacyMemberships)
    .where(and(eq(pharmacyMemberships.userId, userId), eq(pharmacyMemberships.pharmId, pharmId)))
    .returning({ userId: pharmacyMemberships.userId });
  if (removed.length === 0) return false;
  await announce(db, NOTICE_CHANNELS.visibilityChanged, [userId]);
  return true;
}
