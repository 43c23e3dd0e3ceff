import { ENDPOINTS, PharmaciesAnswerSchema } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

/** `GET /pharmacies`: the viewer's pharmacies, their facilities and the viewer's own permissions at each. */
export function pharmaciesQuery() {
  return queryOptions({
    // The same key the alert screens use, so both share one cached answer.
    queryKey: ['pharmacies'],
    queryFn: ({ signal }) => apiRequest(PharmaciesAnswerSchema, ENDPOINTS.pharmacies, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The viewer's pharmacies. */
export function usePharmacies() {
  return useQuery(pharmaciesQuery());
}
