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

/** One own-account change, or how to build it once the saves made before it have been answered. */
export type OwnAccountChange = EditUserInfoAccount | (() => EditUserInfoAccount);

/**
 * `POST /edituserinfo` for the signed-in user's own account (one change per call). The answer's `userInfo`
 * replaces the session's user, so the header, gates and forms show the change at once. A save refused as made on a
 * profile changed since (409) reads the session's user again before the caller's onError runs, so Reload current
 * values finds what was saved meanwhile.
 *
 * The saves go one at a time, in the order made (one mutation scope): Account Info has a Save per field, and a
 * second save made while the first was on its way carried the same profileVersion, which the first had just moved
 * on, so it was refused as a conflict with no one else's change. A change given as a function is built when its
 * turn comes, after the saves before it have answered (and their callers have noted the version they gave).
 */
export function useEditOwnAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    scope: { id: 'own-account' },
    mutationFn: (change: OwnAccountChange) =>
      apiRequest(EditUserInfoAnswerSchema, ENDPOINTS.editUserInfo, {
        method: 'POST',
        body: EditUserInfoAccountSchema.parse(typeof change === 'function' ? change() : change),
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
