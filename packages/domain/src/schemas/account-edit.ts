import { z } from 'zod';
import { NAME_MIN_LENGTH, newPasswordField, requiredPhoneField, USER_MESSAGES } from './user-fields.ts';
import { USER_ADMIN_MESSAGES } from './users.ts';

// The body of `POST /edituserinfo` (`EditUserInfoAccountSchema`), its answer and the Account Info toasts
// (`USER_ADMIN_MESSAGES`, shared with the administrators' forms) live in `users.ts`; this file keeps the tab's forms.

/** The own-password form (Account Info and the forced change): current, new and confirmation. */
export function ownPasswordFormSchema(passwordMinLength: number) {
  return z
    .object({
      currentPassword: z.string().min(1, USER_ADMIN_MESSAGES.currentPasswordRequired).max(1024),
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
