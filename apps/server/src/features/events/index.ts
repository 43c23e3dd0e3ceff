import type { FastifyInstance } from 'fastify';
import { hoursBefore } from '../../platform/hours.ts';
import { EventBus } from './bus.ts';
import { deleteEventsBefore } from './queries.ts';
import { eventRoutes } from './routes.ts';
import type { EventStream } from './stream.ts';

/** How long events are kept for reconnects to replay. */
export const EVENT_RETENTION_HOURS = 24;

/**
 * Live updates (issue 7): the process's event bus, `GET /api/events`, and the retention of `alert_events`. Open
 * streams end when the app closes, so shutdown and tests do not wait on them.
 */
export async function eventsFeature(app: FastifyInstance) {
  const bus = new EventBus(app.database, app.log);
  const streams = new Set<EventStream>();
  app.jobs.add('alert-events-retention', (tx, now) =>
    deleteEventsBefore(tx, hoursBefore(now, EVENT_RETENTION_HOURS)),
  );
  app.addHook('preClose', async () => {
    for (const stream of [...streams]) stream.end();
    await bus.stop();
  });
  await app.register(eventRoutes, { bus, streams });
}
