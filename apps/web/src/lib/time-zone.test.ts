import { describe, expect, it } from 'vitest';
import { localIsoDay } from './time-zone.ts';

describe('localIsoDay', () => {
  it('is the reader’s own calendar day, late evening and early morning alike, zero-padded', () => {
    expect(localIsoDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(localIsoDay(new Date(2026, 10, 24, 0, 1))).toBe('2026-11-24');
  });
});
