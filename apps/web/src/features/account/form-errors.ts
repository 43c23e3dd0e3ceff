import { MESSAGES } from '@portal/domain';
import { ApiError } from '@/lib/api-error.ts';

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
