import { ENDPOINTS, isMfaChallenge, TokenStepAnswerSchema } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { clearToken, setToken } from '@/lib/session-store.ts';
import { tokenInfoQuery } from './token-info.ts';

/**
 * Exchanges a one-time sign-in token (from `?token=`) for a session: `POST /loginWithToken` with the one-time
 * token as bearer, then `GET /tokeninfo`. On failure the token and any session data are cleared (spec 1, §8).
 * For a user with two-step sign-in the answer is a challenge, finished with a code like a password sign-in.
 */
export function useLoginWithToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (oneTimeToken: string) => {
      const answer = await apiRequest(TokenStepAnswerSchema, ENDPOINTS.loginWithToken, {
        method: 'POST',
        bearer: oneTimeToken,
      });
      if (isMfaChallenge(answer)) return { challenge: answer.challenge };
      await queryClient.fetchQuery(tokenInfoQuery(answer.token));
      return { token: answer.token };
    },
    onSuccess: (result) => {
      if (result.token) setToken(result.token);
    },
    onError: () => {
      clearToken();
      queryClient.clear();
    },
  });
}
