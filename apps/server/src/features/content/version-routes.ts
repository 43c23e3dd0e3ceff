import {
  CONTENT_MESSAGES,
  ContentIdParamsSchema,
  ENDPOINTS,
  sortVersions,
  type Version,
  VersionAnswerSchema,
  type VersionInput,
  VersionInputSchema,
  VersionsAnswerSchema,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { requireActiveUser } from '../../platform/auth.ts';
import { LIST_COMPRESSION } from '../../platform/compression.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import { conflict } from '../../platform/errors.ts';
import { changeRefusals, deletedAnswer, refusals, seesPharmacyOnly } from './content-access.ts';
import { type ContentWriter, createContent, deleteContent, updateContent } from './content-writer.ts';
import { deleteVersion, findEqualVersion, findVersions, insertVersion, updateVersion } from './queries.ts';
import { sanitiseHtml, sanitiseRequiredHtml } from './sanitise-html.ts';

const tags = ['content'];

/** 409 when another version row already carries that version, however its numbers are written. */
async function assertVersionFree(db: Db, version: string, ownId?: number): Promise<void> {
  const existing = await findEqualVersion(db, version);
  if (existing && existing.id !== ownId) {
    throw conflict(CONTENT_MESSAGES.versionTaken, { version: CONTENT_MESSAGES.versionTaken });
  }
}

/**
 * Two saves of one version at once (however written: '2.4' and '2.4.0') both pass assertVersionFree; the second
 * loses at the unique index on the version's number (versions_number_idx, migration 0015): still a 409, never a 500.
 */
async function uniqueAsConflict<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(CONTENT_MESSAGES.versionTaken, { version: CONTENT_MESSAGES.versionTaken });
    throw error;
  }
}

const versions: ContentWriter<VersionInput, Version> = {
  recordType: 'version',
  notFoundMessage: 'No such version.',
  sanitise: async (input) => ({
    ...input,
    description: await sanitiseRequiredHtml(input.description),
    pharmUserDescription: await sanitiseHtml(input.pharmUserDescription),
  }),
  insert: insertVersion,
  update: updateVersion,
  remove: deleteVersion,
  beforeWrite: (db, input, ownId) => assertVersionFree(db, input.version, ownId),
  guardWrite: uniqueAsConflict,
  auditDetail: (row) => ({ version: row.version }),
};

/** Versions: everyone signed in reads them; super admins and pharmacy SysAdmins write them. */
export async function versionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireActiveUser);

  app.get(
    ENDPOINTS.versions,
    {
      // Years of notes in HTML, and nothing secret in them.
      compress: LIST_COMPRESSION,
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
    async (request) => ({ version: await createContent(app, request, versions, request.body) }),
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
    async (request) => ({
      version: await updateContent(app, request, versions, request.params.id, request.body),
    }),
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
      await deleteContent(app, request, versions, request.params.id);
      return { message: 'Version deleted' };
    },
  );
}
