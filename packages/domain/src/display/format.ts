// Built on first use, not when the module is evaluated: a page's first Intl object costs a browser 40-100 ms (ICU's
// start-up), and a page the server drew needs none until the app draws a date or an amount of its own.
let usd: Intl.NumberFormat | undefined;

/** Money as US dollars with thousands separators: $1,234.50. Empty for a missing amount. */
export function formatMoney(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || Number.isNaN(amount)) return '';
  usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  return usd.format(amount);
}

const SIZE_UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

/**
 * A file size in 1024-based units, rounded to two decimals with trailing zeros dropped (spec 2: "1024-based units
 * with 2 decimals"): '0 bytes', '1 byte', '512 bytes', '1.5 KB', '1.25 KB', '5 MB'. A size that rounds up to 1024
 * of a unit is written in the next one ('1 MB', not '1024 KB'). Empty for a size that is not a whole number of
 * bytes from 0 up.
 */
export function formatBytes(bytes: number): string {
  if (!Number.isSafeInteger(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  let unit = 0;
  let value = bytes / 1024;
  // Round first, then move up: 1048575 bytes is 1023.999 KB, which two decimals make 1024.00 KB, so 1 MB.
  while (unit < SIZE_UNITS.length - 1 && Number(value.toFixed(2)) >= 1024) {
    value /= 1024;
    unit += 1;
  }
  return `${Number(value.toFixed(2))} ${SIZE_UNITS[unit]}`;
}

// What toLocaleDateString and toLocaleString show when given no fields (ECMA-402 ToDateTimeOptions), so a kept
// Intl.DateTimeFormat formats exactly as they do. Each of those calls builds a new formatter, about 0.1 ms: a
// table of 100 alerts with a few dates each spent most of its render there.
const DATE_PARTS = { year: 'numeric', month: 'numeric', day: 'numeric' } as const;
const DATE_TIME_PARTS = { ...DATE_PARTS, hour: 'numeric', minute: 'numeric', second: 'numeric' } as const;
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function cachedFormat(
  cache: Map<string, Intl.DateTimeFormat>,
  parts: Intl.DateTimeFormatOptions,
  locale: string | undefined,
  timeZone: string | undefined,
): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${timeZone ?? ''}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, timeZone ? { ...parts, timeZone } : parts);
    cache.set(key, format);
  }
  return format;
}

/**
 * The locale and time zone dates are shown in when a call names none: the runtime's, unless `withDisplayZone` says
 * otherwise for the length of a call. A browser never sets it; the server's rendering of a signed-in page does,
 * with the zone and locale the reader's browser reported, so its dates read as the browser would show them.
 */
let displayZone: { locale?: string | undefined; timeZone?: string | undefined } = {};

/** Runs `render` (synchronous) with dates shown in `zone`; the runtime's defaults again after it. */
export function withDisplayZone<T>(zone: { locale?: string; timeZone?: string }, render: () => T): T {
  const before = displayZone;
  displayZone = zone;
  try {
    return render();
  } finally {
    displayZone = before;
  }
}

// An instant names its offset (`Z`, `+02:00`); a value without one is a wall-clock reading (`2026-11-20`, a day
// from the pharmacy system, or `2026-11-20T08:00:00`): shown as it reads, whatever the reader's zone.
const HAS_OFFSET = /T.*(?:z|[+-]\d{2}(?::?\d{2})?)$/i;
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function formatInstant(
  cache: Map<string, Intl.DateTimeFormat>,
  parts: Intl.DateTimeFormatOptions,
  iso: string | null | undefined,
  locale: string | undefined,
  timeZone: string | undefined,
): string {
  if (!iso) return '';
  const isWallClock = !HAS_OFFSET.test(iso);
  const date = new Date(isWallClock ? `${DAY_ONLY.test(iso) ? `${iso}T00:00:00` : iso}Z` : iso);
  if (Number.isNaN(date.getTime())) return '';
  const zone = isWallClock ? 'UTC' : (timeZone ?? displayZone.timeZone);
  return cachedFormat(cache, parts, locale ?? displayZone.locale, zone).format(date);
}

/** A date in the reader's local format (locale and time zone default to the runtime's). Empty when missing. */
export function formatDate(iso: string | null | undefined, locale?: string, timeZone?: string): string {
  return formatInstant(dateFormats, DATE_PARTS, iso, locale, timeZone);
}

/** A date and time in the reader's local format. Empty when missing. */
export function formatDateTime(iso: string | null | undefined, locale?: string, timeZone?: string): string {
  return formatInstant(dateTimeFormats, DATE_TIME_PARTS, iso, locale, timeZone);
}

/** How long ago, as the message list says it: 'Just now', 'N minutes ago', 'N hours ago', 'N days ago'. */
export function relativeTime(iso: string, now: Date): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - new Date(iso).getTime()) / 1000));
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;
  if (seconds < 60) return 'Just now';
  if (seconds < 3600) return plural(Math.floor(seconds / 60), 'minute');
  if (seconds < 86_400) return plural(Math.floor(seconds / 3600), 'hour');
  return plural(Math.floor(seconds / 86_400), 'day');
}
