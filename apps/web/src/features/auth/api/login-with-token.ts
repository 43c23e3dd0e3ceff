import { ENDPOINTS, TokenAnswerSchema } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { clearToken, setToken } from '@/lib/session-store.ts';
import { tokenInfoQuery } from './token-info.ts';

/**
 * Exchanges a one-time sign-in token (from `?token=`) for a session: `POST /loginWithToken` with the one-time
 * token as bearer, then `GET /tokeninfo`. On failure the token and any session data are cleared (spec 1, §8).
 */
export function useLoginWithToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (oneTimeToken: string) => {
      const { token } = await apiRequest(TokenAnswerSchema, ENDPOINTS.loginWithToken, {
        method: 'POST',
        bearer: oneTimeToken,
      });
      const info = await queryClient.fetchQuery(tokenInfoQuery(token));
      return { token, info };
    },
    onSuccess: ({ token }) => setToken(token),
    onError: () => {
      clearToken();
      queryClient.clear();
    },
  });
}
