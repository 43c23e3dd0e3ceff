import { ENDPOINTS, LoginAnswerSchema, type MfaLoginInput } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { setToken } from '@/lib/session-store.ts';
import { tokenInfoQuery } from './token-info.ts';

/** `POST /login/mfa`: the second step; a right code starts the session like a one-step sign-in. */
export function useLoginMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MfaLoginInput) =>
      apiRequest(LoginAnswerSchema, ENDPOINTS.loginMfa, { method: 'POST', body: input, bearer: null }),
    onSuccess: (answer) => {
      queryClient.setQueryData(tokenInfoQuery(answer.token).queryKey, { userInfo: answer.userInfo });
      setToken(answer.token);
    },
  });
}
