import { ApiErrorBodySchema, ERROR_CODES, USER_MESSAGES } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { type AuditEntry, recordAudit } from '../../platform/audit.ts';
import { currentUser } from '../../platform/auth.ts';
import { conflict, HttpError } from '../../platform/errors.ts';

/** The refusals every user-administration route may answer. */
export const refusals = {
  400: ApiErrorBodySchema,
  401: ApiErrorBodySchema,
  403: ApiErrorBodySchema,
  404: ApiErrorBodySchema,
  409: ApiErrorBodySchema,
};

/** An audit entry for a change the caller made to a user. Never put passwords in `detail`. */
export function userAudit(
  request: FastifyRequest,
  kind: string,
  userId: number,
  detail: Record<string, unknown> = {},
  facId: number | null = null,
): AuditEntry {
  const actor = currentUser(request);
  return {
    userId: actor.id,
    actor: actor.email,
    kind,
    recordType: 'user',
    recordId: String(userId),
    facId,
    ip: request.ip,
    outcome: 'success',
    detail,
  };
}

/**
 * Refuses a user creation whose email is taken (found by the pre-check, or by the unique index when another
 * creation won the race): records it as a failed `kind`, the creation it refused, with what that asked for
 * (`detail`, and `facId` where it was at a facility) and the address as typed, and answers the 409 to throw. The
 * record names no more than the answer does: not the account that has the address, which may be another tenant's.
 */
export async function refuseTakenEmail(
  db: Db,
  request: FastifyRequest,
  refused: { kind: string; email: string; detail: Record<string, unknown>; facId?: number | null },
): Promise<HttpError> {
  const me = currentUser(request);
  await recordAudit(db, {
    userId: me.id,
    actor: me.email,
    kind: refused.kind,
    recordType: 'user',
    facId: refused.facId ?? null,
    ip: request.ip,
    outcome: 'failure',
    detail: { ...refused.detail, email: refused.email, reason: 'emailTaken' },
  });
  return conflict(USER_MESSAGES.emailTaken, { email: USER_MESSAGES.emailTaken });
}

/**
 * Parses a body with a schema chosen at run time (a call with two variants), answering a 400 with `fields` in the
 * same shape as the schema-validated routes.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const name = issue.path.join('.') || 'body';
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[key] = 'Unknown field';
      continue;
    }
    fields[name] ??= issue.message;
  }
  throw new HttpError(400, ERROR_CODES.validation, 'The request is not valid.', fields);
}
