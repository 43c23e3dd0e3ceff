import { type CreatePharmUserInput, ENDPOINTS, MessageAnswerSchema } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

/** `POST /createpharmuser`; the list of pharmacy users refreshes afterwards. */
export function useCreatePharmacyUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreatePharmUserInput) =>
      apiRequest(MessageAnswerSchema, ENDPOINTS.createPharmacyUser, { method: 'POST', body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['pharmacy-users'] }),
  });
}
