export { AlertPrintButtons } from './components/alert-print-buttons.tsx';
export { ListPrintButtons } from './components/list-print-buttons.tsx';
