/**
 * The widget page's facility filter in its address, without zod: the web app's boot script reads it to start the
 * page's first list request (apps/web/src/lib/early-requests.ts) before any other script has run, and a schema
 * module would bring zod and the alert schemas into that small first script (~100 KB instead of ~8).
 */

/** The largest value of a PostgreSQL `integer` (int4) column, where users, facilities, files and content keep ids. */
export const INT4_MAX = 2_147_483_647;

/** The most facilities one list call may be narrowed to. */
export const MAX_FACILITY_IDS = 1000;

/**
 * The widget page's address parameter naming the facilities it shows (`?facilityIds=101&facilityIds=102`): the
 * list call's own name, so a reminder email's link and the page's facility filter are one address.
 */
export const FACILITY_FILTER_PARAM = 'facilityIds';

// Digits only, as the list call takes an id (schemas/ids.ts, int4IdText): a sign, spaces, hex, an exponent or a
// fraction would otherwise read as some other facility's id.
const DIGITS = /^\d{1,10}$/;

/**
 * The facilities an address names, from its `facilityIds` values (repeated, or comma-separated as older links may
 * have them): each an id as the list call takes it (`int4IdText`: digits, 1 to INT4_MAX), in the address's order,
 * each once, at most MAX_FACILITY_IDS. Anything else (words, a sign, 0, a fraction, a number past int4) is left
 * out, as if it were not there: an address is typed, pasted and cut short, and a bad part of it must not cost the
 * page its list.
 */
export function facilityFilterIds(values: readonly string[]): number[] {
  const ids = new Set<number>();
  for (const part of values.flatMap((value) => value.split(','))) {
    const text = part.trim();
    if (!DIGITS.test(text)) continue;
    const id = Number(text);
    if (id >= 1 && id <= INT4_MAX) ids.add(id);
  }
  return [...ids].slice(0, MAX_FACILITY_IDS);
}
