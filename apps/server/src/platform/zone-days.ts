import { TZDate } from '@date-fns/tz';

/**
 * Calendar days in a caller's time zone, for date filters whose days are the user's own (the archive's From and
 * To): an alert raised at 7 pm in Chicago belongs to that evening's date, not to the next UTC day.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar day (YYYY-MM-DD) it is at `now` in the zone. */
export function dayIn(now: Date, timeZone: string): string {
  const local = new TZDate(now.getTime(), timeZone);
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
}

/**
 * The instant the calendar day (YYYY-MM-DD) starts in the zone, or with `daysLater` the start of a later day (1:
 * the end of this one, exclusive). Days of 23 or 25 hours (daylight saving) come out right.
 */
export function dayStart(day: string, timeZone: string, daysLater = 0): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(new TZDate(year, month - 1, date + daysLater, timeZone).getTime());
}
