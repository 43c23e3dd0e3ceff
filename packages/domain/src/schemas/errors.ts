import { z } from 'zod';

/** Error body of every non-2xx answer (reference/api.md, "Errors"). */
export const ApiErrorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;

/** Machine codes of the error body, one per kind of refusal. */
export const ERROR_CODES = {
  badRequest: 'BAD_REQUEST',
  validation: 'VALIDATION_FAILED',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  mustChangePassword: 'PASSWORD_CHANGE_REQUIRED',
  emailNotConfirmed: 'EMAIL_NOT_CONFIRMED',
  mfaEnrolmentRequired: 'MFA_ENROLMENT_REQUIRED',
  mfaChallengeExpired: 'MFA_CHALLENGE_EXPIRED',
  internal: 'INTERNAL',
} as const;
