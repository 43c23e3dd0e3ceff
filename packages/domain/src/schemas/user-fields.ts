import { z } from 'zod';

/**
 * Validation messages of the user forms (spec 2, section 5), one place for the facility-user, pharmacy-user,
 * profile, account and password-reset forms on both sides. The password minimum comes from configuration
 * (`PASSWORD_MIN_LENGTH`, default 8; the spec's 4 is a setting away), so the messages that name it are functions.
 */
export const USER_MESSAGES = {
  // Add Facility User modal
  selectFacilityUserRole: 'Please select a facility user role',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  confirmPasswordRequired: 'Confirm password is required',
  displayNameRequired: 'Display name is required',
  passwordTooShort: (min: number) => `Password must be at least ${min} characters long`,
  confirmPasswordMismatch: 'Confirm password does not match password',
  invalidPhone: 'Invalid phone',
  // Create Facility User / create pharmacy user forms
  selectFacility: 'Please select a facility',
  selectFacilityRole: 'Please select a facility role',
  selectPharmacy: 'Please select a pharmacy',
  selectPharmacyRole: 'Please select a pharmacy role',
  enterDisplayName: 'Please enter a display name',
  enterEmail: 'Please enter an email address',
  invalidEmail: 'Invalid email',
  enterPassword: 'Please enter a password',
  reenterPassword: 'Please re-enter password',
  passwordsDoNotMatch: 'Passwords do not match',
  enterTitle: 'Please enter a title',
  // Edit Profile
  nameTooShort: 'Name must include a minimum of 4 characters',
  phoneTenDigits: 'Phone number must have 10 digits',
  profileRequired: 'Display Name and Phone are required fields',
  /** A profile save whose `profileVersion` is no longer the user's (409): someone saved in between. */
  profileChangedSince:
    'This profile was changed by someone else after you opened it. Your changes were not saved: reload to see the current profile.',
  // Admin reset, link reset, own password
  passwordMinimum: (min: number) => `Password must include a minimum of ${min} characters`,
  // Pending facilities / pharmacies
  roleForAllUsers: 'A role must be assigned to all users',
  roleForAllPharmacies: 'All pending pharmacies must be assigned a role',
  /**
   * A text longer than its column takes. Without it a too-long field reported its "Please enter..." message,
   * which told an administrator to enter a name they had just typed.
   */
  tooLong: (max: number) => `Must be at most ${max} characters`,
  // Server answers
  emailTaken: 'A user with this email already exists',
} as const;

/** The spec's minimum for display names in the profile form. */
export const NAME_MIN_LENGTH = 4;
/** Phone numbers are stored and sent as exactly this many digits. */
export const PHONE_DIGITS = 10;

/** Only the digits of a phone as typed ("(555) 123-4567" -> "5551234567"). */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** Formats 10 digits as ddd-ddd-dddd (the profile form's display); anything else is returned unchanged. */
export function formatPhone(digits: string): string {
  const d = phoneDigits(digits);
  return d.length === PHONE_DIGITS ? `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}` : digits;
}

/**
 * The phone mask of the user forms, (xxx) xxx-xxxx (spec 2, section 5), applied as the digits are typed: anything
 * but digits is dropped and at most 10 digits are kept ("9735550" -> "(973) 555-0").
 */
export function maskPhone(typed: string): string {
  const d = phoneDigits(typed).slice(0, PHONE_DIGITS);
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** An optional phone: empty is allowed, otherwise exactly 10 digits once the mask is stripped; yields digits. */
export function optionalPhoneField(message: string = USER_MESSAGES.invalidPhone) {
  return z
    .string()
    .max(40)
    .transform(phoneDigits)
    .refine((d) => d.length === 0 || d.length === PHONE_DIGITS, message);
}

/** A required, valid email, trimmed and lower-cased; missing or empty, it is `required`. */
export function emailField(
  required: string = USER_MESSAGES.enterEmail,
  invalid: string = USER_MESSAGES.invalidEmail,
) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(254, USER_MESSAGES.tooLong(254))
    .pipe(z.email(invalid))
    .transform((e) => e.toLowerCase());
}

/** A new password: required (missing or empty gives `required`), at least `min` characters, at most 200. */
export function newPasswordField(min: number, required: string, tooShort: (min: number) => string) {
  return z
    .string({ error: required })
    .min(1, required)
    .min(min, tooShort(min))
    .max(200, USER_MESSAGES.tooLong(200));
}

/**
 * A user's profile version as the user lists, `userInfo` and the edit's answer carry it and a profile save sends it
 * back: opaque, it changes whenever the user's display name or phone does (what the profile forms edit).
 */
export const ProfileVersionSchema = z.string().min(1).max(64);
