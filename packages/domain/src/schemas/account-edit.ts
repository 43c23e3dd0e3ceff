import { z } from 'zod';
import { NAME_MIN_LENGTH, newPasswordField, optionalPhoneField, USER_MESSAGES } from './user-fields.ts';
import { profileName, titleField, USER_ADMIN_MESSAGES } from './users.ts';

// The body of `POST /edituserinfo` (`EditUserInfoAccountSchema`), its answer and the Account Info toasts
// (`USER_ADMIN_MESSAGES`, shared with the administrators' forms) live in `users.ts`; this file keeps the tab's forms.

/** The own-password form (Account Info and the forced change): current, new and confirmation. */
export function ownPasswordFormSchema(passwordMinLength: number) {
  return z
    .object({
      currentPassword: z
        .string()
        .min(1, USER_ADMIN_MESSAGES.currentPasswordRequired)
        .max(1024, USER_MESSAGES.tooLong(1024)),
      password: newPasswordField(
        passwordMinLength,
        USER_MESSAGES.passwordRequired,
        USER_MESSAGES.passwordMinimum,
      ),
      confirmPassword: z
        .string()
        .min(1, USER_MESSAGES.confirmPasswordRequired)
        .max(200, USER_MESSAGES.tooLong(200)),
    })
    .refine((v) => v.password === v.confirmPassword, {
      path: ['confirmPassword'],
      message: USER_MESSAGES.passwordsDoNotMatch,
    })
    .refine((v) => v.password === '' || v.password !== v.currentPassword, {
      path: ['password'],
      message: USER_ADMIN_MESSAGES.passwordUnchanged,
    });
}
export type OwnPasswordForm = z.infer<ReturnType<typeof ownPasswordFormSchema>>;

// The tab's fields are the body's own (users.ts): a form looser than the body let a 101-200 character name through
// to the request's parse, which refused it in the browser with a raw ZodError toast and nothing at the field.
/** The display name field of the Account Info tab. */
export const DisplayNameFormSchema = z.object({
  displayName: profileName.min(NAME_MIN_LENGTH, USER_MESSAGES.nameTooShort),
});
/** The phone field of the Account Info tab (mask stripped to 10 digits; left empty, it clears the phone). */
export const PhoneFormSchema = z.object({ phone: optionalPhoneField(USER_MESSAGES.phoneTenDigits) });
/** The title field of the Account Info tab. */
export const TitleFormSchema = z.object({ title: titleField });
