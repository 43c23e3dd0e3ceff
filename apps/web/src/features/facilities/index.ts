export { facilitiesListQuery, useFacilitiesList } from './api/get-facilities.ts';
export { FacilitiesPage } from './components/facilities-page.tsx';
export { type FacilitySort, type FacilitySortKey, visibleFacilities } from './components/facility-sort.ts';
