import {
  type EditUserInfoAccount,
  EditUserInfoAccountSchema,
  EditUserInfoAnswerSchema,
  ENDPOINTS,
} from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tokenInfoQuery } from '@/features/auth';
import { apiRequest } from '@/lib/api-client.ts';
import { isApiError } from '@/lib/api-error.ts';
import { getToken } from '@/lib/session-store.ts';

/**
 * `POST /edituserinfo` for the signed-in user's own account (one change per call). The answer's `userInfo`
 * replaces the session's user, so the header, gates and forms show the change at once. A save refused as made on a
 * profile changed since (409) reads the session's user again before the caller's onError runs, so Reload current
 * values finds what was saved meanwhile.
 */
export function useEditOwnAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EditUserInfoAccount) =>
      apiRequest(EditUserInfoAnswerSchema, ENDPOINTS.editUserInfo, {
        method: 'POST',
        body: EditUserInfoAccountSchema.parse(input),
      }),
    onSuccess: (answer) => {
      const token = getToken();
      if (token) queryClient.setQueryData(tokenInfoQuery(token).queryKey, { userInfo: answer.userInfo });
    },
    onError: (error) => {
      const token = getToken();
      if (token && isApiError(error, 409))
        return queryClient.invalidateQueries({ queryKey: tokenInfoQuery(token).queryKey });
    },
  });
}
