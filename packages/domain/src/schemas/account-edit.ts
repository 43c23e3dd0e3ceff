import { z } from 'zod';
import { UserInfoSchema } from './auth.ts';
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
  currentPasswordWrong: 'Current password is not correct',
  oneChangePerCall: 'Send exactly one of betaUser, displayName, phone, title or password',
} as const;

const CHANGE_KEYS = ['betaUser', 'displayName', 'phone', 'title', 'password'] as const;

/**
 * Body of `POST /edituserinfo` as the Account Info tab sends it for the signed-in user: their own email and
 * exactly one change; a new password needs the current one too. The password minimum is the server's to check
 * here (the forms use `ownPasswordFormSchema` with the configured minimum).
 */
export const EditUserInfoAccountSchema = z
  .strictObject({
    email: z.string().trim().min(1).max(254),
    title: z.string().trim().max(100).optional(),
    betaUser: z.boolean().optional(),
    displayName: z.string().trim().min(NAME_MIN_LENGTH, USER_MESSAGES.nameTooShort).max(200).optional(),
    phone: requiredPhoneField().optional(),
    password: z.string().min(1, USER_MESSAGES.passwordRequired).max(200).optional(),
    currentPassword: z.string().min(1, ACCOUNT_MESSAGES.currentPasswordRequired).max(1024).optional(),
  })
  .superRefine((v, ctx) => {
    const given = CHANGE_KEYS.filter((k) => v[k] !== undefined);
    if (given.length !== 1)
      ctx.addIssue({ code: 'custom', path: [], message: ACCOUNT_MESSAGES.oneChangePerCall });
    if (v.password !== undefined && v.currentPassword === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['currentPassword'],
        message: ACCOUNT_MESSAGES.currentPasswordRequired,
      });
  });
export type EditUserInfoAccount = z.infer<typeof EditUserInfoAccountSchema>;

/** Answer of `POST /edituserinfo`: a message and the user's refreshed `userInfo`. */
export const EditUserInfoAnswerSchema = z.object({ message: z.string(), userInfo: UserInfoSchema });

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
