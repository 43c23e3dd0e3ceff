import {
  ENDPOINTS,
  FacilitySettingAnswerSchema,
  type FacilitySettingInput,
  FacilitySettingInputSchema,
  type SettingsWidget,
} from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { facilityQuery } from './get-facility.ts';

export interface SaveSettingsInput {
  widget: SettingsWidget;
  settingValues: NonNullable<FacilitySettingInput['settingValues']>;
  /** The Limit Count, sent only with the Approve Limit (SubmitLimit) auto-respond. */
  settingNote?: string;
}

/** `POST /facilitysetting` with a card's setting values; refreshes the facility. */
export function useSaveSettings(facID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveSettingsInput) =>
      apiRequest(FacilitySettingAnswerSchema, ENDPOINTS.facilitySetting, {
        method: 'POST',
        body: FacilitySettingInputSchema.parse({
          FaciId: facID,
          WidgetName: input.widget,
          settingValues: input.settingValues,
          ...(input.settingNote === undefined ? {} : { SettingNote: input.settingNote }),
        }),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: facilityQuery(facID).queryKey }),
  });
}
