import { describe, expect, it } from 'vitest';
import { formatCountdown } from './countdown.ts';
import { isStale, updatedAgeLabel } from './staleness.ts';

const now = new Date('2026-11-02T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('updatedAgeLabel', () => {
  it.each([
    [0, 'under 1 minute'],
    [59_000, 'under 1 minute'],
    [60_000, '1 minute'],
    [12 * 60_000, '12 minutes'],
    [60 * 60_000, '60 minutes'],
    [61 * 60_000, 'more than 1 hour'],
  ])('after %i ms says %s', (ms, label) => {
    expect(updatedAgeLabel(ago(ms), now)).toBe(label);
  });
});

describe('isStale', () => {
  it('turns at 12 minutes', () => {
    expect(isStale(ago(12 * 60_000 - 1), now)).toBe(false);
    expect(isStale(ago(12 * 60_000), now)).toBe(true);
  });
});

describe('formatCountdown', () => {
  it.each([
    [600_000, '10:00'],
    [545_000, '9:05'],
    [999, '0:01'],
    [0, '0:00'],
    [-5, '0:00'],
  ])('%i ms reads %s', (ms, text) => {
    expect(formatCountdown(ms)).toBe(text);
  });
});
