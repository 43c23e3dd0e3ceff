import { z } from 'zod';

/** Whether this runtime knows the IANA time zone (`America/Chicago`), as `Intl` does on both sides. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * A caller's time zone in a query (`tz`): the date filters' days and "today" are its calendar days, not UTC's,
 * so an evening in Chicago stays on that evening's date.
 */
export const TimeZoneSchema = z
  .string()
  .max(64)
  .refine(isTimeZone, 'Use a time zone such as America/Chicago');
