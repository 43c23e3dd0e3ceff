import {
  type ConfirmEmailInput,
  ENDPOINTS,
  MessageAnswerSchema,
  type PasswordResetRequest,
  type RegisterInput,
  type ResetPasswordInput,
} from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

// The public account calls send no session token: they are made by people who are not signed in.
const publicPost = (path: string, body: unknown) =>
  apiRequest(MessageAnswerSchema, path, { method: 'POST', body, bearer: null });

/** `POST /users/register`. */
export function useRegister() {
  return useMutation({ mutationFn: (input: RegisterInput) => publicPost(ENDPOINTS.register, input) });
}

/** `POST /users/confirm`: confirms the email of a registration link. */
export function useConfirmEmail() {
  return useMutation({ mutationFn: (input: ConfirmEmailInput) => publicPost(ENDPOINTS.confirmEmail, input) });
}

/** `POST /users/password-reset`: asks for a reset link by email. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: PasswordResetRequest) => publicPost(ENDPOINTS.passwordReset, input),
  });
}

/** `POST /resetPassword`: sets a new password with the link's email and token. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) => publicPost(ENDPOINTS.resetPassword, input),
  });
}
