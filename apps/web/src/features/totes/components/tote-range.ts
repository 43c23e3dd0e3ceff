import { isoToUsDate, TOTES_DEFAULT_RANGE_DAYS } from '@portal/domain';
import { localIsoDay, localTimeZone } from '@/lib/time-zone.ts';

/** The default Totes range: the last 2 days, today included, as ISO days. */
export function defaultToteRange(now: Date): [string, string] {
  const from = new Date(now);
  from.setDate(from.getDate() - (TOTES_DEFAULT_RANGE_DAYS - 1));
  return [localIsoDay(from), localIsoDay(now)];
}

/** The range as the headers call takes it (MM/DD/YYYY), as days of the reader's time zone. */
export function rangeQuery([from, to]: [string, string]) {
  return { fdate: isoToUsDate(from), edate: isoToUsDate(to), tz: localTimeZone() };
}
