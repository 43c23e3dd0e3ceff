import { tooManyAttemptsMessage } from '@portal/domain';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginAttempts } from '../../db/schema/index.ts';
import { tooManyRequests } from '../../platform/errors.ts';
import { hoursBefore } from '../../platform/hours.ts';

/**
 * Sign-in throttling, kept in the database so every server process sees the same counts: at most 5 failures per
 * account and 20 per address in 15 minutes. A success clears nothing: the window simply moves on.
 */
export const THROTTLE = { windowMinutes: 15, perAccount: 5, perAddress: 20 } as const;

async function failuresSince(
  db: Db,
  column: typeof loginAttempts.account | typeof loginAttempts.ip,
  value: string,
  since: Date,
) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, oldest: sql<Date | null>`min(${loginAttempts.at})` })
    .from(loginAttempts)
    .where(and(eq(column, value), eq(loginAttempts.succeeded, false), gt(loginAttempts.at, since)));
  return { count: row?.count ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

/**
 * Throws 429 with a clear message and Retry-After when the account or the address has failed too often; the
 * message names the `attempts` refused (sign-in unless said otherwise).
 */
export async function assertNotThrottled(
  db: Db,
  account: string,
  ip: string,
  { now = new Date(), attempts = 'sign-in' }: { now?: Date; attempts?: 'sign-in' | 'confirmation' } = {},
): Promise<void> {
  const windowMs = THROTTLE.windowMinutes * 60_000;
  const since = new Date(now.getTime() - windowMs);
  const [byAccount, byAddress] = await Promise.all([
    failuresSince(db, loginAttempts.account, account, since),
    failuresSince(db, loginAttempts.ip, ip, since),
  ]);
  for (const [result, limit] of [
    [byAccount, THROTTLE.perAccount],
    [byAddress, THROTTLE.perAddress],
  ] as const) {
    if (result.count >= limit && result.oldest) {
      const retryAfter = Math.max(1, Math.ceil((result.oldest.getTime() + windowMs - now.getTime()) / 1000));
      throw tooManyRequests(tooManyAttemptsMessage(retryAfter, attempts), retryAfter);
    }
  }
}

/** Records one sign-in attempt. */
export async function recordAttempt(db: Db, account: string, ip: string, succeeded: boolean): Promise<void> {
  await db.insert(loginAttempts).values({ account, ip, succeeded });
}

/**
 * Attempts are kept a day, though the throttles look back 15 minutes: long enough to see what hit an account or an
 * address yesterday, short enough that the table does not keep every email and address that ever signed in.
 */
export const ATTEMPT_KEEP_HOURS = 24;

/** Deletes the attempts (sign-in, registration and reset requests) made before `ATTEMPT_KEEP_HOURS` ago. */
export async function deleteOldAttempts(db: Db, now: Date): Promise<void> {
  await db.delete(loginAttempts).where(lt(loginAttempts.at, hoursBefore(now, ATTEMPT_KEEP_HOURS)));
}
