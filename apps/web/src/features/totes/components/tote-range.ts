import { isoToUsDate, TOTES_DEFAULT_RANGE_DAYS } from '@portal/domain';
import { localTimeZone } from '@/lib/time-zone.ts';

/** A Date as the reader's local ISO day. */
export function localIsoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

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
