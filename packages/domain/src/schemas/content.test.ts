import { describe, expect, it } from 'vitest';
import {
  CONTENT_MESSAGES,
  canManageContent,
  compareVersions,
  hasVisibleText,
  ReleaseNoteInputSchema,
  seesPharmacyContent,
  sortVersions,
  VersionInputSchema,
} from './content.ts';

describe('versions order', () => {
  it('compares part by part as numbers', () => {
    expect(compareVersions('2.10.0', '2.9.1')).toBeGreaterThan(0);
    expect(sortVersions([{ version: '2.3.1' }, { version: '2.10' }, { version: '2.4.0' }])).toEqual([
      { version: '2.10' },
      { version: '2.4.0' },
      { version: '2.3.1' },
    ]);
  });
});

describe('content rules', () => {
  it.each([
    ['SuperAdmin', [], true],
    ['PharmacyUser', ['SysAdmin'], true],
    ['PharmacyUser', ['Pharmacist'], false],
    ['FacilityUser', ['SysAdmin'], false],
  ] as const)('%s with %j may manage: %s', (type, roles, expected) => {
    expect(canManageContent(type, roles)).toBe(expected);
  });
  it('shows pharmacy content to pharmacy users and super admins only', () => {
    expect(seesPharmacyContent('FacilityUser')).toBe(false);
    expect(seesPharmacyContent('PharmacyUser')).toBe(true);
    expect(seesPharmacyContent('SuperAdmin')).toBe(true);
  });
});

describe('release note input', () => {
  const note = { type: 'Feature', title: 'Totes', description: '<p>New</p>', pharmUserOnly: false };
  it('takes a day that exists and refuses one that does not', () => {
    expect(ReleaseNoteInputSchema.safeParse({ ...note, date: '2024-02-29' }).success).toBe(true);
    for (const date of ['2026-02-30', '2026-13-01', '2026-1-5']) {
      const parsed = ReleaseNoteInputSchema.safeParse({ ...note, date });
      expect(
        parsed.error?.issues.map((i) => i.message),
        date,
      ).toEqual([CONTENT_MESSAGES.dateInvalid]);
    }
  });
});

describe('a field left out', () => {
  // The editors' messages, as for an empty field: never the validation library's own wording.
  it('says which one is required, for a release note and a version', () => {
    const first = (schema: typeof ReleaseNoteInputSchema | typeof VersionInputSchema, input: object) =>
      Object.fromEntries(
        (schema.safeParse(input).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]),
      );
    expect(first(ReleaseNoteInputSchema, { pharmUserOnly: false, date: '2026-12-01' })).toEqual({
      type: CONTENT_MESSAGES.typeRequired,
      title: CONTENT_MESSAGES.titleRequired,
      description: CONTENT_MESSAGES.descriptionRequired,
    });
    expect(first(VersionInputSchema, { pharmUserDescription: '', date: '2026-12-01' })).toEqual({
      version: CONTENT_MESSAGES.versionInvalid,
      title: CONTENT_MESSAGES.titleRequired,
      description: CONTENT_MESSAGES.descriptionRequired,
    });
    const long = {
      type: 'x'.repeat(41),
      title: 'x'.repeat(201),
      description: `<p>${'x'.repeat(100_000)}</p>`,
    };
    expect(first(ReleaseNoteInputSchema, { ...long, pharmUserOnly: false, date: '2026-12-01' })).toEqual({
      type: 'Must be at most 40 characters',
      title: 'Must be at most 200 characters',
      description: 'Must be at most 100000 characters',
    });
  });
});

describe('description text', () => {
  it.each([
    ['<p>New</p>', true],
    ['<p><a href="/x">link</a></p>', true],
    ['<p></p>', false],
    ['<p>&nbsp;</p><br>', false],
    ['<ul><li></li></ul>', false],
  ])('%j has visible text: %s', (html, expected) => {
    expect(hasVisibleText(html)).toBe(expected);
  });
});
