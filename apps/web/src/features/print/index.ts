export { AlertPrintButtons } from './components/alert-print-buttons.tsx';
export { ListPrintButtons } from './components/list-print-buttons.tsx';
export type { PrintDocument } from './model/print-document.ts';
