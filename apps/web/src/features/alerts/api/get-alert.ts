import { AnyAlertSchema, ENDPOINTS, type Widget } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';
import { alertKeys } from './alert-keys.ts';

const AlertAnswerSchema = z.object({ alert: AnyAlertSchema });

/** The detail path of one alert under the API base. */
function alertDetailPath(widget: Widget, identifier: string): string {
  return ENDPOINTS.alertDetail
    .replace(':key', encodeURIComponent(widget.key))
    .replace(':identifier', encodeURIComponent(identifier));
}

/**
 * `GET /alerts/{key}/{identifier}`: one alert, live or archived, with its discussion. `internalId` pins the
 * exact row a list showed (an rxNo can have a live and archived alerts).
 */
export function alertDetailQuery(widget: Widget, identifier: string, internalId: number | null) {
  return queryOptions({
    queryKey: alertKeys.detail(widget.key, identifier, internalId),
    queryFn: async ({ signal }) => {
      const answer = await apiRequest(AlertAnswerSchema, alertDetailPath(widget, identifier), {
        query: { internalId: internalId ?? undefined },
        signal,
      });
      return answer.alert;
    },
  });
}

/** One alert for the detail modal or page. */
export function useAlert(widget: Widget, identifier: string, internalId: number | null) {
  return useQuery(alertDetailQuery(widget, identifier, internalId));
}
