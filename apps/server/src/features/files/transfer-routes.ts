import {
  ApiErrorBodySchema,
  Base64AnswerSchema,
  ERROR_CODES,
  FILE_ENDPOINTS,
  FILE_MESSAGES,
  FileIdParamsSchema,
  folderZipName,
  mayDownload,
  UploadAnswerSchema,
} from '@portal/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { requireActiveUser } from '../../platform/auth.ts';
import { forbidden, HttpError, notFound } from '../../platform/errors.ts';
import { auditFile, refusals, scopeOf, visibleOr404 } from './context.ts';
import { folderZipStream, planFolderZip } from './folder-zip.ts';
import { type FileRow, isAnchorFolder, subtreeOf } from './queries.ts';
import { canSee, type FileScope } from './scope.ts';
import { receiveUpload } from './upload.ts';

const tags = ['files'];

/** `attachment` with an ASCII fallback name and the exact name per RFC 5987 / 6266. */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

async function downloadable(db: Db, scope: FileScope, id: number): Promise<FileRow & { storageKey: string }> {
  const row = await visibleOr404(db, scope, id);
  if (row.kind !== 'file' || row.deletedAt || !row.storageKey) throw notFound('No such file.');
  return { ...row, storageKey: row.storageKey };
}

/** A folder the caller may download (spec 2: not the roots nor the folders in them, not deleted), or the refusal. */
async function downloadableFolder(db: Db, scope: FileScope, id: number): Promise<FileRow> {
  const row = await visibleOr404(db, scope, id);
  // A folder in the recycling bin is not there to download: 404, as a deleted file is for GET /download.
  if (row.kind !== 'folder' || row.deletedAt) throw notFound('No such folder.');
  const inTopLevel = await isAnchorFolder(db, row);
  if (!mayDownload({ deleted: false }, inTopLevel)) throw forbidden(FILE_MESSAGES.topLevelDownload);
  return row;
}

function folderTooLarge(maxBytes: number): HttpError {
  const maxMb = Number((maxBytes / 1024 / 1024).toFixed(2));
  return new HttpError(413, ERROR_CODES.payloadTooLarge, FILE_MESSAGES.folderTooLarge(maxMb));
}

function downloadHeaders(reply: FastifyReply, row: FileRow) {
  void reply.headers({
    'content-type': row.fullFileType || 'application/octet-stream',
    'content-disposition': contentDisposition(row.name),
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
  });
}

/** Uploads and downloads: bytes stream through, never held whole (except the spec's base64 call). */
export async function fileTransferRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireActiveUser);

  app.post(
    FILE_ENDPOINTS.upload,
    {
      schema: {
        tags,
        summary: 'Store a file (multipart field `file`); register it afterwards with POST /files/{id}',
        description:
          'Streams to storage; larger than UPLOAD_MAX_MB is a 413 and nothing is kept. The name may not hold ' +
          'slashes, control characters or NUL (400). `mimetype` is sniffed from the bytes. A user who may edit ' +
          'no folder gets 403.',
        consumes: ['multipart/form-data'],
        response: { 200: UploadAnswerSchema, ...refusals, 413: ApiErrorBodySchema },
      },
    },
    async (request) => receiveUpload(app, request),
  );

  app.get(
    FILE_ENDPOINTS.download,
    {
      schema: {
        tags,
        summary: "A file's bytes, streamed, as an attachment (for big files)",
        params: FileIdParamsSchema,
        response: { 200: z.any().describe('the file bytes'), ...refusals },
      },
    },
    async (request, reply) => {
      const scope = await scopeOf(app, request);
      const row = await downloadable(app.db, scope, request.params.id);
      const stream = await app.storage.get(row.storageKey);
      await auditFile(app.db, request, 'file.download', row, { size: row.size });
      downloadHeaders(reply, row);
      void reply.header('content-length', String(row.size));
      return reply.send(stream);
    },
  );

  app.get(
    FILE_ENDPOINTS.downloadFolder,
    {
      // A zip is compressed already, and its length is known: never through the answer compression.
      compress: false,
      schema: {
        tags,
        summary: "A folder's live subtree as a zip, streamed, as an attachment '{folder name}.zip'",
        description:
          'Holds the items under the folder that the viewer may see and that are not deleted, under one top folder ' +
          'named after it (an empty folder gives a zip holding only that folder). Files are stored, not deflated, ' +
          'and the answer carries its Content-Length. Another tenant’s folder, or a file id, is 404; the two roots ' +
          'and the facility and state folders in them are 403 (spec 2: no Download in top-level folders); a ' +
          'deleted folder (in the recycling bin) is 404, as a deleted file is for /download. When the stored sizes add up to more than FOLDER_ZIP_MAX_MB (default 500) the ' +
          'answer is 413 and nothing is sent. Recorded as one `file.download` event with `as: "zip"` and the counts.',
        params: FileIdParamsSchema,
        produces: ['application/zip'],
        response: {
          200: z.any().describe('the zip bytes'),
          ...refusals,
          413: ApiErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const scope = await scopeOf(app, request);
      const folder = await downloadableFolder(app.db, scope, request.params.id);
      const plan = planFolderZip(folder, await subtreeOf(app.db, folder.id), (row) => canSee(scope, row));
      if (plan.totalBytes > app.config.folderZipMaxBytes) throw folderTooLarge(app.config.folderZipMaxBytes);
      await auditFile(app.db, request, 'file.download', folder, {
        as: 'zip',
        files: plan.files,
        folders: plan.folders,
        size: plan.totalBytes,
      });
      const zip = folderZipStream(app.storage, plan);
      void reply.headers({
        'content-type': 'application/zip',
        'content-disposition': contentDisposition(folderZipName(folder.name)),
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
      });
      if (zip.length >= 0) void reply.header('content-length', String(zip.length));
      return reply.send(zip.stream);
    },
  );

  app.get(
    FILE_ENDPOINTS.downloadBase64,
    {
      schema: {
        tags,
        summary: "A file's bytes as base64 in JSON (the spec's call; the UI streams big files instead)",
        params: FileIdParamsSchema,
        response: { 200: Base64AnswerSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const scope = await scopeOf(app, request);
      const row = await downloadable(app.db, scope, request.params.id);
      const chunks: Buffer[] = [];
      for await (const chunk of await app.storage.get(row.storageKey)) chunks.push(Buffer.from(chunk));
      await auditFile(app.db, request, 'file.download', row, { size: row.size, as: 'base64' });
      void reply.header('x-content-type-options', 'nosniff');
      return {
        file_id: row.id,
        name: row.name,
        mimetype: row.fullFileType || 'application/octet-stream',
        size: row.size,
        data: Buffer.concat(chunks).toString('base64'),
      };
    },
  );
}
