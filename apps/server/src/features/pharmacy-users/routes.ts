import {
  AddUserPharmaciesInputSchema,
  ApiErrorBodySchema,
  createPharmUserInputSchema,
  ENDPOINTS,
  MessageAnswerSchema,
  mayAddPharmacyToUser,
  mayAdministerPharmacyUsers,
  mayAssignPharmacyRole,
  mayChangePharmacyRole,
  mayRemoveFromPharmacy,
  PHARMACY_ADMIN_MESSAGES,
  PharmacyUsersAnswerSchema,
  RemovePharmacyInputSchema,
  UserPharmaciesAnswerSchema,
  UserPharmaciesQuerySchema,
} from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuditEntry } from '../../platform/audit.ts';
import { recordAudit } from '../../platform/audit.ts';
import { currentUser, requireActiveUser } from '../../platform/auth.ts';
import { LIST_COMPRESSION } from '../../platform/compression.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { lockedMembershipCount, lockLiveUser, membershipCount } from '../users/queries.ts';
import { refuseTakenEmail } from '../users/support.ts';
import {
  type CallerPharmacies,
  callerPharmacies,
  deletePharmacyRole,
  findPharmacyUserByEmail,
  findPharmacyUsersIn,
  insertPharmacyUser,
  isEmailTaken,
  type PharmacyUserRecord,
  toWireUser,
  upsertPharmacyRole,
} from './queries.ts';

const refusals = {
  400: ApiErrorBodySchema,
  401: ApiErrorBodySchema,
  403: ApiErrorBodySchema,
  404: ApiErrorBodySchema,
  409: ApiErrorBodySchema,
};
const NO_USER = 'No such user.';
const NO_PHARMACY = 'No such pharmacy.';
const TAG = ['pharmacy users'];

/** Pharmacy staff and super admins only (spec 2, section 6); facility users get a 403. */
async function requirePharmacyAdministrator(request: FastifyRequest): Promise<void> {
  if (!mayAdministerPharmacyUsers(currentUser(request).userType))
    throw forbidden(PHARMACY_ADMIN_MESSAGES.onlyPharmacyStaff);
}

/** A target the caller may see: a super admin sees every pharmacy user, anyone else those sharing a pharmacy. */
async function visibleTarget(
  app: FastifyInstance,
  request: FastifyRequest,
  email: string,
): Promise<{ target: PharmacyUserRecord; mine: CallerPharmacies }> {
  const caller = currentUser(request);
  const [target, mine] = await Promise.all([
    findPharmacyUserByEmail(app.db, email),
    callerPharmacies(app.db, caller),
  ]);
  const ids = new Set(mine.standings.map((s) => s.pharmID));
  const shares = target?.pharmRole.some((p) => ids.has(p.pharid)) ?? false;
  if (!target || !(shares || caller.userType === 'SuperAdmin')) throw notFound(NO_USER);
  return { target, mine };
}

/**
 * Pharmacy users and their pharmacies (spec 2, sections 2, 4, 6, 7): the list, a user's pharmacies, creation,
 * adding pharmacies or changing the role at one, and removal from a pharmacy. Every check runs before the first
 * write, and each change is one transaction with its audit event.
 */
