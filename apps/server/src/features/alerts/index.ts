import type { FastifyInstance } from 'fastify';
import { refuseInputAfterSession, requireActiveUser } from '../../platform/auth.ts';
import { alertActionRoutes } from './action-routes.ts';
import { alertDetailRoutes } from './detail-routes.ts';
import { alertListRoutes } from './list-routes.ts';
import { alertReadRoutes } from './read-routes.ts';

/** Alerts of all eleven widgets: lists, detail, actions and read state; every route needs a signed-in user. */
export async function alertsRoutes(app: FastifyInstance) {
  await app.register(async (scope) => {
    // The list calls check the session, the password change and tenancy in their own single statement, and so
    // does requestaction (action-statement.ts), with its write. A bad query or body is answered after a session
    // check all the same.
    refuseInputAfterSession(scope);
    await scope.register(alertListRoutes);
    await scope.register(alertActionRoutes);
  });
  await app.register(async (scope) => {
    scope.addHook('onRequest', requireActiveUser);
    await scope.register(alertDetailRoutes);
    await scope.register(alertReadRoutes);
  });
}
