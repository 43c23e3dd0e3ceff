import { z } from 'zod';
import type { UserType } from '../roles.ts';
import { int4IdText } from './ids.ts';
import { storableDay } from './storable-dates.ts';
import { USER_MESSAGES } from './user-fields.ts';

/** Messages of the release notes and versions editors. */
export const CONTENT_MESSAGES = {
  titleRequired: 'Title is required',
  typeRequired: 'Type is required',
  descriptionRequired: 'Description is required',
  dateInvalid: 'Use a date as YYYY-MM-DD',
  versionInvalid: 'Use a version such as 2.4.0',
  versionTaken: 'That version already exists',
  adminOnly: 'Admin Only',
  discardTitle: 'Discard your changes?',
  discardMessage: 'What you typed in this editor has not been saved and will be lost.',
  leaveTitle: 'Unsaved changes',
  leaveMessage: 'What you typed in this editor has not been saved. Leave page without saving?',
} as const;

// `{ error: message }`: a field left out says the same as an empty one, not the validation library's own words.
// Each limit names its own message, or the string's error would be said for it too.
const text = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, USER_MESSAGES.tooLong(max));
/**
 * Whether HTML shows any text once its tags are gone: the editor answers '<p></p>' when cleared, and markup that
 * sanitises away ('<script>x</script>') shows nothing either. Not a sanitiser; only a test for emptiness.
 */
export function hasVisibleText(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;|&#xa0;/gi, ' ')
      .trim() !== ''
  );
}

const html = z
  .string({ error: CONTENT_MESSAGES.descriptionRequired })
  .trim()
  .min(1, CONTENT_MESSAGES.descriptionRequired)
  .max(100_000, USER_MESSAGES.tooLong(100_000))
  .refine(hasVisibleText, CONTENT_MESSAGES.descriptionRequired);

/** A release note (spec 2, section 3); `description` is sanitised HTML. */
export const ReleaseNoteSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  title: z.string(),
  description: z.string(),
  date: z.string(),
  author: z.string(),
  pharmUserOnly: z.boolean(),
});
export type ReleaseNote = z.infer<typeof ReleaseNoteSchema>;

/** Create or edit a release note; the author is the signed-in user. */
export const ReleaseNoteInputSchema = z.strictObject({
  type: text(CONTENT_MESSAGES.typeRequired, 40),
  title: text(CONTENT_MESSAGES.titleRequired),
  description: html,
  date: storableDay(CONTENT_MESSAGES.dateInvalid),
  pharmUserOnly: z.boolean(),
});
export type ReleaseNoteInput = z.infer<typeof ReleaseNoteInputSchema>;

export const ReleaseNotesAnswerSchema = z.object({ releaseNotes: z.array(ReleaseNoteSchema) });
export const ReleaseNoteAnswerSchema = z.object({ releaseNote: ReleaseNoteSchema });

/** A version (spec 2, section 3); `pharmUserDescription` is empty for anyone but pharmacy users. */
export const VersionSchema = z.object({
  id: z.number().int(),
  version: z.string(),
  title: z.string(),
  description: z.string(),
  pharmUserDescription: z.string(),
  date: z.string(),
  author: z.string(),
});
export type Version = z.infer<typeof VersionSchema>;

/** Create or edit a version. */
export const VersionInputSchema = z.strictObject({
  version: z
    .string({ error: CONTENT_MESSAGES.versionInvalid })
    .trim()
    .regex(/^\d{1,4}(\.\d{1,4}){0,3}$/, CONTENT_MESSAGES.versionInvalid),
  title: text(CONTENT_MESSAGES.titleRequired),
  description: html,
  pharmUserDescription: z.string().trim().max(100_000),
  date: storableDay(CONTENT_MESSAGES.dateInvalid),
});
export type VersionInput = z.infer<typeof VersionInputSchema>;

export const VersionsAnswerSchema = z.object({ versions: z.array(VersionSchema) });
export const VersionAnswerSchema = z.object({ version: VersionSchema });

/** `/releasenotes/{id}` and `/versions/{id}` path parameters. */
export const ContentIdParamsSchema = z.strictObject({ id: int4IdText() });

/** Versions compared part by part as numbers: '2.10.0' is after '2.9.1'. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

/** Release notes newest first (spec 2, section 9), then by id so equal dates keep one order. */
export function sortReleaseNotes<T extends { date: string; id: number }>(notes: readonly T[]): T[] {
  return [...notes].sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);
}

/** Versions highest first (spec 2, section 9). */
export function sortVersions<T extends { version: string }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => compareVersions(b.version, a.version));
}

/** Who sees 'Admin Only' (pharmUserOnly) notes and versions' pharmacy-user descriptions (spec 2, section 6). */
export function seesPharmacyContent(userType: UserType): boolean {
  return userType === 'PharmacyUser' || userType === 'SuperAdmin';
}

/**
 * Who may create, edit and delete release notes and versions: super admins and pharmacy SysAdmins. `pharmacyRoles`
 * are the user's roles at their pharmacies.
 */
export function canManageContent(userType: UserType, pharmacyRoles: readonly string[]): boolean {
  if (userType === 'SuperAdmin') return true;
  return userType === 'PharmacyUser' && pharmacyRoles.includes('SysAdmin');
}

/**
 * What the HTML sanitiser (DOMPurify, on the server on the way in and in the browser before rendering) keeps:
 * text formatting, lists, headings, quotes, code and links. Scripts, styles, event handlers and anything else go.
 */
export const RICH_TEXT_POLICY = {
  ALLOWED_TAGS: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'code',
    'pre',
    'hr',
    'a',
  ],
  ALLOWED_ATTR: ['href', 'target', 'rel'],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/)/i,
} as const;
