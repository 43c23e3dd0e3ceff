import {
  ApiErrorBodySchema,
  canManageContent,
  MessageAnswerSchema,
  seesPharmacyContent,
} from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type PharmacyAccess, pharmacyAccess } from '../../platform/access.ts';
import type { AuditEntry } from '../../platform/audit.ts';
import { currentUser } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';

export const refusals = {
  400: ApiErrorBodySchema,
  401: ApiErrorBodySchema,
  403: ApiErrorBodySchema,
  404: ApiErrorBodySchema,
};
export const changeRefusals = { ...refusals, 409: ApiErrorBodySchema };
export const deletedAnswer = { 200: MessageAnswerSchema, ...refusals };

/** Whether the caller sees pharmacy-only notes and the pharmacy-user description of versions. */
export function seesPharmacyOnly(request: FastifyRequest): boolean {
  return seesPharmacyContent(currentUser(request).userType);
}

/** 403 unless the caller is a super admin or a SysAdmin at one of their pharmacies. */
export async function assertMayManageContent(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const user = currentUser(request);
  const roles =
    user.userType === 'PharmacyUser'
      ? (await pharmacyAccess(app.db, user)).map((p: PharmacyAccess) => p.role)
      : [];
  if (!canManageContent(user.userType, roles)) throw forbidden();
}

/** The audit entry of a content change by the caller. */
export function contentAudit(
  request: FastifyRequest,
  kind: string,
  recordType: 'release_note' | 'version',
  recordId: number,
  detail: Record<string, unknown> = {},
): AuditEntry {
  const user = currentUser(request);
  return {
    userId: user.id,
    actor: user.email,
    kind,
    recordType,
    recordId: String(recordId),
    ip: request.ip,
    outcome: 'success',
    detail,
  };
}
