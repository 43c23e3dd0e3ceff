/** One hour in milliseconds: the one place the server spells it out. */
export const HOUR_MS = 3_600_000;

/** The moment `hours` before `at` (a retention's cutoff: "kept 24 hours" deletes what is older than this). */
export function hoursBefore(at: Date, hours: number): Date {
  return new Date(at.getTime() - hours * HOUR_MS);
}

/** The moment `hours` after `at` (an expiry). */
export function hoursAfter(at: Date, hours: number): Date {
  return new Date(at.getTime() + hours * HOUR_MS);
}
