import {
  ApiErrorBodySchema,
  CreatedPharmacyKeySchema,
  CreatePharmacyKeyInputSchema,
  canManagePharmacyKeys,
  ENDPOINTS,
  PharmacyKeyParamsSchema,
  PharmacyKeySchema,
  PharmacyKeysAnswerSchema,
} from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pharmacyApiKeys } from '../../db/schema/index.ts';
import { pharmacyAccess } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit.ts';
import { currentUser, requireActiveUser } from '../../platform/auth.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { newPharmacyKey } from './api-keys.ts';
import { findKey, findKeys } from './key-queries.ts';

const refusals = {
  400: ApiErrorBodySchema,
  401: ApiErrorBodySchema,
  403: ApiErrorBodySchema,
  404: ApiErrorBodySchema,
};

/**
 * Checks the caller may manage this pharmacy's keys: 404 when they cannot see the pharmacy at all (never reveal
 * it exists), 403 when they see it without the SysAdmin role there.
 */
async function authoriseFor(
  app: FastifyInstance,
  request: FastifyRequest,
  pharmId: string,
  missing = 'No such pharmacy.',
): Promise<void> {
  const user = currentUser(request);
  const pharmacy = (await pharmacyAccess(app.db, user)).find((p) => p.pharmId === pharmId);
  if (!pharmacy) throw notFound(missing);
  if (!canManagePharmacyKeys(user.userType, pharmacy.role)) throw forbidden();
}

/** Pharmacy API keys: created (shown once), listed (last four characters only) and revoked by their SysAdmins. */
export async function pharmacyKeyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // onRequest, not preHandler: an anonymous caller gets 401 before the body is even validated.
  app.addHook('onRequest', requireActiveUser);

  const audit = (request: FastifyRequest, kind: string, keyId: number, detail: Record<string, unknown>) => {
    const user = currentUser(request);
    return {
      userId: user.id,
      actor: user.email,
      kind,
      recordType: 'pharmacyApiKey',
      recordId: String(keyId),
      ip: request.ip,
      outcome: 'success' as const,
      detail,
    };
  };

  app.get(
    ENDPOINTS.pharmacyKeys,
    {
      schema: {
        tags: ['ingest'],
        summary: 'API keys of the pharmacies the caller administers (last four characters only)',
        response: { 200: PharmacyKeysAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const managed = (await pharmacyAccess(app.db, user)).filter((p) =>
        canManagePharmacyKeys(user.userType, p.role),
      );
      if (managed.length === 0) throw forbidden();
      return {
        keys: await findKeys(
          app.db,
          managed.map((p) => p.pharmId),
        ),
      };
    },
  );

  app.post(
    ENDPOINTS.pharmacyKeys,
    {
      schema: {
        tags: ['ingest'],
        summary: 'Create an API key for a pharmacy system; the answer is the only time the key is shown',
        description:
          'Pharmacy SysAdmins of that pharmacy and SuperAdmins. The `secret` (e.g. `cpk_…`, 47 characters) goes ' +
          'in `Authorization: Bearer` of `POST /api/ingest/{key}`; only its hash is stored.',
        body: CreatePharmacyKeyInputSchema,
        response: { 201: CreatedPharmacyKeySchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { pharmID, name } = request.body;
      await authoriseFor(app, request, pharmID);
      const user = currentUser(request);
      const { secret, hash, last4 } = newPharmacyKey();
      const id = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(pharmacyApiKeys)
          .values({ pharmId: pharmID, name, keyHash: hash, last4, createdBy: user.id })
          .returning({ id: pharmacyApiKeys.id });
        if (!row) throw new Error('key insert returned nothing');
        await recordAudit(tx, audit(request, 'pharmacyKey.create', row.id, { pharmID, name, last4 }));
        return row.id;
      });
      const key = await findKey(app.db, id);
      if (!key) throw new Error('created key not found');
      return reply.code(201).send({ key, secret });
    },
  );

  app.delete(
    ENDPOINTS.pharmacyKey,
    {
      schema: {
        tags: ['ingest'],
        summary: 'Revoke an API key: calls with it answer 401 from now on',
        params: PharmacyKeyParamsSchema,
        response: { 200: PharmacyKeySchema, ...refusals },
      },
    },
    async (request) => {
      const existing = await findKey(app.db, request.params.id);
      if (!existing) throw notFound('No such key.');
      // A key of a pharmacy the caller cannot see does not exist for them.
      await authoriseFor(app, request, existing.pharmID, 'No such key.');
      if (existing.revokedAt) return existing;
      await app.db.transaction(async (tx) => {
        await tx
          .update(pharmacyApiKeys)
          .set({ revokedAt: new Date() })
          .where(eq(pharmacyApiKeys.id, existing.id));
        await recordAudit(
          tx,
          audit(request, 'pharmacyKey.revoke', existing.id, {
            pharmID: existing.pharmID,
            last4: existing.last4,
          }),
        );
      });
      const revoked = await findKey(app.db, existing.id);
      if (!revoked) throw new Error('revoked key not found');
      return revoked;
    },
  );
}
