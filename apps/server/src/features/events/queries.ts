import { type AlertEvent, type AlertEventKind, isWidgetKey, widgetByKey } from '@portal/domain';
import { and, asc, eq, gt, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
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
export async function loadEvents(db: Db, where: SQL, limit?: number): Promise<LoadedEvents> {
  const query = db
    .select({
      event: alertEvents,
      alert: alertRowColumns,
      facName: facilities.name,
      // The oldest transaction still running when this statement read (the same snapshot for every row).
      horizon: sql<string>`pg_snapshot_xmin(pg_current_snapshot())::text`,
    })
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
  return { events: out, horizon: rows[0]?.horizon ?? null };
}

/**
 * Events read in one statement, with its horizon: the oldest transaction id still running when they were read.
 * Every event not among them that commits later was written by a transaction at or after the horizon.
 */
export interface LoadedEvents {
  events: AlertEvent[];
  horizon: string | null;
}

/**
 * Where a stream stands: the last event id sent, and the horizon of the read that sent it (absent in a cursor of an
 * earlier build, which then replays by id alone, as before).
 */
export interface StreamCursor {
  lastId: number;
  horizon: string | null;
}

/** The SSE `id:` of an event read with this horizon ('{id}-{horizon}'), which the client sends back. */
export function cursorOf(event: AlertEvent, horizon: string | null): string {
  return horizon ? `${event.id}-${horizon}` : event.id;
}

const LAST_EVENT_ID = /^(\d{1,19})(?:-(\d{1,20}))?$/;
// The horizon is a transaction id (xid8): at most 2^64 - 1.
const XID8_END = 2n ** 64n;

/**
 * Reads a Last-Event-ID ('{id}' or '{id}-{horizon}'); null when it is not one this stream writes (the route's 400).
 * The horizon goes on as decimal without leading zeros: PostgreSQL reads '010'::xid8 as octal (8), and '09' is an
 * error on the embedded database, PostgreSQL 18 (the replay then failed behind the stream's 200), 0 on 15 (every
 * event replayed).
 */
export function parseCursor(value: string): StreamCursor | null {
  const match = LAST_EVENT_ID.exec(value);
  if (!match) return null;
  const [, id, horizon] = match;
  if (horizon === undefined) return { lastId: Number(id), horizon: null };
  const xid = BigInt(horizon);
  return xid < XID8_END ? { lastId: Number(id), horizon: xid.toString() } : null;
}

/** `alert_events.id` within any of the ranges, as one array pair parameter. */
export function inRanges(ranges: readonly IdRange[]): SQL {
  return sql`${alertEvents.id} in (select g from unnest(${sql.param(ranges.map((r) => r.first))}::bigint[], ${sql.param(ranges.map((r) => r.last))}::bigint[]) as r(lo, hi), generate_series(r.lo, r.hi) as g)`;
}

/** Events after `afterId` (a reconnect catching up). */
export function afterId(afterId: number): SQL {
  return sql`${alertEvents.id} > ${afterId}`;
}

/** Events written by a transaction at or after `horizon` (committed since a read with that horizon). */
export function writtenSince(horizon: string): SQL {
  return sql`"alert_events"."xid" >= ${horizon}::xid8`;
}

/** The newest event id, or 0 when there is none yet. */
export async function newestEventId(db: Db): Promise<number> {
  const [row] = await db.select({ id: sql<string | null>`max(${alertEvents.id})` }).from(alertEvents);
  return Number(row?.id ?? 0);
}

/**
 * What a reconnect with Last-Event-ID may replay among the facilities, or 'reset': the events after its id, and those
 * written by a transaction at or after its horizon (committed after the last event was read, whatever their id; some
 * of these the client may have had already, and drops by id).
 */
export async function replayAfter(
  db: Db,
  cursor: StreamCursor,
  facilityIds: readonly number[],
  limit: number,
): Promise<LoadedEvents | 'reset'> {
  const { lastId } = cursor;
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
  if (facilityIds.length === 0) return { events: [], horizon: null };
  const missed = cursor.horizon
    ? (or(gt(alertEvents.id, lastId), writtenSince(cursor.horizon)) as SQL)
    : gt(alertEvents.id, lastId);
  const loaded = await loadEvents(
    db,
    and(missed, sql`${alertEvents.facId} = any(${sql.param([...facilityIds])}::int[])`) as SQL,
    limit + 1,
  );
  return loaded.events.length > limit ? 'reset' : loaded;
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
