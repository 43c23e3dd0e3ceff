export { FacilitySettingsPage } from './components/facility-settings-page.tsx';
