import { ERROR_CODES, MESSAGES, MFA_MESSAGES } from '@portal/domain';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, unauthorized } from './errors.ts';
import { findSessionUser, type SessionPolicy } from './sessions.ts';

/** The session rules of the app's configuration (idle and absolute limits, two-step set-up for admins). */
export function sessionPolicy(app: FastifyInstance): SessionPolicy {
  return {
    idleMinutes: app.config.sessionIdleMinutes,
    maxHours: app.config.sessionMaxHours,
    mfaRequiredForAdmins: app.config.mfaRequiredForAdmins,
  };
}

const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]{16,2048})$/;

/** The bearer token of a request, if it has a well-formed one. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  return BEARER.exec(header)?.[1] ?? null;
}

/**
 * Resolves the bearer token to `request.user` on every request (null when absent or invalid). Routes refuse
 * anonymous callers with `requireUser`; public routes simply do not call it.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('user', null);
    const policy = sessionPolicy(app);
    app.addHook('onRequest', async (request) => {
      // Routes that resolve the session inside their own single statement (the alert list calls) skip this query.
      if (request.routeOptions.config.sessionInStatement) return;
      const token = bearerToken(request);
      request.user = token ? await findSessionUser(app.db, token, policy) : null;
    });
  },
  { name: 'auth', dependencies: ['database'] },
);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route checks the bearer token itself, in its own statement; the auth hook leaves `user` null. */
    sessionInStatement?: boolean;
  }
}

/**
 * onRequest hook of routes that resolve the session in their own statement (the alert lists, requestaction): 401
 * without a bearer token, before the query or body is validated, as `requireUser` answers on every other route.
 */
export async function requireBearer(request: FastifyRequest): Promise<void> {
  if (!bearerToken(request)) throw unauthorized(MESSAGES.notSignedIn);
}

/**
 * Sets the error handler of a scope whose routes resolve the session in their own statement (`sessionInStatement`).
 * A refusal raised before that statement ran (the schema, malformed text, bad JSON, a body too large, a bad
 * Idempotency-Key) goes only to a caller whose session is valid and active; anyone else gets the 401, or the
 * password-change and two-step 403s, that every other route answers first, and so learns nothing of the route's
 * fields. The route sets `request.user` once its statement has the session; refusals after that pass as they are.
 */
export function refuseInputAfterSession(scope: FastifyInstance): void {
  const policy = sessionPolicy(scope);
  scope.setErrorHandler(async (error: FastifyError, request) => {
    const status = error.statusCode ?? 500;
    const token = bearerToken(request);
    if (request.user === null && token && status >= 400 && status < 500 && status !== 401) {
      request.user = await findSessionUser(scope.db, token, policy);
      await requireActiveUser(request);
    }
    throw error;
  });
}

/**
 * onRequest hook: 401 without a valid session. It runs before the body is read and validated, so an anonymous
 * caller learns nothing of a route's fields (api.md: a missing or invalid token is a 401).
 */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized(MESSAGES.notSignedIn);
}

/**
 * onRequest hook: 401 without a valid session, 403 while the user must still replace a password an administrator
 * set, and 403 while MFA_REQUIRED_FOR_ADMINS waits for them to set up two-step sign-in. Every route that reads or
 * changes data uses this one; only sign-in, sign-out, tokeninfo, the own password change and the two-step set-up
 * use `requireUser`.
 */
export async function requireActiveUser(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  assertActive(currentUser(request));
}

/** The refusals of `requireActiveUser` for a user already resolved, in the same order. */
export function assertActive(user: { mustChangePassword: boolean; mustEnrolMfa: boolean }): void {
  if (user.mustChangePassword) {
    throw new HttpError(403, ERROR_CODES.mustChangePassword, MESSAGES.passwordChangeRequired);
  }
  if (user.mustEnrolMfa) {
    throw new HttpError(403, ERROR_CODES.mfaEnrolmentRequired, MFA_MESSAGES.enrolmentRequired);
  }
}

/** The signed-in user of a request that passed `requireUser`. */
export function currentUser(request: FastifyRequest) {
  if (!request.user) throw unauthorized();
  return request.user;
}
