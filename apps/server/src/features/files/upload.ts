import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream';
import { FILE_MESSAGES, fileNameProblem } from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { files } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit.ts';
import { currentUser } from '../../platform/auth.ts';
import { badRequest, conflict, forbidden, HttpError } from '../../platform/errors.ts';
import { canEditSomewhere, fileScope } from './scope.ts';
import { extensionOf, headOf, isProgram, sampler, sniffType } from './sniff.ts';

/** Where uploads wait for their registration into a folder. */
export const UPLOAD_PREFIX = 'uploads';
/** An upload is stored under the uploader's own prefix, so one user can never register another's bytes. */
const uploadKey = (userId: number, filename: string) => `${UPLOAD_PREFIX}/u${userId}/${filename}`;

/** A form with something other than the one part `file`: 400, as any other bad input. */
const missingFile = () => badRequest(FILE_MESSAGES.uploadMissingFile, { file: FILE_MESSAGES.fileRequired });

/** A body cut off, or not multipart inside: 400, as any other bad input. */
const brokenForm = () => badRequest(FILE_MESSAGES.uploadBroken, { file: FILE_MESSAGES.uploadBroken });

/**
 * The 400 for an error of the form parser (@fastify/multipart's own, coded FST_..., or busboy's, which carry no
 * code and whose wording varies: 'Unexpected end of form', 'Part terminated early ...'): more parts or fields than
 * the one file, or a body that is cut off or not multipart at all. Null for anything else (a storage failure).
 */
function formRefusal(error: unknown): HttpError | null {
  const { code } = error as { code?: unknown };
  if (typeof code === 'string' && /^FST_(FIELDS|PARTS|FILES)_LIMIT/.test(code)) return missingFile();
  if (code === undefined || (typeof code === 'string' && code.startsWith('FST_INVALID_MULTIPART')))
    return brokenForm();
  return null;
}

/** A program refused (isProgram), said at the form's `field`: the file chosen, or the name given to it. */
export const programRefused = (name: string, field: 'file' | 'name' = 'file') =>
  badRequest(FILE_MESSAGES.program(name), { [field]: FILE_MESSAGES.program(name) });

function tooLarge(maxBytes: number): HttpError {
  return new HttpError(413, 'PAYLOAD_TOO_LARGE', FILE_MESSAGES.tooLarge(Math.round(maxBytes / 1024 / 1024)));
}

/**
 * `POST /upload`: streams the multipart field `file` to storage (never whole in memory), refusing a name that could
 * leave its folder (400) and anything over UPLOAD_MAX_MB (413, nothing kept); the type is sniffed from the bytes.
 */
export async function receiveUpload(app: FastifyInstance, request: FastifyRequest) {
  const maxBytes = app.config.uploadMaxBytes;
  const user = currentUser(request);
  // Spec 2, section 6: uploading needs the files edit permission. The folder comes only at registration, so
  // here the caller must hold it somewhere; otherwise the bytes could never be registered and only fill storage.
  if (!canEditSomewhere(await fileScope(app.db, user))) throw forbidden();
  if (!request.isMultipart()) throw missingFile();
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 0, parts: 1 } });
  } catch (error) {
    throw formRefusal(error) ?? error;
  }
  if (part?.fieldname !== 'file') {
    part?.file.resume();
    throw missingFile();
  }
  const problem = fileNameProblem(part.filename);
  if (problem) {
    part.file.resume();
    throw badRequest(problem, { file: problem });
  }
  const filename = randomBytes(16).toString('hex');
  const key = uploadKey(user.id, filename);
  const sample = sampler();
  let size: number;
  try {
    // pipeline, not pipe: a form cut off mid-file destroys the part with an error, which must reach the storage
    // write (it then removes its partial file) instead of leaving it waiting for an end that never comes.
    size = await app.storage.put(
      key,
      pipeline(part.file, sample.stream, () => {}),
    );
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
    // The parser failed the part (the form was cut off), told apart from a failure of the storage write. `errored`
    // holds the part's error even when it came before anything listened.
    if (part.file.errored) throw formRefusal(part.file.errored) ?? brokenForm();
    throw error;
  }
  if (part.file.truncated) {
    await app.storage.delete(key);
    throw tooLarge(maxBytes);
  }
  const mimetype = await sniffType(sample.sample(), part.filename);
  const uploaded = {
    userId: user.id,
    actor: user.email,
    kind: 'file.upload',
    recordType: 'upload',
    recordId: filename,
    ip: request.ip,
    detail: { name: part.filename, size, mimetype },
  };
  if (isProgram(mimetype, part.filename)) {
    await app.storage.delete(key);
    await recordAudit(app.db, {
      ...uploaded,
      outcome: 'failure',
      detail: { ...uploaded.detail, reason: 'program' },
    });
    throw programRefused(part.filename);
  }
  await recordAudit(app.db, { ...uploaded, outcome: 'success' });
  return { originalname: part.filename, filename, mimetype, path: key, size };
}

/** What a registered upload brings to its files row, read from storage rather than from the payload. */
export interface RegisteredUpload {
  storageKey: string;
  size: number;
  mimetype: string;
  fileType: string;
}

/** The caller's stored upload `filename`, checked unused; 400 when there is none, 409 when already registered. */
export async function registeredUpload(
  app: FastifyInstance,
  userId: number,
  filename: string,
  name: string,
): Promise<RegisteredUpload> {
  const storageKey = uploadKey(userId, filename);
  const stored = await app.storage.stat(storageKey);
  if (!stored)
    throw badRequest(FILE_MESSAGES.uploadNotFound, { filenameOnServer: FILE_MESSAGES.uploadNotFound });
  const [used] = await app.db.select({ id: files.id }).from(files).where(eq(files.storageKey, storageKey));
  if (used) throw conflict(FILE_MESSAGES.uploadUsed, { filenameOnServer: FILE_MESSAGES.uploadUsed });
  const head = await headOf(await app.storage.get(storageKey));
  const mimetype = await sniffType(head, name);
  // Named anew at registration: a document uploaded as notes.txt is refused here as notes.bat.
  if (isProgram(mimetype, name)) throw programRefused(name, 'name');
  return { storageKey, size: stored.size, mimetype, fileType: extensionOf(name) };
}
