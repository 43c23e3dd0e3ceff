import { z } from 'zod';
import { INT4_MAX } from '../facility-filter.ts';

export { INT4_MAX };

const ID_MESSAGE = `Must be a whole number from 1 to ${INT4_MAX}`;
const DIGITS = /^\d{1,10}$/;

/** An id of an int4 column sent as a JSON number: a whole number from 1 to INT4_MAX. */
export const int4Id = (message: string = ID_MESSAGE) =>
  z.number({ error: message }).int(message).positive(message).max(INT4_MAX, message);

/**
 * An int4 id written as text (a path or query parameter), answered as a number. Digits only: a sign, spaces, hex,
 * an exponent or a fraction would otherwise coerce to some other record's id.
 */
export const int4IdText = (message: string = ID_MESSAGE) =>
  z.string({ error: message }).regex(DIGITS, message).transform(Number).pipe(int4Id(message));

/** An int4 id in a body that has always taken digits as well as numbers, answered as a number; never a boolean. */
export const int4IdNumberOrDigits = (message: string = ID_MESSAGE) =>
  z.union([int4Id(message), int4IdText(message)], { error: message });

/** An int4 id in a body that takes it as a number or as digits; the value is kept as sent. */
export const int4IdOrDigits = (message: string = ID_MESSAGE) =>
  z.union(
    [
      int4Id(message),
      z
        .string()
        .regex(DIGITS, message)
        .refine((v) => int4Id().safeParse(Number(v)).success, message),
    ],
    { error: message },
  );

/**
 * A whole number in a query string (a page, a page size), answered as a number: digits only, for the reason above
 * ('0x10', '1e2', ' 5' and '5.0' all coerce to a number); a number is taken as it is, for callers that build the
 * query from this schema's input type.
 */
export const queryInt = (min: number, max: number) => {
  const message = `Must be a whole number from ${min} to ${max}`;
  return z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^\d{1,15}$/, message)
          .transform(Number),
      ],
      { error: message },
    )
    .pipe(z.number().int(message).min(min, message).max(max, message));
};
