import {
  ApiErrorBodySchema,
  canChangeRole,
  EditUserInfoAnswerSchema,
  EditUserInfoProfileSchema,
  ENDPOINTS,
  editUserInfoAccountSchema,
  USER_ADMIN_MESSAGES,
  USER_MESSAGES,
} from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { facilityMemberships, users } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit.ts';
import { assertActive, currentUser, requireUser } from '../../platform/auth.ts';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { revokeUserSessions } from '../../platform/sessions.ts';
import { findUserInfo } from '../auth/index.ts';
import { assertNotThrottled, recordAttempt } from '../auth/throttle.ts';
import { profileVersion } from './profile-version.ts';
import { facilityRolesOf, lockProfile } from './queries.ts';
import { parseBody, userAudit } from './support.ts';
import { findTargetAt, NO_SUCH_USER } from './target.ts';
import { adminViewerOf } from './viewer.ts';

const DescribedBody = z
  .record(z.string(), z.unknown())
  .describe(
    'Profile variant (an administrator, another user): { displayName, phone, UserRole?, email, entityId }. ' +
      'Own-account variant (no entityId): { email (your own), title?, at most one of betaUser | displayName | ' +
      'phone | password (none: the title is the change), currentPassword (with password), confirmPassword? }. ' +
      'Either may carry profileVersion.',
  );

/**
 * Locks the user's row for the rest of the save's transaction and, when the form sent the `profileVersion` it was
 * loaded with, refuses the save (409) if the name or phone changed since. Checked on the locked row, so of two saves
 * sent with the same version only the first is written: the second would put back the values the first replaced.
 */
async function lockAtVersion(tx: Db, userId: number, version: string | undefined) {
  const stored = await lockProfile(tx, userId);
  // Deleted by another administrator since it was read: nothing to update.
  if (!stored) throw notFound(NO_SUCH_USER);
  if (version !== undefined && version !== profileVersion(stored))
    throw conflict(USER_MESSAGES.profileChangedSince);
}

