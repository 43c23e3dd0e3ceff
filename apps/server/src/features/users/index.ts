import type { FastifyInstance } from 'fastify';
import { editInfoRoutes } from './edit-info-routes.ts';
import { userListRoutes } from './list-routes.ts';
import { membershipRoutes } from './membership-routes.ts';
import { userRoutes } from './user-routes.ts';

/** Facility-user administration (spec 2, sections 2 to 8): lists, roles, profiles, passwords, deletion. */
export async function usersRoutes(app: FastifyInstance) {
  await app.register(userListRoutes);
  await app.register(membershipRoutes);
  await app.register(userRoutes);
  await app.register(editInfoRoutes);
}
