import { z } from 'zod';
import { PAGE_LIMIT } from '../endpoints.ts';
import { MAX_FACILITY_IDS } from '../facility-filter.ts';
import { AnyAlertSchema } from './alerts.ts';
import { int4IdText, queryInt } from './ids.ts';
import { hasStorableYear, STORABLE_YEAR_MESSAGE, storableDay } from './storable-dates.ts';
import { TimeZoneSchema } from './time-zone.ts';

/** A calendar day as YYYY-MM-DD that exists (zod's ISO date knows month lengths and leap years). */
const isoDay = storableDay('Use a date as YYYY-MM-DD');

// A repeated query parameter arrives as a string once and as an array when repeated.
const repeatedInt = z.preprocess(
  (value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]),
  z.array(int4IdText()).max(MAX_FACILITY_IDS),
);

/**
 * The query of every widget list call (decided in widgets.md so one client hook serves all): sort, paging by
 * opaque cursor or page number, facility narrowing, and the archive with its date range.
 */
export const AlertListQuerySchema = z.strictObject({
  sort: z.string().max(40).optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
  // Room for a sort value of 1,000 characters, each escaped in JSON, in base64url (the server's cursor.ts).
  cursor: z.string().max(8192).optional(),
  page: queryInt(1, 100_000).optional(),
  limit: queryInt(1, PAGE_LIMIT).default(PAGE_LIMIT),
  facilityIds: repeatedInt.optional(),
  archived: z.enum(['true', 'false']).optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
  /** The caller's time zone: `from`, `to` and "today" are its calendar days (UTC without it). */
  tz: TimeZoneSchema.optional(),
});
export type AlertListQuery = z.infer<typeof AlertListQuerySchema>;

/** Messages of the archive date range (spec 1, section 9). */
export const DATE_RANGE_MESSAGES = {
  fromAfterTo: 'From cannot be after To',
  toInFuture: 'To cannot be in the future',
  fromInFuture: 'From cannot be in the future',
  /** A date picker holding part of a date (a month typed, the year not): the browser reports it as empty. */
  incomplete: 'Enter the whole date, or clear it',
} as const;

/**
 * Checks an archive range of ISO days against today (the caller's local day): From not after To, neither in the
 * future. Answers field messages, empty when the range is fine.
 */
export function archiveRangeProblems(
  from: string | undefined,
  to: string | undefined,
  today: string,
): Record<string, string> {
  const problems: Record<string, string> = {};
  // A year being typed (0002, 0020, 0202 on the way to 2025) is not a range to ask the server for.
  const unstorable = (day: string | undefined) => day !== undefined && day !== '' && !hasStorableYear(day);
  if (unstorable(from)) problems.from = STORABLE_YEAR_MESSAGE;
  if (unstorable(to)) problems.to = STORABLE_YEAR_MESSAGE;
  if (problems.from || problems.to) return problems;
  if (from && to && from > to) problems.from = DATE_RANGE_MESSAGES.fromAfterTo;
  // Beyond the spec's two rules: a From after today lists nothing, and should say why.
  else if (from && from > today) problems.from = DATE_RANGE_MESSAGES.fromInFuture;
  if (to && to > today) problems.to = DATE_RANGE_MESSAGES.toInFuture;
  return problems;
}

/** The answer of a paged list call (refill, pump, narcotics). */
export const PagedAlertListSchema = z.object({
  results: z.array(AnyAlertSchema),
  cursor: z.string().nullable(),
  count: z.number().int(),
  nextPage: z.number().int().nullable(),
  timeStamp: z.string(),
});

/** The answer of an unpaged list call, with the list under the widget's own key. */
export function unpagedAlertListSchema(listKey: string) {
  return z.object({
    [listKey]: z.array(AnyAlertSchema),
    cursor: z.string().nullable(),
    count: z.number().int(),
    nextPage: z.number().int().nullable(),
    timeStamp: z.string(),
  });
}
