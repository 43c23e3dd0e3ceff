import { ENDPOINTS, LoginAnswerSchema, type LoginInput } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { setToken } from '@/lib/session-store.ts';
import { tokenInfoQuery } from './token-info.ts';

/** `POST /login`: stores the session token and primes the user so the next page renders at once. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) =>
      apiRequest(LoginAnswerSchema, ENDPOINTS.login, { method: 'POST', body: input, bearer: null }),
    onSuccess: (answer) => {
      queryClient.setQueryData(tokenInfoQuery(answer.token).queryKey, { userInfo: answer.userInfo });
      setToken(answer.token);
    },
  });
}
