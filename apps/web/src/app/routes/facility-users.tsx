import { FacilityUsersPage } from '@/features/facility-users';

/** Facility Users: the facility users the viewer administers. */
export function FacilityUsersRoute() {
  return <FacilityUsersPage />;
}
