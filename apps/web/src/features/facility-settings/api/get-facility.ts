import { ENDPOINTS, FacilityAnswerSchema } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

/** `GET /facility/{facID}`: the facility with its settings and reminder contacts. */
export function facilityQuery(facID: string) {
  return queryOptions({
    queryKey: ['facility-settings', 'facility', facID],
    queryFn: ({ signal }) =>
      apiRequest(FacilityAnswerSchema, ENDPOINTS.facility.replace(':facID', encodeURIComponent(facID)), {
        signal,
      }),
  });
}
