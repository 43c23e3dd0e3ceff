import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { PrintDocument } from '../model/print-document.ts';

/** Print opens the PDF in a new tab (the browser's viewer prints it); Download saves it under its file name. */
export type PdfMode = 'print' | 'download';

// The blob must outlive the new tab's first load; a minute is plenty and frees the memory afterwards.
const URL_LIFETIME_MS = 60_000;

function saveFile(url: string, fileName: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Makes a PDF on demand, loading react-pdf only then; reports which mode is busy and toasts failures. */
export function usePdfExport() {
  const [pending, setPending] = useState<PdfMode | null>(null);

  async function run(mode: PdfMode, build: () => PrintDocument) {
    setPending(mode);
    try {
      const { renderPdf } = await import('../pdf/render-pdf.tsx');
      const doc = build();
      const url = URL.createObjectURL(await renderPdf(doc));
      // A blocked pop-up still leaves the user with the file.
      if (mode === 'download' || !window.open(url, '_blank')) saveFile(url, doc.fileName);
      window.setTimeout(() => URL.revokeObjectURL(url), URL_LIFETIME_MS);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Could not make the PDF',
        message: error instanceof Error ? error.message : String(error),
        autoClose: 5000,
      });
    } finally {
      setPending(null);
    }
  }

  return { pending, run };
}
