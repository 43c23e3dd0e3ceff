import { PharmacyUserOnly } from '@/features/auth';
import { PharmacyUsersPage } from '@/features/pharmacies';
import { PATHS } from '@/lib/paths.ts';

/** /pharmacy-users: pharmacy staff only, everyone else goes to the dashboard. */
export function PharmacyUsersRoute() {
  return (
    <PharmacyUserOnly redirectTo={PATHS.dashboard}>
      <PharmacyUsersPage />
    </PharmacyUserOnly>
  );
}
