import {
  ApiErrorBodySchema,
  AuthenticateInputSchema,
  ENDPOINTS,
  ERROR_CODES,
  LoginAnswerSchema,
  LoginInputSchema,
  MESSAGES,
  MessageAnswerSchema,
  REGISTRATION_MESSAGES,
  TokenAnswerSchema,
  TokenInfoAnswerSchema,
} from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordAudit } from '../../platform/audit.ts';
import { bearerToken, currentUser, requireUser } from '../../platform/auth.ts';
import { forbidden, unauthorized } from '../../platform/errors.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { createSession, revokeSession } from '../../platform/sessions.ts';
import { consumeLoginToken } from './login-token.ts';
import { findUserByEmail, findUserInfo } from './queries.ts';
import { assertNotThrottled, recordAttempt } from './throttle.ts';

const errors = {
  400: ApiErrorBodySchema,
  401: ApiErrorBodySchema,
  403: ApiErrorBodySchema,
  429: ApiErrorBodySchema,
};

/** Sign-in, sign-out and the session's user (spec 1 sections 2, 4, 8; reference/api.md "Authentication"). */
export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const policy = { idleMinutes: app.config.sessionIdleMinutes, maxHours: app.config.sessionMaxHours };
  const clientOf = (request: FastifyRequest) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? '',
  });

  async function signIn(request: FastifyRequest, email: string, password: string) {
    const account = email.toLowerCase();
    const failure = (userId: number | null, reason: string) =>
      recordAudit(app.db, {
        userId,
        actor: account,
        kind: 'auth.login',
        ip: request.ip,
        outcome: 'failure',
        detail: { reason },
      });
    try {
      await assertNotThrottled(app.db, account, request.ip);
    } catch (error) {
      // A throttled attempt changes nothing, but it is a failed sign-in the audit trail must show.
      await failure((await findUserByEmail(app.db, account))?.id ?? null, 'throttled');
      throw error;
    }
    const user = await findUserByEmail(app.db, account);
    const isValid = await verifyPassword(user?.passwordHash ?? null, password);
    if (!user || !isValid) {
      await app.db.transaction(async (tx) => {
        await recordAttempt(tx, account, request.ip, false);
        await recordAudit(tx, {
          userId: user?.id ?? null,
          actor: account,
          kind: 'auth.login',
          ip: request.ip,
          outcome: 'failure',
        });
      });
      throw unauthorized(MESSAGES.invalidCredentials);
    }
    // Told only to someone who knows the password, so it reveals nothing about which emails have accounts.
    if (!user.emailConfirmedAt) {
      await failure(user.id, 'emailNotConfirmed');
      throw forbidden(REGISTRATION_MESSAGES.notConfirmed, ERROR_CODES.emailNotConfirmed);
    }
    const token = await app.db.transaction(async (tx) => {
      await recordAttempt(tx, account, request.ip, true);
      await recordAudit(tx, {
        userId: user.id,
        actor: user.email,
        kind: 'auth.login',
        ip: request.ip,
        outcome: 'success',
      });
      return createSession(tx, user.id, policy, clientOf(request));
    });
    const userInfo = await findUserInfo(app.db, user.id);
    if (!userInfo) throw unauthorized(MESSAGES.invalidCredentials);
    return { token, userInfo };
  }

  app.post(
    ENDPOINTS.login,
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        security: [],
        body: LoginInputSchema,
        response: { 200: LoginAnswerSchema, ...errors },
      },
    },
    async (request) => signIn(request, request.body.email, request.body.password),
  );

  app.post(
    ENDPOINTS.authenticate,
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with username (the email) and password',
        security: [],
        body: AuthenticateInputSchema,
        response: { 200: LoginAnswerSchema, ...errors },
      },
    },
    async (request) => signIn(request, request.body.username, request.body.password),
  );

  app.post(
    ENDPOINTS.logout,
    {
      preHandler: requireUser,
      schema: {
        tags: ['auth'],
        summary: "Revoke the caller's session",
        response: { 200: MessageAnswerSchema, 401: ApiErrorBodySchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await app.db.transaction(async (tx) => {
        await revokeSession(tx, user.sessionId);
        await recordAudit(tx, {
          userId: user.id,
          actor: user.email,
          kind: 'auth.logout',
          ip: request.ip,
          outcome: 'success',
        });
      });
      return { message: MESSAGES.loggedOut };
    },
  );

  app.get(
    ENDPOINTS.tokenInfo,
    {
      preHandler: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        response: { 200: TokenInfoAnswerSchema, 401: ApiErrorBodySchema },
      },
    },
    async (request) => {
      const userInfo = await findUserInfo(app.db, currentUser(request).id);
      if (!userInfo) throw unauthorized();
      return { userInfo };
    },
  );

  app.post(
    ENDPOINTS.loginWithToken,
    {
      schema: {
        tags: ['auth'],
        summary: 'Exchange a one-time sign-in token for a session',
        description:
          'The bearer header carries a one-time token issued by an integrating pharmacy system: an HS256 JWT signed ' +
          'with LOGIN_TOKEN_SECRET, claims sub (email), jti, iat, exp, at most 5 minutes old. Each token works once.',
        response: { 200: TokenAnswerSchema, 401: ApiErrorBodySchema },
      },
    },
    async (request) => {
      const oneTime = bearerToken(request);
      // Spending the token and recording the outcome commit together (a failure is recorded, then refused).
      const token = await app.db.transaction(async (tx) => {
        const email = oneTime ? await consumeLoginToken(tx, oneTime, app.config.loginTokenSecret) : null;
        const user = email ? await findUserByEmail(tx, email) : null;
        const entry = { kind: 'auth.loginWithToken', ip: request.ip };
        if (!user?.emailConfirmedAt) {
          await recordAudit(tx, {
            ...entry,
            userId: user?.id ?? null,
            actor: email ?? '',
            outcome: 'failure',
          });
          return null;
        }
        await recordAudit(tx, { ...entry, userId: user.id, actor: user.email, outcome: 'success' });
        return createSession(tx, user.id, policy, clientOf(request));
      });
      if (!token) throw unauthorized(MESSAGES.invalidLoginToken);
      return { token };
    },
  );
}
