import { managesAnyPharmacyKeys } from '@portal/domain';
import { Navigate } from 'react-router';
import { useCurrentUser } from '@/features/auth';
import { PharmacyKeysPage } from '@/features/pharmacy-keys';
import { PATHS } from '@/lib/paths.ts';

/** /pharmacy-keys: pharmacy SysAdmins and SuperAdmins; anyone else goes to the dashboard. */
export function PharmacyKeysRoute() {
  const user = useCurrentUser();
  if (!managesAnyPharmacyKeys(user)) return <Navigate to={PATHS.dashboard} replace />;
  return <PharmacyKeysPage user={user} />;
}
