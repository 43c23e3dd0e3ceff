import type { FastifyInstance } from 'fastify';
import { requireActiveUser } from '../../platform/auth.ts';
import { alertActionRoutes } from './action-routes.ts';
import { alertDetailRoutes } from './detail-routes.ts';
import { alertListRoutes } from './list-routes.ts';
import { alertReadRoutes } from './read-routes.ts';

/** Alerts of all eleven widgets: lists, detail, actions and read state; every route needs a signed-in user. */
export async function alertsRoutes(app: FastifyInstance) {
  app.addHook('preHandler', requireActiveUser);
  await app.register(alertListRoutes);
  await app.register(alertDetailRoutes);
  await app.register(alertActionRoutes);
  await app.register(alertReadRoutes);
}
