import { EditContactInputSchema, ENDPOINTS, MessageAnswerSchema } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { facilityQuery } from './get-facility.ts';

export interface EditContactInput {
  contactId: number;
  email: string;
}

/** `POST /editfacisetting`: changes a reminder contact's address. */
export function useEditContact(facID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EditContactInput) =>
      apiRequest(MessageAnswerSchema, ENDPOINTS.editFacilityContact, {
        method: 'POST',
        body: EditContactInputSchema.parse({
          ContactId: input.contactId,
          ContactInfo: { Email: input.email },
          contactMethod: 'Email',
        }),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: facilityQuery(facID).queryKey }),
  });
}
