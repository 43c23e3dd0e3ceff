import { ENDPOINTS, RolesAnswerSchema } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

/** `GET /roles?entity=pharmacy`: the pharmacy role options. */
export function pharmacyRolesQuery() {
  return queryOptions({
    queryKey: ['roles', 'pharmacy'],
    queryFn: ({ signal }) =>
      apiRequest(RolesAnswerSchema, ENDPOINTS.roles, { query: { entity: 'pharmacy' }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Pharmacy role options for the pickers (disabled ones are shown but not choosable). */
export function usePharmacyRoles() {
  return useQuery(pharmacyRolesQuery());
}
