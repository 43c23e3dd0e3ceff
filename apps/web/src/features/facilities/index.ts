export { facilitiesListQuery, useFacilitiesList } from './api/get-facilities.ts';
export { FacilitiesPage } from './components/facilities-page.tsx';
