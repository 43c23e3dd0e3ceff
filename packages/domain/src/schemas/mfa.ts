import { z } from 'zod';
import { LoginAnswerSchema } from './auth.ts';
import { USER_MESSAGES } from './user-fields.ts';

/** Text of the two-step sign-in screens and refusals, one place for server and web. */
export const MFA_MESSAGES = {
  codeRequired: 'Please enter the code',
  codeWrong: 'That code is not right. Check your authenticator app and try again.',
  /** A right authenticator code whose time step was already used (each code works once): only the next one will. */
  codeUsed: 'This code has already been used. Wait for the next code.',
  recoveryCodeWrong: 'That recovery code is not right or was already used.',
  codeFormat: 'Enter the 6-digit code from your authenticator app',
  challengeExpired: 'Your sign-in took too long. Please sign in again.',
  challengeRequired: 'Sign in with your email and password first, then enter the code.',
  alreadyEnabled: 'Two-step sign-in is already on. Turn it off first to set it up again.',
  notEnabled: 'Two-step sign-in is not on.',
  notStarted: 'Start the set-up again: no set-up is in progress.',
  enrolmentRequired: 'Your role needs two-step sign-in. Set it up to continue.',
  requiredForRole: 'Your role needs two-step sign-in, so it cannot be turned off.',
  enrolled: 'Two-step sign-in is on',
  disabled: 'Two-step sign-in is off',
  regenerated: 'New recovery codes made; the old ones no longer work',
} as const;

/** How many recovery codes an enrolment or a regeneration makes; each works once. */
export const RECOVERY_CODE_COUNT = 10;

// A field left out says what is missing, not that undefined is not a string (as registration does).
const codeText = () => z.string({ error: MFA_MESSAGES.codeRequired });

/** A 6-digit authenticator code, spaces allowed (apps show `123 456`). */
const totpCode = codeText()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, MFA_MESSAGES.codeRequired)
      .regex(/^\d{6}$/, MFA_MESSAGES.codeFormat),
  );

/**
 * An authenticator code or a recovery code; the server tells them apart by their shape. Digits only but not six of
 * them is a mistyped authenticator code (recovery codes have letters), refused as such before any check counts.
 */
const anyCode = codeText()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, MFA_MESSAGES.codeRequired)
      .max(64)
      .refine((v) => !/^\d+$/.test(v) || v.length === 6, MFA_MESSAGES.codeFormat),
  );

const CURRENT_PASSWORD_REQUIRED = 'Please enter your current password';
const currentPassword = z
  .string({ error: CURRENT_PASSWORD_REQUIRED })
  .min(1, CURRENT_PASSWORD_REQUIRED)
  .max(1024, USER_MESSAGES.tooLong(1024));

// The client sends back the password step's challenge; without a usable one the user has to start from there.
const challenge = z
  .string({ error: MFA_MESSAGES.challengeRequired })
  .min(16, MFA_MESSAGES.challengeRequired)
  .max(256, MFA_MESSAGES.challengeRequired);

/** True when a code has the shape of an authenticator code (else it is taken as a recovery code). */
export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code.replace(/\s+/g, ''));
}

/** Answer of `POST /login` (and `/users/authenticate`) for a user with two-step sign-in: no session yet. */
export const MfaChallengeAnswerSchema = z.object({
  mfaRequired: z.literal(true),
  /** Single-use, valid for a few minutes; send it with the code to `POST /login/mfa`. */
  challenge: z.string(),
});
export type MfaChallengeAnswer = z.infer<typeof MfaChallengeAnswerSchema>;

/** Answer of the password step: a session, or a challenge for the second step. */
export const PasswordStepAnswerSchema = z.union([LoginAnswerSchema, MfaChallengeAnswerSchema]);
export type PasswordStepAnswer = z.infer<typeof PasswordStepAnswerSchema>;

/** Answer of `POST /loginWithToken`: a session, or a challenge when the user has two-step sign-in. */
export const TokenStepAnswerSchema = z.union([z.object({ token: z.string() }), MfaChallengeAnswerSchema]);

/** `POST /login/mfa` body: the challenge and an authenticator or recovery code. */
export const MfaLoginInputSchema = z.strictObject({
  challenge,
  code: anyCode,
});
export type MfaLoginInput = z.infer<typeof MfaLoginInputSchema>;

/** `GET /mfa`: the caller's two-step sign-in status. */
export const MfaStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** The caller's role needs it (MFA_REQUIRED_FOR_ADMINS): it cannot be turned off. */
  isRequired: z.boolean(),
});
export type MfaStatus = z.infer<typeof MfaStatusSchema>;

/** Answer of `POST /mfa/enrol`: a pending secret, to be proven with a code before it counts. */
export const MfaEnrolStartAnswerSchema = z.object({
  /** Base32, for typing into an app by hand. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** The otpauth URI as an SVG QR code, in a data URL. */
  qrCode: z.string(),
});
export type MfaEnrolStartAnswer = z.infer<typeof MfaEnrolStartAnswerSchema>;

/** `POST /mfa/enrol/confirm` body: a current code from the new secret, and the current password. */
export const MfaEnrolConfirmInputSchema = z.strictObject({ code: totpCode, currentPassword });
export type MfaEnrolConfirmInput = z.infer<typeof MfaEnrolConfirmInputSchema>;

/** `POST /mfa/disable` and `POST /mfa/recovery-codes` body: password and a code (or a recovery code). */
export const MfaProofInputSchema = z.strictObject({ code: anyCode, currentPassword });
export type MfaProofInput = z.infer<typeof MfaProofInputSchema>;

/** Recovery codes, shown once: after enrolment or regeneration. */
export const MfaRecoveryCodesAnswerSchema = z.object({
  message: z.string(),
  recoveryCodes: z.array(z.string()),
});
export type MfaRecoveryCodesAnswer = z.infer<typeof MfaRecoveryCodesAnswerSchema>;

/** The pharmacy role MFA_REQUIRED_FOR_ADMINS covers, besides every SuperAdmin. */
export const MFA_ADMIN_PHARMACY_ROLE = 'SysAdmin';

/** Whether MFA_REQUIRED_FOR_ADMINS covers a user: SuperAdmins and pharmacy SysAdmins (issue 7). */
export function isMfaAdmin(user: {
  userType: string;
  entityTypeAndRole: readonly ({ pharid: string; userRole: string } | { facid: number; userRole: string })[];
}): boolean {
  if (user.userType === 'SuperAdmin') return true;
  return user.entityTypeAndRole.some((e) => 'pharid' in e && e.userRole === MFA_ADMIN_PHARMACY_ROLE);
}

/** Whether a sign-in answer is the challenge of a two-step sign-in rather than a session. */
export function isMfaChallenge<T extends object>(
  answer: T | MfaChallengeAnswer,
): answer is MfaChallengeAnswer {
  return 'mfaRequired' in answer && answer.mfaRequired === true;
}
