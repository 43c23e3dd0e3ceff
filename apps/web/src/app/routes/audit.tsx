import { readsAudit } from '@portal/domain';
import { Navigate } from 'react-router';
import { AuditPage } from '@/features/audit';
import { useCurrentUser } from '@/features/auth';
import { useFacilitiesList } from '@/features/facilities';
import { PATHS } from '@/lib/paths.ts';

/** /audit: pharmacy SysAdmins and SuperAdmins; anyone else goes to the dashboard. */
export function AuditRoute() {
  const user = useCurrentUser();
  const facilities = useFacilitiesList();
  if (!readsAudit(user)) return <Navigate to={PATHS.dashboard} replace />;
  return <AuditPage facilities={facilities.data?.facilities ?? []} />;
}
