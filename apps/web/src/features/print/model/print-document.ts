/** One label and value printed above or below a document's table. */
export interface PrintFact {
  label: string;
  value: string;
}

/**
 * What a printed PDF holds, before any PDF library is involved: the builders make it from alerts, and the
 * renderer lays it out. Keeping it plain data lets the rows and totals be unit-tested without a PDF.
 */
export interface PrintDocument {
  title: string;
  fileName: string;
  /** The facility or facilities the document is about. */
  facilities: string[];
  /** When it was printed, already formatted for the reader. */
  printedAt: string;
  /** Facts about the subject (patient, admission date...), shown above the table. */
  facts: PrintFact[];
  columns: string[];
  rows: string[][];
  /** Totals a pharmacy files with the sheet, shown under the table. */
  totals: PrintFact[];
  /** Adds lines for the nurse's signature and the date. */
  hasSignature: boolean;
}

/**
 * A list PDF's total, and what the sheet leaves out. A list holds its first 100 alerts until 'Show N more...' loads
 * the rest, and the PDF holds the rows on screen: when those are not the whole list the sheet says so, or a driver
 * collecting pumps would take 'Total pumps: 100' for all of them.
 */
export function listTotals(
  label: string,
  shown: number,
  count: number,
): Pick<PrintDocument, 'facts' | 'totals'> {
  if (count <= shown) return { facts: [], totals: [{ label, value: String(shown) }] };
  const missing = count - shown;
  return {
    facts: [
      {
        label: 'Not printed',
        value: `${missing} more ${missing === 1 ? 'alert' : 'alerts'}, not loaded on screen (load them with 'Show more...' to print them)`,
      },
    ],
    totals: [{ label, value: `${shown} of ${count}` }],
  };
}
