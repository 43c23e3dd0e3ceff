import { type AlertEvent, type AlertEventKind, isWidgetKey, widgetByKey } from '@portal/domain';
import { and, asc, eq, gt, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alertEvents, alertRowColumns, alerts, facilities, sessions, users } from '../../db/schema/index.ts';
import type { SessionPolicy } from '../../platform/sessions.ts';
import { toWireAlert } from '../alerts/mapping.ts';
import { findActions } from '../alerts/queries.ts';

/** An inclusive range of event ids, as one writing statement notifies it ('first:last'). */
export interface IdRange {
  first: number;
  last: number;
}

/** Parses a notification payload 'first:last'; null for anything else. */
export function parseRange(payload: string): IdRange | null {
  const match = /^(\d{1,19}):(\d{1,19})$/.exec(payload);
  if (!match) return null;
  const first = Number(match[1]);
  const last = Number(match[2]);
  return first <= last ? { first, last } : null;
}

/**
 * Events matching `where`, oldest first, each with its alert as the list and detail calls answer it (discussion
 * included) while it is still at the event's facility: two statements whatever the number of events (the events joined to their alerts, then the
 * discussions of those alerts).
 */
export async function loadEvents(db: Db, where: SQL, limit?: number): Promise<AlertEvent[]> {
  const query = db
    .select({ event: alertEvents, alert: alertRowColumns, facName: facilities.name })
    .from(alertEvents)
    // Only while the alert is still at the event's facility: the event is sent to that facility's viewers, and an
    // alert moved away since (ingest re-sending it elsewhere) is no longer theirs to see. They get the event
    // without it, as for a deleted alert, and drop the row.
    .leftJoin(alerts, and(eq(alerts.id, alertEvents.alertId), eq(alerts.facId, alertEvents.facId)))
    .leftJoin(facilities, eq(facilities.facId, alerts.facId))
    .where(where)
    .orderBy(asc(alertEvents.id));
  const rows = limit === undefined ? await query : await query.limit(limit);
  const alertIds = [...new Set(rows.flatMap((r) => (r.alert ? [r.alert.id] : [])))];
  const actions = await findActions(db, alertIds);
  const out: AlertEvent[] = [];
  for (const { event, alert, facName } of rows) {
    // A widget this build does not know (a newer writer) cannot be shaped; skip it rather than fail the batch.
    if (!isWidgetKey(event.widget)) continue;
    const widget = widgetByKey(event.widget);
    out.push({
      id: String(event.id),
      kind: event.kind as AlertEventKind,
      widget: widget.key,
      facId: event.facId,
      alertId: event.alertId,
      at: event.at.toISOString(),
      ...(alert ? { alert: toWireAlert(widget, alert, facName ?? '', actions.get(alert.id) ?? []) } : {}),
    });
  }
  return out;
}

/** `alert_events.id` within any of the ranges, as one array pair parameter. */
export function inRanges(ranges: readonly IdRange[]): SQL {
  return sql`${alertEvents.id} in (select g from unnest(${sql.param(ranges.map((r) => r.first))}::bigint[], ${sql.param(ranges.map((r) => r.last))}::bigint[]) as r(lo, hi), generate_series(r.lo, r.hi) as g)`;
}

/** Events after `afterId` (a reconnect catching up). */
export function afterId(afterId: number): SQL {
  return sql`${alertEvents.id} > ${afterId}`;
}

/** The newest event id, or 0 when there is none yet. */
export async function newestEventId(db: Db): Promise<number> {
  const [row] = await db.select({ id: sql<string | null>`max(${alertEvents.id})` }).from(alertEvents);
  return Number(row?.id ?? 0);
}

/** What a reconnect with Last-Event-ID may replay: the events after it among the facilities, or 'reset'. */
export async function replayAfter(
  db: Db,
  lastId: number,
  facilityIds: readonly number[],
  limit: number,
): Promise<AlertEvent[] | 'reset'> {
  // The oldest id still stored (the sequence's next value when the table is empty): a Last-Event-ID before it
  // means events were deleted by the retention, and one past the sequence belongs to another database.
  const [bounds] = await db
    .execute<{ oldest: string; newest: string }>(
      sql`select coalesce((select min(id) from alert_events), s.last_value + 1)::text as oldest,
               s.last_value::text as newest
        from alert_events_id_seq s`,
    )
    .then((r) => rowsOf<{ oldest: string; newest: string }>(r));
  if (!bounds) return 'reset';
  if (lastId + 1 < Number(bounds.oldest) || lastId > Number(bounds.newest)) return 'reset';
  if (facilityIds.length === 0) return [];
  const events = await loadEvents(
    db,
    and(
      gt(alertEvents.id, lastId),
      sql`${alertEvents.facId} = any(${sql.param([...facilityIds])}::int[])`,
    ) as SQL,
    limit + 1,
  );
  return events.length > limit ? 'reset' : events;
}

/** Deletes events older than `before` (the retention job). */
export async function deleteEventsBefore(db: Db, before: Date): Promise<void> {
  await db.delete(alertEvents).where(lt(alertEvents.at, before));
}

/**
 * Whether a session is still good, as the auth hook would judge it, without moving its idle clock: a stream that
 * stays open must not keep an idle session alive.
 */
export async function isSessionLive(db: Db, sessionId: number, policy: SessionPolicy): Promise<boolean> {
  const now = new Date();
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sessionId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - policy.idleMinutes * 60_000)),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

// Both drivers answer `{ rows }` for a raw statement; the Db type cannot say so for either.
function rowsOf<T>(result: unknown): T[] {
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)) {
    return result.rows as T[];
  }
  throw new Error('unexpected result shape from the database driver');
}
