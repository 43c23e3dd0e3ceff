import { MESSAGES } from '@portal/domain';
import type { z } from 'zod';
import { ApiError } from '@/lib/api-error.ts';

/** The first message of each field of a failed parse, keyed by the field's top-level name. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !fields[key]) fields[key] = issue.message;
  }
  return fields;
}

/**
 * What a public account page says when its call fails (spec 2, section 8): 500 'Internal Server Error', 401
 * 'Invalid credentials', otherwise the server's own message.
 */
export function publicErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return MESSAGES.internal;
  if (error.status >= 500 || error.status === 0) return MESSAGES.internal;
  if (error.status === 401) return MESSAGES.invalidCredentials;
  return error.message;
}
