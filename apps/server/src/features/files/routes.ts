import {
  CreateFileInputSchema,
  FILE_ENDPOINTS,
  FILE_MESSAGES,
  FileAnswerSchema,
  FileIdParamsAltSchema,
  FileIdParamsSchema,
  FolderAnswerSchema,
  FolderNamesAnswerSchema,
  FolderNamesInputSchema,
  TopLevelFoldersAnswerSchema,
  UpdateFileInputSchema,
} from '@portal/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { files } from '../../db/schema/index.ts';
import { currentUser, requireActiveUser } from '../../platform/auth.ts';
import { LIST_COMPRESSION } from '../../platform/compression.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { auditFile, refusals, requireEditable, scopeOf, visibleOr404 } from './context.ts';
import {
  isAnchorFolder,
  liveChildren,
  lockFile,
  lockNamesIn,
  nameTaken,
  toFileItem,
  toFileItems,
  visibleFolders,
} from './queries.ts';
import { isProgram } from './sniff.ts';
import { programRefused, registeredUpload } from './upload.ts';

const tags = ['files'];

/** Browsing the trees, creating folders, registering uploads, renaming (spec 2, section 7). */
export async function fileTreeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireActiveUser);

  app.get(
    FILE_ENDPOINTS.topLevelFolders,
    {
      compress: LIST_COMPRESSION,
      schema: {
        tags,
        summary: 'Every folder the viewer may see, flat (the two roots have parent_id null)',
        response: { 200: TopLevelFoldersAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const scope = await scopeOf(app, request);
      return { folders: await toFileItems(app.db, scope, await visibleFolders(app.db, scope)) };
    },
  );

  app.get(
    FILE_ENDPOINTS.folder,
    {
      compress: LIST_COMPRESSION,
      schema: {
        tags,
        summary: 'A folder and its live children (404 for a folder the viewer may not see)',
        params: FileIdParamsSchema,
        response: { 200: FolderAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const scope = await scopeOf(app, request);
      const folder = await visibleOr404(app.db, scope, request.params.id);
      if (folder.kind !== 'folder' || folder.deletedAt) throw notFound('No such folder.');
      const children = await liveChildren(app.db, scope, folder.id);
      const [item] = await toFileItems(app.db, scope, [folder]);
      if (!item) throw notFound();
      return { folder: item, files: await toFileItems(app.db, scope, children) };
    },
  );

  app.post(
    FILE_ENDPOINTS.folderNames,
    {
      schema: {
        tags,
        summary: "Names of a path's folders (the breadcrumb); folders the viewer may not see are left out",
        body: FolderNamesInputSchema,
        response: { 200: FolderNamesAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const scope = await scopeOf(app, request);
      const folders = [];
      for (const id of request.body.pathIds) {
        const row = await visibleOr404(app.db, scope, id).catch(() => null);
        if (row?.kind === 'folder' && !row.deletedAt) folders.push({ file_id: row.id, name: row.name });
      }
      return { folders };
    },
  );

  app.post(
    FILE_ENDPOINTS.folder,
    {
      schema: {
        tags,
        summary: 'Create a folder, or register a file stored by /upload, in the folder {id}',
        description:
          "Needs the files edit permission for the folder's facility or state. For a file, `filenameOnServer` is " +
          "the `filename` /upload answered (the caller's own upload, once); its size and type come from the stored " +
          'bytes, not from the payload.',
        params: FileIdParamsSchema,
        body: CreateFileInputSchema,
        response: { 201: FileAnswerSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const scope = await scopeOf(app, request);
      const parent = await visibleOr404(app.db, scope, request.params.id);
      if (parent.deletedAt) throw notFound('No such folder.');
      if (parent.kind !== 'folder') throw badRequest(FILE_MESSAGES.notAFolder);
      requireEditable(scope, parent);
      const input = request.body;
      if (await nameTaken(app.db, parent.id, input.name)) {
        throw conflict(FILE_MESSAGES.duplicateName, { name: FILE_MESSAGES.duplicateName });
      }
      const upload =
        input.fileOrFolder === 'file'
          ? await registeredUpload(app, currentUser(request).id, input.filenameOnServer, input.name)
          : null;
      const now = new Date();
      const row = await app.db.transaction(async (tx) => {
        // Checked again under the folder's lock: another create or rename may have taken the name since.
        await lockNamesIn(tx, parent.id);
        // And the folder itself, read again: moved to the recycling bin since, it takes nothing more (a file added
        // to it then stayed live inside a deleted folder, out of sight, and went with it when it was purged).
        const folder = await lockFile(tx, parent.id);
        if (!folder || folder.deletedAt) throw notFound('No such folder.');
        if (await nameTaken(tx, parent.id, input.name)) {
          throw conflict(FILE_MESSAGES.duplicateName, { name: FILE_MESSAGES.duplicateName });
        }
        if (upload) {
          // Two registrations of one upload at once: the second waits here, then finds the first's row.
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${upload.storageKey}))`);
          const [used] = await tx
            .select({ id: files.id })
            .from(files)
            .where(eq(files.storageKey, upload.storageKey));
          if (used) throw conflict(FILE_MESSAGES.uploadUsed, { filenameOnServer: FILE_MESSAGES.uploadUsed });
        }
        const [created] = await tx
          .insert(files)
          .values({
            parentId: parent.id,
            name: input.name,
            description: input.description,
            kind: input.fileOrFolder,
            root: parent.root,
            facId: parent.facId,
            state: parent.state,
            fileType: upload?.fileType ?? '',
            fullFileType: upload?.mimetype ?? '',
            size: upload?.size ?? 0,
            storageKey: upload?.storageKey ?? null,
            createdBy: currentUser(request).id,
            createdAt: now,
          })
          .returning();
        if (!created) throw new Error('insert returned no row');
        await tx.update(files).set({ lastAddedAt: now }).where(eq(files.id, parent.id));
        await auditFile(tx, request, `file.create_${input.fileOrFolder}`, created, { parentId: parent.id });
        return created;
      });
      return reply.code(201).send({ file: toFileItem(row, scope) });
    },
  );

  app.put(
    FILE_ENDPOINTS.file,
    {
      schema: {
        tags,
        summary: 'Rename an item (file or folder) or change its description (the info modal, Rename)',
        description:
          "Needs the files edit permission for the item's facility or state. A description left out is kept. " +
          'The roots and the facility and state folders keep their names (403); a name a live item in the same ' +
          'folder already has, in any case, is a 409. A deleted item is a 404: restore it first. Recorded as ' +
          "`file.update` with the `fields` changed and a new name's former one (`previousName`); a description's " +
          'text is not recorded: it may name residents.',
        params: FileIdParamsAltSchema,
        body: UpdateFileInputSchema,
        response: { 200: FileAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const scope = await scopeOf(app, request);
      const row = await visibleOr404(app.db, scope, request.params.file_id);
      const { body } = request;
      if (body.file_id !== undefined && body.file_id !== row.id) {
        throw badRequest('file_id does not match the path.', { file_id: 'Does not match the path' });
      }
      if (row.deletedAt) throw notFound('No such file or folder.');
      requireEditable(scope, row);
      const renamed = body.name !== row.name;
      // Renamed to what Windows runs on a click (report.pdf to report.bat): refused as its upload would have been.
      if (renamed && row.kind === 'file' && isProgram(row.fullFileType, body.name)) {
        throw programRefused(body.name, 'name');
      }
      if (renamed && (await isAnchorFolder(app.db, row))) throw forbidden(FILE_MESSAGES.anchorFixed);
      const description = body.description ?? row.description;
      const updated = await app.db.transaction(async (tx) => {
        if (renamed && row.parentId !== null) {
          await lockNamesIn(tx, row.parentId);
          if (await nameTaken(tx, row.parentId, body.name, row.id)) {
            throw conflict(FILE_MESSAGES.duplicateName, { name: FILE_MESSAGES.duplicateName });
          }
        }
        const [changed] = await tx
          .update(files)
          .set({ name: body.name, description })
          .where(and(eq(files.id, row.id), isNull(files.deletedAt)))
          .returning();
        // Deleted (or deleted for good) since it was read: as if it had been gone already.
        if (!changed) throw notFound('No such file or folder.');
        // What changed. A description's text stays out of the trail (never patient data in an audit's detail, and
        // a description may name residents): the trail says that it changed, the item holds what it says.
        const described = description !== row.description;
        await auditFile(tx, request, 'file.update', changed, {
          kind: row.kind,
          fields: [...(renamed ? ['name'] : []), ...(described ? ['description'] : [])],
          ...(renamed ? { renamed: true, previousName: row.name } : {}),
        });
        return changed;
      });
      const [item] = await toFileItems(app.db, scope, [updated]);
      if (!item) throw notFound();
      return { file: item };
    },
  );
}
