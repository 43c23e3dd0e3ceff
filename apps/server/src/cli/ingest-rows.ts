import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { parse } from 'csv-parse';

/** One record of the file with its 1-based row number (data rows: a CSV header is not counted). */
export interface FileRow {
  row: number;
  value: unknown;
}

// CSV cells are text: these columns become numbers and yes/no flags; a cell starting with [ or { is JSON (comment
// lists, an admission's meds). Everything else stays text, so an Rx number like 0070123 keeps its zeros.
const NUMBER_FIELDS = new Set([
  'facID',
  'qty',
  'orgQty',
  'daysSupply',
  'orgDaysSupply',
  'ttlPrice',
  '_internalArchiveID',
  'minQtyDisp',
  'sumTtlPrice',
  'totalQtyPrescribed',
  'fills',
]);
const BOOLEAN_FIELDS = new Set(['readByFaci', 'archived', 'posted', 'deleted', 'profileOnly']);

function cellValue(name: string, cell: string): unknown {
  const text = cell.trim();
  if (text === 'null') return null;
  if (NUMBER_FIELDS.has(name)) return Number.isNaN(Number(text)) ? text : Number(text);
  if (BOOLEAN_FIELDS.has(name)) return text === 'true' ? true : text === 'false' ? false : text;
  if (text.startsWith('[') || text.startsWith('{')) {
    try {
      return JSON.parse(text);
    } catch {
      // Not JSON after all: left as text, and the schema names the field.
      return cell;
    }
  }
  return cell;
}

/** A CSV record as an alert object: empty cells are left out, so the schema's defaults apply. */
export function csvRecordToAlert(record: Record<string, string>): Record<string, unknown> {
  const alert: Record<string, unknown> = {};
  for (const [name, cell] of Object.entries(record)) {
    if (cell === '') continue;
    alert[name] = cellValue(name, cell);
  }
  return alert;
}

async function* csvRows(path: string): AsyncGenerator<FileRow> {
  const parser = createReadStream(path).pipe(
    parse({ columns: true, bom: true, skip_empty_lines: true, trim: false }),
  );
  let row = 0;
  for await (const record of parser as AsyncIterable<Record<string, string>>) {
    row += 1;
    yield { row, value: csvRecordToAlert(record) };
  }
}

async function* ndjsonRows(path: string): AsyncGenerator<FileRow> {
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Number.POSITIVE_INFINITY });
  let row = 0;
  for await (const line of lines) {
    if (!line.trim()) continue;
    row += 1;
    try {
      yield { row, value: JSON.parse(line) };
    } catch {
      yield { row, value: Symbol.for('invalid-json') };
    }
  }
}

async function* jsonRows(path: string): AsyncGenerator<FileRow> {
  const parsed: unknown = JSON.parse(await readFile(path, 'utf8'));
  const list = Array.isArray(parsed)
    ? parsed
    : parsed && typeof parsed === 'object' && 'alerts' in parsed
      ? parsed.alerts
      : [parsed];
  if (!Array.isArray(list)) throw new Error('A JSON file holds an array of alerts or { "alerts": [...] }.');
  for (const [index, value] of list.entries()) yield { row: index + 1, value };
}

/** The records of a .csv (streamed), .ndjson/.jsonl (streamed, one alert a line) or .json file. */
export function readRows(path: string): AsyncGenerator<FileRow> {
  const lower = path.toLowerCase();
  if (lower.endsWith('.csv')) return csvRows(path);
  if (lower.endsWith('.ndjson') || lower.endsWith('.jsonl')) return ndjsonRows(path);
  if (lower.endsWith('.json')) return jsonRows(path);
  throw new Error('The file must end in .csv, .json, .ndjson or .jsonl.');
}

/** Data rows in the file, for the progress bar (a CSV's header and blank lines not counted). */
export async function countRows(path: string): Promise<number> {
  let count = 0;
  for await (const _ of readRows(path)) count += 1;
  return count;
}
