const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Money as US dollars with thousands separators: $1,234.50. Empty for a missing amount. */
export function formatMoney(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || Number.isNaN(amount)) return '';
  return usd.format(amount);
}

/** A 1024-based size with two decimals: '1.50 KB'. */
export function formatBytes(bytes: number): string {
  const units = ['Bytes', 'KB', 'MB', 'GB', 'TB'];
  if (bytes < 1024) return `${bytes} Bytes`;
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), units.length - 1);
  return `${(bytes / 1024 ** exponent).toFixed(2)} ${units[exponent]}`;
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

/** A date in the reader's local format (locale and time zone default to the runtime's). Empty when missing. */
export function formatDate(iso: string | null | undefined, locale?: string, timeZone?: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return cachedFormat(dateFormats, DATE_PARTS, locale, timeZone).format(date);
}

/** A date and time in the reader's local format. Empty when missing. */
export function formatDateTime(iso: string | null | undefined, locale?: string, timeZone?: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return cachedFormat(dateTimeFormats, DATE_TIME_PARTS, locale, timeZone).format(date);
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
