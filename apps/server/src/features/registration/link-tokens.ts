import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailConfirmationTokens, passwordResetTokens } from '../../db/schema/index.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';

/** The two kinds of single-use emailed link: each its own table, the same shape. */
const TABLES = { confirm: emailConfirmationTokens, reset: passwordResetTokens } as const;
export type LinkKind = keyof typeof TABLES;

/** Issues a link token for the user, valid for `lifetimeMs`; answers the token (the only time it exists in clear). */
export async function issueLinkToken(
  db: Db,
  kind: LinkKind,
  userId: number,
  lifetimeMs: number,
  now = new Date(),
): Promise<{ token: string; tokenHash: string }> {
  const token = newToken();
  const tokenHash = hashToken(token);
  await db
    .insert(TABLES[kind])
    .values({ userId, tokenHash, createdAt: now, expiresAt: new Date(now.getTime() + lifetimeMs) });
  return { token, tokenHash };
}

/**
 * Uses a link token of this user once: marks it (and every other open token of the same kind for the user) used,
 * and answers true only when it was unused and unexpired. The update is the check, so two requests racing with
 * one token cannot both succeed.
 */
export async function consumeLinkToken(
  db: Db,
  kind: LinkKind,
  userId: number,
  token: string,
  now = new Date(),
): Promise<boolean> {
  const table = TABLES[kind];
  const used = await db
    .update(table)
    .set({ usedAt: now })
    .where(
      and(
        eq(table.tokenHash, hashToken(token)),
        eq(table.userId, userId),
        isNull(table.usedAt),
        gt(table.expiresAt, now),
      ),
    )
    .returning({ id: table.id });
  if (used.length !== 1) return false;
  await revokeLinkTokens(db, kind, userId, now);
  return true;
}

/** Marks every open link token of this kind for the user used, so none of the links already mailed works. */
export async function revokeLinkTokens(
  db: Db,
  kind: LinkKind,
  userId: number,
  now = new Date(),
): Promise<void> {
  const table = TABLES[kind];
  await db
    .update(table)
    .set({ usedAt: now })
    .where(and(eq(table.userId, userId), isNull(table.usedAt)));
}
