import { PlaceholderPage } from '@/components/placeholder-page.tsx';
import { PharmacyUserOnly } from '@/features/auth';
import { PATHS } from '@/lib/paths.ts';

/** /pharmacy-users: pharmacy staff only, everyone else goes to the dashboard. */
export function PharmacyUsersRoute() {
  return (
    <PharmacyUserOnly redirectTo={PATHS.dashboard}>
      <PlaceholderPage
        title="Pharmacy Users"
        comingLater="the pharmacy users you manage: add, edit, reset passwords, settings and removal."
      />
    </PharmacyUserOnly>
  );
}
