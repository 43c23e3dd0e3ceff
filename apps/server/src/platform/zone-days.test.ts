import { describe, expect, it } from 'vitest';
import { dayIn, dayStart } from './zone-days.ts';

describe('calendar days in a time zone', () => {
  it("starts a day at the zone's midnight, 23 or 25 hours long across daylight saving", () => {
    expect(dayStart('2026-11-16', 'America/Chicago').toISOString()).toBe('2026-11-16T06:00:00.000Z');
    expect(dayStart('2026-03-08', 'America/Chicago').toISOString()).toBe('2026-03-08T06:00:00.000Z');
    expect(dayStart('2026-03-08', 'America/Chicago', 1).toISOString()).toBe('2026-03-09T05:00:00.000Z');
    expect(dayStart('2026-11-01', 'America/Chicago', 1).toISOString()).toBe('2026-11-02T06:00:00.000Z');
    expect(dayStart('2026-12-31', 'UTC', 1).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('names the day it is in the zone', () => {
    const evening = new Date('2026-11-17T00:41:00Z');
    expect(dayIn(evening, 'America/Chicago')).toBe('2026-11-16');
    expect(dayIn(evening, 'UTC')).toBe('2026-11-17');
    expect(dayIn(evening, 'Asia/Tokyo')).toBe('2026-11-17');
  });
});
