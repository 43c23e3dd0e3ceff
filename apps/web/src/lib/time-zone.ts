/** The browser's IANA time zone (`America/Chicago`): the zone the user's dates are shown and picked in. */
export const localTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A moment as the reader's own calendar day, `YYYY-MM-DD` (today: `localIsoDay(new Date())`). */
export function localIsoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
