/** Minutes after which a widget's data counts as stale and the yellow Refresh button shows (spec 1, section 9). */
export const STALE_AFTER_MINUTES = 12;

/** The 'Updated' age of a widget: 'under 1 minute', 'N minutes' up to 60, then 'more than 1 hour'. */
export function updatedAgeLabel(lastRefreshed: Date, now: Date): string {
  const minutes = Math.floor((now.getTime() - lastRefreshed.getTime()) / 60_000);
  if (minutes < 1) return 'under 1 minute';
  if (minutes <= 60) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return 'more than 1 hour';
}

/** True when the yellow Refresh button should show. */
export function isStale(lastRefreshed: Date, now: Date): boolean {
  return now.getTime() - lastRefreshed.getTime() >= STALE_AFTER_MINUTES * 60_000;
}
