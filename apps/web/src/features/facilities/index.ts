export { FacilitiesPage } from './components/facilities-page.tsx';
