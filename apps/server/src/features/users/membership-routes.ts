import {
  AddUserFacilitiesInputSchema,
  canAddFacilityToUser,
  canAddUserToFacility,
  canChangeRole,
  canRemoveFromFacility,
  createUserInputSchema,
  EditUserInputSchema,
  ENDPOINTS,
  MessageAnswerSchema,
  RemoveFacilityInputSchema,
  USER_ADMIN_MESSAGES,
} from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { facilityMemberships, users } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit.ts';
import { currentUser, requireActiveUser } from '../../platform/auth.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { announce, NOTICE_CHANNELS } from '../../platform/notices.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { facilityRolesOf, findLiveUser, lockedMembershipCount, lockLiveUser } from './queries.ts';
import { refusals, refuseTakenEmail, userAudit } from './support.ts';
import { findTargetAt, NO_SUCH_USER } from './target.ts';
import { adminViewerOf, type ServerViewer } from './viewer.ts';

const targetOf = (userId: number, roles: { facid: number; userRole: string }[], viewer: ServerViewer) => ({
  userId,
  entityTypeAndRole: roles.filter((r) => viewer.facilities.some((f) => f.facID === r.facid)),
});

/** Creating facility users and their roles at facilities (spec 2, sections 4, 6 and 7). */
export async function membershipRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireActiveUser);
  const domain = app.config.pharmacyEmailDomain;

  app.post(
    ENDPOINTS.createUser,
    {
      schema: {
        tags: ['users'],
        summary: 'Create a facility user with a role at one facility',
        description:
          'Only where the viewer is admin-level (a super admin, a pharmacy user of its pharmacy, its facility ' +
          "admin) and holds user_Edit of the new user's role there (addableRoles). The password is hashed with argon2id and must be changed by its owner at the next sign-in. " +
          '409 when the email is taken, recorded as a failed user.create at that facility naming the address, ' +
          'not the account that has it.',
        body: createUserInputSchema(app.config.passwordMinLength),
        response: { 200: MessageAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const body = request.body;
      const viewer = await adminViewerOf(app.db, currentUser(request));
      if (!viewer.facilities.some((f) => f.facID === body.faciID)) throw notFound('No such facility.');
      const role = body.UserRole ?? body.userRole;
      if (!canAddUserToFacility(viewer, body.faciID, role)) throw forbidden();
      if (body.email.endsWith(`@${domain}`)) {
        const message = USER_ADMIN_MESSAGES.facilityEmailDomain(domain);
        throw badRequest(message, { email: message });
      }
      // On record at the facility asked for.
      const refuseTaken = () =>
        refuseTakenEmail(app.db, request, {
          kind: 'user.create',
          email: body.email,
          detail: { role },
          facId: body.faciID,
        });
      if (await findLiveUser(app.db, body.email)) throw await refuseTaken();
      const passwordHash = await hashPassword(body.password);
      try {
        await app.db.transaction(async (tx) => {
          const [created] = await tx
            .insert(users)
            .values({
              email: body.email,
              displayName: body.displayName,
              phone: body.phone ?? '',
              title: body.Title ?? '',
              userType: 'FacilityUser',
              passwordHash,
              mustChangePassword: true,
            })
            .returning({ id: users.id });
          if (!created) throw new Error('user insert returned nothing');
          await tx.insert(facilityMemberships).values({ userId: created.id, facId: body.faciID, role });
          await recordAudit(tx, userAudit(request, 'user.create', created.id, { role }, body.faciID));
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw await refuseTaken();
        throw error;
      }
      return { message: USER_ADMIN_MESSAGES.created };
    },
  );

  app.post(
    ENDPOINTS.editUser,
    {
      schema: {
        tags: ['users'],
        summary: "Change a user's role at one facility",
        description: "Admin-level viewers with user_Edit of the old and the new role; never one's own role.",
        body: EditUserInputSchema,
        response: { 200: MessageAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const { entityID, email, userRole } = request.body;
      const viewer = await adminViewerOf(app.db, currentUser(request));
      const target = await findTargetAt(app.db, viewer, email, entityID);
      if (target.user.id === viewer.userId) throw forbidden(USER_ADMIN_MESSAGES.cannotChangeOwnRole);
      const roles = await facilityRolesOf(app.db, target.user.id);
      if (!canChangeRole(viewer, targetOf(target.user.id, roles, viewer), entityID, userRole))
        throw forbidden();
      await app.db.transaction(async (tx) => {
        const [changed] = await tx
          .update(facilityMemberships)
          .set({ role: userRole })
          .where(and(eq(facilityMemberships.userId, target.user.id), eq(facilityMemberships.facId, entityID)))
          .returning({ userId: facilityMemberships.userId });
        // Taken off the facility (or deleted) by another administrator since it was read: no role to change.
        if (!changed) throw notFound(NO_SUCH_USER);
        await recordAudit(
          tx,
          userAudit(request, 'user.role', target.user.id, { from: target.role, to: userRole }, entityID),
        );
      });
      return { message: USER_ADMIN_MESSAGES.roleChanged };
    },
  );

  app.post(
    ENDPOINTS.removeFacility,
    {
      schema: {
        tags: ['users'],
        summary: 'Take a user off one facility',
        description:
          "Admin-level viewers with user_Delete of the user's role there; never oneself, never the user's last " +
          'facility (409: delete the user instead).',
        body: RemoveFacilityInputSchema,
        response: { 200: MessageAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const { email, facID } = request.body;
      const viewer = await adminViewerOf(app.db, currentUser(request));
      const target = await findTargetAt(app.db, viewer, email, facID);
      if (target.user.id === viewer.userId) throw forbidden(USER_ADMIN_MESSAGES.cannotRemoveSelf);
      const roles = await facilityRolesOf(app.db, target.user.id);
      if (!canRemoveFromFacility(viewer, targetOf(target.user.id, roles, viewer), facID)) throw forbidden();
      await app.db.transaction(async (tx) => {
        if ((await lockedMembershipCount(tx, target.user.id)) <= 1)
          throw conflict(USER_ADMIN_MESSAGES.lastFacility(target.user.displayName));
        const [removed] = await tx
          .delete(facilityMemberships)
          .where(and(eq(facilityMemberships.userId, target.user.id), eq(facilityMemberships.facId, facID)))
          .returning({ userId: facilityMemberships.userId });
        // The same removal sent twice at once: the second finds the role gone.
        if (!removed) throw notFound(NO_SUCH_USER);
        // Their open dashboards stop receiving this facility's alerts at once.
        await announce(tx, NOTICE_CHANNELS.visibilityChanged, [target.user.id]);
        await recordAudit(
          tx,
          userAudit(request, 'user.remove', target.user.id, { role: target.role }, facID),
        );
      });
      return { message: USER_ADMIN_MESSAGES.removed(target.user.displayName, target.entityName) };
    },
  );

  app.post(
    ENDPOINTS.addUserFacilities,
    {
      schema: {
        tags: ['users'],
        summary: 'Give a user roles at more facilities, all in one call',
        description:
          'Each facility must be one where the viewer is admin-level and holds user_AddFacilityToUser; every ' +
          'entity needs a role the viewer may give there (addableRoles, as for /createuser). All or nothing.',
        body: AddUserFacilitiesInputSchema,
        response: { 200: MessageAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const { email, entities } = request.body;
      const viewer = await adminViewerOf(app.db, currentUser(request));
      const user = await findLiveUser(app.db, email);
      const roles = user ? await facilityRolesOf(app.db, user.id) : [];
      const visibleRoles = roles.filter((r) => viewer.facilities.some((f) => f.facID === r.facid));
      if (user?.userType !== 'FacilityUser' || visibleRoles.length === 0) throw notFound(NO_SUCH_USER);
      if (user.id === viewer.userId) throw forbidden(USER_ADMIN_MESSAGES.cannotChangeOwnRole);
      const ids = entities.map((e) => e.entityID);
      if (new Set(ids).size !== ids.length) throw badRequest('Each facility may appear once.');
      for (const { entityID: id, userRole } of entities) {
        if (!viewer.facilities.some((f) => f.facID === id)) throw notFound('No such facility.');
        // The role given must be one the viewer may give there, as for /createuser: otherwise pharmacy staff
        // without user_Editfacilityadmin could not create a facility admin but could make an existing user one.
        if (!canAddFacilityToUser(viewer, id) || !canAddUserToFacility(viewer, id, userRole))
          throw forbidden();
        if (roles.some((r) => r.facid === id)) throw conflict(USER_ADMIN_MESSAGES.alreadyAtFacility);
      }
      try {
        await app.db.transaction(async (tx) => {
          // Deleted by another administrator since it was read: no facility is given to a deleted account.
          if (!(await lockLiveUser(tx, user.id))) throw notFound(NO_SUCH_USER);
          await tx
            .insert(facilityMemberships)
            .values(entities.map((e) => ({ userId: user.id, facId: e.entityID, role: e.userRole })));
          for (const e of entities)
            await recordAudit(tx, userAudit(request, 'user.add', user.id, { role: e.userRole }, e.entityID));
        });
      } catch (error) {
        // The same facilities added twice at once (a double click, two administrators): the first is kept.
        if (isUniqueViolation(error)) throw conflict(USER_ADMIN_MESSAGES.alreadyAtFacility);
        throw error;
      }
      return { message: USER_ADMIN_MESSAGES.facilitiesAdded };
    },
  );
}
