import { ApiErrorBodySchema, ENDPOINTS, EVENT_REPLAY_LIMIT, EVENT_STREAM } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { visibleFacilityIds } from '../../platform/access.ts';
import { currentUser, requireActiveUser } from '../../platform/auth.ts';
import { NOTICE_CHANNELS } from '../../platform/notices.ts';
import type { EventBus } from './bus.ts';
import { isSessionLive, parseCursor, replayAfter } from './queries.ts';
import { alertMessage, EventStream, RETRY_MS } from './stream.ts';

// What a stream's viewer may see is looked up again this often, besides at once when a membership is removed
// (NOTICE_CHANNELS.visibilityChanged): the catch-all for a notice missed while the bus was reconnecting.
const VISIBILITY_REFRESH_MS = 60_000;

const EXAMPLE = [
  'retry: 3000',
  '',
  'event: ready',
  'data: {}',
  '',
  'id: 4812-90311',
  'event: alert',
  'data: {"id":"4812","kind":"action.recorded","widget":"highCostAlerts","facId":101,"alertId":77,' +
    '"at":"2026-11-02T15:04:05.123Z","alert":{"_internalID":77,"srxStatus":"ask","requestedActions":[…],…}}',
  '',
  ': keep-alive',
].join('\n');

/** `GET /api/events`: the live updates of the alerts the caller may see, as Server-Sent Events. */
export async function eventRoutes(
  fastify: FastifyInstance,
  opts: { bus: EventBus; streams: Set<EventStream> },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { bus, streams } = opts;
  const policy = { idleMinutes: app.config.sessionIdleMinutes, maxHours: app.config.sessionMaxHours };

  // One formatting per event, then a set lookup per open stream.
  bus.subscribe((events, horizon) => {
    for (const event of events) {
      const text = alertMessage(event, horizon);
      for (const stream of streams) stream.push(event, text);
    }
  });
  // A signed-out (or otherwise revoked) session stops receiving at once, not at its stream's next session check.
  bus.onNotice(NOTICE_CHANNELS.sessionsRevoked, (sessionIds) => {
    for (const stream of [...streams]) if (sessionIds.has(stream.owner.sessionId)) stream.end();
  });
  // A user who lost a facility or pharmacy stops receiving its events at once, not at the minute's refresh.
  bus.onNotice(NOTICE_CHANNELS.visibilityChanged, (userIds) => {
    for (const stream of streams) if (userIds.has(stream.owner.userId)) stream.lookAgain();
  });

  app.get(
    ENDPOINTS.events,
    {
      onRequest: requireActiveUser,
      schema: {
        tags: ['alerts'],
        summary: 'Live updates of alerts (Server-Sent Events)',
        description:
          'A `text/event-stream` that stays open. Each change to an alert of a facility the caller may see ' +
          '(alert created, changed, archived, action recorded, read state changed) arrives as `event: alert` ' +
          'with `id:` and a JSON `AlertEvent` (packages/domain `schemas/events.ts`) that carries the alert as ' +
          'the list calls answer it. `event: ready` follows the connect and any replay. A reconnect sends ' +
          `\`Last-Event-ID\` (the last \`id:\`: the event's id, then the horizon of the read that sent it) and first ` +
          `gets the visible events it missed, some perhaps again (drop an event id already seen; at most ${EVENT_REPLAY_LIMIT}; ` +
          'beyond that, or after the one-day retention, `event: reset`: drop caches and refetch). A comment ' +
          'line keeps the stream alive; it ends as soon as the session is revoked (sign-out, a password set ' +
          'anew, the user deleted), and at the next keep-alive after it expires.\n\n' +
          `Example:\n\n\`\`\`\n${EXAMPLE}\n\`\`\``,
        headers: z.looseObject({
          'last-event-id': z
            .string()
            .refine((value) => parseCursor(value) !== null, 'Last-Event-ID must be the id of an event')
            .optional(),
        }),
        response: {
          200: z.string().describe('text/event-stream'),
          400: ApiErrorBodySchema,
          401: ApiErrorBodySchema,
          403: ApiErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const lastHeader = request.headers['last-event-id'];
      const cursor = typeof lastHeader === 'string' ? parseCursor(lastHeader) : null;
      // Listening before reading anything: an event committed from here on is either replayed or pushed.
      await bus.start();
      const facilityIds = new Set(await visibleFacilityIds(app.db, user));

      reply.hijack();
      const raw = reply.raw;
      // The security headers the hooks set so far (helmet), then the stream's own.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) raw.setHeader(name, value);
      }
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-store',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      raw.flushHeaders();
      raw.socket?.setNoDelay(true);

      let timer: NodeJS.Timeout | null = null;
      const stream = new EventStream(
        raw,
        facilityIds,
        () => {
          if (timer) clearInterval(timer);
          streams.delete(stream);
        },
        { sessionId: user.sessionId, userId: user.id },
      );
      streams.add(stream);
      raw.write(`retry: ${RETRY_MS}\n\n`);

      try {
        if (cursor !== null) {
          const replay = await replayAfter(app.db, cursor, [...facilityIds], EVENT_REPLAY_LIMIT);
          if (replay === 'reset') stream.signal(EVENT_STREAM.reset);
          else stream.replay(replay.events, replay.horizon);
        }
        stream.signal(EVENT_STREAM.ready);
        stream.open();
      } catch (error) {
        request.log.error({ err: error }, 'event stream could not start');
        stream.end();
        return;
      }

      let refreshedAt = Date.now();
      // Looks up what the viewer may see now; a lookup asked for during one runs once more after it.
      let looking: Promise<void> | null = null;
      let lookAgain = false;
      const refresh = (): Promise<void> => {
        if (looking) {
          lookAgain = true;
          return looking;
        }
        looking = (async () => {
          do {
            lookAgain = false;
            const seen = new Set(await visibleFacilityIds(app.db, user));
            if (!stream.isEnded) stream.facilityIds = seen;
            refreshedAt = Date.now();
          } while (lookAgain && !stream.isEnded);
        })().finally(() => {
          looking = null;
        });
        return looking;
      };
      stream.lookAgain = () => {
        refresh().catch((error: unknown) => request.log.warn({ err: error }, 'event stream refresh failed'));
      };
      let checking = false;
      timer = setInterval(() => {
        if (checking || stream.isEnded) return;
        checking = true;
        stream.heartbeat();
        (async () => {
          if (!(await isSessionLive(app.db, user.sessionId, policy))) {
            stream.end();
            return;
          }
          if (Date.now() - refreshedAt >= VISIBILITY_REFRESH_MS) await refresh();
        })()
          .catch((error: unknown) => request.log.warn({ err: error }, 'event stream check failed'))
          .finally(() => {
            checking = false;
          });
      }, app.config.sseHeartbeatSeconds * 1000);
      timer.unref();
    },
  );
}
