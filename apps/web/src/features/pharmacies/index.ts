export { PharmaciesPage } from './components/pharmacies-page.tsx';
export { PharmacyUsersPage } from './components/pharmacy-users-page.tsx';
