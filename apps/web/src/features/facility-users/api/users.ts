import {
  type AdminViewer,
  ENDPOINTS,
  FacilitiesAnswerSchema,
  FacilityUsersAnswerSchema,
  PharmaciesAnswerSchema,
  UserFacilitiesAnswerSchema,
  UsersAnswerSchema,
} from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useCurrentUser } from '@/features/auth';
import { apiRequest } from '@/lib/api-client.ts';

/** `GET /getusers`: the facility users the viewer may see. */
export const usersQuery = () =>
  queryOptions({
    queryKey: ['facility-users', 'list'],
    queryFn: ({ signal }) => apiRequest(UsersAnswerSchema, ENDPOINTS.getUsers, { signal }),
  });

/** `GET /facilityusers?faciId=`: one facility's users. */
export const facilityUsersQuery = (facID: number) =>
  queryOptions({
    queryKey: ['facility-users', 'facility', facID],
    queryFn: ({ signal }) =>
      apiRequest(FacilityUsersAnswerSchema, ENDPOINTS.facilityUsers, { query: { faciId: facID }, signal }),
  });

/** `GET /userfacilities?email=`: a user's facilities. */
export const userFacilitiesQuery = (email: string) =>
  queryOptions({
    queryKey: ['facility-users', 'facilities-of', email],
    queryFn: ({ signal }) =>
      apiRequest(UserFacilitiesAnswerSchema, ENDPOINTS.userFacilities, { query: { email }, signal }),
  });

/** The viewer as the domain's user-administration rule takes it: facilities and, for pharmacy users, pharmacies. */
export function useAdminViewer(): AdminViewer | null {
  const me = useCurrentUser();
  const facilities = useQuery({
    // The same key as the Facilities list, so both share one cached answer.
    queryKey: ['facilities'],
    queryFn: ({ signal }) => apiRequest(FacilitiesAnswerSchema, ENDPOINTS.facilities, { signal }),
    staleTime: 5 * 60_000,
  });
  const isPharmacy = me.userType === 'PharmacyUser';
  const pharmacies = useQuery({
    queryKey: ['pharmacies'],
    queryFn: ({ signal }) => apiRequest(PharmaciesAnswerSchema, ENDPOINTS.pharmacies, { signal }),
    enabled: isPharmacy,
    staleTime: 5 * 60_000,
  });
  // One object while its answers stay the same: the user tables' rows are drawn again only when it changes.
  return useMemo(() => {
    if (!facilities.data || (isPharmacy && !pharmacies.data)) return null;
    return {
      userId: me.userId,
      userType: me.userType,
      facilities: facilities.data.facilities,
      pharmacyPermissions: Object.fromEntries(
        (pharmacies.data?.pharmacies ?? []).map((p) => [p.pharmID, p.userPermissions]),
      ),
    };
  }, [me.userId, me.userType, isPharmacy, facilities.data, pharmacies.data]);
}
