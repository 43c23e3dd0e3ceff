import { z } from 'zod';
import { AnyAlertSchema, WidgetKeySchema } from './alerts.ts';

/**
 * What `GET /api/events` pushes. One event per change to an alert, written in the same transaction as the change:
 * - `alert.created`: a new alert (ingest, seed of a live system);
 * - `alert.changed`: any other change to the alert's own row (status, srxStatus, fields, un-archive);
 * - `alert.archived`: the alert became archived;
 * - `action.recorded`: an entry was added to the alert's discussion (an action, a Reply, an auto-response);
 * - `read.changed`: the facility's read state of the alert, or of one of its Replies, changed.
 */
export const ALERT_EVENT_KINDS = [
  'alert.created',
  'alert.changed',
  'alert.archived',
  'action.recorded',
  'read.changed',
] as const;
export const AlertEventKindSchema = z.enum(ALERT_EVENT_KINDS);
export type AlertEventKind = z.infer<typeof AlertEventKindSchema>;

/**
 * The `data:` of one SSE message (`event: alert`). Its `id:` line is the stream's cursor, `{id}-{horizon}` (`id`
 * below, then the oldest transaction running when the event was read), which a reconnecting client sends back as
 * `Last-Event-ID`; the replay may repeat an event, so a client drops an `id` it has applied. `alert` is the alert as the list and detail calls answer it after the change (discussion
 * included), so a client patches its caches without fetching; it is absent when the alert no longer exists or has
 * moved to another facility since (the event's facility's viewers may no longer see it): drop the row.
 */
export const AlertEventSchema = z.object({
  /** Increasing event id (a bigint, as a string). */
  id: z.string().regex(/^\d{1,19}$/),
  kind: AlertEventKindSchema,
  widget: WidgetKeySchema,
  facId: z.number().int(),
  /** The alert's `_internalID`. */
  alertId: z.number().int(),
  /** When the change committed, ISO 8601. */
  at: z.string(),
  alert: AnyAlertSchema.optional(),
});
export type AlertEvent = z.infer<typeof AlertEventSchema>;

/** SSE event names on the stream: `alert` carries an AlertEvent; `ready` is sent once after (re)connecting. */
export const EVENT_STREAM = {
  alert: 'alert',
  ready: 'ready',
  /** The client should drop its caches and refetch: the gap since Last-Event-ID was too large to replay. */
  reset: 'reset',
} as const;

/** How many missed events a reconnect replays at most before answering `reset` instead. */
export const EVENT_REPLAY_LIMIT = 500;
