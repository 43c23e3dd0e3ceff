import { ENDPOINTS, isMfaChallenge, type LoginInput, PasswordStepAnswerSchema } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { setToken } from '@/lib/session-store.ts';
import { tokenInfoQuery } from './token-info.ts';

/**
 * `POST /login`: stores the session token and primes the user so the next page renders at once. For a user with
 * two-step sign-in the answer is a challenge instead, and no session starts until `useLoginMfa` succeeds.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) =>
      apiRequest(PasswordStepAnswerSchema, ENDPOINTS.login, { method: 'POST', body: input, bearer: null }),
    onSuccess: (answer) => {
      if (isMfaChallenge(answer)) return;
      queryClient.setQueryData(tokenInfoQuery(answer.token).queryKey, { userInfo: answer.userInfo });
      setToken(answer.token);
    },
  });
}
