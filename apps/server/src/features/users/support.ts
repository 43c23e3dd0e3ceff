import { ApiErrorBodySchema, ERROR_CODES } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AuditEntry } from '../../platform/audit.ts';
import { currentUser } from '../../platform/auth.ts';
import { HttpError } from '../../platform/errors.ts';

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
