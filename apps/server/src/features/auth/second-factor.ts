import { isTotpCode, MFA_MESSAGES } from '@portal/domain';
import type { Db } from '../../db/client.ts';
import { claimRecoveryCode, claimStep } from './mfa-queries.ts';
import { hashRecoveryCode, matchTotp } from './totp.ts';

/** How a second factor was proven. */
export type SecondFactorMethod = 'totp' | 'recovery';

/** Why a code was refused, for the audit trail. */
export type SecondFactorRefusal = 'wrong' | 'used';

/** A second factor proven, or refused with what to tell the user. */
export type SecondFactorProof =
  | { isProven: true; method: SecondFactorMethod }
  | { isProven: false; method: SecondFactorMethod; reason: SecondFactorRefusal; message: string };

/**
 * Checks an authenticator code or a recovery code and uses it up: an authenticator code's time step must be later
 * than the last one accepted (no replay), and a recovery code leaves the list. A right authenticator code refused
 * as a replay says so (waiting for the next code is what helps, not checking the app); a recovery code used before
 * cannot be told from a wrong one, since only the unused ones' hashes are kept.
 */
export async function proveSecondFactor(
  db: Db,
  userId: number,
  secret: string,
  code: string,
  now = new Date(),
): Promise<SecondFactorProof> {
  const typed = code.replace(/\s+/g, '');
  if (isTotpCode(typed)) {
    const step = matchTotp(secret, typed, now);
    if (step === null)
      return { isProven: false, method: 'totp', reason: 'wrong', message: MFA_MESSAGES.codeWrong };
    // A right code whose step is not later than the last accepted one (its own, or a later code's).
    if (!(await claimStep(db, userId, step)))
      return { isProven: false, method: 'totp', reason: 'used', message: MFA_MESSAGES.codeUsed };
    return { isProven: true, method: 'totp' };
  }
  if (await claimRecoveryCode(db, userId, hashRecoveryCode(typed)))
    return { isProven: true, method: 'recovery' };
  return { isProven: false, method: 'recovery', reason: 'wrong', message: MFA_MESSAGES.recoveryCodeWrong };
}
