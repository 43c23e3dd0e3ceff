import {
  ContentIdParamsSchema,
  ENDPOINTS,
  ReleaseNoteAnswerSchema,
  ReleaseNoteInputSchema,
  ReleaseNotesAnswerSchema,
  sortReleaseNotes,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordAudit } from '../../platform/audit.ts';
import { currentUser, requireActiveUser } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import {
  assertMayManageContent,
  changeRefusals,
  contentAudit,
  deletedAnswer,
  refusals,
  seesPharmacyOnly,
} from './content-access.ts';
import { deleteReleaseNote, findReleaseNotes, insertReleaseNote, updateReleaseNote } from './queries.ts';
import { sanitiseHtml } from './sanitise-html.ts';

const tags = ['content'];

/** Release notes: everyone signed in reads them; super admins and pharmacy SysAdmins write them. */
export async function releaseNoteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', requireActiveUser);

  app.get(
    ENDPOINTS.releaseNotes,
    {
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
    async (request) => {
      await assertMayManageContent(app, request);
      const input = { ...request.body, description: await sanitiseHtml(request.body.description) };
      const releaseNote = await app.db.transaction(async (tx) => {
        const note = await insertReleaseNote(tx, input, currentUser(request).displayName);
        await recordAudit(tx, contentAudit(request, 'release_note.create', 'release_note', note.id));
        return note;
      });
      return { releaseNote };
    },
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
    async (request) => {
      await assertMayManageContent(app, request);
      const input = { ...request.body, description: await sanitiseHtml(request.body.description) };
      const releaseNote = await app.db.transaction(async (tx) => {
        const note = await updateReleaseNote(tx, request.params.id, input);
        if (!note) throw notFound('No such release note.');
        await recordAudit(tx, contentAudit(request, 'release_note.update', 'release_note', note.id));
        return note;
      });
      return { releaseNote };
    },
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
      await assertMayManageContent(app, request);
      await app.db.transaction(async (tx) => {
        if (!(await deleteReleaseNote(tx, request.params.id))) throw notFound('No such release note.');
        await recordAudit(
          tx,
          contentAudit(request, 'release_note.delete', 'release_note', request.params.id),
        );
      });
      return { message: 'Release note deleted' };
    },
  );
}
