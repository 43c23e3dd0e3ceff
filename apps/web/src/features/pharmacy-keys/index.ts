export { PharmacyKeysPage } from './components/pharmacy-keys-page.tsx';
