import {
  ApiErrorBodySchema,
  AuthenticateInputSchema,
  ENDPOINTS,
  ERROR_CODES,
  LoginInputSchema,
  MESSAGES,
  MessageAnswerSchema,
  PasswordStepAnswerSchema,
  REGISTRATION_MESSAGES,
  TokenInfoAnswerSchema,
  TokenStepAnswerSchema,
} from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordAudit } from '../../platform/audit.ts';
import { bearerToken, currentUser, requireUser } from '../../platform/auth.ts';
import { forbidden, unauthorized } from '../../platform/errors.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { createSession, revokeSession } from '../../platform/sessions.ts';
import { isOpenRegistrationPassword } from '../registration/link-tokens.ts';
import { consumeLoginToken } from './login-token.ts';
import { mfaLoginRoutes } from './mfa-login-routes.ts';
import { createChallenge, hasMfa } from './mfa-queries.ts';
import { mfaRoutes } from './mfa-routes.ts';
import { findUserByEmail, findUserInfo } from './queries.ts';
import { assertNotThrottled, deleteOldAttempts, recordAttempt } from './throttle.ts';

const errors = {
  400: ApiErrorBodySchema,
  401: ApiErrorBodySchema,
  403: ApiErrorBodySchema,
  429: ApiErrorBodySchema,
};

const PASSWORD_STEP_DESCRIPTION =
  'Answers `{ token, userInfo }`; for a user with two-step sign-in, `{ mfaRequired: true, challenge }` instead ' +
  '(no session yet): send the challenge with a code to `POST /login/mfa`. Wrong passwords and wrong codes share ' +
  'one throttle: 5 failures per account, 20 per address, in 15 minutes.';

/** Sign-in, sign-out and the session's user (spec 1 sections 2, 4, 8; reference/api.md "Authentication"). */
export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Not audited, like the other retention jobs: each sign-in is in the audit trail already.
  app.jobs.add('login-attempts-retention', deleteOldAttempts);
  await app.register(mfaLoginRoutes);
  await app.register(mfaRoutes);
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
    // Registered again with a new password before confirming: the account keeps its first password until a link
    // confirms it, but the person knows a password of theirs, so they hear what they must do, not "wrong password".
    const isWaitingRegistration =
      !isValid &&
      user !== null &&
      !user.emailConfirmedAt &&
      (await isOpenRegistrationPassword(app.db, user.id, password));
    if (!user || (!isValid && !isWaitingRegistration)) {
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
    const isMfaOn = await hasMfa(app.db, user.id);
    const opened = await app.db.transaction(async (tx) => {
      await recordAttempt(tx, account, request.ip, true);
      await recordAudit(tx, {
        userId: user.id,
        actor: user.email,
        kind: 'auth.login',
        ip: request.ip,
        outcome: 'success',
        ...(isMfaOn ? { detail: { secondStep: 'pending' } } : {}),
      });
      // With two-step sign-in a right password opens no session: only the challenge for the code.
      return isMfaOn ? createChallenge(tx, user.id) : createSession(tx, user.id, policy, clientOf(request));
    });
    if (isMfaOn) return { mfaRequired: true as const, challenge: opened };
    const userInfo = await findUserInfo(app.db, user.id, app.config.mfaRequiredForAdmins);
    if (!userInfo) throw unauthorized(MESSAGES.invalidCredentials);
    return { token: opened, userInfo };
  }

  app.post(
    ENDPOINTS.login,
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        description: PASSWORD_STEP_DESCRIPTION,
        security: [],
        body: LoginInputSchema,
        response: { 200: PasswordStepAnswerSchema, ...errors },
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
        description: PASSWORD_STEP_DESCRIPTION,
        security: [],
        body: AuthenticateInputSchema,
        response: { 200: PasswordStepAnswerSchema, ...errors },
      },
    },
    async (request) => signIn(request, request.body.username, request.body.password),
  );

  app.post(
    ENDPOINTS.logout,
    {
      onRequest: requireUser,
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
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        response: { 200: TokenInfoAnswerSchema, 401: ApiErrorBodySchema },
      },
    },
    async (request) => {
      const userInfo = await findUserInfo(app.db, currentUser(request).id, app.config.mfaRequiredForAdmins);
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
          'with LOGIN_TOKEN_SECRET, claims sub (email), jti, iat, exp, at most 5 minutes old. Each token works once. ' +
          'For a user with two-step sign-in the token stands in for the password only: the answer is ' +
          '`{ mfaRequired: true, challenge }`, to finish with `POST /login/mfa`, so a leaked integration secret ' +
          'cannot skip the second factor.',
        response: { 200: TokenStepAnswerSchema, 401: ApiErrorBodySchema },
      },
    },
    async (request) => {
      const oneTime = bearerToken(request);
      // Spending the token and recording the outcome commit together (a failure is recorded, then refused).
      const opened = await app.db.transaction(async (tx) => {
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
        const isMfaOn = await hasMfa(tx, user.id);
        await recordAudit(tx, {
          ...entry,
          userId: user.id,
          actor: user.email,
          outcome: 'success',
          ...(isMfaOn ? { detail: { secondStep: 'pending' } } : {}),
        });
        return isMfaOn
          ? { mfa: true as const, value: await createChallenge(tx, user.id) }
          : { mfa: false as const, value: await createSession(tx, user.id, policy, clientOf(request)) };
      });
      if (!opened) throw unauthorized(MESSAGES.invalidLoginToken);
      return opened.mfa ? { mfaRequired: true as const, challenge: opened.value } : { token: opened.value };
    },
  );
}
