import {
  ENDPOINTS,
  FacilitySettingAnswerSchema,
  FacilitySettingInputSchema,
  type SettingsWidget,
} from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { facilityQuery } from './get-facility.ts';

export interface AddContactInput {
  widget: SettingsWidget;
  email: string;
}

/** `POST /facilitysetting` with `ContactInfo.Email`: adds a reminder contact (409 when it exists). */
export function useAddContact(facID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddContactInput) =>
      apiRequest(FacilitySettingAnswerSchema, ENDPOINTS.facilitySetting, {
        method: 'POST',
        body: FacilitySettingInputSchema.parse({
          FaciId: facID,
          WidgetName: input.widget,
          ContactInfo: { Email: input.email },
        }),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: facilityQuery(facID).queryKey }),
  });
}
