import { ReminderEmailSchema, SETTINGS_MESSAGES } from '@portal/domain';
import { isApiError } from '@/lib/api-error.ts';

/** The message for an address the server would refuse (spec 1 section 5's rule, and its length), else null. */
export function emailError(email: string): string | null {
  return ReminderEmailSchema.safeParse(email).success ? null : SETTINGS_MESSAGES.invalidEmail;
}

/** The message to show beside the input for a refused contact change, or null when a toast should say it. */
export function contactFieldError(error: unknown): string | null {
  if (isApiError(error, 409)) return SETTINGS_MESSAGES.duplicateEmail;
  // An added address is refused as `ContactInfo.Email`, an edited one as `ContactInfo`.
  if (isApiError(error, 400))
    return error.fields.Email ?? error.fields['ContactInfo.Email'] ?? error.fields.ContactInfo ?? null;
  return null;
}
