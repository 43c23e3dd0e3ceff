import { defaultUserSettings, isMfaAdmin, type UserInfo } from '@portal/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { facilityMemberships, pharmacyMemberships, userMfa, users } from '../../db/schema/index.ts';
import { profileVersion } from '../users/profile-version.ts';

/** The live (not deleted) user with this email, compared case-insensitively. */
export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt)))
    .limit(1);
  return user ?? null;
}

// The role that names a user in `userRole`: an admin role wins, else the first membership's.
const ROLE_PRECEDENCE = ['facilityadmin', 'SysAdmin', 'Manager', 'Administrator', 'Superuser'];

function headlineRole(roles: string[]): string {
  return ROLE_PRECEDENCE.find((r) => roles.includes(r)) ?? roles[0] ?? '';
}

/**
 * The `userInfo` of a live user (reference/api.md), or null when there is no such user. `mfaRequiredForAdmins` is
 * the server's MFA_REQUIRED_FOR_ADMINS, for `mfaEnrolmentRequired`.
 */
export async function findUserInfo(
  db: Db,
  userId: number,
  mfaRequiredForAdmins: boolean,
): Promise<UserInfo | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  if (!user) return null;
  const [facilityRoles, pharmacyRoles, mfa] = await Promise.all([
    db
      .select({ facid: facilityMemberships.facId, userRole: facilityMemberships.role })
      .from(facilityMemberships)
      .where(eq(facilityMemberships.userId, userId))
      .orderBy(asc(facilityMemberships.facId)),
    db
      .select({ pharid: pharmacyMemberships.pharmId, userRole: pharmacyMemberships.role })
      .from(pharmacyMemberships)
      .where(eq(pharmacyMemberships.userId, userId))
      .orderBy(asc(pharmacyMemberships.pharmId)),
    db.select({ enabledAt: userMfa.enabledAt }).from(userMfa).where(eq(userMfa.userId, userId)),
  ]);
  const mfaEnabled = mfa[0]?.enabledAt != null;
  const entities = [...facilityRoles, ...pharmacyRoles];
  const hasCredentials = user.mediprocityUser !== null && user.mediprocitySecret !== null;
  return {
    userId: user.id,
    email: user.email,
    displayName: user.displayName,
    phone: user.phone,
    title: user.title,
    userType: user.userType,
    userRole: user.userType === 'SuperAdmin' ? 'SuperAdmin' : headlineRole(entities.map((e) => e.userRole)),
    betaUser: user.betaUser,
    mediprocityUser: hasCredentials,
    mediprocityInfo: hasCredentials
      ? { user: user.mediprocityUser ?? '', hasPassword: true, hasEncryptionKey: true }
      : null,
    mustChangePassword: user.mustChangePassword,
    mfaEnabled,
    mfaEnrolmentRequired:
      mfaRequiredForAdmins &&
      !mfaEnabled &&
      isMfaAdmin({ userType: user.userType, entityTypeAndRole: entities }),
    userSettings: { ...defaultUserSettings(), ...user.settings },
    entityTypeAndRole: entities,
    profileVersion: profileVersion(user),
  };
}

/** The live (not deleted) user with this id: the columns a sign-in step needs. */
export async function findLiveUserById(db: Db, userId: number) {
  const [user] = await db
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  return user ?? null;
}
