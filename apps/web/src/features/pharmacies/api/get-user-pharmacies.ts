import { ENDPOINTS, UserPharmaciesAnswerSchema } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

/** `GET /userpharmacies?email=`: the pharmacies a user holds that the viewer shares. */
export function userPharmaciesQuery(email: string) {
  return queryOptions({
    queryKey: ['pharmacy-users', 'pharmacies', email],
    queryFn: ({ signal }) =>
      apiRequest(UserPharmaciesAnswerSchema, ENDPOINTS.userPharmacies, { query: { email }, signal }),
  });
}

/** One user's pharmacies. */
export function useUserPharmacies(email: string) {
  return useQuery(userPharmaciesQuery(email));
}
