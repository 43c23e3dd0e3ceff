import {
  compareVersions,
  type ReleaseNote,
  type ReleaseNoteInput,
  type Version,
  type VersionInput,
} from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { releaseNotes, versions } from '../../db/schema/index.ts';

/** Release notes, the pharmacy-only ones only when asked for. */
export async function findReleaseNotes(db: Db, withPharmacyOnly: boolean): Promise<ReleaseNote[]> {
  const rows = await db
    .select()
    .from(releaseNotes)
    .where(withPharmacyOnly ? undefined : eq(releaseNotes.pharmUserOnly, false));
  return rows;
}

/** Inserts a release note and answers it. */
export async function insertReleaseNote(
  db: Db,
  input: ReleaseNoteInput,
  author: string,
): Promise<ReleaseNote> {
  const [row] = await db
    .insert(releaseNotes)
    .values({ ...input, author })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Updates a release note; null when there is none with that id. */
export async function updateReleaseNote(
  db: Db,
  id: number,
  input: ReleaseNoteInput,
): Promise<ReleaseNote | null> {
  const [row] = await db.update(releaseNotes).set(input).where(eq(releaseNotes.id, id)).returning();
  return row ?? null;
}

/** Deletes a release note; false when there was none. */
export async function deleteReleaseNote(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .delete(releaseNotes)
    .where(eq(releaseNotes.id, id))
    .returning({ id: releaseNotes.id });
  return rows.length > 0;
}

/** Versions; the pharmacy-user description blanked unless asked for. */
export async function findVersions(db: Db, withPharmacyDescription: boolean): Promise<Version[]> {
  const rows = await db.select().from(versions);
  return rows.map((v) => (withPharmacyDescription ? v : { ...v, pharmUserDescription: '' }));
}

/**
 * The version row equal to `version` part by part as numbers, if any: '02.4.0' and '2.4' are '2.4.0' again, which
 * the list could not order. Versions are few, so they are compared here rather than in SQL; the database holds the
 * same rule (versions_number_idx) for saves that pass this check at the same time.
 */
export async function findEqualVersion(db: Db, version: string) {
  const rows = await db.select({ id: versions.id, version: versions.version }).from(versions);
  return rows.find((row) => compareVersions(row.version, version) === 0) ?? null;
}

/** Inserts a version and answers it. */
export async function insertVersion(db: Db, input: VersionInput, author: string): Promise<Version> {
  const [row] = await db
    .insert(versions)
    .values({ ...input, author })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Updates a version; null when there is none with that id. */
export async function updateVersion(db: Db, id: number, input: VersionInput): Promise<Version | null> {
  const [row] = await db.update(versions).set(input).where(eq(versions.id, id)).returning();
  return row ?? null;
}

/** Deletes a version; false when there was none. */
export async function deleteVersion(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(versions).where(eq(versions.id, id)).returning({ id: versions.id });
  return rows.length > 0;
}
