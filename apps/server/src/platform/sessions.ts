import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema/index.ts';
import type { AuthUser } from './context.ts';
import { mustEnrolMfaSql } from './mfa-gate.ts';
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
    expiresAt: new Date(Date.now() + policy.maxHours * 3_600_000),
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

/**
 * The channel a revocation is announced on, with the revoked sessions' ids (comma-separated) as its payload: every
 * server process on the database listens (features/events/bus.ts) and ends those sessions' live-update streams at
 * once, instead of at their next heartbeat's session check. Sent with `pg_notify` in the revoking transaction, so
 * it is delivered when that commits, and never for a revocation rolled back.
 */
export const SESSIONS_REVOKED_CHANNEL = 'sessions_revoked';

// NOTIFY payloads stop at 8,000 bytes: ids go out in parts well under it.
const IDS_PER_NOTICE = 500;

async function announceRevoked(db: Db, sessionIds: readonly number[]): Promise<void> {
  for (let at = 0; at < sessionIds.length; at += IDS_PER_NOTICE) {
    const payload = sessionIds.slice(at, at + IDS_PER_NOTICE).join(',');
    await db.execute(sql`select pg_notify(${SESSIONS_REVOKED_CHANNEL}, ${payload})`);
  }
}

/** Reads a `SESSIONS_REVOKED_CHANNEL` payload; ids that are not positive integers are ignored. */
export function revokedSessionIds(payload: string): number[] {
  return payload
    .split(',')
    .map(Number)
    .filter((id) => Number.isSafeInteger(id) && id > 0);
}

/** Revokes one session. */
export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
  await announceRevoked(db, [sessionId]);
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
  await announceRevoked(
    db,
    revoked.map((row) => row.id),
  );
}
