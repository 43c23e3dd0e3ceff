import { ENDPOINTS, PharmacyUsersAnswerSchema } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

/** `GET /getpharmacyusers`: pharmacy users of the viewer's pharmacies. */
export function pharmacyUsersQuery() {
  return queryOptions({
    queryKey: ['pharmacy-users'],
    queryFn: ({ signal }) => apiRequest(PharmacyUsersAnswerSchema, ENDPOINTS.pharmacyUsers, { signal }),
  });
}

/** Pharmacy users the viewer may see. */
export function usePharmacyUsers(enabled = true) {
  return useQuery({ ...pharmacyUsersQuery(), enabled });
}
