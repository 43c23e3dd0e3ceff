import {
  ContentIdParamsSchema,
  ENDPOINTS,
  type ReleaseNote,
  ReleaseNoteAnswerSchema,
  type ReleaseNoteInput,
  ReleaseNoteInputSchema,
  ReleaseNotesAnswerSchema,
  sortReleaseNotes,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActiveUser } from '../../platform/auth.ts';
import { LIST_COMPRESSION } from '../../platform/compression.ts';
import { changeRefusals, deletedAnswer, refusals, seesPharmacyOnly } from './content-access.ts';
import { type ContentWriter, createContent, deleteContent, updateContent } from './content-writer.ts';
import { deleteReleaseNote, findReleaseNotes, insertReleaseNote, updateReleaseNote } from './queries.ts';
import { sanitiseRequiredHtml } from './sanitise-html.ts';

const tags = ['content'];

const releaseNotes: ContentWriter<ReleaseNoteInput, ReleaseNote> = {
  recordType: 'release_note',
  notFoundMessage: 'No such release note.',
  sanitise: async (input) => ({ ...input, description: await sanitiseRequiredHtml(input.description) }),
  insert: insertReleaseNote,
  update: updateReleaseNote,
  remove: deleteReleaseNote,
};

/** Release notes: everyone signed in reads them; super admins and pharmacy SysAdmins write them. */
export async function releaseNoteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireActiveUser);

  app.get(
    ENDPOINTS.releaseNotes,
    {
      // Years of notes in HTML, and nothing secret in them.
      compress: LIST_COMPRESSION,
      schema: {
        tags,
        summary: 'Release notes, newest first',
        description: "pharmUserOnly notes ('Admin Only') are listed to pharmacy users and super admins only.",
        response: { 200: ReleaseNotesAnswerSchema, ...refusals },
      },
    },
    async (request) => ({
      releaseNotes: sortReleaseNotes(await findReleaseNotes(app.db, seesPharmacyOnly(request))),
    }),
  );

  app.post(
    ENDPOINTS.releaseNotes,
    {
      schema: {
        tags,
        summary: 'Add a release note (super admins and pharmacy SysAdmins)',
        description: 'The description is HTML; it is sanitised (DOMPurify) before it is stored.',
        body: ReleaseNoteInputSchema,
        response: { 200: ReleaseNoteAnswerSchema, ...changeRefusals },
      },
    },
    async (request) => ({ releaseNote: await createContent(app, request, releaseNotes, request.body) }),
  );

  app.put(
    ENDPOINTS.releaseNote,
    {
      schema: {
        tags,
        summary: 'Edit a release note (super admins and pharmacy SysAdmins)',
        params: ContentIdParamsSchema,
        body: ReleaseNoteInputSchema,
        response: { 200: ReleaseNoteAnswerSchema, ...changeRefusals },
      },
    },
    async (request) => ({
      releaseNote: await updateContent(app, request, releaseNotes, request.params.id, request.body),
    }),
  );

  app.delete(
    ENDPOINTS.releaseNote,
    {
      schema: {
        tags,
        summary: 'Delete a release note (super admins and pharmacy SysAdmins)',
        params: ContentIdParamsSchema,
        response: deletedAnswer,
      },
    },
    async (request) => {
      await deleteContent(app, request, releaseNotes, request.params.id);
      return { message: 'Release note deleted' };
    },
  );
}
