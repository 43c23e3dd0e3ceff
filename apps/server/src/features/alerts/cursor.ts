import { z } from 'zod';
import { badRequest } from '../../platform/errors.ts';
import { findMalformedText } from '../../platform/well-formed-text.ts';
import type { SortKind } from './sorting.ts';

const CursorSchema = z.strictObject({
  s: z.string().max(40),
  o: z.enum(['asc', 'desc']),
  a: z.boolean(),
  // Longer than any text a sort column can hold (ingest keeps text fields to 500 characters).
  v: z.union([z.string().max(1000), z.number()]),
  i: z.number().int(),
  /**
   * Whether the last row was unread: lists put unread rows first (spec 1, section 4), so the next page continues the
   * unread rows, then the read ones, or the read ones alone. A cursor made before lists did (without it) is refused.
   */
  u: z.boolean().optional(),
  /** The number of the page the cursor opens (1 is the first), so the answer can say which page follows. */
  p: z
    .number()
    .int()
    .min(2)
    .max(2 ** 31 - 1)
    .optional(),
});

/** Where the next page starts: the last row's read state, sort value and id, under the sort it was made for. */
export type Cursor = z.infer<typeof CursorSchema>;

/** The answer to a cursor made before lists put unread rows first: it names a place in an order that is gone. */
export const CURSOR_BEFORE_UNREAD_FIRST =
  'The list is now ordered unread first, so this cursor no longer names a place in it. Load the list again.';

/** An opaque cursor string. */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

// A timestamp as PostgreSQL writes timestamptz as text ('2026-11-02 14:00:00.123+00') or as toISOString does.
const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(?:Z|[+-](\d{2})(?::?(\d{2})(?::?(\d{2}))?)?)$/;
// PostgreSQL refuses a zone offset beyond 15:59:59 ('time zone displacement out of range').
const MAX_OFFSET_HOURS = 15;
const NUMERIC = /^-?\d{1,40}(?:\.\d{1,40})?$/;

function isTimestamp(value: string): boolean {
  const match = TIMESTAMP.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  // The zone offset's hours, minutes and seconds; absent ones ('Z', or '+05' alone) are zero.
  const [offsetHours = 0, offsetMinutes = 0, offsetSeconds = 0] = match
    .slice(7)
    .map((part) => Number(part ?? 0));
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60 &&
    offsetHours <= MAX_OFFSET_HOURS &&
    offsetMinutes < 60 &&
    offsetSeconds < 60
  );
}

/** Whether a cursor's sort value is one the sort column could have given (the statement casts it to the kind). */
function fitsKind(value: string | number, kind: SortKind): boolean {
  if (kind === 'time') return typeof value === 'string' && isTimestamp(value);
  if (kind === 'number') return typeof value === 'number' ? Number.isFinite(value) : NUMERIC.test(value);
  // The value goes to the database as text, which refuses a NUL; the query's own check cannot see inside the base64.
  return typeof value === 'string' && findMalformedText(value) === null;
}

/**
 * Reads a cursor; one that was altered, made for another sort, or whose sort value the column could not have given
 * is a 400 (a value the database cannot cast would otherwise fail the statement).
 */
export function decodeCursor(
  value: string,
  expected: { s: string; o: 'asc' | 'desc'; a: boolean; kind: SortKind },
): Cursor {
  let parsed: Cursor;
  try {
    parsed = CursorSchema.parse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
  } catch {
    throw badRequest('The cursor is not valid.', { cursor: 'Invalid cursor' });
  }
  if (parsed.s !== expected.s || parsed.o !== expected.o || parsed.a !== expected.a) {
    throw badRequest('The cursor belongs to another sort.', { cursor: 'Cursor does not match the sort' });
  }
  if (!fitsKind(parsed.v, expected.kind)) {
    throw badRequest('The cursor is not valid.', { cursor: 'Invalid cursor' });
  }
  // Continuing such a cursor by its sort value alone would skip the unread rows after it, or show some twice.
  if (parsed.u === undefined) {
    throw badRequest(CURSOR_BEFORE_UNREAD_FIRST, { cursor: 'Cursor from before unread-first order' });
  }
  return parsed;
}
