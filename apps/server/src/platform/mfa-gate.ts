import { MFA_ADMIN_PHARMACY_ROLE } from '@portal/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { pharmacyMemberships, userMfa, users } from '../db/schema/index.ts';

/**
 * SQL, true while MFA_REQUIRED_FOR_ADMINS holds a user back: a SuperAdmin or pharmacy SysAdmin (the rule of
 * domain's `isMfaAdmin`) without two-step sign-in on. A plain `false` when the setting is off, so the session
 * lookup of every request costs nothing more.
 */
export function mustEnrolMfaSql(isRequired: boolean): SQL<boolean> {
  if (!isRequired) return sql<boolean>`false`;
  return sql<boolean>`((${users.userType} = 'SuperAdmin' or exists (
      select 1 from ${pharmacyMemberships}
      where ${pharmacyMemberships.userId} = ${users.id} and ${pharmacyMemberships.role} = ${MFA_ADMIN_PHARMACY_ROLE}))
    and not exists (
      select 1 from ${userMfa} where ${userMfa.userId} = ${users.id} and ${userMfa.enabledAt} is not null))`;
}

/** Whether MFA_REQUIRED_FOR_ADMINS holds this user back (for calls that resolve the session themselves). */
export async function mustEnrolMfa(db: Db, userId: number, isRequired: boolean): Promise<boolean> {
  if (!isRequired) return false;
  const [row] = await db
    .select({ value: mustEnrolMfaSql(true) })
    .from(users)
    .where(eq(users.id, userId));
  return row?.value === true;
}
