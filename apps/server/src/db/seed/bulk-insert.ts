import type { Db } from '../client.ts';
import { alertActions, alerts } from '../schema/index.ts';
import type { ActionRow, AlertRow } from './alert-factory.ts';

// PostgreSQL's wire protocol numbers bind parameters with 16 bits: at most 65,535 per statement. Batches stay
// well under it whatever the row width.
const MAX_PARAMS = 60_000;

/** Splits rows into multi-row INSERT batches that fit the parameter limit for rows of `columns` values. */
export function batches<T>(rows: readonly T[], columns: number): T[][] {
  const size = Math.max(1, Math.floor(MAX_PARAMS / columns));
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** An alert and its discussion, to be inserted together. */
export interface AlertWithActions {
  readonly alert: AlertRow;
  readonly actions: readonly ActionRow[];
}

const ALERT_COLUMNS = 32;
const ACTION_COLUMNS = 9;

/**
 * Inserts alerts with multi-row INSERTs, then their discussions with the ids the database gave the alerts
 * (matched by uuid, which the generator chose). Answers how many rows it wrote.
 */
export async function insertAlerts(db: Db, items: readonly AlertWithActions[]): Promise<number> {
  const idByUuid = new Map<string, number>();
  for (const batch of batches(items, ALERT_COLUMNS)) {
    const ids = await db
      .insert(alerts)
      .values(batch.map((i) => i.alert))
      .returning({ id: alerts.id, uuid: alerts.uuid });
    for (const row of ids) idByUuid.set(row.uuid, row.id);
  }
  const actions = items.flatMap((item) =>
    item.actions.map((action) => ({ ...action, alertId: idByUuid.get(item.alert.uuid) ?? 0 })),
  );
  for (const batch of batches(actions, ACTION_COLUMNS)) await db.insert(alertActions).values(batch);
  return items.length + actions.length;
}
