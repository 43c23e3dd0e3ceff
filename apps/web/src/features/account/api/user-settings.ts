import {
  ENDPOINTS,
  MessageAnswerSchema,
  type UserSettingInput,
  UserSettingInputSchema,
} from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

/**
 * `POST /usersetting`: a user's dashboard order, visibility and lock. The session user is refreshed so the form
 * shows what was saved; the dashboard itself applies it after the next sign-in (the spec's log-out question).
 */
export function useSaveUserSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UserSettingInput) =>
      apiRequest(MessageAnswerSchema, ENDPOINTS.userSetting, {
        method: 'POST',
        body: UserSettingInputSchema.parse(input),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['auth', 'tokeninfo'] }),
  });
}
