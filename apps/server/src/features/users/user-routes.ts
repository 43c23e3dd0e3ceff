import {
  AdminPasswordResetAnswerSchema,
  adminPasswordResetInputSchema,
  DeleteUserInputSchema,
  ENDPOINTS,
  MessageAnswerSchema,
  USER_ADMIN_MESSAGES,
} from '@portal/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { facilityMemberships, pharmacyMemberships, users } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit.ts';
import { currentUser, requireActiveUser } from '../../platform/auth.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { revokeUserSessions } from '../../platform/sessions.ts';
import { refusals, userAudit } from './support.ts';
import { findTargetAt, NO_SUCH_USER } from './target.ts';
import { adminViewerOf } from './viewer.ts';

const facIdOf = (entityId: number | string) => (typeof entityId === 'number' ? entityId : null);

/** Deleting users and resetting their passwords (spec 2, sections 6 and 7). */
export async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireActiveUser);

  app.post(
    ENDPOINTS.deleteUser,
    {
      schema: {
        tags: ['users'],
        summary:
          'Delete a user, through a facility (or pharmacy) where the viewer holds user_Delete of their role',
        description:
          'Soft delete: the account ends, its sessions are revoked and its roles removed; past thread entries ' +
          'keep the name. Refused (403) when the user also belongs somewhere the viewer does not administer.',
        body: DeleteUserInputSchema,
        response: { 200: MessageAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const { email, entityId, UserId } = request.body;
      const viewer = await adminViewerOf(app.db, currentUser(request));
      const target = await findTargetAt(app.db, viewer, email, entityId);
      if (UserId !== undefined && Number(UserId) !== target.user.id) throw notFound(NO_SUCH_USER);
      if (target.user.id === viewer.userId) throw forbidden(USER_ADMIN_MESSAGES.cannotDeleteSelf);
      if (!target.mayDelete) throw forbidden();
      if (!target.isWithinViewer)
        throw forbidden(
          typeof target.entityId === 'number'
            ? USER_ADMIN_MESSAGES.outsideAdministration
            : USER_ADMIN_MESSAGES.outsidePharmacies,
        );
      await app.db.transaction(async (tx) => {
        const [deleted] = await tx
          .update(users)
          .set({
            deletedAt: new Date(),
            updatedAt: new Date(),
            mediprocityUser: null,
            mediprocitySecret: null,
          })
          .where(and(eq(users.id, target.user.id), isNull(users.deletedAt)))
          .returning({ id: users.id });
        // The same delete sent twice at once (or by two administrators): the second finds the user gone.
        if (!deleted) throw notFound(NO_SUCH_USER);
        await tx.delete(facilityMemberships).where(eq(facilityMemberships.userId, target.user.id));
        await tx.delete(pharmacyMemberships).where(eq(pharmacyMemberships.userId, target.user.id));
        await revokeUserSessions(tx, target.user.id);
        await recordAudit(
          tx,
          userAudit(
            request,
            'user.delete',
            target.user.id,
            { email: target.user.email, via: target.entityId, role: target.role },
            facIdOf(target.entityId),
          ),
        );
      });
      return { message: USER_ADMIN_MESSAGES.deleted(target.user.displayName) };
    },
  );

  app.post(
    ENDPOINTS.adminPasswordReset,
    {
      schema: {
        tags: ['users'],
        summary: "Set another user's password (they must change it at their next sign-in)",
        description:
          "Needs user_Edit of the user's role at entityId and an admin-level viewer (requestorIsAdmin). Refused " +
          '(403) when the user also belongs somewhere the viewer does not administer: the new password would open ' +
          'those places to the viewer. Every session of the user is revoked.',
        body: adminPasswordResetInputSchema(app.config.passwordMinLength),
        response: { 200: AdminPasswordResetAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const { email, entityId, password } = request.body;
      const viewer = await adminViewerOf(app.db, currentUser(request));
      const target = await findTargetAt(app.db, viewer, email, entityId);
      if (target.user.id === viewer.userId) throw forbidden('Change your own password under Settings.');
      if (!target.mayEdit || !target.isAdmin) throw forbidden();
      if (!target.isWithinViewer)
        throw forbidden(
          typeof target.entityId === 'number'
            ? USER_ADMIN_MESSAGES.resetOutsideAdministration
            : USER_ADMIN_MESSAGES.resetOutsidePharmacies,
        );
      const passwordHash = await hashPassword(password);
      await app.db.transaction(async (tx) => {
        const [reset] = await tx
          .update(users)
          .set({ passwordHash, mustChangePassword: true, updatedAt: new Date() })
          .where(and(eq(users.id, target.user.id), isNull(users.deletedAt)))
          .returning({ id: users.id });
        // Deleted by another administrator since it was read: there is no account to give the password to.
        if (!reset) throw notFound(NO_SUCH_USER);
        await revokeUserSessions(tx, target.user.id);
        await recordAudit(
          tx,
          userAudit(request, 'user.passwordReset', target.user.id, {}, facIdOf(target.entityId)),
        );
      });
      return { message: USER_ADMIN_MESSAGES.passwordReset, email: target.user.email };
    },
  );
}
