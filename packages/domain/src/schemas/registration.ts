import { z } from 'zod';
import { emailField, newPasswordField, USER_MESSAGES } from './user-fields.ts';

/** Text of registration, email confirmation and password reset by link (spec 2, sections 2, 5 and 8). */
export const REGISTRATION_MESSAGES = {
  fullnameRequired: 'Full name is required',
  registered: 'Check your email for a link to confirm your account.',
  confirmed: 'Your email address is confirmed. You can now sign in.',
  confirmInvalid: 'This confirmation link is invalid, expired or already used.',
  confirmWrongPassword:
    'This is not the password chosen when registering with this link. If you registered more than once, each ' +
    "email's link goes with the password chosen that time.",
  notConfirmed: 'Confirm your email address before signing in: use the link we emailed you.',
  pharmacyDomain: 'Pharmacy staff accounts are created by a pharmacy administrator.',
  resetRequested:
    'If an account exists for this email, a password reset link is on its way. It works for one hour.',
  resetInvalid: 'This password reset link is invalid, expired or already used.',
  resetDone: 'Your password has been reset. Sign in with your new password.',
  tooManyRequests: (minutes: number) =>
    `Too many requests. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

/** How long a password reset link works: one hour (issue 5). */
export const RESET_LINK_MINUTES = 60;
/** How long an email confirmation link works. */
export const CONFIRM_LINK_HOURS = 24;

// A missing field says what is missing, not that undefined is not a string.
const present = (message: string) => z.string({ error: message });
const fullname = present(REGISTRATION_MESSAGES.fullnameRequired)
  .trim()
  .min(1, REGISTRATION_MESSAGES.fullnameRequired)
  .max(200, USER_MESSAGES.tooLong(200));
const email = () =>
  present(USER_MESSAGES.emailRequired).pipe(
    emailField(USER_MESSAGES.emailRequired, USER_MESSAGES.invalidEmail),
  );
const password = (min: number) =>
  present(USER_MESSAGES.passwordRequired).pipe(
    newPasswordField(min, USER_MESSAGES.passwordRequired, USER_MESSAGES.passwordMinimum),
  );
// Link tokens are 256-bit base64url strings; anything else is refused before a lookup.
const linkToken = present(REGISTRATION_MESSAGES.resetInvalid)
  .trim()
  .min(1, REGISTRATION_MESSAGES.resetInvalid)
  .max(200);

/** Body of `POST /users/register`, with the configured password minimum. */
export function registerInputSchema(passwordMinLength: number) {
  return z.strictObject({ fullname, email: email(), password: password(passwordMinLength) });
}
export type RegisterInput = z.infer<ReturnType<typeof registerInputSchema>>;

/** The register form: the call's fields plus the confirmation, which must match. */
export function registerFormSchema(passwordMinLength: number) {
  return registerInputSchema(passwordMinLength)
    .extend({
      confirmPassword: present(USER_MESSAGES.confirmPasswordRequired).min(
        1,
        USER_MESSAGES.confirmPasswordRequired,
      ),
    })
    .refine((v) => v.password === v.confirmPassword, {
      path: ['confirmPassword'],
      message: USER_MESSAGES.passwordsDoNotMatch,
    });
}

/**
 * Body of `POST /users/confirm`: the email and token of the confirmation link, and the password chosen at the
 * registration that mailed the link (only that registration's password confirms it).
 */
export const ConfirmEmailInputSchema = z.strictObject({
  email: email(),
  token: present(REGISTRATION_MESSAGES.confirmInvalid)
    .trim()
    .min(1, REGISTRATION_MESSAGES.confirmInvalid)
    .max(200),
  password: present(USER_MESSAGES.passwordRequired).min(1, USER_MESSAGES.passwordRequired).max(200),
});
export type ConfirmEmailInput = z.infer<typeof ConfirmEmailInputSchema>;

/** Body of `POST /users/password-reset`: `username` is the email (spec 2, section 7). */
export const PasswordResetRequestSchema = z.strictObject({ username: email() });
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;

/** The new password and its confirmation, as the link reset form and `POST /resetPassword` check them. */
export function newPasswordPairSchema(passwordMinLength: number) {
  return z
    .object({
      password: password(passwordMinLength),
      confirmPassword: present(USER_MESSAGES.confirmPasswordRequired)
        .min(1, USER_MESSAGES.confirmPasswordRequired)
        .max(200),
    })
    .refine((v) => v.password === v.confirmPassword, {
      path: ['confirmPassword'],
      message: USER_MESSAGES.passwordsDoNotMatch,
    });
}

/** Body of `POST /resetPassword`: the link's email and token, the new password and its confirmation. */
export function resetPasswordInputSchema(passwordMinLength: number) {
  return z
    .strictObject({
      email: email(),
      token: linkToken,
      password: password(passwordMinLength),
      confirmPassword: present(USER_MESSAGES.confirmPasswordRequired)
        .min(1, USER_MESSAGES.confirmPasswordRequired)
        .max(200),
    })
    .refine((v) => v.password === v.confirmPassword, {
      path: ['confirmPassword'],
      message: USER_MESSAGES.passwordsDoNotMatch,
    });
}
export type ResetPasswordInput = z.infer<ReturnType<typeof resetPasswordInputSchema>>;
