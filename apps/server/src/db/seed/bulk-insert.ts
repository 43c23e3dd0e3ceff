import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client.ts';
import { alertActions, alerts } from '../schema/index.ts';
import type { ActionRow, AlertRow } from './alert-factory.ts';

/**
 * How rows travel to the database:
 * - `recordset` (the default): a batch as one JSON parameter, expanded by jsonb_populate_recordset into a single
 *   INSERT ... SELECT. One parameter, so no 65,535-parameter limit, and the server parses JSON in C instead of
 *   the driver binding tens of thousands of values: about 4x the throughput of multi-row VALUES on PGlite and
 *   3x on PostgreSQL (bench/REPORT.md).
 * - `values`: Drizzle multi-row INSERT ... VALUES in batches under the parameter limit.
 * - `single`: one INSERT per row, the benchmark's baseline.
 */
export type InsertMode = 'recordset' | 'values' | 'single';

// PostgreSQL's wire protocol numbers bind parameters with 16 bits: at most 65,535 per statement.
const MAX_PARAMS = 60_000;
// About 2 MB of JSON per statement: large enough to amortise the round trip, small enough to stream comfortably.
const RECORDSET_ROWS = 2000;

/** Splits rows into batches of at most `size` rows. */
export function chunks<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * Inserts rows of a Drizzle table and answers the `returning` columns (database names) of each, in order.
 * Rows use the table's property names; keys missing from a row become null in `recordset` mode, so builders
 * give every column they use in every row.
 */
export async function insertRows(
  db: Db,
  table: PgTable,
  rows: readonly Record<string, unknown>[],
  returning: readonly string[],
  mode: InsertMode = 'recordset',
): Promise<Record<string, unknown>[]> {
  if (rows.length === 0) return [];
  const columns = getTableColumns(table);
  const out: Record<string, unknown>[] = [];
  if (mode !== 'recordset') {
    const width = Object.keys(rows[0] ?? {}).length || 1;
    const size = mode === 'single' ? 1 : Math.floor(MAX_PARAMS / width);
    const pick = Object.fromEntries(returning.map((name) => [name, columnByName(columns, name)]));
    for (const batch of chunks(rows, size))
      out.push(...(await db.insert(table).values(batch).returning(pick)));
    return out;
  }
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const names = keys.map((k) => {
    const column = columns[k];
    if (!column) throw new Error(`${getTableName(table)} has no column ${k}`);
    return column.name;
  });
  const target = sql.raw(names.map((n) => `"${n}"`).join(', '));
  const back = sql.raw(returning.map((n) => `"${n}"`).join(', '));
  const tableName = sql.raw(`"${getTableName(table)}"`);
  for (const batch of chunks(rows, RECORDSET_ROWS)) {
    const json = JSON.stringify(
      batch.map((row) => Object.fromEntries(keys.map((k, i) => [names[i], row[k] ?? null]))),
    );
    const result = await db.execute(
      sql`insert into ${tableName} (${target}) select ${target} from jsonb_populate_recordset(null::${tableName}, ${json}::jsonb) returning ${back}`,
    );
    out.push(...resultRows(result));
  }
  return out;
}

function columnByName(columns: ReturnType<typeof getTableColumns>, name: string) {
  const column = Object.values(columns).find((c) => c.name === name);
  if (!column) throw new Error(`no column ${name}`);
  return column;
}

// Both drivers answer `{ rows }` for a raw statement; the Db type cannot say so for either.
function resultRows(result: unknown): Record<string, unknown>[] {
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)) {
    return result.rows as Record<string, unknown>[];
  }
  throw new Error('unexpected result shape from the database driver');
}

/** An alert and its discussion, to be inserted together. */
export interface AlertWithActions {
  readonly alert: AlertRow;
  readonly actions: readonly ActionRow[];
}

/**
 * Inserts alerts, then their discussions with the ids the database gave the alerts (matched by uuid, which the
 * generator chose). Answers how many rows it wrote.
 */
export async function insertAlerts(
  db: Db,
  items: readonly AlertWithActions[],
  mode: InsertMode = 'recordset',
): Promise<number> {
  const inserted = await insertRows(
    db,
    alerts,
    items.map((i) => i.alert),
    ['id', 'uuid'],
    mode,
  );
  // pg answers bigint as a string, PGlite as a number.
  const idByUuid = new Map(inserted.map((row) => [String(row.uuid), Number(row.id)]));
  const actions = items.flatMap((item) =>
    item.actions.map((action) => ({ ...action, alertId: idByUuid.get(item.alert.uuid) ?? 0 })),
  );
  await insertRows(db, alertActions, actions, ['id'], mode);
  return items.length + actions.length;
}
