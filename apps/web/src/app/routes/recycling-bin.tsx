import { mayUseRecyclingBin } from '@portal/domain';
import { Navigate } from 'react-router';
import { useCurrentUser } from '@/features/auth';
import { FileManagerPage } from '@/features/files';
import { PATHS } from '@/lib/paths.ts';

/**
 * /files/recycling-bin (and anything under it, which holds no folders): for those the server lets use the bin,
 * pharmacy staff and super admins (domain `mayUseRecyclingBin`); everyone else goes to /files.
 */
export function RecyclingBinRoute() {
  const user = useCurrentUser();
  if (!mayUseRecyclingBin(user.userType)) return <Navigate to={PATHS.files} replace />;
  return <FileManagerPage bin />;
}