export async function pharmacyUsersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireActiveUser);
  app.addHook('onRequest', requirePharmacyAdministrator);
  const audit = (request: FastifyRequest, kind: string, targetId: number, detail: object): AuditEntry => ({
    userId: currentUser(request).id,
    actor: currentUser(request).email,
    kind,
    recordType: 'user',
    recordId: String(targetId),
    ip: request.ip,
    outcome: 'success',
    detail: { ...detail },
  });
  const rules = {
    passwordMinLength: app.config.passwordMinLength,
    pharmacyEmailDomain: app.config.pharmacyEmailDomain,
  };

  app.get(
    ENDPOINTS.pharmacyUsers,
    {
      compress: LIST_COMPRESSION,
      schema: {
        tags: TAG,
        summary: 'Pharmacy users holding a role in a pharmacy you belong to',
        description:
          'Each user carries only their roles at pharmacies you belong to; numberPharmacies counts those.',
        response: { 200: PharmacyUsersAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const { standings } = await callerPharmacies(app.db, currentUser(request));
      const ids = standings.map((s) => s.pharmID);
      const visible = new Set(ids);
      const records = await findPharmacyUsersIn(app.db, ids);
      const users = records.map((r) => toWireUser(r, visible));
      return { users: users.sort((a, b) => a.displayName.localeCompare(b.displayName)) };
    },
  );

  app.get(
    ENDPOINTS.userPharmacies,
    {
      schema: {
        tags: TAG,
        summary: "A pharmacy user's pharmacies that you share (404 for a user you may not see)",
        querystring: UserPharmaciesQuerySchema,
        response: { 200: UserPharmaciesAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const { target, mine } = await visibleTarget(app, request, request.query.email);
      return {
        pharmacies: mine.access.flatMap((p) => {
          const held = target.pharmRole.find((r) => r.pharid === p.pharmId);
          return held ? [{ pharmacyId: p.pharmId, pharmName: p.name, userRole: held.role }] : [];
        }),
        isOnlyMembership: (await membershipCount(app.db, target.userId)) <= 1,
      };
    },
  );

  app.post(
    ENDPOINTS.createPharmacyUser,
    {
      schema: {
        tags: TAG,
        summary: 'Create a pharmacy user with one role at each chosen pharmacy',
        description:
          'Each pharmacy must be one where you manage users (SysAdmin, Manager) with user_AddPharmacyToUser and ' +
          'user_Edit{UserRole}. The email must end with the pharmacy email domain and be unused (409, recorded as ' +
          'a failed pharmacyUser.create naming the address, not the account that has it). The new user must ' +
          'replace the password at first sign-in.',
        body: createPharmUserInputSchema(rules),
        response: { 200: MessageAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const body = request.body;
      const { standings } = await callerPharmacies(app.db, currentUser(request));
      for (const pharmID of body.pharmID) {
        const standing = standings.find((s) => s.pharmID === pharmID);
        if (!standing) throw notFound(NO_PHARMACY);
        if (!mayAssignPharmacyRole(standing, body.UserRole))
          throw forbidden(PHARMACY_ADMIN_MESSAGES.pharmacyNotAllowed(pharmID));
      }
      // On record like the creation's own event: the pharmacies and role asked for.
      const refuseTaken = () =>
        refuseTakenEmail(app.db, request, {
          kind: 'pharmacyUser.create',
          email: body.email,
          detail: { pharmIds: body.pharmID, role: body.UserRole },
        });
      if (await isEmailTaken(app.db, body.email)) throw await refuseTaken();
      const passwordHash = await hashPassword(body.password);
      try {
        await app.db.transaction(async (tx) => {
          const id = await insertPharmacyUser(tx, {
            email: body.email,
            displayName: body.displayName,
            phone: body.phone,
            title: body.title,
            passwordHash,
            pharmIds: body.pharmID,
            role: body.UserRole,
          });
          await recordAudit(
            tx,
            audit(request, 'pharmacyUser.create', id, { pharmIds: body.pharmID, role: body.UserRole }),
          );
        });
      } catch (error) {
        // Two administrators creating the same email at once: the unique index decides, the loser gets the 409.
        if (isUniqueViolation(error)) throw await refuseTaken();
        throw error;
      }
      return { message: PHARMACY_ADMIN_MESSAGES.created };
    },
  );

  app.post(
    ENDPOINTS.addUserPharmacies,
    {
      schema: {
        tags: TAG,
        summary: "Add pharmacies to a user, or change the user's role at a pharmacy they hold",
        description:
          'A new pharmacy needs user_AddPharmacyToUser and user_Edit{role} there; a role change needs user_Edit ' +
          'for the old and the new role. Nobody changes their own pharmacies or role (403).',
        body: AddUserPharmaciesInputSchema,
        response: { 200: MessageAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      const { target, mine } = await visibleTarget(app, request, request.body.email);
      if (target.userId === caller.id) throw forbidden(PHARMACY_ADMIN_MESSAGES.notYourself);
      let isOnlyRoleChange = true;
      for (const { entityid, userRole } of request.body.entities) {
        const standing = mine.standings.find((s) => s.pharmID === entityid);
        if (!standing) throw notFound(NO_PHARMACY);
        const held = target.pharmRole.find((r) => r.pharid === entityid);
        if (!held) isOnlyRoleChange = false;
        const allowed = held
          ? mayChangePharmacyRole(caller.id, standing, target.userId, held.role, userRole)
          : mayAddPharmacyToUser(caller.id, standing, target.userId, userRole);
        if (!allowed) throw forbidden(PHARMACY_ADMIN_MESSAGES.roleNotAllowed(held?.role ?? userRole));
      }
      await app.db.transaction(async (tx) => {
        // Deleted by another administrator since it was read: no pharmacy is given to a deleted account.
        if (!(await lockLiveUser(tx, target.userId))) throw notFound(NO_USER);
        for (const { entityid, userRole } of request.body.entities) {
          const from = target.pharmRole.find((r) => r.pharid === entityid)?.role ?? null;
          await upsertPharmacyRole(tx, target.userId, entityid, userRole);
          await recordAudit(
            tx,
            audit(request, from ? 'pharmacyUser.role' : 'pharmacyUser.addPharmacy', target.userId, {
              pharmId: entityid,
              from,
              to: userRole,
            }),
          );
        }
      });
      return {
        message: isOnlyRoleChange ? PHARMACY_ADMIN_MESSAGES.roleChanged : PHARMACY_ADMIN_MESSAGES.added,
      };
    },
  );

  app.post(
    ENDPOINTS.removePharmacy,
    {
      schema: {
        tags: TAG,
        summary: 'Remove a user from a pharmacy you share with them',
        description:
          'Needs user_Delete{role} for the role the user holds there. Nobody removes themselves (403); a ' +
          "user's last pharmacy is not removed (409: delete the user instead).",
        body: RemovePharmacyInputSchema,
        response: { 200: MessageAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      const { email, pharmID } = request.body;
      const { target, mine } = await visibleTarget(app, request, email);
      const standing = mine.standings.find((s) => s.pharmID === pharmID);
      const pharmacy = mine.access.find((p) => p.pharmId === pharmID);
      const held = target.pharmRole.find((r) => r.pharid === pharmID);
      if (!standing || !pharmacy || !held) throw notFound(NO_PHARMACY);
      if (target.userId === caller.id) throw forbidden(PHARMACY_ADMIN_MESSAGES.notYourself);
      if (!mayRemoveFromPharmacy(caller.id, standing, target.userId, held.role))
        throw forbidden(PHARMACY_ADMIN_MESSAGES.roleNotAllowed(held.role));
      await app.db.transaction(async (tx) => {
        if ((await lockedMembershipCount(tx, target.userId)) <= 1)
          throw conflict(PHARMACY_ADMIN_MESSAGES.lastPharmacy(target.displayName));
        // The same removal sent twice at once: the second finds the role gone.
        if (!(await deletePharmacyRole(tx, target.userId, pharmID))) throw notFound(NO_PHARMACY);
        await recordAudit(
          tx,
          audit(request, 'pharmacyUser.removePharmacy', target.userId, { pharmId: pharmID, role: held.role }),
        );
      });
      return { message: PHARMACY_ADMIN_MESSAGES.removed(target.displayName, pharmacy.name) };
    },
  );
}
