import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailConfirmationTokens, passwordResetTokens } from '../../db/schema/index.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';

/**
 * The two kinds of single-use emailed link, each its own table: `confirm` (emailConfirmationTokens), which also
 * carries its registration (the password hash and name the account takes when that link confirms it), and `reset`
 * (passwordResetTokens).
 */
export type LinkKind = 'confirm' | 'reset';

/** What one registration asked for: the name and the password (as its hash) that its confirmation link sets. */
export interface Registration {
  passwordHash: string;
  displayName: string;
}

/**
 * Issues a link token for the user, valid for `lifetimeMs`; answers the token (the only time it exists in clear).
 * A confirmation link is issued for one registration, whose password and name it keeps.
 */
export async function issueLinkToken(
  db: Db,
  link: { kind: 'reset' } | { kind: 'confirm'; registration: Registration },
  userId: number,
  lifetimeMs: number,
  now = new Date(),
): Promise<{ token: string; tokenHash: string }> {
  const token = newToken();
  const tokenHash = hashToken(token);
  const values = { userId, tokenHash, createdAt: now, expiresAt: new Date(now.getTime() + lifetimeMs) };
  if (link.kind === 'confirm')
    await db.insert(emailConfirmationTokens).values({ ...values, ...link.registration });
  else await db.insert(passwordResetTokens).values(values);
  return { token, tokenHash };
}

/**
 * The open (unused, unexpired) confirmation link of this user with this token, with its registration; null when
 * there is none. Only reads: a wrong password leaves the link open for its owner to try again.
 */
export async function findOpenConfirmation(
  db: Db,
  userId: number,
  token: string,
  now = new Date(),
): Promise<({ id: number } & Registration) | null> {
  const t = emailConfirmationTokens;
  const [row] = await db
    .select({ id: t.id, passwordHash: t.passwordHash, displayName: t.displayName })
    .from(t)
    .where(
      and(eq(t.tokenHash, hashToken(token)), eq(t.userId, userId), isNull(t.usedAt), gt(t.expiresAt, now)),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Spends the open confirmation link `id` of this user and voids every other one of theirs (each emptied of its
 * password hash); answers false when the link was no longer open. The update is the check, so two requests racing
 * with one link cannot both succeed.
 */
export async function spendConfirmation(
  db: Db,
  userId: number,
  id: number,
  now = new Date(),
): Promise<boolean> {
  const t = emailConfirmationTokens;
  const spent = await db
    .update(t)
    .set({ usedAt: now, passwordHash: '' })
    .where(and(eq(t.id, id), eq(t.userId, userId), isNull(t.usedAt), gt(t.expiresAt, now)))
    .returning({ id: t.id });
  if (spent.length !== 1) return false;
  await revokeLinkTokens(db, 'confirm', userId, now);
  return true;
}

/**
 * Uses a password reset link of this user once: marks it (and every other open reset link of the user) used, and
 * answers true only when it was unused and unexpired. The update is the check, so two requests racing with one
 * token cannot both succeed. (A confirmation link is spent by `spendConfirmation`, once its password is checked.)
 */
export async function consumeLinkToken(
  db: Db,
  kind: 'reset',
  userId: number,
  token: string,
  now = new Date(),
): Promise<boolean> {
  const t = passwordResetTokens;
  const used = await db
    .update(t)
    .set({ usedAt: now })
    .where(
      and(eq(t.tokenHash, hashToken(token)), eq(t.userId, userId), isNull(t.usedAt), gt(t.expiresAt, now)),
    )
    .returning({ id: t.id });
  if (used.length !== 1) return false;
  await revokeLinkTokens(db, kind, userId, now);
  return true;
}

/**
 * Marks every open link token of this kind for the user used, so none of the links already mailed works (a
 * confirmation link's password hash is emptied too).
 */
export async function revokeLinkTokens(
  db: Db,
  kind: LinkKind,
  userId: number,
  now = new Date(),
): Promise<void> {
  if (kind === 'confirm') {
    const t = emailConfirmationTokens;
    await db
      .update(t)
      .set({ usedAt: now, passwordHash: '' })
      .where(and(eq(t.userId, userId), isNull(t.usedAt)));
    return;
  }
  const t = passwordResetTokens;
  await db
    .update(t)
    .set({ usedAt: now })
    .where(and(eq(t.userId, userId), isNull(t.usedAt)));
}
