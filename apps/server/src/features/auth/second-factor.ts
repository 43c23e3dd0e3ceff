import { isTotpCode } from '@portal/domain';
import type { Db } from '../../db/client.ts';
import { claimRecoveryCode, claimStep } from './mfa-queries.ts';
import { hashRecoveryCode, matchTotp } from './totp.ts';

/** How a second factor was proven. */
export type SecondFactorMethod = 'totp' | 'recovery';

/**
 * Checks an authenticator code or a recovery code and uses it up: an authenticator code's time step must be later
 * than the last one accepted (no replay), and a recovery code leaves the list. Answers how it was proven, or null
 * for a wrong (or already used) code.
 */
export async function proveSecondFactor(
  db: Db,
  userId: number,
  secret: string,
  code: string,
  now = new Date(),
): Promise<SecondFactorMethod | null> {
  const typed = code.replace(/\s+/g, '');
  if (isTotpCode(typed)) {
    const step = matchTotp(secret, typed, now);
    return step !== null && (await claimStep(db, userId, step)) ? 'totp' : null;
  }
  return (await claimRecoveryCode(db, userId, hashRecoveryCode(typed))) ? 'recovery' : null;
}
