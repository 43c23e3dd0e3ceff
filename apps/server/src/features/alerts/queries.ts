import type { Widget } from '@portal/domain';
import { and, asc, desc, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alertActions, alertRowColumns, alerts, facilities } from '../../db/schema/index.ts';
import { type Cursor, encodeCursor } from './cursor.ts';
import { toWireAlert } from './mapping.ts';
import type { SortColumn } from './sorting.ts';

/** One page of a widget's alerts as the list calls ask for it, already limited to visible facilities. */
export interface PageRequest {
  widget: Widget;
  facilityIds: readonly number[];
  isArchived: boolean;
  sortName: string;
  sort: SortColumn;
  /** The direction the database walks (the archive's "ascending means newest first" already applied). */
  direction: 'asc' | 'desc';
  /** The direction the client asked for, kept in the cursor. */
  sortOrder: 'asc' | 'desc';
  limit: number;
  after: Cursor | null;
  offset: number;
  /** Inclusive range of alert days on archive views. */
  from?: Date | undefined;
  to?: Date | undefined;
}

function castValue(sort: SortColumn, value: string | number): SQL {
  if (sort.kind === 'time') return sql`${String(value)}::timestamptz`;
  if (sort.kind === 'number') return sql`${Number(value)}::numeric`;
  return sql`${String(value)}::text`;
}

/**
 * `column in (ids)` as one array parameter: drizzle spent ~0.7 ms of CPU building `in ($2, ..., $201)` for 200
 * facilities, for each of the page and the count (bench/README.md); PostgreSQL plans `= any($1)` as it plans the
 * `in` list, which it rewrites to `= any(array[...])` itself.
 */
function isAnyOf(column: SQLWrapper, ids: readonly number[], type: 'int' | 'bigint'): SQL {
  return sql`${column} = any(${sql.param([...ids])}::${sql.raw(type)}[])`;
}

function filters(request: PageRequest): SQL | undefined {
  return and(
    eq(alerts.widget, request.widget.key),
    isAnyOf(alerts.facId, request.facilityIds, 'int'),
    // Written as the partial indexes' own predicates so the planner can use them.
    request.isArchived ? sql`${alerts.isArchived}` : sql`not ${alerts.isArchived}`,
    request.from ? sql`${alerts.dateCreated} >= ${request.from.toISOString()}::timestamptz` : undefined,
    request.to ? sql`${alerts.dateCreated} < ${request.to.toISOString()}::timestamptz` : undefined,
  );
}

/** A page of alerts with their discussions, the total count and where the next page starts. */
export async function findAlertPage(db: Db, request: PageRequest) {
  if (request.facilityIds.length === 0) return { alerts: [], count: 0, cursor: null, hasMore: false };
  const { sort, direction } = request;
  const keyset = request.after
    ? direction === 'asc'
      ? sql`(${sort.expr}, ${alerts.id}) > (${castValue(sort, request.after.v)}, ${request.after.i})`
      : sql`(${sort.expr}, ${alerts.id}) < (${castValue(sort, request.after.v)}, ${request.after.i})`
    : undefined;
  const order = direction === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select({ alert: alertRowColumns, facName: facilities.name, sortValue: sort.expr })
      .from(alerts)
      .innerJoin(facilities, eq(facilities.facId, alerts.facId))
      .where(and(filters(request), keyset))
      .orderBy(order(sort.expr), order(alerts.id))
      .limit(request.limit + 1)
      .offset(request.after ? 0 : request.offset),
    db.select({ count: sql<number>`count(*)::int` }).from(alerts).where(filters(request)),
  ]);
  const hasMore = rows.length > request.limit;
  const page = rows.slice(0, request.limit);
  const actions = await findActions(
    db,
    page.map((r) => r.alert.id),
  );
  const last = page.at(-1);
  const cursor =
    hasMore && last
      ? encodeCursor({
          s: request.sortName,
          o: request.sortOrder,
          a: request.isArchived,
          v:
            last.sortValue instanceof Date
              ? last.sortValue.toISOString()
              : (last.sortValue as string | number),
          i: last.alert.id,
        })
      : null;
  return {
    alerts: page.map((r) => toWireAlert(request.widget, r.alert, r.facName, actions.get(r.alert.id) ?? [])),
    count: total?.count ?? 0,
    cursor,
    hasMore,
  };
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
