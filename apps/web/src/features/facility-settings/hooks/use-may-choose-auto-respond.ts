import { canSetAutoRespond, type Facility, type SettingsWidget } from '@portal/domain';
import { usePharmacies } from '@/features/alerts';
import { useCurrentUser } from '@/features/auth';

/**
 * Which auto-respond choices the viewer may set at the facility: the action buttons' rule, fed as the alert screens
 * feed it (the viewer's own and the pharmacy's keys from `GET /pharmacies`, the facility's from the facility).
 * Undefined until the pharmacies have loaded.
 */
export function useMayChooseAutoRespond(facility: Facility, widget: SettingsWidget) {
  const user = useCurrentUser();
  const pharmacies = usePharmacies();
  if (!pharmacies.isSuccess) return undefined;
  const pharmacy = pharmacies.data.pharmacies.find((p) => p.pharmID === facility.pharmID);
  return (choice: string) =>
    canSetAutoRespond(widget, choice, {
      userType: user.userType,
      userPermissions: pharmacy?.userPermissions,
      pharmPermissions: pharmacy?.pharmPermissions,
      facilityPermissions: facility.permissions,
    });
}
