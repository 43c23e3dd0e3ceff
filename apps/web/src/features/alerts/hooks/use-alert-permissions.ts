import {
  type ActionContext,
  type AnyAlert,
  canMarkAutomatically,
  canMarkManually,
  isArchivedAlert,
  type PermissionMap,
  type UserInfo,
} from '@portal/domain';
import { useCurrentUser } from '@/features/auth';
import { useFacilities } from '../api/get-facilities.ts';
import { usePharmacies } from '../api/get-pharmacies.ts';

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
