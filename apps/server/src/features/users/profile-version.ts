import { createHash } from 'node:crypto';

/** What a user's profile version is made of: the fields the profile forms edit. */
export interface VersionedProfile {
  displayName: string;
  phone: string;
}

/**
 * A user's profile version: a digest of the display name and phone, the fields Edit Profile writes together. It
 * changes with either and with nothing else, so a password reset, a title or a role given meanwhile does not refuse
 * an administrator's save of the name and phone, and it needs no revision column. A change made and then undone
 * gives the version back: a save made on it then replaces nothing it did not show.
 */
export function profileVersion(user: VersionedProfile): string {
  return createHash('sha256')
    .update(JSON.stringify([user.displayName, user.phone]))
    .digest('base64url')
    .slice(0, 22);
}
