import { ENDPOINTS, FacilitiesAnswerSchema } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

/** `GET /facilities`: the viewer's facilities with the permissions that decide buttons and read marking. */
export function facilitiesQuery() {
  return queryOptions({
    queryKey: ['facilities'],
    queryFn: ({ signal }) => apiRequest(FacilitiesAnswerSchema, ENDPOINTS.facilities, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The viewer's facilities. */
export function useFacilities() {
  return useQuery(facilitiesQuery());
}
