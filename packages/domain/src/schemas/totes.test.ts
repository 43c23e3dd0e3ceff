import { describe, expect, it } from 'vitest';
import { STORABLE_YEAR_MESSAGE } from './storable-dates.ts';
import { TOTES_MESSAGES, totesRangeProblems, usDateToIso } from './totes.ts';

describe('usDateToIso', () => {
  it.each([
    ['11/23/2026', '2026-11-23'],
    ['02/29/2024', '2024-02-29'],
    ['02/30/2024', null],
    ['2026-11-23', null],
    ['1/2/2026', '2026-01-02'],
    ['12/4/2026', '2026-12-04'],
    ['2/30/2026', null],
    ['0/4/2026', null],
    ['1/2/26', null],
    ['123/4/2026', null],
  ])('%s is %s', (value, iso) => expect(usDateToIso(value)).toBe(iso));
});

describe('totesRangeProblems', () => {
  const today = '2026-11-23';
  it('accepts a past range and an open one', () => {
    expect(totesRangeProblems('11/20/2026', '11/23/2026', today)).toEqual({});
    expect(totesRangeProblems(undefined, undefined, today)).toEqual({});
  });
  it('refuses a year PostgreSQL cannot store or from before 1900 (year 0 would reach the query, 0-99 read as 19xx)', () => {
    expect(totesRangeProblems('01/01/0000', undefined, today)).toEqual({ fdate: STORABLE_YEAR_MESSAGE });
    expect(totesRangeProblems('11/20/2026', '12/31/1899', today)).toEqual({ edate: STORABLE_YEAR_MESSAGE });
    expect(totesRangeProblems('01/01/1900', undefined, today)).toEqual({});
  });
  it('refuses bad dates, From after To and future dates', () => {
    expect(totesRangeProblems('13/01/2026', undefined, today)).toEqual({ fdate: TOTES_MESSAGES.badDate });
    expect(totesRangeProblems('11/22/2026', '11/20/2026', today)).toEqual({
      fdate: TOTES_MESSAGES.fromAfterTo,
    });
    expect(totesRangeProblems('11/20/2026', '11/24/2026', today)).toEqual({
      edate: TOTES_MESSAGES.inFuture,
    });
  });
});
