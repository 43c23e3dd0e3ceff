import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * Notices every server process on the database hears at once (features/events/bus.ts listens), each carrying ids
 * (comma-separated) as its payload. Sent with `pg_notify` in the writing transaction, so they are delivered when it
 * commits, and never for a change rolled back.
 */
export const NOTICE_CHANNELS = {
  /** Sessions just revoked (sign-out, a password set anew, a deleted user): their live-update streams end. */
  sessionsRevoked: 'sessions_revoked',
  /** Users who just lost a facility or pharmacy membership: their live-update streams look up what they see now. */
  visibilityChanged: 'visibility_changed',
} as const;

export type NoticeChannel = (typeof NOTICE_CHANNELS)[keyof typeof NOTICE_CHANNELS];

// NOTIFY payloads stop at 8,000 bytes: ids go out in parts well under it.
const IDS_PER_NOTICE = 500;

/** Sends `ids` on `channel` in the caller's transaction (nothing for no ids). */
export async function announce(db: Db, channel: NoticeChannel, ids: readonly number[]): Promise<void> {
  for (let at = 0; at < ids.length; at += IDS_PER_NOTICE) {
    const payload = ids.slice(at, at + IDS_PER_NOTICE).join(',');
    await db.execute(sql`select pg_notify(${channel}, ${payload})`);
  }
}

/** Reads a notice's payload; ids that are not positive integers are ignored. */
export function noticeIds(payload: string): number[] {
  return payload
    .split(',')
    .map(Number)
    .filter((id) => Number.isSafeInteger(id) && id > 0);
}
