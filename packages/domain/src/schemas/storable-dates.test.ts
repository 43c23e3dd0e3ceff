import { describe, expect, it } from 'vitest';
import { hasStorableYear, STORABLE_YEAR_MESSAGE, storableDateTime, storableDay } from './storable-dates.ts';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);

describe('storable dates', () => {
  it.each([
    ['1900-01-01', true],
    ['2026-11-02', true],
    ['9999-12-31', true],
    ['1899-12-31', false],
    ['0000-01-01', false],
    ['0001-01-01T00:00:00+01:00', false],
  ])('%s has a storable year: %s', (iso, expected) => expect(hasStorableYear(iso)).toBe(expected));

  it('names the year range for a real but unstorable date, and the format for a non-date', () => {
    expect(messagesOf(storableDay('Bad day').safeParse('0000-01-01'))).toEqual([STORABLE_YEAR_MESSAGE]);
    expect(messagesOf(storableDay('Bad day').safeParse('2026-02-30'))).toEqual(['Bad day']);
    expect(messagesOf(storableDateTime('Bad time').safeParse('0000-01-01T00:00:00Z'))).toEqual([
      STORABLE_YEAR_MESSAGE,
    ]);
    expect(storableDateTime('Bad time').parse('2026-11-02T15:00:00+01:00')).toBe('2026-11-02T15:00:00+01:00');
    expect(messagesOf(storableDateTime('Bad time').safeParse('2026-11-02T25:00:00Z'))).toEqual(['Bad time']);
  });

  it('takes the year of the instant in UTC too: an offset must not carry it past 9999 or before 1900', () => {
    for (const iso of ['9999-12-31T23:00:00-05:00', '9999-12-31T23:59:59-23:59', '1900-01-01T00:00:00+14:00'])
      expect(messagesOf(storableDateTime('Bad time').safeParse(iso)), iso).toEqual([STORABLE_YEAR_MESSAGE]);
    for (const iso of ['9999-12-31T23:00:00+05:00', '1900-01-01T00:00:00-05:00', '9999-12-31T23:59:59Z'])
      expect(storableDateTime('Bad time').safeParse(iso).success, iso).toBe(true);
  });
});
