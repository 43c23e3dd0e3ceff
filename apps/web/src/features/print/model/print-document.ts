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
