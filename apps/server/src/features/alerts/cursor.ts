import { z } from 'zod';
import { badRequest } from '../../platform/errors.ts';

const CursorSchema = z.strictObject({
  s: z.string().max(40),
  o: z.enum(['asc', 'desc']),
  a: z.boolean(),
  v: z.union([z.string().max(400), z.number()]),
  i: z.number().int(),
});

/** Where the next page starts: the last row's sort value and id, under the sort it was made for. */
export type Cursor = z.infer<typeof CursorSchema>;

/** An opaque cursor string. */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/** Reads a cursor; one that was altered or made for another sort is a 400. */
export function decodeCursor(value: string, expected: { s: string; o: 'asc' | 'desc'; a: boolean }): Cursor {
  let parsed: Cursor;
  try {
    parsed = CursorSchema.parse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
  } catch {
    throw badRequest('The cursor is not valid.', { cursor: 'Invalid cursor' });
  }
  if (parsed.s !== expected.s || parsed.o !== expected.o || parsed.a !== expected.a) {
    throw badRequest('The cursor belongs to another sort.', { cursor: 'Cursor does not match the sort' });
  }
  return parsed;
}
