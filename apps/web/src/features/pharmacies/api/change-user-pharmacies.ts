import {
  type AddUserPharmaciesInput,
  AddUserPharmaciesInputSchema,
  ENDPOINTS,
  MessageAnswerSchema,
  type RemovePharmacyInput,
  RemovePharmacyInputSchema,
} from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

/** `POST /adduserpharmacies`: add pharmacies (or change the role at one); the user lists refresh. */
export function useAddUserPharmacies() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddUserPharmaciesInput) =>
      apiRequest(MessageAnswerSchema, ENDPOINTS.addUserPharmacies, {
        method: 'POST',
        body: AddUserPharmaciesInputSchema.parse(input),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['pharmacy-users'] }),
  });
}

/** `POST /removepharmacy`: end a user's role at a pharmacy; the user lists refresh. */
export function useRemovePharmacy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RemovePharmacyInput) =>
      apiRequest(MessageAnswerSchema, ENDPOINTS.removePharmacy, {
        method: 'POST',
        body: RemovePharmacyInputSchema.parse(input),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['pharmacy-users'] }),
  });
}
