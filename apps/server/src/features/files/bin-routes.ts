import {
  FILE_ENDPOINTS,
  FILE_MESSAGES,
  FileChangeAnswerSchema,
  FileIdParamsSchema,
  PreRestoreAnswerSchema,
  RecyclingBinAnswerSchema,
  RestoreInputSchema,
  sameFileTree,
} from '@portal/domain';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';
import { currentUser, requireActiveUser } from '../../platform/auth.ts';
import { LIST_COMPRESSION } from '../../platform/compression.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import {
  auditFile,
  refusals,
  requireBinUser,
  requireDeleted,
  requireEditable,
  scopeOf,
  visibleOr404,
} from './context.ts';
import {
  ancestorsOf,
  binRows,
  type FileRow,
  isAnchorFolder,
  lockFile,
  lockNamesIn,
  lockSubtree,
  nameTaken,
  subtreeOf,
} from './queries.ts';

const tags = ['files'];

/** Each row's path, given the subtree's top and the path of the top's parent. */
function pathsOf(top: FileRow, rows: FileRow[], parentPath: string): Map<number, string> {
  const paths = new Map<number, string>([[top.id, `${parentPath}/${top.name}`]]);
  let added = true;
  while (added) {
    added = false;
    for (const row of rows) {
      const parentPathOfRow = row.parentId === null ? undefined : paths.get(row.parentId);
      if (!paths.has(row.id) && parentPathOfRow !== undefined) {
        paths.set(row.id, `${parentPathOfRow}/${row.name}`);
        added = true;
      }
    }
  }
  return paths;
}

const sameDeletion = (a: FileRow, b: FileRow) => a.deletedAt?.getTime() === b.deletedAt?.getTime();

/**
 * The deleted item again, locked for the rest of the transaction: a restore and a permanent delete of it sent at
 * once (two pharmacists in the bin) are applied one after the other, and the second sees what the first did instead
 * of what it read before: 404 when the item is gone for good, 409 when it was restored (or deleted again) since.
 */
async function lockDeleted(tx: Db, read: FileRow): Promise<FileRow> {
  const current = await lockFile(tx, read.id);
  if (!current) throw notFound('No such file or folder.');
  requireDeleted(current);
  if (!sameDeletion(current, read)) throw conflict(FILE_MESSAGES.notDeleted);
  return current;
}

