export { PharmacyFormsGrid } from './components/pharmacy-forms-grid.tsx';
export { SecureFormsPage } from './components/secure-forms-page.tsx';
