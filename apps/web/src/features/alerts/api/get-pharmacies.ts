import { ENDPOINTS, PharmaciesAnswerSchema } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

/** `GET /pharmacies`: the viewer's own and each pharmacy's permissions, looked up by the alert's pharmID. */
export function pharmaciesQuery() {
  return queryOptions({
    queryKey: ['pharmacies'],
    queryFn: ({ signal }) => apiRequest(PharmaciesAnswerSchema, ENDPOINTS.pharmacies, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The viewer's pharmacies. */
export function usePharmacies() {
  return useQuery(pharmaciesQuery());
}
