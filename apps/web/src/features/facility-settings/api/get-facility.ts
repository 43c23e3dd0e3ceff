import { ENDPOINTS, FacilityAnswerSchema } from '@portal/domain';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
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

/**
 * Loads the facility again, now, whatever its age: resolves once the page holds the current settings, and rejects
 * when the load fails (the facility query then holds the error: the page announces it and keeps what it showed,
 * unless the facility is no longer the user's to see).
 */
export function useReloadFacility(facID: string) {
  const queryClient = useQueryClient();
  return () => queryClient.fetchQuery({ ...facilityQuery(facID), staleTime: 0 });
}
