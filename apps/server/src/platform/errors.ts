import { type ApiErrorBody, ERROR_CODES, MESSAGES } from '@portal/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** An error that becomes an HTTP answer with its status, code and message. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, ERROR_CODES.badRequest, message, fields);
export const unauthorized = (message: string = MESSAGES.notSignedIn) =>
  new HttpError(401, ERROR_CODES.unauthorized, message);
export const forbidden = (message: string = MESSAGES.forbidden, code: string = ERROR_CODES.forbidden) =>
  new HttpError(403, code, message);
/** Also the answer for another tenant's record: never reveal that it exists. */
export const notFound = (message: string = MESSAGES.notFound) =>
  new HttpError(404, ERROR_CODES.notFound, message);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new HttpError(409, ERROR_CODES.conflict, message, fields);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, ERROR_CODES.tooManyRequests, message, undefined, {
    'retry-after': String(retryAfterSeconds),
  });

type ValidationEntry = { instancePath: string; message?: string; params?: Record<string, unknown> };

/** Turns schema issues into `{ field: message }`; unknown keys are named as such. */
function fieldsOf(entries: readonly ValidationEntry[], context: string | undefined): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const entry of entries) {
    const path = entry.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const keys = entry.params?.keys;
    if (Array.isArray(keys)) {
      // Named where they sit: an unknown field of an ingest row is `alerts.3.comment`, not a bare `comment`.
      for (const key of keys) fields[path ? `${path}.${String(key)}` : String(key)] = 'Unknown field';
      continue;
    }
    const name = path || context || 'body';
    fields[name] ??= entry.message ?? 'Invalid value';
  }
  return fields;
}

const STATUS_CODES: Record<number, string> = {
  400: ERROR_CODES.badRequest,
  401: ERROR_CODES.unauthorized,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.conflict,
  413: ERROR_CODES.payloadTooLarge,
  415: ERROR_CODES.badRequest,
  429: ERROR_CODES.tooManyRequests,
};

/** What a 400's `fields` says of a field left out of the body or query (or null where a value is needed). */
export const MISSING_FIELD = 'Required';

/**
 * A field left out says that it is missing, not the validation library's 'Invalid input: expected string, received
 * undefined'. Zod's global error map is its last resort, so a schema's own message (the spec's 'Email is required',
 * 'Please select a pharmacy') still wins; this covers every field whose schema names no message of its own.
 */
export function useMissingFieldMessage(): void {
  z.config({
    customError: (issue) =>
      (issue.code === 'invalid_type' || issue.code === 'invalid_union') &&
      (issue.input === undefined || issue.input === null)
        ? MISSING_FIELD
        : undefined,
  });
}

/**
 * The router's own refusals, before any route runs, in the portal's error shape rather than Fastify's: an address
 * that is not valid percent-encoding (400) and a path segment over the router's length limit (414). The messages do
 * not repeat the address, which could hold a name.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const body: ApiErrorBody = {
    message: tooLong ? 'A part of the address is too long.' : 'The address is not valid.',
    code: ERROR_CODES.badRequest,
  };
  return reply.code(tooLong ? 414 : 400).send(body);
}

/**
 * The one error handler: a schema failure is a 400 with `fields`, an HttpError its own status, a client error of
 * Fastify itself (bad JSON, body too large) its 4xx, anything else a 500 with a generic message and a full log line.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    useMissingFieldMessage();
    app.setErrorHandler((error: FastifyError, request, reply) => {
      let status = 500;
      let body: ApiErrorBody = { message: MESSAGES.internal, code: ERROR_CODES.internal };
      if (hasZodFastifySchemaValidationErrors(error)) {
        status = 400;
        const fields = fieldsOf(error.validation, error.validationContext);
        body = { message: 'The request is not valid.', code: ERROR_CODES.validation, fields };
      } else if (error instanceof HttpError) {
        status = error.statusCode;
        body = {
          message: error.message,
          code: error.code,
          ...(error.fields ? { fields: error.fields } : {}),
        };
        if (error.headers) void reply.headers(error.headers);
      } else if (
        !isResponseSerializationError(error) &&
        typeof error.statusCode === 'number' &&
        error.statusCode >= 400 &&
        error.statusCode < 500
      ) {
        status = error.statusCode;
        body = { message: error.message, code: STATUS_CODES[status] ?? ERROR_CODES.badRequest };
      }
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      else request.log.info({ status, code: body.code }, 'request refused');
      return reply.code(status).send(body);
    });
  },
  { name: 'errors' },
);
