import {
  CONTENT_MESSAGES,
  ContentIdParamsSchema,
  ENDPOINTS,
  sortVersions,
  VersionAnswerSchema,
  VersionInputSchema,
  VersionsAnswerSchema,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import { currentUser, requireActiveUser } from '../../platform/auth.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import {
  assertMayManageContent,
  changeRefusals,
  contentAudit,
  deletedAnswer,
  refusals,
  seesPharmacyOnly,
} from './content-access.ts';
import { deleteVersion, findVersionByName, findVersions, insertVersion, updateVersion } from './queries.ts';
import { sanitiseHtml } from './sanitise-html.ts';

const tags = ['content'];

/** 409 when another version row already carries that version text. */
async function assertVersionFree(db: Db, version: string, ownId?: number): Promise<void> {
  const existing = await findVersionByName(db, version);
  if (existing && existing.id !== ownId) {
    throw conflict(CONTENT_MESSAGES.versionTaken, { version: CONTENT_MESSAGES.versionTaken });
  }
}

/** A concurrent insert of the same version loses at the unique index: still a 409, never a 500. */
async function uniqueAsConflict<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(CONTENT_MESSAGES.versionTaken, { version: CONTENT_MESSAGES.versionTaken });
    throw error;
  }
}

/** Versions: everyone signed in reads them; super admins and pharmacy SysAdmins write them. */
export async function versionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', requireActiveUser);

  app.get(
    ENDPOINTS.versions,
    {
      schema: {
        tags,
        summary: 'Versions, highest first',
        description: 'pharmUserDescription is empty for anyone but pharmacy users and super admins.',
        response: { 200: VersionsAnswerSchema, ...refusals },
      },
    },
    async (request) => ({ versions: sortVersions(await findVersions(app.db, seesPharmacyOnly(request))) }),
  );

  app.post(
    ENDPOINTS.versions,
    {
      schema: {
        tags,
        summary: 'Add a version (super admins and pharmacy SysAdmins)',
        description:
          'Both descriptions are HTML, sanitised (DOMPurify) before they are stored. 409 for a taken version.',
        body: VersionInputSchema,
        response: { 200: VersionAnswerSchema, ...changeRefusals },
      },
    },
    async (request) => {
      await assertMayManageContent(app, request);
      const input = await sanitisedVersion(request.body);
      const version = await uniqueAsConflict(
        app.db.transaction(async (tx) => {
          await assertVersionFree(tx, input.version);
          const row = await insertVersion(tx, input, currentUser(request).displayName);
          await recordAudit(
            tx,
            contentAudit(request, 'version.create', 'version', row.id, { version: row.version }),
          );
          return row;
        }),
      );
      return { version };
    },
  );

  app.put(
    ENDPOINTS.version,
    {
      schema: {
        tags,
        summary: 'Edit a version (super admins and pharmacy SysAdmins)',
        params: ContentIdParamsSchema,
        body: VersionInputSchema,
        response: { 200: VersionAnswerSchema, ...changeRefusals },
      },
    },
    async (request) => {
      await assertMayManageContent(app, request);
      const input = await sanitisedVersion(request.body);
      const version = await uniqueAsConflict(
        app.db.transaction(async (tx) => {
          await assertVersionFree(tx, input.version, request.params.id);
          const row = await updateVersion(tx, request.params.id, input);
          if (!row) throw notFound('No such version.');
          await recordAudit(
            tx,
            contentAudit(request, 'version.update', 'version', row.id, { version: row.version }),
          );
          return row;
        }),
      );
      return { version };
    },
  );

  app.delete(
    ENDPOINTS.version,
    {
      schema: {
        tags,
        summary: 'Delete a version (super admins and pharmacy SysAdmins)',
        params: ContentIdParamsSchema,
        response: deletedAnswer,
      },
    },
    async (request) => {
      await assertMayManageContent(app, request);
      await app.db.transaction(async (tx) => {
        if (!(await deleteVersion(tx, request.params.id))) throw notFound('No such version.');
        await recordAudit(tx, contentAudit(request, 'version.delete', 'version', request.params.id));
      });
      return { message: 'Version deleted' };
    },
  );
}

async function sanitisedVersion<T extends { description: string; pharmUserDescription: string }>(
  input: T,
): Promise<T> {
  return {
    ...input,
    description: await sanitiseHtml(input.description),
    pharmUserDescription: await sanitiseHtml(input.pharmUserDescription),
  };
}
