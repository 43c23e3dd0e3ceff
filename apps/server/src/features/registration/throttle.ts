import { REGISTRATION_MESSAGES } from '@portal/domain';
import { and, eq, gt, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginAttempts } from '../../db/schema/index.ts';
import { tooManyRequests } from '../../platform/errors.ts';
import { THROTTLE } from '../auth/throttle.ts';

/**
 * Throttles the mail-sending public calls like sign-in: at most 5 requests per email and 20 per address in 15
 * minutes. Requests are kept in the sign-in attempts table under `{kind}:{email}`, marked succeeded so they
 * never count as sign-in failures.
 */
export async function assertMailRequestAllowed(
  db: Db,
  kind: 'register' | 'password-reset',
  email: string,
  ip: string,
  now = new Date(),
): Promise<void> {
  const windowMs = THROTTLE.windowMinutes * 60_000;
  const since = new Date(now.getTime() - windowMs);
  const count = async (where: ReturnType<typeof and>) => {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int`, oldest: sql<Date | null>`min(${loginAttempts.at})` })
      .from(loginAttempts)
      .where(and(where, gt(loginAttempts.at, since)));
    return { count: row?.count ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
  };
  const [byAccount, byAddress] = await Promise.all([
    count(eq(loginAttempts.account, `${kind}:${email}`)),
    count(and(like(loginAttempts.account, `${kind}:%`), eq(loginAttempts.ip, ip))),
  ]);
  for (const [result, limit] of [
    [byAccount, THROTTLE.perAccount],
    [byAddress, THROTTLE.perAddress],
  ] as const) {
    if (result.count >= limit && result.oldest) {
      const retryAfter = Math.max(1, Math.ceil((result.oldest.getTime() + windowMs - now.getTime()) / 1000));
      throw tooManyRequests(REGISTRATION_MESSAGES.tooManyRequests(Math.ceil(retryAfter / 60)), retryAfter);
    }
  }
  await db.insert(loginAttempts).values({ account: `${kind}:${email}`, ip, succeeded: true, at: now });
}
