import { ENDPOINTS, FacilitiesAnswerSchema } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

/** `GET /facilities`: the viewer's facilities, with their role and permissions at each. */
export function facilitiesListQuery() {
  return queryOptions({
    // The same key the alert screens use, so both share one cached answer.
    queryKey: ['facilities'],
    queryFn: ({ signal }) => apiRequest(FacilitiesAnswerSchema, ENDPOINTS.facilities, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The viewer's facilities. */
export function useFacilitiesList() {
  return useQuery(facilitiesListQuery());
}
