import { z } from 'zod';
import { NAME_MIN_LENGTH, newPasswordField, requiredPhoneField, USER_MESSAGES } from './user-fields.ts';

/** Toasts of the Account Info tab (spec 2, section 8). */
export const ACCOUNT_MESSAGES = {
  nameUpdated: 'User name updated',
  phoneUpdated: 'User phone updated',
  titleUpdated: 'User title updated',
  passwordUpdated: 'User password updated',
  betaToggled: (email: string, isBeta: boolean) =>
    `${isBeta ? 'Activated' : 'Deactivated'} ${email} as Beta User`,
  currentPasswordRequired: 'Current password is required',
} as const;

// The body of `POST /edituserinfo` (`EditUserInfoAccountSchema`) and its answer live with the server's other
// user schemas in `users.ts`; this file keeps the Account Info tab's own forms and toasts.

/** The own-password form (Account Info and the forced change): current, new and confirmation. */
export function ownPasswordFormSchema(passwordMinLength: number) {
  return z
    .object({
      currentPassword: z.string().min(1, ACCOUNT_MESSAGES.currentPasswordRequired).max(1024),
      password: newPasswordField(
        passwordMinLength,
        USER_MESSAGES.passwordRequired,
        USER_MESSAGES.passwordMinimum,
      ),
      confirmPassword: z.string().min(1, USER_MESSAGES.confirmPasswordRequired).max(200),
    })
    .refine((v) => v.password === v.confirmPassword, {
      path: ['confirmPassword'],
      message: USER_MESSAGES.passwordsDoNotMatch,
    });
}
export type OwnPasswordForm = z.infer<ReturnType<typeof ownPasswordFormSchema>>;

/** The display name field of the Account Info tab. */
export const DisplayNameFormSchema = z.object({
  displayName: z.string().trim().min(NAME_MIN_LENGTH, USER_MESSAGES.nameTooShort).max(200),
});
/** The phone field of the Account Info tab (mask stripped to 10 digits). */
export const PhoneFormSchema = z.object({ phone: requiredPhoneField() });
/** The title field of the Account Info tab. */
export const TitleFormSchema = z.object({ title: z.string().trim().max(100) });
