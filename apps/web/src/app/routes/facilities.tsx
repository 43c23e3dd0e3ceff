import { FacilitiesPage } from '@/features/facilities';

/** Facilities: the viewer's facilities, with the way to each one's settings. */
export function FacilitiesRoute() {
  return <FacilitiesPage />;
}
