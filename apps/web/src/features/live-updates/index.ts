export { LiveUpdates } from './components/live-updates.tsx';
