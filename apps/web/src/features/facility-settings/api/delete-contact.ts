import { DeleteContactInputSchema, ENDPOINTS, MessageAnswerSchema } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { facilityQuery } from './get-facility.ts';

/** `POST /deletefacicontact`: removes a reminder contact. */
export function useDeleteContact(facID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contactId: number) =>
      apiRequest(MessageAnswerSchema, ENDPOINTS.deleteFacilityContact, {
        method: 'POST',
        body: DeleteContactInputSchema.parse({ ContactId: contactId }),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: facilityQuery(facID).queryKey }),
  });
}
