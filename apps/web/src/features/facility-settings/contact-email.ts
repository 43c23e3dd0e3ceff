import { REMINDER_EMAIL_PATTERN, SETTINGS_MESSAGES } from '@portal/domain';
import { isApiError } from '@/lib/api-error.ts';

/** The message for an address that breaks the reminder email rule (spec 1 section 5), else null. */
export function emailError(email: string): string | null {
  return REMINDER_EMAIL_PATTERN.test(email.trim()) ? null : SETTINGS_MESSAGES.invalidEmail;
}

/** The message to show beside the input for a refused contact change, or null when a toast should say it. */
export function contactFieldError(error: unknown): string | null {
  if (isApiError(error, 409)) return SETTINGS_MESSAGES.duplicateEmail;
  if (isApiError(error, 400)) return error.fields.Email ?? error.fields.ContactInfo ?? null;
  return null;
}
