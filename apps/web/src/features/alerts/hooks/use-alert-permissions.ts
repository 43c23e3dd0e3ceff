import {
  type ActionContext,
  type AnyAlert,
  canMarkAutomatically,
  canMarkManually,
  isArchivedAlert,
  type PermissionMap,
  type UserInfo,
} from '@portal/domain';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useCurrentUser } from '@/features/auth';
import { whenIdle } from '@/lib/when-idle.ts';
import { facilitiesQuery, useFacilities } from '../api/get-facilities.ts';
import { pharmaciesQuery, usePharmacies } from '../api/get-pharmacies.ts';

/** What the viewer may do with one alert: the button context and the read-state rules. */
export interface AlertPermissions {
  user: UserInfo;
  isReady: boolean;
  context: ActionContext;
  facilityPermissions: PermissionMap | undefined;
  isFacilityUser: boolean;
  isPharmacySide: boolean;
  canToggleRead: boolean;
  canAutoRead: boolean;
  canMarkReplies: boolean;
}

/**
 * Fetches what an alert's buttons are decided by (the viewer's facilities and pharmacies) ahead of the first open,
 * unless the cache holds them fresh: an alert opened from the dashboard then shows its buttons at once instead of
 * 'Loading Settings...', and a widget page opened from its card (whose facility filter is the same call) shows its
 * rows as soon as its list is in.
 */
export function prefetchAlertPermissions(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(facilitiesQuery());
  void queryClient.prefetchQuery(pharmaciesQuery());
}

/** prefetchAlertPermissions when the page is next idle (after its first render), on a page that lists alerts. */
export function usePrefetchAlertPermissions(): void {
  const queryClient = useQueryClient();
  useEffect(() => whenIdle(() => prefetchAlertPermissions(queryClient)), [queryClient]);
}

/**
 * Feeds the domain's permission rules (the ones the server enforces) with the viewer, the alert's facility and
 * the alert's pharmacy. Pharmacy users and super admins never change a facility's read state.
 */
export function useAlertPermissions(alert: AnyAlert): AlertPermissions {
  const user = useCurrentUser();
  const facilities = useFacilities();
  const pharmacies = usePharmacies();
  const facility = facilities.data?.facilities.find((f) => f.facID === alert.facID);
  const pharmacy = pharmacies.data?.pharmacies.find((p) => p.pharmID === alert.pharmID);
  const isFacilityUser = user.userType === 'FacilityUser';
  const facilityPermissions = facility?.permissions;
  return {
    user,
    isReady: facilities.isSuccess && pharmacies.isSuccess,
    context: {
      userType: user.userType,
      userPermissions: pharmacy?.userPermissions,
      pharmPermissions: pharmacy?.pharmPermissions,
      facilityPermissions,
      isArchived: isArchivedAlert(alert),
    },
    facilityPermissions,
    isFacilityUser,
    isPharmacySide: !isFacilityUser,
    canToggleRead: isFacilityUser && alert.readByFaci !== null && canMarkManually(facilityPermissions),
    canAutoRead: isFacilityUser && canMarkAutomatically(facilityPermissions),
    canMarkReplies:
      isFacilityUser && (canMarkManually(facilityPermissions) || canMarkAutomatically(facilityPermissions)),
  };
}
