import {
  ENDPOINTS,
  MessageAnswerSchema,
  type MfaEnrolConfirmInput,
  MfaEnrolConfirmInputSchema,
  MfaEnrolStartAnswerSchema,
  type MfaProofInput,
  MfaProofInputSchema,
  MfaRecoveryCodesAnswerSchema,
  MfaStatusSchema,
} from '@portal/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

const MFA_KEY = ['account', 'mfa'];
// The session user carries mfaEnabled and mfaEnrolmentRequired.
const SESSION_USER_KEY = ['auth', 'tokeninfo'];

/** `GET /mfa`: the caller's two-step sign-in status. */
export function mfaStatusQuery() {
  return queryOptions({
    queryKey: MFA_KEY,
    queryFn: ({ signal }) => apiRequest(MfaStatusSchema, ENDPOINTS.mfa, { signal }),
  });
}

/** `POST /mfa/enrol`: a new pending secret with its QR code. */
export function useStartMfaEnrol() {
  return useMutation({
    mutationFn: () => apiRequest(MfaEnrolStartAnswerSchema, ENDPOINTS.mfaEnrol, { method: 'POST' }),
  });
}

/**
 * `POST /mfa/enrol/confirm`: turns it on and answers the recovery codes. The caller refreshes the status and the
 * session user (`useMfaEnrolled`) once the codes are saved: refreshing them here would replace the screen that
 * shows the codes before the user has saved them.
 */
export function useConfirmMfaEnrol() {
  return useMutation({
    mutationFn: (input: MfaEnrolConfirmInput) =>
      apiRequest(MfaRecoveryCodesAnswerSchema, ENDPOINTS.mfaEnrolConfirm, {
        method: 'POST',
        body: MfaEnrolConfirmInputSchema.parse(input),
      }),
  });
}

/** After a set-up: the status and the session user (mfaEnabled, mfaEnrolmentRequired) are read again. */
export function useMfaEnrolled() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: MFA_KEY });
    await queryClient.invalidateQueries({ queryKey: SESSION_USER_KEY });
  };
}

/** `POST /mfa/disable`: turns it off. */
export function useDisableMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MfaProofInput) =>
      apiRequest(MessageAnswerSchema, ENDPOINTS.mfaDisable, {
        method: 'POST',
        body: MfaProofInputSchema.parse(input),
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: MFA_KEY });
      await queryClient.invalidateQueries({ queryKey: SESSION_USER_KEY });
    },
  });
}

/** `POST /mfa/recovery-codes`: replaces every recovery code. */
export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MfaProofInput) =>
      apiRequest(MfaRecoveryCodesAnswerSchema, ENDPOINTS.mfaRecoveryCodes, {
        method: 'POST',
        body: MfaProofInputSchema.parse(input),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MFA_KEY }),
  });
}
