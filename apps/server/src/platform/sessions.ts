import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema/index.ts';
import type { AuthUser } from './context.ts';
import { hoursAfter } from './hours.ts';
import { mustEnrolMfaSql } from './mfa-gate.ts';
import { announce, NOTICE_CHANNELS } from './notices.ts';
import { hashToken, newToken } from './tokens.ts';

/** Session lifetimes from configuration (reference/api.md, "Authentication"). */
export interface SessionPolicy {
  idleMinutes: number;
  maxHours: number;
  /** MFA_REQUIRED_FOR_ADMINS: work out whether the user must still set up two-step sign-in. */
  mfaRequiredForAdmins?: boolean;
}

// A request refreshes the idle clock at most once a minute, so reads do not each cost a write.
const TOUCH_AFTER_MS = 60_000;

/** Opens a session for the user and answers its bearer token (the only time the token exists in clear). */
export async function createSession(
  db: Db,
  userId: number,
  policy: SessionPolicy,
  client: { ip: string; userAgent: string },
): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: hoursAfter(new Date(), policy.maxHours),
    ip: client.ip,
    userAgent: client.userAgent.slice(0, 300),
  });
  return token;
}

/** The user behind a bearer token, or null when it is unknown, revoked, idle too long or past its end. */
export async function findSessionUser(
  db: Db,
  token: string,
  policy: SessionPolicy,
): Promise<AuthUser | null> {
  const now = new Date();
  const idleSince = new Date(now.getTime() - policy.idleMinutes * 60_000);
  const [row] = await db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      id: users.id,
      email: users.email,
      displayName: users.displayName,
      userType: users.userType,
      mustChangePassword: users.mustChangePassword,
      mustEnrolMfa: mustEnrolMfaSql(policy.mfaRequiredForAdmins ?? false),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, idleSince),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
  }
  const { lastSeenAt: _seen, ...user } = row;
  return user;
}

/** Refreshes a session's idle clock (callers do it at most once a minute). */
export async function touchSession(db: Db, sessionId: number, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
}

/** Revokes one session; its live-update streams end at once (NOTICE_CHANNELS.sessionsRevoked). */
export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
  await announce(db, NOTICE_CHANNELS.sessionsRevoked, [sessionId]);
}

/** Revokes every live session of a user, optionally keeping one (the caller's own after a password change). */
export async function revokeUserSessions(db: Db, userId: number, keepSessionId?: number): Promise<void> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId === undefined ? undefined : sql`${sessions.id} <> ${keepSessionId}`,
      ),
    )
    .returning({ id: sessions.id });
  await announce(
    db,
    NOTICE_CHANNELS.sessionsRevoked,
    revoked.map((row) => row.id),
  );
}
