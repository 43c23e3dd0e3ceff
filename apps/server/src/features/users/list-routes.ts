import {
  ENDPOINTS,
  FacilityUsersAnswerSchema,
  FacilityUsersQuerySchema,
  UserFacilitiesAnswerSchema,
  UserFacilitiesQuerySchema,
  UsersAnswerSchema,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, requireActiveUser } from '../../platform/auth.ts';
import { LIST_COMPRESSION } from '../../platform/compression.ts';
import { notFound } from '../../platform/errors.ts';
import { findAdminUsers, findLiveUser, findUserFacilities, membershipCount } from './queries.ts';
import { refusals } from './support.ts';
import { NO_SUCH_USER } from './target.ts';
import { adminViewerOf } from './viewer.ts';

/** The facility-user lists (spec 2, sections 2 and 7): only users of facilities the viewer sees. */
export async function userListRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireActiveUser);

  app.get(
    ENDPOINTS.facilityUsers,
    {
      compress: LIST_COMPRESSION,
      schema: {
        tags: ['users'],
        summary: 'The users of one facility the viewer sees (404 otherwise)',
        querystring: FacilityUsersQuerySchema,
        response: { 200: FacilityUsersAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const viewer = await adminViewerOf(app.db, currentUser(request));
      const facID = request.query.faciId;
      if (!viewer.facilities.some((f) => f.facID === facID)) throw notFound('No such facility.');
      return { userInfos: await findAdminUsers(app.db, viewer, [facID]) };
    },
  );

  app.get(
    ENDPOINTS.getUsers,
    {
      compress: LIST_COMPRESSION,
      schema: {
        tags: ['users'],
        summary: 'The facility users of every facility the viewer sees, by name',
        description:
          'Each user carries only their roles at facilities the viewer sees; numberFacilities counts those.',
        response: { 200: UsersAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const viewer = await adminViewerOf(app.db, currentUser(request));
      const users = await findAdminUsers(
        app.db,
        viewer,
        viewer.facilities.map((f) => f.facID),
      );
      return { users };
    },
  );

  app.get(
    ENDPOINTS.userFacilities,
    {
      schema: {
        tags: ['users'],
        summary: "A user's facilities among those the viewer sees (404 for a user the viewer cannot see)",
        querystring: UserFacilitiesQuerySchema,
        response: { 200: UserFacilitiesAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const viewer = await adminViewerOf(app.db, currentUser(request));
      const user = await findLiveUser(app.db, request.query.email);
      const facilities = user
        ? await findUserFacilities(
            app.db,
            user.id,
            viewer.facilities.map((f) => f.facID),
          )
        : [];
      if (!user || facilities.length === 0) throw notFound(NO_SUCH_USER);
      return { facilities, isOnlyMembership: (await membershipCount(app.db, user.id)) <= 1 };
    },
  );
}