/** Soft delete, the recycling bin, restore and permanent delete (spec 2, sections 2, 4 and 7). */
export async function fileBinRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireActiveUser);

  app.delete(
    FILE_ENDPOINTS.folder,
    {
      schema: {
        tags,
        summary: 'Move an item and everything under it to the recycling bin',
        params: FileIdParamsSchema,
        response: { 200: FileChangeAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const scope = await scopeOf(app, request);
      const row = await visibleOr404(app.db, scope, request.params.id);
      if (row.deletedAt) throw notFound('No such file or folder.');
      requireEditable(scope, row);
      if (await isAnchorFolder(app.db, row)) throw forbidden(FILE_MESSAGES.anchorFixed);
      const parentPath = (await ancestorsOf(app.db, row.id)).map((a) => `/${a.name}`).join('');
      const now = new Date();
      await app.db.transaction(async (tx) => {
        // Locked first: a file being added under it meanwhile goes to the bin with it, and a second delete sent at
        // once finds it gone.
        const subtree = await lockSubtree(tx, row.id);
        if (subtree.find((r) => r.id === row.id)?.deletedAt !== null)
          throw notFound('No such file or folder.');
        const live = subtree.filter((r) => r.deletedAt === null);
        const paths = pathsOf(row, live, parentPath);
        for (const item of live) {
          await tx
            .update(files)
            .set({
              deletedAt: now,
              deletedBy: currentUser(request).id,
              pathnameAtDeletion: paths.get(item.id),
            })
            .where(eq(files.id, item.id));
        }
        await auditFile(tx, request, 'file.delete', row, { count: live.length, path: paths.get(row.id) });
      });
      return { message: FILE_MESSAGES.deleted, file_id: row.id };
    },
  );

  app.get(
    FILE_ENDPOINTS.recyclingBin,
    {
      compress: LIST_COMPRESSION,
      schema: {
        tags,
        summary: 'Deleted items the viewer may see; pharmacy staff and super admins only',
        response: { 200: RecyclingBinAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const scope = await scopeOf(app, request);
      requireBinUser(scope);
      return { files: await binRows(app.db, scope) };
    },
  );

  app.get(
    FILE_ENDPOINTS.preRestore,
    {
      schema: {
        tags,
        summary: 'Whether a deleted item can return to its former path, or a parent folder was deleted too',
        description:
          '`tree_folder_id` is the facility or state folder the item is in: a new location must lie inside it.',
        params: FileIdParamsSchema,
        response: { 200: PreRestoreAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const scope = await scopeOf(app, request);
      requireBinUser(scope);
      const row = await visibleOr404(app.db, scope, request.params.id);
      requireDeleted(row);
      const ancestors = await ancestorsOf(app.db, row.id);
      const deletedParentFolders = ancestors
        .filter((a) => a.deletedAt !== null)
        .map((a) => ({ file_id: a.id, name: a.name }));
      return {
        file_id: row.id,
        pathname_at_deletion: row.pathnameAtDeletion,
        deletedParentFolders,
        needsNewParent: deletedParentFolders.length > 0,
        // Root first: the second is the facility or state folder, which is never deleted.
        tree_folder_id: ancestors[1]?.id ?? null,
      };
    },
  );

  app.post(
    FILE_ENDPOINTS.restore,
    {
      schema: {
        tags,
        summary:
          'Restore a deleted item (with what was deleted with it) to its former path or to newParentId',
        description:
          'When a parent folder was deleted too, `newParentId` (a live folder the viewer may edit) is required: ' +
          "409 without it. The new folder must lie in the item's own facility or state folder: another facility's " +
          "or state's is a 403, recorded as a denied `file.restore`, and nothing changes.",
        body: RestoreInputSchema,
        response: { 200: FileChangeAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const scope = await scopeOf(app, request);
      requireBinUser(scope);
      const { fileId, newParentId } = request.body;
      const row = await visibleOr404(app.db, scope, fileId);
      requireDeleted(row);
      requireEditable(scope, row);
      let parent: FileRow | null = null;
      if (newParentId !== undefined) {
        parent = await visibleOr404(app.db, scope, newParentId);
        if (parent.kind !== 'folder' || parent.deletedAt) throw notFound('No such folder.');
        requireEditable(scope, parent);
        if (!sameFileTree(row, parent)) {
          // Visible and editable both, to a pharmacist who serves both facilities: still never into another's tree.
          await auditFile(
            app.db,
            request,
            'file.restore',
            row,
            {
              newParentId: parent.id,
              reason: 'other_tree',
              ...(parent.facId !== null ? { toFacId: parent.facId } : {}),
              ...(parent.state !== null ? { toState: parent.state } : {}),
            },
            'denied',
          );
          throw forbidden(FILE_MESSAGES.otherTree);
        }
      } else {
        const deletedParents = (await ancestorsOf(app.db, row.id)).filter((a) => a.deletedAt !== null);
        if (deletedParents.length > 0) {
          throw conflict(FILE_MESSAGES.needsNewParent, { newParentId: FILE_MESSAGES.needsNewParent });
        }
      }
      const targetParentId = parent?.id ?? row.parentId;
      if (targetParentId !== null && (await nameTaken(app.db, targetParentId, row.name))) {
        throw conflict(FILE_MESSAGES.duplicateName, { name: FILE_MESSAGES.duplicateName });
      }
      await app.db.transaction(async (tx) => {
        if (targetParentId !== null) {
          // Checked again under the folder's lock: a create or rename there may have taken the name since.
          await lockNamesIn(tx, targetParentId);
          // And the new folder itself: moved to the bin since, it takes nothing more.
          if (parent && (await lockFile(tx, parent.id))?.deletedAt !== null)
            throw notFound('No such folder.');
          if (await nameTaken(tx, targetParentId, row.name)) {
            throw conflict(FILE_MESSAGES.duplicateName, { name: FILE_MESSAGES.duplicateName });
          }
        }
        // After the folder's lock, as a rename takes them, so the two never wait for each other.
        const current = await lockDeleted(tx, row);
        const subtree = await subtreeOf(tx, row.id);
        const together = subtree.filter((r) => sameDeletion(r, current)).map((r) => r.id);
        await tx
          .update(files)
          .set({ deletedAt: null, deletedBy: null, pathnameAtDeletion: null })
          .where(inArray(files.id, together));
        // Within its own tree (checked above), so the item keeps its facility or state.
        if (parent) await tx.update(files).set({ parentId: parent.id }).where(eq(files.id, row.id));
        await auditFile(tx, request, 'file.restore', row, {
          count: together.length,
          ...(parent ? { newParentId: parent.id } : {}),
        });
      });
      return { message: FILE_MESSAGES.restored, file_id: row.id };
    },
  );

  app.delete(
    FILE_ENDPOINTS.permanentDelete,
    {
      schema: {
        tags,
        summary: 'Permanently delete a deleted item, everything under it and the stored bytes',
        params: FileIdParamsSchema,
        response: { 200: FileChangeAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const scope = await scopeOf(app, request);
      requireBinUser(scope);
      const row = await visibleOr404(app.db, scope, request.params.id);
      requireDeleted(row);
      requireEditable(scope, row);
      const keys = await app.db.transaction(async (tx) => {
        await lockDeleted(tx, row);
        const subtree = await subtreeOf(tx, row.id);
        // Only what is still in the bin: an item under it restored elsewhere while this waited for its row is live
        // again, and its owner was told so.
        const gone = await tx
          .delete(files)
          .where(
            and(
              inArray(
                files.id,
                subtree.map((r) => r.id),
              ),
              isNotNull(files.deletedAt),
            ),
          )
          .returning({ storageKey: files.storageKey });
        await auditFile(tx, request, 'file.permanent_delete', row, { count: gone.length });
        return gone.flatMap((r) => (r.storageKey ? [r.storageKey] : []));
      });
      // The bytes go once the rows are gone for good; a failure here leaves unreferenced bytes, never a dangling row.
      for (const key of keys) await app.storage.delete(key);
      return { message: FILE_MESSAGES.permanentlyDeleted, file_id: row.id };
    },
  );
}
