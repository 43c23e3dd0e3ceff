import { and, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mfaChallenges, userMfa } from '../../db/schema/index.ts';
import { openSecret, sealSecret } from '../../platform/secret-box.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';

/** How long the step between password and code may take. */
export const CHALLENGE_MINUTES = 5;

/** A user's two-step sign-in row with its secret opened, or null when they never started a set-up. */
export async function findMfa(db: Db, key: Uint8Array, userId: number) {
  const [row] = await db.select().from(userMfa).where(eq(userMfa.userId, userId)).limit(1);
  if (!row) return null;
  return {
    secret: openSecret(key, row.secret),
    enabledAt: row.enabledAt,
    recoveryCodesLeft: row.recoveryCodeHashes.length,
    lastStep: row.lastStep,
  };
}

/** Starts (or restarts) a set-up: a pending secret that counts only once a code proves it. */
export async function savePendingSecret(db: Db, key: Uint8Array, userId: number, secret: string) {
  const sealed = sealSecret(key, secret);
  await db
    .insert(userMfa)
    .values({ userId, secret: sealed })
    .onConflictDoUpdate({
      target: userMfa.userId,
      set: { secret: sealed, enabledAt: null, recoveryCodeHashes: [], lastStep: null },
      // Never overwrite a secret that is already on: that needs a disable first.
      setWhere: isNull(userMfa.enabledAt),
    });
}

/** Turns the pending secret on, with its first code's step and the new recovery codes' hashes. */
export async function enableMfa(db: Db, userId: number, step: number, hashes: string[]) {
  const done = await db
    .update(userMfa)
    .set({ enabledAt: new Date(), lastStep: step, recoveryCodeHashes: hashes })
    .where(and(eq(userMfa.userId, userId), isNull(userMfa.enabledAt)))
    .returning({ userId: userMfa.userId });
  return done.length === 1;
}

/**
 * Claims a code's time step: true only when it is later than the last accepted one, in one statement, so two
 * requests racing with the same code cannot both win.
 */
export async function claimStep(db: Db, userId: number, step: number) {
  const done = await db
    .update(userMfa)
    .set({ lastStep: step })
    .where(and(eq(userMfa.userId, userId), or(isNull(userMfa.lastStep), lt(userMfa.lastStep, step))))
    .returning({ userId: userMfa.userId });
  return done.length === 1;
}

/** Uses up a recovery code (by its hash): true when it was there, and it is gone afterwards. */
export async function claimRecoveryCode(db: Db, userId: number, hash: string) {
  const done = await db
    .update(userMfa)
    .set({ recoveryCodeHashes: sql`${userMfa.recoveryCodeHashes} - ${hash}::text` })
    .where(
      and(eq(userMfa.userId, userId), sql`${userMfa.recoveryCodeHashes} @> jsonb_build_array(${hash}::text)`),
    )
    .returning({ userId: userMfa.userId });
  return done.length === 1;
}

/** Replaces every recovery code with new ones. */
export async function replaceRecoveryCodes(db: Db, userId: number, hashes: string[]) {
  await db.update(userMfa).set({ recoveryCodeHashes: hashes }).where(eq(userMfa.userId, userId));
}

/** Turns two-step sign-in off: the secret and the recovery codes are gone. */
export async function deleteMfa(db: Db, userId: number) {
  await db.delete(userMfa).where(eq(userMfa.userId, userId));
}

/** Opens the second step for a user whose password was right; answers the challenge token (in clear only here). */
export async function createChallenge(db: Db, userId: number, now = new Date()) {
  // The user's spent challenges go as a new one comes, so the table holds a few rows per user at most.
  await db
    .delete(mfaChallenges)
    .where(
      and(
        eq(mfaChallenges.userId, userId),
        or(lt(mfaChallenges.expiresAt, now), isNotNull(mfaChallenges.usedAt)),
      ),
    );
  const token = newToken();
  await db.insert(mfaChallenges).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(now.getTime() + CHALLENGE_MINUTES * 60_000),
  });
  return token;
}

/** The user of a live (unused, unexpired) challenge, or null. */
export async function findChallengeUser(db: Db, token: string, now = new Date()) {
  const [row] = await db
    .select({ userId: mfaChallenges.userId })
    .from(mfaChallenges)
    .where(
      and(
        eq(mfaChallenges.tokenHash, hashToken(token)),
        isNull(mfaChallenges.usedAt),
        gt(mfaChallenges.expiresAt, now),
      ),
    )
    .limit(1);
  return row?.userId ?? null;
}

/** Uses up a challenge: true for the one request that wins it. */
export async function claimChallenge(db: Db, token: string, now = new Date()) {
  const done = await db
    .update(mfaChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(mfaChallenges.tokenHash, hashToken(token)),
        isNull(mfaChallenges.usedAt),
        gt(mfaChallenges.expiresAt, now),
      ),
    )
    .returning({ id: mfaChallenges.id });
  return done.length === 1;
}

/** Whether the user has two-step sign-in on. */
export async function hasMfa(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ enabledAt: userMfa.enabledAt })
    .from(userMfa)
    .where(eq(userMfa.userId, userId))
    .limit(1);
  return row?.enabledAt != null;
}
