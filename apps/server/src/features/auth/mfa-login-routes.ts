import {
  ApiErrorBodySchema,
  ENDPOINTS,
  ERROR_CODES,
  LoginAnswerSchema,
  MFA_MESSAGES,
  MfaLoginInputSchema,
} from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordAudit } from '../../platform/audit.ts';
import { HttpError, unauthorized } from '../../platform/errors.ts';
import { createSession } from '../../platform/sessions.ts';
import { claimChallenge, findChallengeUser, findMfa } from './mfa-queries.ts';
import { findLiveUserById, findUserInfo } from './queries.ts';
import { proveSecondFactor, type SecondFactorProof } from './second-factor.ts';
import { assertNotThrottled, recordAttempt } from './throttle.ts';

const expired = () => new HttpError(401, ERROR_CODES.mfaChallengeExpired, MFA_MESSAGES.challengeExpired);

/** `POST /login/mfa`: the second step of a two-step sign-in (issue 7). */
export async function mfaLoginRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const policy = { idleMinutes: app.config.sessionIdleMinutes, maxHours: app.config.sessionMaxHours };

  async function refuse(
    request: FastifyRequest,
    user: { id: number; email: string },
    refusal: Extract<SecondFactorProof, { isProven: false }>,
  ) {
    await app.db.transaction(async (tx) => {
      await recordAttempt(tx, user.email.toLowerCase(), request.ip, false);
      await recordAudit(tx, {
        userId: user.id,
        actor: user.email,
        kind: 'auth.mfa',
        ip: request.ip,
        outcome: 'failure',
        detail: { method: refusal.method, reason: refusal.reason },
      });
    });
    throw unauthorized(refusal.message);
  }

  app.post(
    ENDPOINTS.loginMfa,
    {
      schema: {
        tags: ['auth'],
        summary: 'Finish a two-step sign-in with an authenticator code or a recovery code',
        description:
          'Takes the `challenge` of the password step (single-use, 5 minutes) and a 6-digit authenticator code or ' +
          'a recovery code (each recovery code works once). A wrong code is a 401 and counts against the same ' +
          'throttle as a wrong password (429 with Retry-After); the challenge stays usable until it expires. ' +
          'An authenticator code works once: used again (or one older than the last used), the 401 says so and ' +
          'counts the same. ' +
          'An unknown, used or expired challenge is a 401 with code MFA_CHALLENGE_EXPIRED: sign in again.',
        security: [],
        body: MfaLoginInputSchema,
        response: {
          200: LoginAnswerSchema,
          400: ApiErrorBodySchema,
          401: ApiErrorBodySchema,
          429: ApiErrorBodySchema,
        },
      },
    },
    async (request) => {
      const { challenge, code } = request.body;
      const userId = await findChallengeUser(app.db, challenge);
      const user = userId === null ? null : await findLiveUserById(app.db, userId);
      if (!user) throw expired();
      try {
        await assertNotThrottled(app.db, user.email.toLowerCase(), request.ip);
      } catch (error) {
        // A throttled attempt changes nothing, but the audit trail shows it as a failed second step.
        await recordAudit(app.db, {
          userId: user.id,
          actor: user.email,
          kind: 'auth.mfa',
          ip: request.ip,
          outcome: 'failure',
          detail: { reason: 'throttled' },
        });
        throw error;
      }
      const mfa = await findMfa(app.db, app.secretKey, user.id);
      if (!mfa?.enabledAt) throw expired();
      const proof = await proveSecondFactor(app.db, user.id, mfa.secret, code);
      if (!proof.isProven) return refuse(request, user, proof);
      const { method } = proof;
      const token = await app.db.transaction(async (tx) => {
        if (!(await claimChallenge(tx, challenge))) throw expired();
        await recordAttempt(tx, user.email.toLowerCase(), request.ip, true);
        await recordAudit(tx, {
          userId: user.id,
          actor: user.email,
          kind: 'auth.mfa',
          ip: request.ip,
          outcome: 'success',
          detail: { method },
        });
        if (method === 'recovery') {
          await recordAudit(tx, {
            userId: user.id,
            actor: user.email,
            kind: 'mfa.recovery-used',
            ip: request.ip,
            outcome: 'success',
            detail: { recoveryCodesLeft: mfa.recoveryCodesLeft - 1 },
          });
        }
        return createSession(tx, user.id, policy, {
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? '',
        });
      });
      const userInfo = await findUserInfo(app.db, user.id, app.config.mfaRequiredForAdmins);
      if (!userInfo) throw expired();
      return { token, userInfo };
    },
  );
}
