import { pdf } from '@react-pdf/renderer';
import type { PrintDocument } from '../model/print-document.ts';
import { PrintPdfDocument } from './print-pdf-document.tsx';

/** Renders a PrintDocument to a PDF blob. Only ever imported dynamically, so react-pdf stays out of the entry. */
export async function renderPdf(doc: PrintDocument): Promise<Blob> {
  return pdf(<PrintPdfDocument doc={doc} />).toBlob();
}
