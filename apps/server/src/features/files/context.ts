import { ApiErrorBodySchema, FILE_MESSAGES, mayUseRecyclingBin } from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { type AuditEntry, recordAudit } from '../../platform/audit.ts';
import { currentUser } from '../../platform/auth.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import { type FileRow, findVisibleFile } from './queries.ts';
import { canEdit, type FileScope, fileScope } from './scope.ts';

/** The error answers every file route documents. */
export const refusals = {
  400: ApiErrorBodySchema,
  401: ApiErrorBodySchema,
  403: ApiErrorBodySchema,
  404: ApiErrorBodySchema,
  409: ApiErrorBodySchema,
};

/** The caller's scope in the file trees. */
export function scopeOf(app: FastifyInstance, request: FastifyRequest): Promise<FileScope> {
  return fileScope(app.db, currentUser(request));
}

/** The item the caller may see, or 404 (another tenant's item looks like no item). */
export async function visibleOr404(db: Db, scope: FileScope, id: number): Promise<FileRow> {
  const row = await findVisibleFile(db, scope, id);
  if (!row) throw notFound('No such file or folder.');
  return row;
}

/** 403 unless the caller may change the item. */
export function requireEditable(scope: FileScope, row: FileRow): void {
  if (!canEdit(scope, row)) throw forbidden();
}

/** 403 unless the caller may use the recycling bin (pharmacy staff and super admins). */
export function requireBinUser(scope: FileScope): void {
  if (!mayUseRecyclingBin(scope.user.userType)) throw forbidden();
}

/** 409 unless the item is in the recycling bin. */
export function requireDeleted(row: FileRow): void {
  if (row.deletedAt === null) throw conflict(FILE_MESSAGES.notDeleted);
}

/**
 * Records a file event for the caller; pass the transaction of the change it records. A refusal worth keeping (an
 * attempt to move health information out of its facility) is recorded with `outcome` 'denied'.
 */
export function auditFile(
  db: Db,
  request: FastifyRequest,
  kind: string,
  row: Pick<FileRow, 'id' | 'facId' | 'name'>,
  detail: AuditEntry['detail'] = {},
  outcome: AuditEntry['outcome'] = 'success',
): Promise<void> {
  const user = currentUser(request);
  return recordAudit(db, {
    userId: user.id,
    actor: user.email,
    kind,
    recordType: 'file',
    recordId: String(row.id),
    facId: row.facId,
    ip: request.ip,
    outcome,
    detail: { name: row.name, ...detail },
  });
}
