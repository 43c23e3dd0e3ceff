import { z } from 'zod';

/** The years a date or date-time may have: PostgreSQL cannot store year 0, and nothing the portal records is older. */
export const STORABLE_YEARS = { min: 1900, max: 9999 } as const;

/** The message of a date outside STORABLE_YEARS. */
export const STORABLE_YEAR_MESSAGE = `Use a year from ${STORABLE_YEARS.min} to ${STORABLE_YEARS.max}`;

const isStorable = (year: number) => year >= STORABLE_YEARS.min && year <= STORABLE_YEARS.max;

/** Whether an ISO date or date-time, which starts with its four-digit year, is within STORABLE_YEARS as written. */
export function hasStorableYear(iso: string): boolean {
  return isStorable(Number(iso.slice(0, 4)));
}

/**
 * Whether an ISO date-time's instant is within STORABLE_YEARS in UTC, as it is stored: an offset can carry
 * '9999-12-31T23:00:00-05:00' into the year 10000, whose ISO text (+010000-...) PostgreSQL does not read, or
 * '1900-01-01T00:00:00+14:00' back into 1899. Text that is no date-time passes here; its format check refuses it.
 */
export function hasStorableInstant(iso: string): boolean {
  const time = Date.parse(iso);
  return Number.isNaN(time) || isStorable(new Date(time).getUTCFullYear());
}

/** A calendar day as YYYY-MM-DD that exists and has a storable year. */
export const storableDay = (message: string) =>
  z.iso.date(message).refine(hasStorableYear, STORABLE_YEAR_MESSAGE);

/** An ISO 8601 date-time with a zone (Z or an offset) and a storable year, as written and as the instant in UTC. */
export const storableDateTime = (message: string) =>
  z.iso
    .datetime({ offset: true, message })
    .refine((iso) => hasStorableYear(iso) && hasStorableInstant(iso), STORABLE_YEAR_MESSAGE);
