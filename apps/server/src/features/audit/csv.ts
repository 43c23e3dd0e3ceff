import { Readable } from 'node:stream';
import { AUDIT_CSV_COLUMNS, type AuditEvent } from '@portal/domain';
import { stringify } from 'csv-stringify';

/**
 * The events as a CSV stream: a header row, then one row per event as the generator yields it (back-pressure
 * included, so the export is never held whole). csv-stringify quotes what needs quoting, and `escape_formulas`
 * prefixes a cell starting with =, +, -, @, tab or CR with a quote so a spreadsheet shows it rather than runs it.
 */
export function auditCsv(events: AsyncIterable<AuditEvent>): Readable {
  const rows = Readable.from(
    (async function* () {
      for await (const event of events)
        yield AUDIT_CSV_COLUMNS.map((column) => {
          const value = event[column];
          if (value === null) return '';
          return typeof value === 'object' ? JSON.stringify(value) : String(value);
        });
    })(),
  );
  const csv = stringify({ header: true, columns: [...AUDIT_CSV_COLUMNS], escape_formulas: true });
  rows.on('error', (error) => csv.destroy(error));
  return rows.pipe(csv);
}
