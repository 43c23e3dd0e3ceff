import { z } from 'zod';

/** The years a date or date-time may have: PostgreSQL cannot store year 0, and nothing the portal records is older. */
export const STORABLE_YEARS = { min: 1900, max: 9999 } as const;

/** The message of a date outside STORABLE_YEARS. */
export const STORABLE_YEAR_MESSAGE = `Use a year from ${STORABLE_YEARS.min} to ${STORABLE_YEARS.max}`;

/**
 * Whether an ISO date or date-time, which starts with its four-digit year, is within STORABLE_YEARS. The year as
 * written is checked, so a zone offset moves the instant by hours only, never outside what PostgreSQL stores.
 */
export function hasStorableYear(iso: string): boolean {
  const year = Number(iso.slice(0, 4));
  return year >= STORABLE_YEARS.min && year <= STORABLE_YEARS.max;
}

/** A calendar day as YYYY-MM-DD that exists and has a storable year. */
export const storableDay = (message: string) =>
  z.iso.date(message).refine(hasStorableYear, STORABLE_YEAR_MESSAGE);

/** An ISO 8601 date-time with a zone (Z or an offset) and a storable year. */
export const storableDateTime = (message: string) =>
  z.iso.datetime({ offset: true, message }).refine(hasStorableYear, STORABLE_YEAR_MESSAGE);
