import type { FastifyServerOptions } from 'fastify';

type LoggedError = Error & { code?: unknown; query?: unknown; params?: unknown; cause?: unknown };

/**
 * An error as a log line holds it: type, message, code, stack and cause, and nothing else. pino's own serializer
 * copies every property, so a failed query logged its parameters (a new user's password hash, a patient's name) and
 * a database error its `detail`, which quotes the row. A query error keeps its SQL text, with placeholders only.
 */
export function serializeError(
  error: unknown,
  depth = 0,
): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const e = error as LoggedError;
  const message = Array.isArray(e.params) ? `Failed query: ${String(e.query)}` : e.message;
  const stack = e.stack ?? '';
  const frames = stack.indexOf('\n    at ');
  return {
    type: e.name,
    message,
    ...(e.code === undefined ? {} : { code: e.code }),
    stack: `${e.name}: ${message}${frames >= 0 ? stack.slice(frames) : ''}`,
    ...(e.cause !== undefined && depth < 3 ? { cause: serializeError(e.cause, depth + 1) } : {}),
  };
}

/**
 * JSON logs with the request id on every line. Authorization headers, cookies, passwords and tokens are redacted,
 * and request lines carry the path without the query string, which could hold a token or a patient's name.
 */
export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.token',
        '*.confirmPassword',
      ],
      censor: '[redacted]',
    },
    serializers: {
      err: (error: unknown) => serializeError(error),
      req: (req: { method: string; url: string; id: string; ip?: string }) => ({
        method: req.method,
        path: req.url.split('?')[0],
        ip: req.ip,
      }),
    },
  };
}
