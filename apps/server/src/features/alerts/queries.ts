import type { Widget } from '@portal/domain';
import { and, asc, desc, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alertActions, alertRowColumns, alerts, facilities } from '../../db/schema/index.ts';

/**
 * `column in (ids)` as one array parameter: drizzle spent ~0.7 ms of CPU building `in ($2, ..., $201)` for 200
 * facilities, for each of the page and the count (bench/README.md); PostgreSQL plans `= any($1)` as it plans the
 * `in` list, which it rewrites to `= any(array[...])` itself.
 */
function isAnyOf(column: SQLWrapper, ids: readonly number[], type: 'int' | 'bigint'): SQL {
  return sql`${column} = any(${sql.param([...ids])}::${sql.raw(type)}[])`;
}

/** The discussions of some alerts, each oldest first. */
export async function findActions(db: Db, alertIds: readonly number[]) {
  const byAlert = new Map<number, (typeof alertActions.$inferSelect)[]>();
  if (alertIds.length === 0) return byAlert;
  const rows = await db
    .select()
    .from(alertActions)
    .where(isAnyOf(alertActions.alertId, alertIds, 'bigint'))
    .orderBy(asc(alertActions.sentAt), asc(alertActions.id));
  for (const row of rows) {
    const list = byAlert.get(row.alertId) ?? [];
    list.push(row);
    byAlert.set(row.alertId, list);
  }
  return byAlert;
}

/**
 * One alert of a widget among the visible facilities, by internal id or by its identifier (rxNo, or the admission
 * group id), live before archived and newest first. Null when there is none the viewer may see.
 */
export async function findAlertRow(
  db: Db,
  widget: Widget,
  facilityIds: readonly number[],
  by: { id?: number; identifier?: string; uuid?: string },
) {
  if (facilityIds.length === 0) return null;
  const match = by.id
    ? eq(alerts.id, by.id)
    : by.uuid
      ? eq(alerts.uuid, by.uuid)
      : widget.identifier === 'admissionMedsGroupID'
        ? eq(alerts.groupId, by.identifier ?? '')
        : eq(alerts.rxNo, by.identifier ?? '');
  const [row] = await db
    .select({ alert: alertRowColumns, facName: facilities.name })
    .from(alerts)
    .innerJoin(facilities, eq(facilities.facId, alerts.facId))
    .where(and(eq(alerts.widget, widget.key), inArray(alerts.facId, [...facilityIds]), match))
    .orderBy(asc(alerts.isArchived), desc(alerts.dateCreated))
    .limit(1);
  return row ?? null;
}
