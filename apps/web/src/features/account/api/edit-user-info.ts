import {
  type EditUserInfoAccount,
  EditUserInfoAccountSchema,
  EditUserInfoAnswerSchema,
  ENDPOINTS,
} from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tokenInfoQuery } from '@/features/auth';
import { apiRequest } from '@/lib/api-client.ts';
import { getToken } from '@/lib/session-store.ts';

/**
 * `POST /edituserinfo` for the signed-in user's own account (one change per call). The answer's `userInfo`
 * replaces the session's user, so the header, gates and forms show the change at once.
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
  });
}
