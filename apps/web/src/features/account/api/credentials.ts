import {
  ENDPOINTS,
  MediprocityAnswerSchema,
  type MediprocityInput,
  MediprocityInputSchema,
  MessageAnswerSchema,
} from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

// Every session user query (tokeninfo, keyed by token) carries mediprocityUser, which gates actions on alerts.
const SESSION_USER_KEY = ['auth', 'tokeninfo'];

/** `POST /loginmediprocity`: verifies and stores the credentials; the session user then has them. */
export function useSaveCredentials() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MediprocityInput) =>
      apiRequest(MediprocityAnswerSchema, ENDPOINTS.loginMediprocity, {
        method: 'POST',
        body: MediprocityInputSchema.parse(input),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSION_USER_KEY }),
  });
}

/** `POST /clearMediprocity`: removes the stored credentials. */
export function useClearCredentials() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(MessageAnswerSchema, ENDPOINTS.clearMediprocity, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSION_USER_KEY }),
  });
}
