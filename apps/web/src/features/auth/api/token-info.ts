import { ENDPOINTS, TokenInfoAnswerSchema } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

/** `GET /tokeninfo`: who the token belongs to. Keyed by token so a new session never sees the old user. */
export function tokenInfoQuery(token: string) {
  return queryOptions({
    queryKey: ['auth', 'tokeninfo', token],
    queryFn: ({ signal }) =>
      apiRequest(TokenInfoAnswerSchema, ENDPOINTS.tokenInfo, { bearer: token, signal }),
    staleTime: 5 * 60_000,
  });
}
