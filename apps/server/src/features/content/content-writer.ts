import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import { currentUser } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import { assertMayManageContent, contentAudit } from './content-access.ts';

/** How one kind of content (release notes, versions) is stored; the writes around it are the same for both. */
export interface ContentWriter<Input, Row extends { id: number }> {
  /** The audit record type; the audit kinds are `<recordType>.create`, `.update` and `.delete`. */
  recordType: 'release_note' | 'version';
  /** The 404 message for an id with no row. */
  notFoundMessage: string;
  /** The input with its HTML sanitised, as it is stored. */
  sanitise(input: Input): Promise<Input>;
  insert(db: Db, input: Input, author: string): Promise<Row>;
  /** null when there is no row with that id. */
  update(db: Db, id: number, input: Input): Promise<Row | null>;
  /** false when there was no row with that id. */
  remove(db: Db, id: number): Promise<boolean>;
  /** Runs first in a create's or an edit's transaction (`ownId` on an edit), e.g. a 409 for a taken name. */
  beforeWrite?(db: Db, input: Input, ownId?: number): Promise<void>;
  /** Wraps a create's or an edit's transaction, e.g. to answer a lost unique race with 409. */
  guardWrite?<T>(write: Promise<T>): Promise<T>;
  /** Extra audit detail of a create or an edit. */
  auditDetail?(row: Row): Record<string, unknown>;
}

/**
 * A create or an edit: 403 before anything is sanitised or written, then `beforeWrite`, the row and its audit in one
 * transaction; 404 when `write` finds no row.
 */
async function saveContent<Input, Row extends { id: number }>(
  app: FastifyInstance,
  request: FastifyRequest,
  writer: ContentWriter<Input, Row>,
  change: { action: 'create' | 'update'; body: Input; ownId?: number },
  write: (db: Db, input: Input) => Promise<Row | null>,
): Promise<Row> {
  await assertMayManageContent(app, request);
  const input = await writer.sanitise(change.body);
  const saved = app.db.transaction(async (tx) => {
    await writer.beforeWrite?.(tx, input, change.ownId);
    const row = await write(tx, input);
    if (!row) throw notFound(writer.notFoundMessage);
    const kind = `${writer.recordType}.${change.action}`;
    await recordAudit(tx, contentAudit(request, kind, writer.recordType, row.id, writer.auditDetail?.(row)));
    return row;
  });
  return writer.guardWrite ? writer.guardWrite(saved) : saved;
}

/** Creates a row, authored by the caller. */
export function createContent<Input, Row extends { id: number }>(
  app: FastifyInstance,
  request: FastifyRequest,
  writer: ContentWriter<Input, Row>,
  body: Input,
): Promise<Row> {
  return saveContent(app, request, writer, { action: 'create', body }, (tx, input) =>
    writer.insert(tx, input, currentUser(request).displayName),
  );
}

/** Edits the row with that id; 404 when there is none. */
export function updateContent<Input, Row extends { id: number }>(
  app: FastifyInstance,
  request: FastifyRequest,
  writer: ContentWriter<Input, Row>,
  id: number,
  body: Input,
): Promise<Row> {
  return saveContent(app, request, writer, { action: 'update', body, ownId: id }, (tx, input) =>
    writer.update(tx, id, input),
  );
}

/** Deletes a row and audits it in one transaction, after the 403 check; 404 for an id with no row. */
export async function deleteContent<Input, Row extends { id: number }>(
  app: FastifyInstance,
  request: FastifyRequest,
  writer: ContentWriter<Input, Row>,
  id: number,
): Promise<void> {
  await assertMayManageContent(app, request);
  await app.db.transaction(async (tx) => {
    if (!(await writer.remove(tx, id))) throw notFound(writer.notFoundMessage);
    await recordAudit(tx, contentAudit(request, `${writer.recordType}.delete`, writer.recordType, id));
  });
}
