import { PharmaciesPage } from '@/features/pharmacies';

/** Pharmacies: the viewer's pharmacies with their facilities, users and forms (deep links in the query). */
export function PharmaciesRoute() {
  return <PharmaciesPage />;
}
