import { PlaceholderPage } from '@/components/placeholder-page.tsx';

/** Facility Users (placeholder until its issue lands). */
export function FacilityUsersRoute() {
  return (
    <PlaceholderPage
      title="Facility Users"
      comingLater="the facility users you manage: add, edit, reset passwords, settings and removal."
    />
  );
}
