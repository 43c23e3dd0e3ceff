export { OpenSlipPage } from './components/open-slip-page.tsx';
export { TotesPage } from './components/totes-page.tsx';
