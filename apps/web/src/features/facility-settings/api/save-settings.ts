import {
  ENDPOINTS,
  FacilitySettingAnswerSchema,
  type FacilitySettingInput,
  FacilitySettingInputSchema,
  type SettingsWidget,
} from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { isApiError } from '@/lib/api-error.ts';
import { facilityQuery } from './get-facility.ts';

export interface SaveSettingsInput {
  widget: SettingsWidget;
  settingValues: NonNullable<FacilitySettingInput['settingValues']>;
  /** The Limit Count, sent only with the Approve Limit (SubmitLimit) auto-respond. */
  settingNote?: string;
  /** The widget's settings version the card's values were loaded with: the server refuses (409) a newer one. */
  settingsVersion: string;
}

/** `POST /facilitysetting` with a card's setting values and their version; refreshes the facility. */
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
          settingsVersion: input.settingsVersion,
        }),
      }),
    // Awaited, so the card clears its edits once the facility holds the values and version just saved. Not after a
    // 409: the card keeps what the user typed, as it was, until they choose to reload.
    onSettled: (_answer, error) =>
      isApiError(error, 409)
        ? undefined
        : queryClient.invalidateQueries({ queryKey: facilityQuery(facID).queryKey }),
  });
}