/** `POST /edituserinfo`: an administrator's profile edit, or the caller's own account edit (spec 2, section 7). */
export async function editInfoRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const accountSchema = editUserInfoAccountSchema(app.config.passwordMinLength);

  async function answer(message: string, userId: number) {
    const userInfo = await findUserInfo(app.db, userId, app.config.mfaRequiredForAdmins);
    if (!userInfo) throw unauthorized();
    return { message, userInfo };
  }

  async function editProfile(request: FastifyRequest, body: unknown) {
    const me = currentUser(request);
    // Only the own password change is open to a user who must still replace an administrator's password (or, under
    // MFA_REQUIRED_FOR_ADMINS, set up two-step sign-in).
    assertActive(me);
    const input = parseBody(EditUserInfoProfileSchema, body);
    const viewer = await adminViewerOf(app.db, me);
    const target = await findTargetAt(app.db, viewer, input.email, input.entityId);
    if (!target.mayEdit) throw forbidden();
    const newRole = target.kind === 'facility' && input.UserRole && input.UserRole !== target.role;
    if (newRole) {
      if (target.user.id === me.id) throw forbidden(USER_ADMIN_MESSAGES.cannotChangeOwnRole);
      const roles = (await facilityRolesOf(app.db, target.user.id)).filter((r) =>
        viewer.facilities.some((f) => f.facID === r.facid),
      );
      const facID = target.entityId as number;
      const asTarget = { userId: target.user.id, entityTypeAndRole: roles };
      if (!canChangeRole(viewer, asTarget, facID, input.UserRole)) throw forbidden();
    }
    await app.db.transaction(async (tx) => {
      await lockAtVersion(tx, target.user.id, input.profileVersion);
      await tx
        .update(users)
        .set({
          displayName: input.displayName,
          ...(input.phone === undefined ? {} : { phone: input.phone }),
          updatedAt: new Date(),
        })
        .where(eq(users.id, target.user.id));
      if (newRole && input.UserRole)
        await tx
          .update(facilityMemberships)
          .set({ role: input.UserRole })
          .where(
            and(
              eq(facilityMemberships.userId, target.user.id),
              eq(facilityMemberships.facId, target.entityId as number),
            ),
          );
      // At the facility it went through, as a role change or a removal there is: the facility's trail (audit
      // facId=) shows who renamed its staff. A pharmacy user's profile belongs to no facility.
      const facId = target.kind === 'facility' ? (target.entityId as number) : null;
      await recordAudit(
        tx,
        userAudit(
          request,
          'user.profile',
          target.user.id,
          {
            fields: [
              'displayName',
              ...(input.phone === undefined ? [] : ['phone']),
              ...(newRole ? ['role'] : []),
            ],
            ...(newRole ? { from: target.role, to: input.UserRole } : {}),
          },
          facId,
        ),
      );
    });
    return answer(USER_ADMIN_MESSAGES.profileUpdated, target.user.id);
  }

  async function editAccount(request: FastifyRequest, body: unknown) {
    const me = currentUser(request);
    const input = parseBody(accountSchema, body);
    if (input.email !== me.email.toLowerCase()) throw forbidden('You can only change your own account here.');
    if (input.password === undefined) assertActive(me);
    const [row] = await app.db.select().from(users).where(eq(users.id, me.id));
    if (!row) throw unauthorized();
    let change: Partial<typeof users.$inferInsert>;
    let message: string;
    if (input.password !== undefined) {
      // A wrong current password counts like a failed sign-in (the two-step settings' rule), so a session left
      // open on a ward screen cannot be used to try passwords until one fits and then change it.
      const account = me.email.toLowerCase();
      await assertNotThrottled(app.db, account, request.ip);
      if (!(await verifyPassword(row.passwordHash, input.currentPassword ?? ''))) {
        await app.db.transaction(async (tx) => {
          await recordAttempt(tx, account, request.ip, false);
          await recordAudit(tx, {
            ...userAudit(request, 'user.account', me.id, { field: 'currentPassword' }),
            outcome: 'failure',
          });
        });
        throw badRequest(USER_ADMIN_MESSAGES.currentPasswordWrong, {
          currentPassword: USER_ADMIN_MESSAGES.currentPasswordWrong,
        });
      }
      if (input.password === input.currentPassword) {
        const same = row.mustChangePassword
          ? 'Choose a password other than the one an administrator set.'
          : USER_ADMIN_MESSAGES.passwordUnchanged;
        throw badRequest(same, { password: same });
      }
      change = { passwordHash: await hashPassword(input.password), mustChangePassword: false };
      message = USER_ADMIN_MESSAGES.passwordUpdated;
    } else if (input.displayName !== undefined) {
      change = { displayName: input.displayName };
      message = USER_ADMIN_MESSAGES.nameUpdated;
    } else if (input.phone !== undefined) {
      change = { phone: input.phone };
      message = USER_ADMIN_MESSAGES.phoneUpdated;
    } else if (input.betaUser !== undefined) {
      change = { betaUser: input.betaUser };
      message = USER_ADMIN_MESSAGES.betaUser(input.betaUser, row.email);
    } else {
      change = {};
      message = USER_ADMIN_MESSAGES.titleUpdated;
    }
    // The spec's body carries the title beside any one change; it is stored as sent.
    if (input.title !== undefined && input.title !== row.title) change.title = input.title;
    await app.db.transaction(async (tx) => {
      if (input.profileVersion !== undefined) await lockAtVersion(tx, me.id, input.profileVersion);
      await tx
        .update(users)
        .set({ ...change, updatedAt: new Date() })
        .where(eq(users.id, me.id));
      if (input.password !== undefined) await revokeUserSessions(tx, me.id, me.sessionId);
      // A password change is named as such, never by its hash: listed without it, the entry showed only the
      // must-change flag it clears.
      await recordAudit(
        tx,
        userAudit(request, 'user.account', me.id, {
          fields: Object.keys(change).map((k) => (k === 'passwordHash' ? 'password' : k)),
        }),
      );
    });
    return answer(message, me.id);
  }

  app.post(
    ENDPOINTS.editUserInfo,
    {
      // The own password change must stay open to a user who has to replace an administrator's password, so
      // this route asks only for a session; the profile variant refuses such users itself.
      onRequest: requireUser,
      schema: {
        tags: ['users'],
        summary: "Edit another user's profile (with entityId) or your own account (without)",
        description:
          'Profile: user_Edit of the role at entityId; a role change also needs user_Edit of the new role and is ' +
          'never allowed on yourself. Account: a password change needs currentPassword, clears the must-change ' +
          'flag and revokes your other sessions; a wrong currentPassword counts against the sign-in throttle (5 per ' +
          'account, 20 per address, in 15 minutes: then 429). profileVersion (optional, either variant) is the ' +
          "user's profileVersion the form was loaded with: when the name or phone changed since, the answer is a " +
          "409 and nothing is saved. The answer's userInfo carries the new profileVersion.",
        body: DescribedBody,
        response: {
          200: EditUserInfoAnswerSchema,
          400: ApiErrorBodySchema,
          401: ApiErrorBodySchema,
          403: ApiErrorBodySchema,
          404: ApiErrorBodySchema,
          409: ApiErrorBodySchema,
          429: ApiErrorBodySchema,
        },
      },
    },
    async (request) =>
      'entityId' in request.body ? editProfile(request, request.body) : editAccount(request, request.body),
  );
}
